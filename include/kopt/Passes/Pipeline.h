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
#include "mlir/Pass/PassOptions.h"

#include <string>
#include <vector>

namespace kopt {

/// The default pipeline's options, declared once: `kb-default-pipeline{...}` parses them, and
/// `kopt --select` sets them from its flags.
struct DefaultPipelineOptions : mlir::PassPipelineOptions<DefaultPipelineOptions> {
  // Checked by kb-select, which reports it located.
  Option<std::string> strategy{*this, "strategy", llvm::cl::desc("selection strategy"),
                               llvm::cl::init("surprise-top3")};
  Option<uint64_t> seed{*this, "seed", llvm::cl::desc("seed of random choices"),
                        llvm::cl::init(0)};
  Option<std::string> runner{
      *this, "runner",
      llvm::cl::desc("shell command that starts kopt-runner (empty: look for one)")};
  Option<int64_t> runners{
      *this, "runners",
      llvm::cl::desc("runners in the pool, one per GPU (runner is then a template with {gpu})"),
      llvm::cl::init(1)};
  Option<std::string> cache{
      *this, "cache",
      llvm::cl::desc("result cache file (empty: the default one; none: no cache)")};
  Option<double> timeout{*this, "timeout", llvm::cl::desc("seconds to wait for each reply"),
                         llvm::cl::init(kDefaultTimeoutSeconds)};
  Option<std::string> chip{*this, "chip", llvm::cl::desc("the GPU kb-lower-to-ptx compiles for"),
                           llvm::cl::init("sm_90")};
  Option<std::string> tolerance{
      *this, "tolerance",
      llvm::cl::desc("a kb-set-tolerance preset for every task (empty: the tasks' own)")};
  Option<unsigned> samples{*this, "samples",
                           llvm::cl::desc("candidates drawn for a task without any (0: none)"),
                           llvm::cl::init(64)};
  Option<std::string> policy{*this, "policy",
                             llvm::cl::desc("what they are drawn from: base, uniform or a file"),
                             llvm::cl::init("base")};
  Option<std::string> costModel{
      *this, "cost-model",
      llvm::cl::desc("a cost model file: kb-predict marks every candidate (the model strategies "
                     "rank by it)")};
};

/// The stages that run on any machine: kb-set-tolerance (with a preset), kb-sample (for tasks
/// without candidates), kb-lower-to-ptx, kb-tag-features, kb-predict (with a cost model).
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

/// Registers `kb-default-pipeline{strategy=... seed=... ...}` with DefaultPipelineOptions.
void registerDefaultPipeline();

} // namespace kopt

#endif // KOPT_PASSES_PIPELINE_H
