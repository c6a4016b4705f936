//===- ScorePass.cpp - kb-score -------------------------------------------===//
#include "kb/KbOps.h"
#include "kopt/Learn/Train.h"
#include "kopt/Passes/Candidates.h"
#include "kopt/Passes/Passes.h"
#include "kopt/Passes/Rollouts.h"

#include <cmath>

namespace kopt {
#define GEN_PASS_DEF_KBSCORE
#include "kopt/Passes/Passes.h.inc"
} // namespace kopt

using namespace mlir;
using namespace kb;
namespace codegen = kopt::codegen;
namespace learn = kopt::learn;

namespace {
struct KbScorePass : kopt::impl::KbScoreBase<KbScorePass> {
  using KbScoreBase::KbScoreBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (!(temperature > 0) || !std::isfinite(temperature)) {
      module.emitError() << "kb-score: temperature must be finite and > 0";
      return signalPassFailure();
    }
    FailureOr<learn::Policy> scorer = kopt::loadPolicy(module, policy);
    if (failed(scorer))
      return signalPassFailure();
    std::vector<kopt::TaskCandidates> entries = kopt::collectTaskCandidates(module);
    SmallVector<TaskOp> tasks;
    for (const kopt::TaskCandidates &entry : entries)
      tasks.push_back(entry.task);
    std::vector<codegen::SpaceResult> spaces = kopt::spacesOf(&getContext(), tasks);
    Builder builder(&getContext());
    for (auto [entry, space] : llvm::zip_equal(entries, spaces)) {
      if (!space.space)
        continue;
      std::vector<double> features = learn::taskFeatures(entry.task);
      for (CandidateOp candidate : entry.candidates) {
        if (candidate.getOrigin() != CandidateOrigin::Policy || !candidate.getDecisionsAttr())
          continue;
        llvm::Expected<std::vector<size_t>> indices =
            kopt::valueIndicesOf(candidate, *space.space);
        if (!indices) {
          candidate.emitError() << "kb-score: " << llvm::toString(indices.takeError());
          signalPassFailure();
          continue;
        }
        std::vector<double> logProbs =
            scorer->logProbs(*space.space, features, *indices, temperature);
        double sum = 0;
        for (double logProb : logProbs)
          sum += logProb;
        candidate.setLogprobAttr(LogProbAttr::get(&getContext(), llvm::APFloat(sum),
                                                  static_cast<int64_t>(logProbs.size())));
        std::vector<double> entropy = learn::entropyPerDecision(
            *scorer, *space.space, features, {*indices}, temperature);
        double mean = 0;
        for (double value : entropy)
          mean += value / entropy.size();
        candidate->setAttr("entropy", builder.getF64FloatAttr(mean));
      }
    }
  }
};
} // namespace
