//===- LimitedChild.cpp - compilers in limited child processes ------------===//
#include "kopt/Toolchain/LimitedChild.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/FormatVariadic.h"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <thread>
#include <unistd.h>

using namespace kopt::toolchain;
using llvm::StringRef;

/// In a child: its own process group (so that the whole of it can be killed), CPU time and
/// address space limited. `baseBytes` is the address space it may keep without counting.
static void limitChild(const CompileLimits &limits, rlim_t baseBytes) {
  setpgid(0, 0);
  rlimit cpu{limits.seconds, limits.seconds + 1};
  setrlimit(RLIMIT_CPU, &cpu);
  rlim_t bytes = baseBytes + (rlim_t(limits.memoryMiB) << 20);
  rlimit memory{bytes, bytes};
  setrlimit(RLIMIT_AS, &memory);
  rlimit core{0, 0}; // a compiler at the CPU limit dumps no core
  setrlimit(RLIMIT_CORE, &core);
}

/// Waits for `pid` until the wall-clock limit, then kills its process group. The group is killed
/// before the child is reaped, so that its id cannot have been taken by another process.
static ChildOutcome waitLimited(pid_t pid, const CompileLimits &limits) {
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(limits.seconds);
  auto pause = std::chrono::milliseconds(1);
  ChildOutcome outcome;
  bool timedOut = false;
  while (true) {
    siginfo_t info{};
    if (waitid(P_PID, pid, &info, WEXITED | WNOHANG | WNOWAIT) < 0 && errno != EINTR) {
      outcome.failure = "cannot wait for the compiler";
      return outcome;
    }
    if (info.si_pid == pid)
      break;
    if (std::chrono::steady_clock::now() >= deadline) {
      timedOut = true;
      break;
    }
    std::this_thread::sleep_for(pause);
    pause = std::min(pause * 2, std::chrono::milliseconds(20));
  }
  // The rest of its group (a driver's subprocesses) goes with it.
  kill(-pid, SIGKILL);
  kill(pid, SIGKILL);
  int status = 0;
  rusage usage{};
  while (wait4(pid, &status, 0, &usage) < 0 && errno == EINTR) {
  }
  // A process of the compiler at the CPU limit ends on SIGXCPU or SIGKILL, and a driver whose
  // subprocess ended so exits with an error: a failure after the limit's worth of CPU time is
  // the time limit (the time counts the child and the subprocesses it waited for).
  double cpuSeconds = usage.ru_utime.tv_sec + usage.ru_stime.tv_sec +
                      (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6;
  bool failed = !WIFEXITED(status) || WEXITSTATUS(status) != 0;
  if (timedOut || (failed && cpuSeconds >= limits.seconds)) {
    outcome.kind = ChildOutcome::TimedOut;
  } else if (WIFEXITED(status)) {
    outcome.kind = ChildOutcome::Exited;
    outcome.code = WEXITSTATUS(status);
  } else {
    outcome.kind = ChildOutcome::Signaled;
    outcome.code = WTERMSIG(status);
  }
  return outcome;
}

/// Forks a child that runs `inChild`, which ends it with _exit, in a process group of its own,
/// and waits for it under `limits`.
static ChildOutcome forkLimited(const CompileLimits &limits, llvm::function_ref<void()> inChild) {
  pid_t pid = fork();
  if (pid < 0) {
    ChildOutcome outcome;
    outcome.failure = "cannot fork";
    return outcome;
  }
  if (pid == 0)
    inChild();
  setpgid(pid, pid); // also here, so that a kill at the deadline cannot miss the group
  return waitLimited(pid, limits);
}

ChildOutcome kopt::toolchain::runProgramLimited(StringRef program, llvm::ArrayRef<std::string> args,
                                                StringRef dir, StringRef logPath,
                                                const CompileLimits &limits) {
  // Everything the child needs is built before the fork: it only makes system calls.
  std::string programPath = program.str(), dirPath = dir.str(), log = logPath.str();
  std::vector<char *> argv;
  for (const std::string &arg : args)
    argv.push_back(const_cast<char *>(arg.c_str()));
  argv.push_back(nullptr);
  // No environment but PATH: CPATH, CPLUS_INCLUDE_PATH and the like must not add include
  // directories.
  const char *path = std::getenv("PATH");
  std::string pathEntry = std::string("PATH=") + (path ? path : "/usr/bin:/bin");
  char *envp[] = {pathEntry.data(), nullptr};

  return forkLimited(limits, [&] {
    limitChild(limits, 0);
    int input = open("/dev/null", O_RDONLY);
    int output = open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (input < 0 || output < 0 || chdir(dirPath.c_str()) != 0)
      _exit(127);
    dup2(input, 0);
    dup2(output, 1);
    dup2(output, 2);
    execve(programPath.c_str(), argv.data(), envp);
    _exit(127);
  });
}

/// This process's address space in bytes (/proc/self/statm), 0 if unknown. Uses only system
/// calls, for a forked child.
static rlim_t addressSpaceBytes() {
  int file = open("/proc/self/statm", O_RDONLY);
  if (file < 0)
    return 0;
  char buffer[64];
  ssize_t length = read(file, buffer, sizeof(buffer) - 1);
  close(file);
  rlim_t pages = 0;
  for (ssize_t i = 0; i < length && buffer[i] >= '0' && buffer[i] <= '9'; ++i)
    pages = pages * 10 + (buffer[i] - '0');
  return pages * sysconf(_SC_PAGESIZE);
}

ChildOutcome kopt::toolchain::runForkedLimited(llvm::function_ref<int()> body, StringRef dir,
                                               const CompileLimits &limits) {
  std::string dirPath = dir.str();
  return forkLimited(limits, [&] {
    rlim_t base = addressSpaceBytes();
    limitChild(limits, base ? base : RLIM_INFINITY - (rlim_t(limits.memoryMiB) << 20));
    if (chdir(dirPath.c_str()) != 0)
      _exit(127);
    _exit(body());
  });
}

std::string kopt::toolchain::describeAbnormalEnd(const ChildOutcome &outcome, StringRef compiler,
                                                 const CompileLimits &limits) {
  switch (outcome.kind) {
  case ChildOutcome::TimedOut:
    return llvm::formatv("{0} stopped at the time limit of {1} s (kb-lower-to-ptx "
                         "cuda-time-limit)",
                         compiler, limits.seconds)
        .str();
  case ChildOutcome::Signaled:
    return llvm::formatv("{0} ended by signal {1} ({2}); the memory limit is {3} MiB "
                         "(kb-lower-to-ptx cuda-memory-limit)",
                         compiler, outcome.code, strsignal(outcome.code), limits.memoryMiB)
        .str();
  case ChildOutcome::NotStarted:
    return llvm::formatv("{0} did not start: {1}", compiler, outcome.failure).str();
  case ChildOutcome::Exited:
    break;
  }
  return llvm::formatv("{0} exited with status {1}", compiler, outcome.code).str();
}
