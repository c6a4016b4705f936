//===- RunnerSession.h - where the IR meets kopt-runner ---------*- C++ -*-===//
//
// What kb-verify and kb-time share: the protocol's view of tasks and candidates, the runner
// (started on first use, shared with the rest of the process), the result cache and its keys, and
// progress on stderr.
//
//===----------------------------------------------------------------------===//
#ifndef KOPT_MEASURE_RUNNERSESSION_H
#define KOPT_MEASURE_RUNNERSESSION_H

#include "kb/KbOps.h"
#include "kopt/Runner/ResultCache.h"
#include "kopt/Runner/RunnerClient.h"

#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringSet.h"

#include <map>
#include <memory>
#include <optional>

namespace kopt {

/// The task as kopt-runner is told it, cost included.
runner::TaskSpec toTaskSpec(kb::TaskOp task);
/// A candidate's PTX and launch plan; it must have both.
runner::KernelSpec toKernelSpec(kb::CandidateOp candidate);

class RunnerSession {
public:
  /// Resolves the runner command and loads the result cache (`cacheOption`: a path, "" for the
  /// default one, kNoCache for none). `anchor` is the first candidate that needs the runner: a
  /// missing runner is reported there, cache warnings at its module. Starts nothing.
  static mlir::FailureOr<std::unique_ptr<RunnerSession>>
  open(llvm::StringRef pass, llvm::StringRef runnerOption, llvm::StringRef cacheOption,
       double timeoutSeconds, kb::CandidateOp anchor);

  /// The candidate's verification, from the cache or from the runner (started on first use).
  /// Fails after emitting a located error: at the candidate, or at the task when the runner refused
  /// it (its other candidates then fail quietly). Once no runner can be reached, isStopped().
  mlir::FailureOr<runner::VerifyOutcome> verify(kb::TaskOp task, kb::CandidateOp candidate,
                                                const runner::VerifySettings &settings);
  /// The candidate's timing, likewise.
  mlir::FailureOr<runner::TimeOutcome> time(kb::TaskOp task, kb::CandidateOp candidate,
                                            const runner::TimeSettings &settings);

  bool isStopped() const { return stopped; }
  /// Whether the last successful verify or time came from the cache.
  bool lastFromCache() const { return fromCache; }
  /// The candidate whose outcome the last verify or time reused because it is the same kernel
  /// (PTX and launch plan) of the same task, measured earlier in this session; empty otherwise.
  llvm::StringRef lastDuplicateOf() const { return duplicateOf; }

private:
  RunnerSession(std::string pass, std::string command, double timeoutSeconds,
                runner::ResultCache cache)
      : pass(std::move(pass)), command(std::move(command)), timeoutSeconds(timeoutSeconds),
        cache(std::move(cache)) {}

  /// An outcome measured in this session, and the candidate it was measured for.
  template <typename Outcome> struct Measured {
    std::string candidate;
    Outcome outcome;
  };
  template <typename Result>
  std::map<std::string, Measured<std::variant<Result, runner::NoReply>>> &measuredThisSession();

  template <typename Result, typename Request>
  mlir::FailureOr<std::variant<Result, runner::NoReply>>
  measure(llvm::StringRef op, kb::TaskOp task, kb::CandidateOp candidate, std::string settings,
          Request request);
  mlir::LogicalResult start(kb::CandidateOp at);
  const std::string &fingerprint(kb::TaskOp task);

  std::string pass, command;
  double timeoutSeconds;
  runner::ResultCache cache;
  std::optional<runner::RunnerLease> lease;
  std::optional<runner::DeviceInfo> device;
  llvm::DenseMap<mlir::Operation *, std::string> fingerprints;
  llvm::DenseMap<mlir::Operation *, runner::TaskSpec> taskSpecs;
  llvm::StringSet<> refusedTasks;
  // Outcomes by result key: a kernel met again is not run again, with or without a cache.
  std::map<std::string, Measured<runner::VerifyOutcome>> verified;
  std::map<std::string, Measured<runner::TimeOutcome>> timed;
  std::string duplicateOf;
  bool stopped = false, fromCache = false;
};

/// " [cached]" or " [same kernel as @c3]" when the session's last outcome was not measured for
/// its candidate, else nothing: for progress lines.
std::string describeReuse(const RunnerSession &session);

/// Progress on stderr: one line per step (`kb-verify: relu 3/8 c2 correct`), or, when stderr is
/// a terminal, one line rewritten in place and ended before any diagnostic. A runner of a pool
/// says which it is (`kb-verify runner 2/4: relu 3/8 c2 correct`) and always writes whole lines,
/// one at a time.
class Progress {
public:
  Progress(mlir::MLIRContext *context, llvm::StringRef pass, llvm::StringRef task, size_t total,
           llvm::StringRef runnerLabel = "");
  ~Progress();
  void setTotal(size_t newTotal) { total = newTotal; }
  void step(llvm::StringRef candidate, llvm::StringRef outcome);

private:
  void endLine();

  std::string prefix, task;
  size_t done = 0, total;
  bool terminal, lineOpen = false;
  std::optional<mlir::ScopedDiagnosticHandler> diagnostics;
};

} // namespace kopt

#endif // KOPT_MEASURE_RUNNERSESSION_H
