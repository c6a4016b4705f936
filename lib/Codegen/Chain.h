//===- Chain.h - payloads cut into stages of kernel families ----*- C++ -*-===//
//
// Private to KoptCodegen. A payload no family takes whole (row statistics feeding a global
// reduction), or one whose family offers it unfused (attention; matmul's depthwise convolution
// feeding a pointwise one, `direct`), may be a sequence of payloads each family takes. The cut
// is made after linalg ops with reduction loops and linalg.softmax (the anchors), the only
// ops whose results cannot be fused into their consumers by the families: every other op goes
// with the stage of the latest anchor it depends on, ops that depend on none (fills, pads,
// reshapes of inputs) are copied into each stage that uses them. Each stage is a kb.task of its
// own, so that the families analyse and build it unchanged; the chain's function then runs the
// stages' launches in order, the intermediates in scratch buffers.
//
//===----------------------------------------------------------------------===//
#ifndef KOPT_LIB_CODEGEN_CHAIN_H
#define KOPT_LIB_CODEGEN_CHAIN_H

#include "kb/KbOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

#include <string>
#include <vector>

namespace kopt::codegen {

/// One stage: a task whose buffers (inputs, then outputs) are buffers of the chain.
struct ChainStage {
  kb::TaskOp task;
  /// Per buffer of the stage, its index among the chain's buffers: the task's inputs and outputs,
  /// then the intermediates.
  std::vector<unsigned> buffers;
};

struct ChainCut {
  mlir::OwningOpRef<mlir::ModuleOp> holder; // the stage tasks
  std::vector<ChainStage> stages;
  std::vector<mlir::RankedTensorType> intermediates;
};

/// The name of stage `stage` of a chain named `name` (its task, function and kernels).
std::string stageName(llvm::StringRef name, size_t stage);

/// The ways to cut the task's payload into two or more stages, fewest stages first: each way
/// lists, per cut, the anchor it follows (by order among the payload's anchors).
std::vector<std::vector<unsigned>> chainCuts(kb::TaskOp task);

/// The stages of one way to cut the payload, or failure (no diagnostic) when it leaves a stage
/// without outputs or passes a rank-0 tensor between stages.
mlir::FailureOr<ChainCut> cutPayload(kb::TaskOp task, llvm::ArrayRef<unsigned> cutAfter);

/// The chain's function `name`(task buffers..., intermediates..., each stage's scratch...) in a
/// new module: the bodies of the stages' functions (each `stageFunctions[k]` taking its stage's
/// buffers then its scratch), in order, their launches outlined into one GPU module.
mlir::FailureOr<mlir::OwningOpRef<mlir::ModuleOp>>
mergeStages(kb::TaskOp task, const ChainCut &cut, llvm::ArrayRef<mlir::func::FuncOp> stageFunctions,
            llvm::StringRef name);

} // namespace kopt::codegen

#endif // KOPT_LIB_CODEGEN_CHAIN_H
