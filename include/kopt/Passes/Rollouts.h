//===- Rollouts.h - policy candidates drawn, measured and learnt from -*- C++ -*-===//
//
// What kb-sample, kb-ttt and kb-train share: a drawn decision list as a `kb.candidate`, and the
// reward callback of the learning loops (kopt/Learn/Train.h): a round of rollouts as candidates in
// a scratch module nested in the pass's module, measured there by a dynamic pipeline
// (kb-lower-to-ptx, kb-verify, kb-time on the GPU, or kb-recorded-rewards from a table), and read
// back as speedups.
//
//===----------------------------------------------------------------------===//
#ifndef KOPT_PASSES_ROLLOUTS_H
#define KOPT_PASSES_ROLLOUTS_H

#include "kb/KbOps.h"
#include "kopt/Codegen/Lower.h"
#include "kopt/Codegen/ScheduleSpace.h"
#include "kopt/Learn/Train.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"

#include <string>
#include <vector>

namespace kopt {

/// The candidate `@name` of `task` for a drawn decision list, with its decisions and log-prob
/// statistics, created at the builder's insertion point.
kb::CandidateOp createPolicyCandidate(mlir::OpBuilder &builder, kb::TaskOp task,
                                      llvm::StringRef name, const codegen::ScheduleSpace &space,
                                      const learn::PolicySample &drawn);

/// The policy `path` names: a policy file, `base` (the shipped one), or `uniform` or empty (the
/// uniform prior); failure after an error on `module`.
mlir::FailureOr<learn::Policy> loadPolicy(mlir::ModuleOp module, llvm::StringRef path);

/// The schedule space of each task (kopt/Codegen/Lower.h), or the reason it has none.
std::vector<codegen::SpaceResult> spacesOf(mlir::MLIRContext *context,
                                           llvm::ArrayRef<kb::TaskOp> tasks);

/// The index in its domain of each decision's value of a policy candidate (defaults for the
/// decisions it leaves out), or an error when its decisions are not of `space`.
llvm::Expected<std::vector<size_t>> valueIndicesOf(kb::CandidateOp candidate,
                                                   const codegen::ScheduleSpace &space);

/// Where the rewards of rollouts come from: the options kb-ttt and kb-train share.
struct RewardSource {
  std::string table;   // a measurements file (kb-recorded-rewards); empty: kopt-runner
  std::string runner;  // kb-verify and kb-time's options
  int64_t runners = 1;
  std::string cache;
  std::string chip = "sm_90";
  int64_t trials = 0;  // 0: the passes' defaults, as for the others
  double maxSeconds = 0, target = 0;

  /// The pipeline that measures every unmeasured candidate of a module.
  void buildPipeline(mlir::OpPassManager &pm) const;
  /// Reads the table, if any, so that a bad one is one error at `module` (naming `pass`) before
  /// anything is drawn or learnt, rather than a failure of every step's pipeline.
  mlir::LogicalResult check(mlir::ModuleOp module, llvm::StringRef pass) const;
  /// What that pipeline's passes load, for a pass that runs it.
  void getDependentDialects(mlir::DialectRegistry &registry) const;
};

/// A scratch `builtin.module` at the end of `parent` that measures rollouts: a clone of each task
/// of the round and its rollouts as candidates `@<task><infix><i>`. Erased with the round.
class RolloutRound {
public:
  RolloutRound(mlir::ModuleOp parent, llvm::StringRef infix);
  ~RolloutRound();
  RolloutRound(const RolloutRound &) = delete;
  RolloutRound &operator=(const RolloutRound &) = delete;

  /// The reward callback of the learning loops: adds each group's draws as candidates of its task
  /// (`ops` and `tasks` indexed alike by a group's `task`), runs the measuring pipeline on the
  /// round through `run`, and reads back each candidate's speedup (0 unless correct with a
  /// speedup). When the pipeline fails, a group some of whose candidates did not come back with
  /// what its reward needs is marked unmeasured, and so is the result.
  mlir::LogicalResult measure(llvm::MutableArrayRef<learn::RolloutGroup> groups,
                              llvm::ArrayRef<kb::TaskOp> ops,
                              llvm::ArrayRef<learn::LearningTask> tasks,
                              llvm::function_ref<mlir::LogicalResult(mlir::ModuleOp)> run);

  /// The candidates of each group, in the order measured.
  llvm::ArrayRef<llvm::SmallVector<kb::CandidateOp>> candidates() const { return groups; }

private:
  mlir::ModuleOp scratch;
  std::string infix;
  std::vector<llvm::SmallVector<kb::CandidateOp>> groups;
};

} // namespace kopt

#endif // KOPT_PASSES_ROLLOUTS_H
