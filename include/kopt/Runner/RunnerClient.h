//===- RunnerClient.h - talking to kopt-runner ------------------*- C++ -*-===//
//
// Typed requests to one runner command over a supervised process. The process is started lazily
// (and again after a crash or a timeout), greeted with `hello`, and told the tasks a request needs.
//
//===----------------------------------------------------------------------===//
#ifndef KOPT_RUNNER_RUNNERCLIENT_H
#define KOPT_RUNNER_RUNNERCLIENT_H

#include "kopt/Runner/Messages.h"
#include "kopt/Runner/RunnerProcess.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"

#include <mutex>
#include <optional>
#include <string>
#include <variant>

namespace kopt::runner {

/// Why a request could not be served. Not a candidate's failure: that is a verdict.
class RunnerError : public llvm::ErrorInfo<RunnerError> {
public:
  enum class Kind {
    Unavailable, // no runner to talk to: it did not start, or failed `hello`
    TaskRefused, // the task's declaration was refused or not answered
    Refused,     // the runner answered `ok: false` to this request
  };
  static char ID;
  RunnerError(Kind kind, std::string message) : kind(kind), message(std::move(message)) {}
  void log(llvm::raw_ostream &os) const override { os << message; }
  std::error_code convertToErrorCode() const override { return llvm::inconvertibleErrorCode(); }
  Kind kind;
  std::string message;
};

/// The runner gave no usable reply to a candidate's request (it hung, died, or broke the
/// protocol); kopt records `verdict` (timeout or crash) itself. Not cached: it may come from the
/// surroundings (a dropped connection, a loaded machine), and running again is how to retry.
struct NoReply {
  std::string verdict;
  std::string detail;
};

using VerifyOutcome = std::variant<VerifyResult, NoReply>;
using TimeOutcome = std::variant<TimeResult, NoReply>;

class RunnerClient {
public:
  explicit RunnerClient(std::string command) : process(std::move(command)) {}
  /// Says `bye` to a running runner.
  ~RunnerClient() { close(); }

  llvm::StringRef getCommand() const { return process.getCommand(); }

  /// Starts the runner unless it is running and returns its device. A runner restarted later
  /// must report the same device.
  llvm::Expected<DeviceInfo> hello(double timeoutSeconds);

  /// Registers a task; it is declared to the runner before the first request that names it (again
  /// after a restart, or when its description changed).
  void defineTask(TaskSpec task);

  llvm::Expected<VerifyOutcome> verify(const KernelSpec &kernel, const VerifySettings &settings,
                                       double timeoutSeconds);
  llvm::Expected<TimeOutcome> time(const KernelSpec &kernel, const TimeSettings &settings,
                                   double timeoutSeconds);

  /// Says `bye` and waits briefly for the runner to exit.
  void close();

private:
  struct Reply;
  Reply request(llvm::json::Object message, double timeoutSeconds);
  llvm::Error ensureStarted(double timeoutSeconds);
  llvm::Error ensureTask(llvm::StringRef name, double timeoutSeconds);
  /// Sends a candidate's request and checks the reply's fields with `parse`.
  template <typename Result>
  llvm::Expected<std::variant<Result, NoReply>>
  kernelRequest(llvm::json::Object message, const KernelSpec &kernel, double timeoutSeconds);

  RunnerProcess process;
  std::optional<DeviceInfo> device;
  int64_t nextId = 1;
  llvm::StringMap<TaskSpec> tasks;
  llvm::StringMap<std::string> declared; // task name -> the declaration the runner has
};

/// Exclusive use of the runner of one command, shared by everything in this kopt process: the
/// driver's planning, kb-verify and kb-time then talk to one runner, which keeps its per-task
/// inputs, references and eager timings in between. Runners are told `bye` when kopt exits.
class RunnerLease {
public:
  RunnerClient &operator*() const { return *client; }
  RunnerClient *operator->() const { return client; }

private:
  friend RunnerLease acquireRunner(llvm::StringRef command);
  RunnerLease(std::unique_lock<std::mutex> lock, RunnerClient *client)
      : lock(std::move(lock)), client(client) {}
  std::unique_lock<std::mutex> lock;
  RunnerClient *client;
};

RunnerLease acquireRunner(llvm::StringRef command);

} // namespace kopt::runner

#endif // KOPT_RUNNER_RUNNERCLIENT_H
