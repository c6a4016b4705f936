//===- Pipeline.cpp - kopt's default pipeline -----------------------------===//
#include "kopt/Passes/Pipeline.h"
#include "kopt/Passes/Candidates.h"
#include "kopt/Passes/Passes.h"

#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;

void kopt::buildDefaultPipeline(OpPassManager &pm, const DefaultPipelineOptions &options) {
  KbSelectOptions selectOptions;
  selectOptions.strategy = options.strategy;
  selectOptions.seed = options.seed;
  pm.addPass(createKbSelect(selectOptions));
}

kopt::PipelinePlan kopt::planDefaultPipeline(ModuleOp module,
                                             const select::Strategy &strategy) {
  PipelinePlan plan;
  size_t numCandidates = 0, numUnverified = 0, numUntimed = 0;
  for (TaskCandidates &entry : collectTaskCandidates(module)) {
    numCandidates += entry.candidates.size();
    std::vector<select::CandidateRecord> records = toRecords(entry.candidates);
    for (const select::CandidateRecord &record : records)
      numUnverified += !record.verified;
    llvm::Expected<std::vector<size_t>> toTime =
        select::candidatesToTime(strategy, records);
    if (!toTime) {
      // Unverified candidates or missing log-probs: counted above, or reported by kb-select.
      llvm::consumeError(toTime.takeError());
      continue;
    }
    for (size_t index : *toTime)
      numUntimed += !records[index].timeUs;
  }

  plan.notes.push_back(llvm::formatv("kb-sample: not in this build; using the {0} candidate(s) "
                                     "of the input",
                                     numCandidates));
  plan.notes.push_back("kb-lower-to-ptx, kb-tag-features: not in this build; skipped");
  if (numUnverified || numUntimed) {
    plan.stopReason = llvm::formatv(
        "{0} candidate(s) need verification and {1} need timing for '{2}'; both run on a GPU "
        "through kopt-runner (kb-verify, kb-time), which this build does not have. Stopping "
        "before verification.",
        numUnverified, numUntimed, strategy.name());
    return plan;
  }
  plan.notes.push_back("kb-verify, kb-time: every candidate the strategy needs already carries "
                       "its verdict and timing; using them");
  return plan;
}

namespace {
struct DefaultPipelineCLOptions : PassPipelineOptions<DefaultPipelineCLOptions> {
  Option<std::string> strategy{*this, "strategy", llvm::cl::desc("selection strategy"),
                               llvm::cl::init("surprise-top3")};
  Option<uint64_t> seed{*this, "seed", llvm::cl::desc("seed of random choices"),
                        llvm::cl::init(0)};
};
} // namespace

void kopt::registerDefaultPipeline() {
  PassPipelineRegistration<DefaultPipelineCLOptions>(
      "kb-default-pipeline",
      "kopt's default pipeline: sample, lower, tag, verify, time, select (the stages this build has)",
      [](OpPassManager &pm, const DefaultPipelineCLOptions &cl) {
        buildDefaultPipeline(pm, {cl.strategy, cl.seed});
      });
}
