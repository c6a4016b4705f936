//===- Pipeline.h - kopt's default pipeline ---------------------*- C++ -*-===//
//
// sample -> lower to PTX -> tag features -> verify -> time -> select. `kopt --select=S` runs it,
// skipping the stages whose results the input already holds and those this build or this machine
// cannot run, and says so. Verification and timing run when a kopt-runner with a GPU is at hand.
//
//===----------------------------------------------------------------------===//
#ifndef KOPT_PASSES_PIPELINE_H
#define KOPT_PASSES_PIPELINE_H

#include "kopt/Measure/Options.h"
#include "kopt/Select/Strategy.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"

#include <string>
#include <vector>

namespace kopt {

struct DefaultPipelineOptions {
  std::string strategy = "surprise-top3"; // checked by kb-select, which reports it located
  uint64_t seed = 0;
  std::string runner;  // command that starts kopt-runner; "" to look for one
  std::string cache;   // result cache file; "" for the default one, "none" for none
  double timeout = ::kopt::kDefaultTimeoutSeconds; // per reply
  std::string chip = "sm_90"; // what kb-lower-to-ptx compiles for
  std::string tolerance;      // a kb-set-tolerance preset; "" keeps the tasks' own
  unsigned samples = 64;      // kb-sample's draws for a task without candidates; 0: none
  std::string policy = "base"; // what kb-sample draws from
};

/// The stages that run on any machine: kb-set-tolerance (with a preset), kb-sample (for tasks
/// without candidates), kb-lower-to-ptx, kb-tag-features.
void buildCompilePipeline(mlir::OpPassManager &pm, const DefaultPipelineOptions &options);
/// The stages after them: kb-verify and kb-time (on a GPU, through kopt-runner), kb-select.
void buildMeasureAndSelectPipeline(mlir::OpPassManager &pm,
                                   const DefaultPipelineOptions &options);
/// Both, in order: the stages of the default pipeline that this build has.
void buildDefaultPipeline(mlir::OpPassManager &pm, const DefaultPipelineOptions &options);

/// What the measuring stages will do with `module` (after the compile stages) on this machine.
/// When candidates need
/// verification or timing, this finds the runner and starts it, to see that it has a GPU.
struct PipelinePlan {
  std::vector<std::string> notes; // one line each, for the user
  /// Set when selection cannot run here: what is missing and what would provide it.
  std::string stopReason;
};

PipelinePlan planDefaultPipeline(mlir::ModuleOp module, const select::Strategy &strategy,
                                 const DefaultPipelineOptions &options);

/// Registers `kb-default-pipeline{strategy=... seed=... runner=... cache=... timeout=...}`.
void registerDefaultPipeline();

} // namespace kopt

#endif // KOPT_PASSES_PIPELINE_H
