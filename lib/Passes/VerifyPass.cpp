//===- VerifyPass.cpp - kb-verify -----------------------------------------===//
#include "kb/KbOps.h"
#include "kopt/Passes/Candidates.h"
#include "kopt/Passes/Passes.h"
#include "kopt/Measure/RunnerSession.h"

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
    // Everything to verify, checked before any runner starts.
    std::vector<kopt::TaskCandidates> work;
    bool missing = false;
    for (kopt::TaskCandidates &entry : kopt::collectTaskCandidates(module)) {
      kopt::TaskCandidates todo{entry.task, {}};
      for (CandidateOp candidate : entry.candidates) {
        if (candidate.getVerdictAttr())
          continue;
        if (!candidate.getPtxAttr() || !candidate.getLaunchAttr()) {
          emitError(candidate.getLoc())
              << "candidate @" << candidate.getSymName()
              << " has no verdict, and no PTX and launch plan to verify; kb-lower-to-ptx adds "
                 "them";
          missing = true;
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

    FailureOr<std::unique_ptr<kopt::RunnerSession>> session = kopt::RunnerSession::open(
        "kb-verify", runner, cache, timeout, work.front().candidates.front());
    if (failed(session))
      return signalPassFailure();
    kopt::runner::VerifySettings settings{trials, seed};
    for (kopt::TaskCandidates &entry : work) {
      kopt::Progress progress(&getContext(), "kb-verify", entry.task.getSymName(),
                              entry.candidates.size());
      for (CandidateOp candidate : entry.candidates) {
        FailureOr<kopt::runner::VerifyOutcome> outcome =
            (*session)->verify(entry.task, candidate, settings);
        if (failed(outcome)) {
          signalPassFailure();
          if ((*session)->isStopped())
            return;
          continue;
        }
        VerdictAttr verdict = toVerdict(*outcome);
        candidate.setVerdictAttr(verdict);
        progress.step(candidate.getSymName(), describe(verdict, **session));
      }
    }
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
