//===- RunnerProcess.h - supervising one kopt-runner process ----*- C++ -*-===//
//
// Starts a runner command (`/bin/sh -c COMMAND`, so `ssh gpu1 kopt-runner` works) in its own
// process group with pipes to its stdin and stdout (its stderr is kopt's), exchanges lines with it
// under a watchdog, and kills and reaps it when it hangs or breaks. No call blocks without a bound
// and no child is left a zombie. Nor is one left running when kopt ends: SIGINT, SIGTERM or SIGHUP
// (unless ignored) end the process group of every live runner before kopt dies by the signal.
//
//===----------------------------------------------------------------------===//
#ifndef KOPT_RUNNER_RUNNERPROCESS_H
#define KOPT_RUNNER_RUNNERPROCESS_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <sys/types.h>
#include <vector>

namespace kopt::runner {

/// What became of one request line.
struct Exchange {
  enum Kind { Reply, Timeout, Crash } kind;
  std::string line;   // Reply: the line, without its newline
  std::string detail; // Timeout, Crash: what happened, for the candidate's verdict
};

class RunnerProcess {
public:
  explicit RunnerProcess(std::string command) : command(std::move(command)) {}
  ~RunnerProcess();
  RunnerProcess(const RunnerProcess &) = delete;
  RunnerProcess &operator=(const RunnerProcess &) = delete;

  llvm::StringRef getCommand() const { return command; }
  bool isRunning() const { return pid > 0; }
  pid_t getPid() const { return pid; }

  /// Starts the command. Fails only when no process could be started; a command that is not found
  /// starts a shell that exits with status 127, which the first exchange reports.
  llvm::Error start();

  /// Writes `line` and a newline, then waits at most `timeoutSeconds` (for writing too) for one
  /// line back. On timeout the process group is killed; on end of output or a closed input the
  /// child is reaped (its group killed once it exited). After a Timeout or Crash the process is no
  /// longer running.
  Exchange exchange(llvm::StringRef line, double timeoutSeconds);

  /// Closes the child's stdin, gives it `graceSeconds` to exit by itself, then kills its process
  /// group and reaps it. Returns how it ended ("exited with status 0", ...), or "" if not running.
  std::string stop(double graceSeconds);

private:
  /// A Crash exchange, once the child that closed its output or input has been reaped.
  Exchange crashed(llvm::StringRef what);
  /// Reaps what earlier stops left unreaped (a child stuck in the kernel for a while).
  void reapLeftovers();

  std::string command;
  pid_t pid = 0;
  int toChild = -1, fromChild = -1;
  std::string pending; // bytes read past the last reply line
  std::vector<pid_t> unreaped;
};

} // namespace kopt::runner

#endif // KOPT_RUNNER_RUNNERPROCESS_H
