//===- Family.h - op families and their registry ----------------*- C++ -*-===//
//
// An op family is what kb-lower-to-ptx needs to know of one kind of payload: its schedule space
// (Families.td), whether it takes a prepared payload, how it builds a candidate's kernels, and
// where it stands among the other families. Each family of Families.td registers itself from its
// own file, in register<CppName>Family(), which the registry calls before its first use; a
// family defined elsewhere (a test's) calls registerFamily itself. Lowering names no family: it
// offers a payload to registeredFamilies() in order.
//
//===----------------------------------------------------------------------===//
#ifndef KOPT_CODEGEN_FAMILY_H
#define KOPT_CODEGEN_FAMILY_H

#include "kopt/Codegen/Lower.h"
#include "kopt/Codegen/ScheduleSpace.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace kopt::codegen {

/// What a family's builder returns: a module holding the function `name` on the task's buffers
/// then its scratch, whose body is gpu.launch ops (see compileLaunches).
using BuiltKernels = mlir::FailureOr<mlir::OwningOpRef<mlir::ModuleOp>>;

struct Family {
  const ScheduleSpace *space;
  /// Payloads are offered to the families in increasing offerRank; the first whose analysis
  /// takes a payload owns the task. Specialised families come before general ones.
  unsigned offerRank;
  /// Succeeds when the family's kernel builder takes the prepared payload, else emits why not.
  /// May change the payload the way the family's lowering does.
  mlir::LogicalResult (*analyze)(mlir::ModuleOp module, mlir::func::FuncOp func);
  /// Builds the kernels of the decision values (in the space's table order) from `func`, the
  /// payload prepared in `module`.
  BuiltKernels (*build)(kb::TaskOp task, mlir::OwningOpRef<mlir::ModuleOp> module,
                        mlir::func::FuncOp func, llvm::ArrayRef<int64_t> values,
                        const Target &target);
  /// For a payload no family takes: whether this family's diagnostics say why (the payload
  /// looks like one of its own). Of the families whose predicate holds, the one of lowest
  /// explainRank explains. Null: never.
  bool (*explains)(mlir::func::FuncOp func);
  unsigned explainRank;
  /// Empty, or the family's boolean decision whose true builds the payload another way, so that
  /// the space, not the family, decides where the family's own kernel loses (chainSpace): as the
  /// chain of other families' stages it also is (attention: two matmuls and a softmax; matmul:
  /// a depthwise convolution, then the pointwise one its fused kernel computes), or,
  /// where it is no chain, whole by the next family that takes it, a chain of one stage (a
  /// convolution: the window family's direct kernel beside the matmul family's implicit GEMM).
  llvm::StringRef alternativeDecision = {};
};

/// Adds `family` to the registry. Register before lowering starts: the registry is read without
/// a lock.
void registerFamily(const Family &family);

/// Family::analyze of a family that analyses the prepared payload as it is, on tensors:
/// `analyzeFn(func)` returns the family's FailureOr<Info>.
template <auto analyzeFn>
mlir::LogicalResult analyzeOnTensors(mlir::ModuleOp, mlir::func::FuncOp func) {
  return mlir::failure(mlir::failed(analyzeFn(func)));
}

/// The registered families in increasing offerRank (registration order among equal ranks),
/// those of Families.td included.
llvm::ArrayRef<const Family *> registeredFamilies();

/// The family whose diagnostics explain why no family takes `func`, or null if none does.
const Family *explainingFamily(mlir::func::FuncOp func);

// The registration of each family of Families.td, defined in the family's own file.
#define KOPT_FAMILY(CppName) void register##CppName##Family();
#include "kopt/Codegen/Families.inc"

} // namespace kopt::codegen

#endif // KOPT_CODEGEN_FAMILY_H
