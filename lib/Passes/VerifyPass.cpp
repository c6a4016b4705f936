//===- VerifyPass.cpp - kb-verify -----------------------------------------===//
#include "kb/KbOps.h"
#include "kopt/Passes/Candidates.h"
#include "kopt/Passes/Passes.h"
#include "kopt/Measure/RunnerPool.h"
#include "kopt/Measure/RunnerSession.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <atomic>

namespace kopt {
#define GEN_PASS_DEF_KBVERIFY
#include "kopt/Passes/Passes.h.inc"
} // namespace kopt

using namespace mlir;
using namespace kb;

namespace {
struct KbVerifyPass : kopt::impl::KbVerifyBase<KbVerifyPass> {
  using KbVerifyBase::KbVerifyBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (!(timeout > 0) || trials < 1) {
      emitError(module.getLoc()) << "kb-verify: timeout and trials must be positive";
      return signalPassFailure();
    }
    if (top < 0 || (by != "model" && by != "surprise")) {
      emitError(module.getLoc())
          << "kb-verify: top must be 0 (all) or more, and by `model` or `surprise`, not top="
          << static_cast<int64_t>(top) << " by=" << by;
      return signalPassFailure();
    }
    // Everything to verify, checked before any runner starts.
    std::vector<kopt::TaskCandidates> work;
    bool missing = false;
    for (kopt::TaskCandidates &entry : kopt::collectTaskCandidates(module)) {
      kopt::TaskCandidates todo{entry.task, {}};
      FailureOr<llvm::DenseSet<Operation *>> budget = llvm::DenseSet<Operation *>();
      if (top > 0 && failed(budget = mostPromising(entry.candidates))) {
        missing = true;
        continue;
      }
      for (CandidateOp candidate : entry.candidates) {
        // A budget's leftovers wait for a larger budget; without one, a verdict is a verdict.
        if (VerdictAttr verdict = candidate.getVerdictAttr();
            verdict && (verdict.wasRun() || top == 0))
          continue;
        if (!candidate.getPtxAttr() || !candidate.getLaunchAttr()) {
          emitError(candidate.getLoc())
              << "candidate @" << candidate.getSymName()
              << " has no verdict, and no PTX and launch plan to verify; kb-lower-to-ptx adds "
                 "them";
          missing = true;
          continue;
        }
        if (top > 0 && !budget->contains(candidate)) {
          candidate.setVerdictAttr(
              VerdictAttr::get(&getContext(), VerdictKind::Unverified, leftOutReason()));
          continue;
        }
        todo.candidates.push_back(candidate);
      }
      if (!todo.candidates.empty())
        work.push_back(std::move(todo));
    }
    if (missing)
      return signalPassFailure();
    if (work.empty())
      return; // nothing to run: no runner needed

    FailureOr<std::vector<std::string>> commands =
        kopt::openPool(module, "kb-verify", runner, runners);
    if (failed(commands))
      return signalPassFailure();
    std::vector<double> weights;
    for (kopt::TaskCandidates &entry : work)
      weights.push_back(kopt::taskWeight(entry.task, entry.candidates.size()));
    // Each runner's session, opened at the first candidate it verifies.
    std::vector<std::unique_ptr<kopt::RunnerSession>> sessions(commands->size());
    std::atomic<bool> anyFailed{false};
    kopt::shareTasks(commands->size(), weights, [&](size_t runnerIndex, size_t task) {
      std::unique_ptr<kopt::RunnerSession> &session = sessions[runnerIndex];
      kopt::TaskCandidates &entry = work[task];
      if (!session) {
        FailureOr<std::unique_ptr<kopt::RunnerSession>> opened = kopt::RunnerSession::open(
            "kb-verify", (*commands)[runnerIndex], cache, timeout, entry.candidates.front());
        if (failed(opened)) {
          anyFailed = true;
          return false;
        }
        session = std::move(*opened);
      }
      return verifyTask(entry, *session, kopt::runnerLabel(runnerIndex, commands->size()),
                        anyFailed);
    });
    if (anyFailed)
      signalPassFailure();
  }

  /// Verifies the task's candidates; false once the runner cannot be reached.
  bool verifyTask(kopt::TaskCandidates &entry, kopt::RunnerSession &session,
                  StringRef runnerLabel, std::atomic<bool> &anyFailed) {
    kopt::Progress progress(&getContext(), "kb-verify", entry.task.getSymName(),
                            entry.candidates.size(), runnerLabel);
    kopt::runner::VerifySettings settings{trials, seed};
    for (CandidateOp candidate : entry.candidates) {
      FailureOr<kopt::runner::VerifyOutcome> outcome =
          session.verify(entry.task, candidate, settings);
      if (failed(outcome)) {
        anyFailed = true;
        if (session.isStopped())
          return false;
        continue;
      }
      VerdictAttr verdict = toVerdict(*outcome);
      candidate.setVerdictAttr(verdict);
      progress.step(candidate.getSymName(), describe(verdict, session));
    }
    return true;
  }

  /// The candidates of the task's `top` distinct kernels ranked highest by `by` (ties in IR
  /// order), counting those verified before, so that a larger budget later adds the next ones.
  /// Copies of a kernel come with it: the result cache answers them without a run.
  FailureOr<llvm::DenseSet<Operation *>> mostPromising(MutableArrayRef<CandidateOp> candidates) {
    // (score, position): highest score first, ties in IR order.
    std::vector<std::tuple<double, size_t, CandidateOp>> ranked;
    for (auto [position, candidate] : llvm::enumerate(candidates)) {
      if (!candidate.getPtxAttr())
        continue; // not a kernel (it failed to compile)
      if (by == "model") {
        PredictionAttr predicted = candidate.getPredictedAttr();
        if (!predicted)
          return emitError(candidate.getLoc())
                 << "kb-verify by=model: candidate @" << candidate.getSymName()
                 << " has no prediction (kb-predict first)";
        ranked.push_back({predicted.getSpeedup().convertToDouble(), position, candidate});
      } else {
        LogProbAttr logprob = candidate.getLogprobAttr();
        if (!logprob)
          return emitError(candidate.getLoc())
                 << "kb-verify by=surprise: candidate @" << candidate.getSymName()
                 << " has no log-prob";
        ranked.push_back({logprob.getSurprisal(), position, candidate});
      }
    }
    llvm::sort(ranked, [](const auto &a, const auto &b) {
      return std::get<0>(a) != std::get<0>(b) ? std::get<0>(a) > std::get<0>(b)
                                              : std::get<1>(a) < std::get<1>(b);
    });
    llvm::DenseSet<std::pair<Attribute, Attribute>> kernels;
    llvm::DenseSet<Operation *> chosen;
    for (auto &[score, position, candidate] : ranked) {
      std::pair<Attribute, Attribute> kernel = kopt::kernelOf(candidate);
      if (!kernels.contains(kernel) && static_cast<int64_t>(kernels.size()) == top)
        continue;
      kernels.insert(kernel);
      chosen.insert(candidate);
    }
    return chosen;
  }

  std::string leftOutReason() const {
    int64_t budget = top;
    return llvm::formatv("not among the {0} most promising kernels by {1} (kb-verify top={0})",
                         budget, by.getValue())
        .str();
  }

  VerdictAttr toVerdict(const kopt::runner::VerifyOutcome &outcome) {
    StringRef kind, detail;
    if (const auto *result = std::get_if<kopt::runner::VerifyResult>(&outcome)) {
      kind = result->verdict;
      detail = result->detail;
    } else {
      const auto &noReply = std::get<kopt::runner::NoReply>(outcome);
      kind = noReply.verdict;
      detail = noReply.detail;
    }
    // The client admits only the protocol's verdicts, which the dialect spells the same way.
    return VerdictAttr::get(&getContext(), *symbolizeVerdictKind(kind), detail);
  }

  static std::string describe(VerdictAttr verdict, const kopt::RunnerSession &session) {
    std::string text = stringifyVerdictKind(verdict.getKind()).str();
    if (!verdict.getDetail().empty())
      text += " (" + verdict.getDetail().str() + ")";
    return text + kopt::describeReuse(session);
  }
};
} // namespace
