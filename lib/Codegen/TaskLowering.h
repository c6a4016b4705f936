//===- TaskLowering.h - which families lower a task -------------*- C++ -*-===//
//
// Private to KoptCodegen: finding a task's lowering (the registered family that takes its
// payload, else a chain of families over the payload cut into stages) and lowering one of its
// candidates with it.
//
//===----------------------------------------------------------------------===//
#ifndef KOPT_LIB_CODEGEN_TASKLOWERING_H
#define KOPT_LIB_CODEGEN_TASKLOWERING_H

#include "Chain.h"
#include "kopt/Codegen/Family.h"

#include <string>
#include <vector>

namespace kopt::codegen {

/// How a task's candidates are built: by the family that takes its payload, else by a chain of
/// families, one per stage of the payload cut at intermediates (Chain.h); or by either, as the
/// candidate's decisions choose, where the family takes the payload and offers it unfused.
struct TaskLowering {
  const ScheduleSpace *space = nullptr;
  const Family *family = nullptr; // the payload's, when one takes it whole
  ChainCut chain;                 // stageFamilies is empty when there is no chain
  std::vector<const Family *> stageFamilies;
};

/// A PTX identifier for the task's kernel: letters, digits and '_', not starting with a digit.
std::string kernelName(llvm::StringRef task);

/// The task's lowering, its payload prepared as `name`. If no family takes the payload and no
/// cut into stages is taken stage by stage, failure, with the diagnostics of the family expected
/// to take the whole payload (explainingFamily).
mlir::FailureOr<TaskLowering> lowerTaskOf(kb::TaskOp task, llvm::StringRef name);

/// One candidate of a task whose lowering is known; errors are diagnostics on the task's context.
mlir::FailureOr<Kernel> lowerCandidate(kb::TaskOp task, const TaskLowering &lowering,
                                       const DecisionList &decisions, const Target &target);

} // namespace kopt::codegen

#endif // KOPT_LIB_CODEGEN_TASKLOWERING_H
