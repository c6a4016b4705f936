//===- Pipeline.h - kopt's default pipeline ---------------------*- C++ -*-===//
//
// sample -> lower to PTX -> tag features -> verify -> time -> select. `kopt --select=S` runs it,
// skipping the stages whose results the input already holds and those this build or this machine
// cannot run, and says so. Verification and timing run when a kopt-runner with a GPU is at hand.
//
//===----------------------------------------------------------------------===//
#ifndef KOPT_PASSES_PIPELINE_H
#define KOPT_PASSES_PIPELINE_H

#include "kopt/Runner/Messages.h"
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
  double timeout = ::kopt::runner::kDefaultTimeoutSeconds; // per reply
};

/// Adds the stages of the default pipeline that this build has to `pm`.
void buildDefaultPipeline(mlir::OpPassManager &pm, const DefaultPipelineOptions &options);

/// What the default pipeline will do with `module` on this machine. When candidates need
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
