//===- Pipeline.cpp - kopt's default pipeline -----------------------------===//
#include "kopt/Passes/Pipeline.h"
#include "kopt/Passes/Candidates.h"
#include "kopt/Passes/Passes.h"
#include "kopt/Runner/RunnerClient.h"
#include "kopt/Runner/RunnerCommand.h"

#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/FormatVariadic.h"

using namespace mlir;
using kb::CandidateOp;

void kopt::buildCompilePipeline(OpPassManager &pm, const DefaultPipelineOptions &options) {
  if (!options.tolerance.empty()) {
    KbSetToleranceOptions toleranceOptions;
    toleranceOptions.preset = options.tolerance;
    pm.addPass(createKbSetTolerance(toleranceOptions));
  }
  if (options.samples > 0) {
    KbSampleOptions sampleOptions;
    sampleOptions.n = options.samples;
    sampleOptions.seed = options.seed;
    sampleOptions.policy = options.policy;
    sampleOptions.onlyUnsampled = true;
    pm.addPass(createKbSample(sampleOptions));
  }
  // Both leave candidates that already carry PTX, features or a verdict alone.
  KbLowerToPtxOptions lowerOptions;
  lowerOptions.chip = options.chip;
  pm.addPass(createKbLowerToPtx(lowerOptions));
  pm.addPass(createKbTagFeatures());
  if (!options.costModel.empty()) {
    KbPredictOptions predictOptions;
    predictOptions.model = options.costModel;
    pm.addPass(createKbPredict(predictOptions));
  }
}

/// The settings kb-verify and kb-time share.
template <typename PassOptions>
static PassOptions runnerPassOptions(const kopt::DefaultPipelineOptions &options) {
  PassOptions passOptions;
  passOptions.runner = options.runner;
  passOptions.runners = options.runners;
  passOptions.cache = options.cache;
  passOptions.timeout = options.timeout;
  passOptions.seed = options.seed;
  return passOptions;
}

void kopt::buildMeasureAndSelectPipeline(OpPassManager &pm,
                                         const DefaultPipelineOptions &options) {
  // kb-verify and kb-time do nothing (and start no runner) when the input already holds what
  // the strategy needs.
  pm.addPass(createKbVerify(runnerPassOptions<KbVerifyOptions>(options)));
  KbTimeOptions timeOptions = runnerPassOptions<KbTimeOptions>(options);
  timeOptions.strategy = options.strategy;
  pm.addPass(createKbTime(timeOptions));
  KbSelectOptions selectOptions;
  selectOptions.strategy = options.strategy;
  selectOptions.seed = options.seed;
  pm.addPass(createKbSelect(selectOptions));
}

void kopt::buildDefaultPipeline(OpPassManager &pm, const DefaultPipelineOptions &options) {
  buildCompilePipeline(pm, options);
  buildMeasureAndSelectPipeline(pm, options);
}

kopt::PipelinePlan kopt::planDefaultPipeline(ModuleOp module, const select::Strategy &strategy,
                                             const DefaultPipelineOptions &options) {
  PipelinePlan plan;
  size_t numCandidates = 0, numUnverified = 0, numUntimed = 0, numWithoutPtx = 0;
  for (TaskCandidates &entry : collectTaskCandidates(module)) {
    numCandidates += entry.candidates.size();
    std::vector<select::CandidateRecord> records = toRecords(entry.candidates);
    for (auto [candidate, record] : llvm::zip(entry.candidates, records)) {
      numUnverified += !record.verified;
      numWithoutPtx += !record.verified && !(candidate.getPtxAttr() && candidate.getLaunchAttr());
    }
    llvm::Expected<std::vector<size_t>> toTime = select::candidatesToTime(strategy, records);
    if (!toTime) {
      // Unverified candidates or missing log-probs: counted above, or reported by kb-select.
      llvm::consumeError(toTime.takeError());
      continue;
    }
    for (size_t index : *toTime) {
      CandidateOp candidate = entry.candidates[index];
      bool untimed = !records[index].timeUs;
      numUntimed += untimed;
      numWithoutPtx += untimed && !(candidate.getPtxAttr() && candidate.getLaunchAttr());
    }
  }

  if (options.samples > 0)
    plan.notes.push_back(llvm::formatv("{0} candidate(s) (kb-sample drew {1} from the {2} policy "
                                       "for each schedulable task that had none)",
                                       numCandidates, options.samples, options.policy));
  else
    plan.notes.push_back(
        llvm::formatv("using the {0} candidate(s) of the input (no sampling)", numCandidates));
  if (!numUnverified && !numUntimed) {
    plan.notes.push_back("kb-verify, kb-time: every candidate the strategy needs already "
                         "carries its verdict and timing; using them");
    return plan;
  }

  std::string need = llvm::formatv(
      "{0} candidate(s) need verification and {1} need timing for '{2}'; both run on a GPU "
      "through kopt-runner (kb-verify, kb-time)",
      numUnverified, numUntimed, strategy.name());
  auto stop = [&](const llvm::Twine &why) {
    plan.stopReason = (need + ". " + why + " Stopping before verification.").str();
    return plan;
  };
  if (numWithoutPtx)
    return stop(llvm::formatv("{0} of them have no PTX and launch plan (run kb-lower-to-ptx "
                              "first).",
                              numWithoutPtx));
  llvm::Expected<std::vector<std::string>> pool =
      runner::poolCommands(options.runner, options.runners);
  if (!pool)
    return stop("This needs a GPU, and " + llvm::toString(pool.takeError()) + ".");
  // Every runner of the pool is started and asked for its device, so that a missing GPU is found
  // before any work.
  for (const std::string &option : *pool) {
    llvm::Expected<std::string> command = runner::resolveRunnerCommand(option);
    if (!command)
      return stop("This needs a GPU, and " + llvm::toString(command.takeError()) + ".");
    runner::RunnerLease runner = runner::acquireRunner(*command);
    llvm::Expected<runner::DeviceInfo> device = runner->hello(options.timeout);
    if (!device)
      return stop("This needs a GPU, and " + llvm::toString(device.takeError()) +
                  "; point --runner=CMD or KOPT_RUNNER at a working kopt-runner.");
    if (device->kind != "cuda")
      return stop(llvm::formatv("This needs a GPU, and kopt-runner '{0}' has none (device "
                                "'{1}', kind '{2}'); point --runner=CMD or KOPT_RUNNER at a "
                                "kopt-runner next to a GPU (e.g. --runner='ssh gpu1 "
                                "kopt-runner').",
                                *command, device->name, device->kind));
    plan.notes.push_back(llvm::formatv("kb-verify, kb-time: on {0} through kopt-runner '{1}'",
                                       device->name, *command));
  }
  return plan;
}

void kopt::registerDefaultPipeline() {
  PassPipelineRegistration<DefaultPipelineOptions>(
      "kb-default-pipeline",
      "kopt's default pipeline: sample, lower, tag, verify, time, select (the stages this build "
      "has)",
      buildDefaultPipeline);
}
