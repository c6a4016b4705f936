//===- TimePass.cpp - kb-time ---------------------------------------------===//
#include "kb/KbOps.h"
#include "kopt/Passes/Candidates.h"
#include "kopt/Passes/Passes.h"
#include "kopt/Measure/RunnerPool.h"
#include "kopt/Measure/RunnerSession.h"
#include "kopt/Select/Strategy.h"

#include "llvm/Support/FormatVariadic.h"

#include <atomic>

namespace kopt {
#define GEN_PASS_DEF_KBTIME
#include "kopt/Passes/Passes.h.inc"
} // namespace kopt

using namespace mlir;
using namespace kb;
namespace runner = kopt::runner;

namespace {
/// Indices of the correct candidates whose timings `strategy` (unset: `all`) needs, or failure
/// after a located error.
FailureOr<std::vector<size_t>>
neededTimings(const std::optional<kopt::select::Strategy> &strategy, kopt::TaskCandidates &entry) {
  std::vector<kopt::select::CandidateRecord> records = kopt::toRecords(entry.candidates);
  if (!strategy) {
    std::vector<size_t> correct;
    for (auto [index, record] : llvm::enumerate(records)) {
      if (!record.verified)
        return emitError(entry.candidates[index].getLoc())
               << "candidate @" << record.id
               << " has no verdict; kb-time times verified candidates (kb-verify)";
      if (record.correct)
        correct.push_back(index);
    }
    return correct;
  }
  llvm::Expected<std::vector<size_t>> toTime = kopt::select::candidatesToTime(*strategy, records);
  if (!toTime) {
    llvm::handleAllErrors(toTime.takeError(), [&](const kopt::select::CandidateError &error) {
      emitError(entry.candidates[error.index].getLoc(), error.message);
    });
    return failure();
  }
  return *toTime;
}

/// kb-time's work on the tasks one runner of the pool takes.
class TaskTimer {
public:
  TaskTimer(MLIRContext *context, std::optional<kopt::select::Strategy> strategy,
            runner::TimeSettings settings, std::string runnerCommand, StringRef cacheOption,
            double timeout, std::string runnerLabel)
      : context(context), strategy(strategy), settings(settings),
        runnerCommand(std::move(runnerCommand)), cacheOption(cacheOption), timeout(timeout),
        runnerLabel(std::move(runnerLabel)) {}

  /// Times what the strategy needs. A timing can take a candidate out of the correct ones, which
  /// changes what the strategy needs: so until nothing it needs is untimed.
  LogicalResult timeTask(kopt::TaskCandidates &entry) {
    std::optional<kopt::Progress> progress;
    size_t done = 0;
    while (true) {
      FailureOr<std::vector<size_t>> indices = neededTimings(strategy, entry);
      if (failed(indices))
        return failure();
      SmallVector<CandidateOp> untimed;
      for (size_t index : *indices)
        if (!entry.candidates[index].getTimeAttr())
          untimed.push_back(entry.candidates[index]);
      if (untimed.empty())
        return success();

      for (CandidateOp candidate : untimed)
        if (!candidate.getPtxAttr() || !candidate.getLaunchAttr())
          return emitError(candidate.getLoc())
                 << "candidate @" << candidate.getSymName()
                 << " is verified correct but has no PTX and launch plan to time";
      if (!session) {
        FailureOr<std::unique_ptr<kopt::RunnerSession>> opened = kopt::RunnerSession::open(
            "kb-time", runnerCommand, cacheOption, timeout, untimed.front());
        if (failed(opened))
          return failure();
        session = std::move(*opened);
      }
      if (!progress)
        progress.emplace(context, "kb-time", entry.task.getSymName(), 0, runnerLabel);
      progress->setTotal(done + untimed.size());
      for (CandidateOp candidate : untimed) {
        FailureOr<runner::TimeOutcome> outcome = session->time(entry.task, candidate, settings);
        if (failed(outcome))
          return failure(); // timing the others would ask for this one again
        std::string text = record(candidate, *outcome) + kopt::describeReuse(*session);
        progress->step(candidate.getSymName(), text);
        ++done;
      }
    }
  }

  bool isStopped() const { return session && session->isStopped(); }

private:
  /// Puts a timing outcome on the candidate; returns it in words for the progress line.
  std::string record(CandidateOp candidate, const runner::TimeOutcome &outcome) {
    if (const auto *noReply = std::get_if<runner::NoReply>(&outcome)) {
      std::string detail = "while timing: " + noReply->detail;
      candidate.setVerdictAttr(
          VerdictAttr::get(context, *symbolizeVerdictKind(noReply->verdict), detail));
      emitWarning(candidate.getLoc())
          << "candidate @" << candidate.getSymName() << ": " << noReply->verdict << " " << detail
          << "; no longer counted correct";
      return noReply->verdict + " (" + detail + ")";
    }
    const auto &result = std::get<runner::TimeResult>(outcome);
    // What TimingAttr admits; anything else from the runner is a fault of the evaluator.
    bool valid = runner::isWellFormedTiming(result);
    std::optional<double> speedup = runner::speedupOverEager(result);
    std::string fault;
    if (!valid)
      fault = llvm::formatv("evaluator fault: invalid timing (median {0}, q1 {1}, q3 {2}, n {3})",
                            result.medianUs, result.q1Us, result.q3Us, result.n);
    else if (result.fault)
      fault = "evaluator fault: " + *result.fault;
    else if (result.recheck != kopt::protocol::kCorrect)
      fault = "timed outputs wrong: the outputs of the timed runs were found " + result.recheck;
    else if (!speedup)
      fault = llvm::formatv("evaluator fault: no finite positive speedup from a median of {0:e} "
                            "us over eager's {1:e} us",
                            result.medianUs, result.eagerMedianUs);
    if (valid)
      candidate.setTimeAttr(TimingAttr::get(context, llvm::APFloat(result.medianUs),
                                            llvm::APFloat(result.q1Us), llvm::APFloat(result.q3Us),
                                            result.n));
    if (!fault.empty()) {
      candidate.setVerdictAttr(VerdictAttr::get(context, VerdictKind::Incorrect, fault));
      emitWarning(candidate.getLoc())
          << "candidate @" << candidate.getSymName() << " marked incorrect: " << fault;
      return "incorrect (" + fault + ")";
    }
    std::optional<std::pair<double, double>> interval =
        speedupInterval(*speedup, result.relError, result.eagerRelError);
    candidate.setSpeedupAttr(FloatAttr::get(Float64Type::get(context), *speedup));
    if (interval)
      candidate.setSpeedupIntervalAttr(IntervalAttr::get(context, llvm::APFloat(interval->first),
                                                         llvm::APFloat(interval->second)));
    std::string words =
        llvm::formatv("{0:f1} us, speedup {1}", result.medianUs, describe(*speedup, interval));
    // The baseline at matched precision, where the runner timed it; unknown otherwise.
    if (std::optional<double> speedupTF32 = runner::speedupOverEagerTF32(result)) {
      std::optional<std::pair<double, double>> intervalTF32 =
          speedupInterval(*speedupTF32, result.relError, result.eagerTF32.relError);
      candidate.setSpeedupTf32Attr(FloatAttr::get(Float64Type::get(context), *speedupTF32));
      if (intervalTF32)
        candidate.setSpeedupTf32IntervalAttr(IntervalAttr::get(
            context, llvm::APFloat(intervalTF32->first), llvm::APFloat(intervalTF32->second)));
      words += ", over eager TF32 " + describe(*speedupTF32, intervalTF32);
    }
    return words;
  }

  /// A speedup and its interval, for the progress line.
  static std::string describe(double speedup,
                              const std::optional<std::pair<double, double>> &interval) {
    if (!interval)
      return llvm::formatv("{0:f3}", speedup);
    return llvm::formatv("{0:f3} [{1:f3}, {2:f3}]", speedup, interval->first, interval->second);
  }

  /// The 95% interval of `speedup` from the relative standard errors of the kernel's median and
  /// the baseline's (on the log scale, where a ratio's errors add), or nothing when the runner
  /// gave no usable errors.
  static std::optional<std::pair<double, double>>
  speedupInterval(double speedup, std::optional<double> relError,
                  std::optional<double> eagerRelError) {
    if (!relError || !eagerRelError)
      return std::nullopt;
    constexpr double kZ95 = 1.959964;
    double spread = std::exp(kZ95 * std::hypot(*relError, *eagerRelError));
    double low = speedup / spread, high = speedup * spread;
    if (!(std::isfinite(low) && std::isfinite(high) && low > 0))
      return std::nullopt;
    return std::make_pair(low, high);
  }

  MLIRContext *context;
  std::optional<kopt::select::Strategy> strategy; // unset for `all`
  runner::TimeSettings settings;
  std::string runnerCommand;
  StringRef cacheOption;
  double timeout;
  std::string runnerLabel;
  std::unique_ptr<kopt::RunnerSession> session; // opened when a candidate needs timing
};

struct KbTimePass : kopt::impl::KbTimeBase<KbTimePass> {
  using KbTimeBase::KbTimeBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (!(timeout > 0) || !(target > 0) || !(maxSeconds > 0)) {
      emitError(module.getLoc()) << "kb-time: timeout, target and max-seconds must be positive";
      return signalPassFailure();
    }
    std::optional<kopt::select::Strategy> selection;
    if (strategy != "all") {
      llvm::Expected<kopt::select::Strategy> parsed = kopt::select::Strategy::parse(strategy);
      if (!parsed) {
        emitError(module.getLoc()) << "kb-time: " << llvm::toString(parsed.takeError());
        return signalPassFailure();
      }
      selection = *parsed;
    }
    runner::TimeSettings settings;
    settings.seed = seed;
    settings.targetRelError = target;
    settings.maxSeconds = maxSeconds;
    // The tasks with something to time, found before any runner starts (nothing to time, no
    // runner needed), weighed by what they need timed.
    std::vector<kopt::TaskCandidates> work;
    std::vector<double> weights;
    bool anyFailed = false;
    for (kopt::TaskCandidates &entry : kopt::collectTaskCandidates(module)) {
      FailureOr<std::vector<size_t>> indices = neededTimings(selection, entry);
      if (failed(indices)) {
        anyFailed = true;
        continue;
      }
      size_t untimed = llvm::count_if(
          *indices, [&](size_t index) { return !entry.candidates[index].getTimeAttr(); });
      if (untimed == 0)
        continue;
      weights.push_back(kopt::taskWeight(entry.task, untimed));
      work.push_back(std::move(entry));
    }
    if (anyFailed)
      signalPassFailure();
    if (work.empty())
      return;
    FailureOr<std::vector<std::string>> commands =
        kopt::openPool(module, "kb-time", runner, runners);
    if (failed(commands))
      return signalPassFailure();
    std::vector<std::unique_ptr<TaskTimer>> timers;
    for (auto [index, command] : llvm::enumerate(*commands))
      timers.push_back(std::make_unique<TaskTimer>(&getContext(), selection, settings, command,
                                                   cache, timeout,
                                                   kopt::runnerLabel(index, commands->size())));
    std::atomic<bool> timingFailed{false};
    kopt::shareTasks(timers.size(), weights, [&](size_t runnerIndex, size_t task) {
      TaskTimer &timer = *timers[runnerIndex];
      if (failed(timer.timeTask(work[task])))
        timingFailed = true;
      return !timer.isStopped();
    });
    if (timingFailed)
      signalPassFailure();
  }
};
} // namespace
