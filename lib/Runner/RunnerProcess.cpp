//===- RunnerProcess.cpp - supervising one kopt-runner process ------------===//
//
// posix_spawn rather than llvm::sys::Program: the runner needs pipes both ways and its own process
// group, so that a hang is ended by killing the group (the shell, an ssh, the runner itself).
//
//===----------------------------------------------------------------------===//
#include "kopt/Runner/RunnerProcess.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <climits>
#include <csignal>
#include <cstring>
#include <iterator>
#include <mutex>
#include <optional>
#include <thread>

#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

using namespace llvm;
using namespace kopt::runner;
using Clock = std::chrono::steady_clock;

namespace {
/// A reply line longer than this is a runner gone wrong, not a reply.
constexpr size_t kMaxLineBytes = size_t(64) << 20;
/// How long a child killed with SIGKILL may take to disappear (one stuck in a GPU driver call
/// can take a while); after that it is reaped later, or by init once kopt exits.
constexpr double kReapSeconds = 5.0;

/// Blocks SIGPIPE in this thread while alive and discards one raised meanwhile: writing to a
/// runner that died must fail with EPIPE, not end kopt (LLVM's handler exits on SIGPIPE).
class SigpipeBlocker {
public:
  SigpipeBlocker() {
    sigemptyset(&pipeSet);
    sigaddset(&pipeSet, SIGPIPE);
    sigset_t pendingSet;
    sigpending(&pendingSet);
    wasPending = sigismember(&pendingSet, SIGPIPE) == 1;
    pthread_sigmask(SIG_BLOCK, &pipeSet, &previous);
  }
  ~SigpipeBlocker() {
    if (!wasPending) {
      timespec zero{0, 0};
      while (sigtimedwait(&pipeSet, nullptr, &zero) > 0) {
      }
    }
    pthread_sigmask(SIG_SETMASK, &previous, nullptr);
  }

private:
  sigset_t pipeSet, previous;
  bool wasPending;
};

Clock::time_point after(double seconds) {
  seconds = std::clamp(seconds, 0.0, 1e9); // ~30 years: beyond that the clock would overflow
  return Clock::now() +
         std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(seconds));
}

int millisUntil(Clock::time_point deadline) {
  auto left = std::chrono::ceil<std::chrono::milliseconds>(deadline - Clock::now()).count();
  return static_cast<int>(std::clamp<int64_t>(left, 0, INT_MAX));
}

/// Polls with short sleeps until `done` or `deadline`; returns `done`'s last answer.
template <typename Fn> bool waitUntil(Clock::time_point deadline, Fn done) {
  auto pause = std::chrono::milliseconds(1);
  while (!done()) {
    if (Clock::now() >= deadline)
      return false;
    std::this_thread::sleep_for(pause);
    pause = std::min(pause * 2, std::chrono::milliseconds(20));
  }
  return true;
}

/// True once `pid` has ended (or is not our child); leaves it unreaped.
bool hasEnded(pid_t pid) {
  siginfo_t info;
  std::memset(&info, 0, sizeof info);
  if (waitid(P_PID, pid, &info, WEXITED | WNOHANG | WNOWAIT) != 0)
    return errno != EINTR;
  return info.si_pid == pid;
}

/// Reaps `pid`: its wait status, -1 if it was not our child, nullopt if it did not end in time.
std::optional<int> reap(pid_t pid, Clock::time_point deadline) {
  std::optional<int> result;
  waitUntil(deadline, [&] {
    int status;
    pid_t got = waitpid(pid, &status, WNOHANG);
    if (got == pid)
      result = status;
    else if (got < 0 && errno != EINTR)
      result = -1;
    return result.has_value();
  });
  return result;
}

std::string describeStatus(int status) {
  if (status != -1 && WIFEXITED(status)) {
    int code = WEXITSTATUS(status);
    // The shell that ran the command reports a command killed by signal N as 128 + N.
    if (code > 128 && code < 128 + NSIG)
      return formatv("exited with status {0} (signal {1}: {2})", code, code - 128,
                     strsignal(code - 128));
    return formatv("exited with status {0}", code);
  }
  if (status != -1 && WIFSIGNALED(status))
    return formatv("was killed by signal {0} ({1})", WTERMSIG(status), strsignal(WTERMSIG(status)));
  return "ended";
}

void closeFd(int &fd) {
  if (fd >= 0)
    close(fd);
  fd = -1;
}

std::string lastError(StringRef what) { return formatv("{0}: {1}", what, std::strerror(errno)); }

//===----------------------------------------------------------------------===//
// Ending the runners with kopt
//===----------------------------------------------------------------------===//
//
// A runner leads a process group of its own, so Ctrl-C at kopt's terminal does not reach it, and
// one left behind holds its GPU. The process groups of live runners are kept where a signal
// handler may read them (lock-free atomic slots), and kopt interrupted, terminated or hung up
// ends them before it dies by the same signal.

/// More runners than this at once (one per GPU is the norm) are still stopped by their owners,
/// just not on a signal.
constexpr size_t kMaxTrackedGroups = 256;
std::atomic<pid_t> trackedGroups[kMaxTrackedGroups];
static_assert(std::atomic<pid_t>::is_always_lock_free, "read from a signal handler");

constexpr int kEndingSignals[] = {SIGINT, SIGTERM, SIGHUP};
struct sigaction previousActions[std::size(kEndingSignals)];

void trackGroup(pid_t group) {
  for (std::atomic<pid_t> &slot : trackedGroups) {
    pid_t empty = 0;
    if (slot.compare_exchange_strong(empty, group))
      return;
  }
}

void untrackGroup(pid_t group) {
  for (std::atomic<pid_t> &slot : trackedGroups) {
    pid_t expected = group;
    if (slot.compare_exchange_strong(expected, 0))
      return;
  }
}

/// Async-signal-safe: kill() and atomic loads only.
void endTrackedGroups() {
  for (std::atomic<pid_t> &slot : trackedGroups)
    if (pid_t group = slot.load())
      kill(-group, SIGTERM);
}

/// Ends the runners, then does what was to be done before: LLVM's handler (which removes its
/// temporary files and raises the signal again with the default action), or the default action.
void endRunnersOnSignal(int signal, siginfo_t *info, void *context) {
  int savedErrno = errno;
  endTrackedGroups();
  const struct sigaction *previous = nullptr;
  for (size_t i = 0; i < std::size(kEndingSignals); ++i)
    if (kEndingSignals[i] == signal)
      previous = &previousActions[i];
  if (previous->sa_flags & SA_SIGINFO) {
    previous->sa_sigaction(signal, info, context);
  } else if (previous->sa_handler != SIG_DFL) {
    previous->sa_handler(signal);
  } else {
    // Blocked while this handler runs: it ends the process as soon as the handler returns.
    struct sigaction defaultAction = {};
    defaultAction.sa_handler = SIG_DFL;
    sigaction(signal, &defaultAction, nullptr);
    raise(signal);
  }
  errno = savedErrno;
}

/// Installs the handler for each ending signal kopt does not ignore. A normal exit needs none:
/// the runners' owners stop them (after a goodbye) as they are destroyed.
void installEndingHandlers() {
  for (size_t i = 0; i < std::size(kEndingSignals); ++i) {
    struct sigaction current;
    if (sigaction(kEndingSignals[i], nullptr, &current) != 0 || current.sa_handler == SIG_IGN)
      continue;
    struct sigaction action = {};
    action.sa_sigaction = endRunnersOnSignal;
    action.sa_flags = SA_SIGINFO | SA_RESTART;
    sigemptyset(&action.sa_mask);
    previousActions[i] = current;
    sigaction(kEndingSignals[i], &action, nullptr);
  }
}
} // namespace

RunnerProcess::~RunnerProcess() {
  stop(0);
  reapLeftovers();
}

Error RunnerProcess::start() {
  assert(!isRunning() && "the runner is already running");
  reapLeftovers();
  int in[2], out[2];
  if (pipe2(in, O_CLOEXEC) != 0)
    return createStringError(std::error_code(errno, std::generic_category()),
                             "cannot create a pipe for the runner");
  if (pipe2(out, O_CLOEXEC) != 0) {
    int error = errno;
    close(in[0]);
    close(in[1]);
    return createStringError(std::error_code(error, std::generic_category()),
                             "cannot create a pipe for the runner");
  }

  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, in[0], STDIN_FILENO);
  posix_spawn_file_actions_adddup2(&actions, out[1], STDOUT_FILENO);
  posix_spawnattr_t attributes;
  posix_spawnattr_init(&attributes);
  sigset_t noSignals, defaultSignals;
  sigemptyset(&noSignals);
  sigemptyset(&defaultSignals);
  sigaddset(&defaultSignals, SIGPIPE);
  posix_spawnattr_setsigmask(&attributes, &noSignals);
  posix_spawnattr_setsigdefault(&attributes, &defaultSignals);
  posix_spawnattr_setpgroup(&attributes, 0); // a group of its own, led by the child
  posix_spawnattr_setflags(&attributes,
                           POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
  const char *argv[] = {"/bin/sh", "-c", command.c_str(), nullptr};
  static std::once_flag handlersInstalled;
  std::call_once(handlersInstalled, installEndingHandlers);
  // No ending signal between the start and the tracking: the child would be left behind.
  sigset_t endingSignals, previousMask;
  sigemptyset(&endingSignals);
  for (int signal : kEndingSignals)
    sigaddset(&endingSignals, signal);
  pthread_sigmask(SIG_BLOCK, &endingSignals, &previousMask);
  pid_t child = 0;
  int error = posix_spawn(&child, "/bin/sh", &actions, &attributes, const_cast<char *const *>(argv),
                          environ);
  if (error == 0)
    trackGroup(child);
  pthread_sigmask(SIG_SETMASK, &previousMask, nullptr);
  posix_spawn_file_actions_destroy(&actions);
  posix_spawnattr_destroy(&attributes);
  close(in[0]);
  close(out[1]);
  if (error != 0) {
    close(in[1]);
    close(out[0]);
    return createStringError(std::error_code(error, std::generic_category()),
                             "cannot start /bin/sh for the runner");
  }
  pid = child;
  toChild = in[1];
  fromChild = out[0];
  fcntl(toChild, F_SETFL, fcntl(toChild, F_GETFL) | O_NONBLOCK);
  fcntl(fromChild, F_SETFL, fcntl(fromChild, F_GETFL) | O_NONBLOCK);
  pending.clear();
  return Error::success();
}

Exchange RunnerProcess::exchange(StringRef line, double timeoutSeconds) {
  if (!isRunning())
    return {Exchange::Crash, "", "the runner is not running"};
  SigpipeBlocker blocker;
  Clock::time_point deadline = after(timeoutSeconds);
  std::string out = (line + "\n").str();
  size_t written = 0;
  while (true) {
    if (written == out.size()) {
      size_t newline = pending.find('\n');
      if (newline != std::string::npos) {
        Exchange reply{Exchange::Reply, pending.substr(0, newline), ""};
        pending.erase(0, newline + 1);
        return reply;
      }
    }
    if (pending.size() > kMaxLineBytes) {
      stop(0);
      return {Exchange::Crash, "", "runner broke the protocol: a reply line over 64 MiB"};
    }
    int wait = millisUntil(deadline);
    if (wait == 0) {
      stop(0);
      return {Exchange::Timeout, "",
              formatv("no reply within {0} s; runner killed", format("%g", timeoutSeconds))};
    }
    pollfd fds[2] = {{fromChild, POLLIN, 0}, {toChild, POLLOUT, 0}};
    nfds_t count = written < out.size() ? 2 : 1;
    if (poll(fds, count, wait) < 0) {
      if (errno == EINTR)
        continue;
      std::string why = lastError("cannot wait for the runner");
      stop(0);
      return {Exchange::Crash, "", why};
    }
    if (fds[0].revents) {
      char chunk[1 << 16];
      ssize_t got = read(fromChild, chunk, sizeof chunk);
      if (got > 0)
        pending.append(chunk, got);
      else if (got == 0)
        return crashed("closed its output");
      else if (errno != EAGAIN && errno != EINTR)
        return crashed(lastError("cannot be read from"));
    }
    if (count == 2 && fds[1].revents) {
      ssize_t put = write(toChild, out.data() + written, out.size() - written);
      if (put >= 0)
        written += put;
      else if (errno == EPIPE)
        return crashed("closed its input");
      else if (errno != EAGAIN && errno != EINTR)
        return crashed(lastError("cannot be written to"));
    }
  }
}

Exchange RunnerProcess::crashed(StringRef what) {
  // A runner that died closes its pipes a moment before it can be waited for.
  bool ended = waitUntil(after(1.0), [&] { return hasEnded(pid); });
  std::string how = stop(0);
  if (ended)
    return {Exchange::Crash, "", formatv("runner {0} without replying", how)};
  return {Exchange::Crash, "", formatv("runner {0} without replying; killed", what)};
}

std::string RunnerProcess::stop(double graceSeconds) {
  if (!isRunning())
    return "";
  closeFd(toChild); // end of input: a well-behaved runner exits
  waitUntil(after(graceSeconds), [&] { return hasEnded(pid); });
  // The whole group: the child if it is still there and whatever it started. The child is not
  // reaped yet, so its pid (the group's id) cannot have been reused.
  kill(-pid, SIGKILL);
  untrackGroup(pid); // before the reaping that frees its id for reuse
  std::optional<int> status = reap(pid, after(kReapSeconds));
  if (!status)
    unreaped.push_back(pid);
  closeFd(fromChild);
  pending.clear();
  pid = 0;
  return describeStatus(status.value_or(-1));
}

void RunnerProcess::reapLeftovers() {
  llvm::erase_if(unreaped, [](pid_t child) {
    int status;
    pid_t got = waitpid(child, &status, WNOHANG);
    return got == child || (got < 0 && errno != EINTR);
  });
}
