//===- Pipeline.h - the stages of lowering a policy candidate ---*- C++ -*-===//
//
// Private to KoptCodegen: payload -> func on tensors -> func on buffers -> (a family builds its
// gpu.launch ops) -> outlined kernels -> NVVM -> PTX and the launch plan.
//
//===----------------------------------------------------------------------===//
#ifndef KOPT_LIB_CODEGEN_PIPELINE_H
#define KOPT_LIB_CODEGEN_PIPELINE_H

#include "kb/KbOps.h"
#include "kopt/Codegen/Lower.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

namespace kopt::codegen {

/// `func.func @name(inputs..., outputs...) -> (outputs...)` holding the task's payload, alone in a
/// new module, ready for a family to match: aggregate ops (linalg.softmax) are decomposed,
/// elementwise ops on tensors become linalg ops, named ops are generalized, producers fused into consumers, and every result is computed into its
/// output argument (destination-passing style) where its op does not read the destination.
mlir::FailureOr<mlir::OwningOpRef<mlir::ModuleOp>> preparePayload(kb::TaskOp task,
                                                                  llvm::StringRef name);

/// One-shot bufferization across function boundaries, identity layouts: the function's
/// arguments become the task's buffers.
mlir::LogicalResult bufferizePayload(mlir::ModuleOp module);

/// Bufferizes the prepared payload for a family that replaces the ops `keep` accepts: anything
/// else bufferization leaves (a copy, a temporary) would be work outside the kernel.
mlir::LogicalResult bufferizeForKernel(mlir::ModuleOp module, mlir::func::FuncOp func,
                                       llvm::function_ref<bool(mlir::Operation &)> keep);

/// Outlines the gpu.launch ops of `func` into kernels, lowers them to NVVM and compiles them to
/// PTX. `func`'s first arguments are the task's buffers, named `buffers`; any after them are
/// static memrefs that become the plan's scratch buffers (`scratch0`, ... of their byte sizes),
/// for data that passes from one launch to the next. Each launch's grid and block must be
/// constants, and its kernel's parameters arguments of `func`.
mlir::FailureOr<Kernel> compileLaunches(mlir::ModuleOp module, mlir::func::FuncOp func,
                                        llvm::ArrayRef<std::string> buffers,
                                        const Target &target);

} // namespace kopt::codegen

#endif // KOPT_LIB_CODEGEN_PIPELINE_H
