//===- ReductionParts.h - pieces shared by the reducing families -*- C++ -*-===//
//
// Private to KoptCodegen: matching a prepared payload's fills, reshapes and reduction bodies,
// and a warp shuffle of any 8- to 64-bit scalar. Used by the reduction and normalization
// families.
//
//===----------------------------------------------------------------------===//
#ifndef KOPT_LIB_CODEGEN_REDUCTIONPARTS_H
#define KOPT_LIB_CODEGEN_REDUCTIONPARTS_H

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/Builders.h"
#include "llvm/ADT/SetVector.h"

#include <optional>

namespace kopt::codegen {

/// Reshapes keep the row-major order of elements: a value read through them is read at the same
/// linear index. The value under any reshapes.
mlir::Value throughReshapes(mlir::Value value);

/// A value the kernel can rebuild: a constant, or an argument of the payload's function (a task
/// buffer or a scalar input, which becomes a kernel parameter).
bool isMaterializable(mlir::Value value);

/// The value a fill writes into `init`: `init` is (through reshapes) the result of a linalg.fill,
/// or of a linalg op with one output and parallel iterators whose body yields a value from
/// outside it or a scalar input (a generalized linalg.fill).
std::optional<mlir::Value> fillValue(mlir::Value init);

/// The arguments of `body` and the linalg.index ops `value` depends on inside it.
void collectSources(mlir::Value value, mlir::Block *body, llvm::SetVector<mlir::Value> &sources);

/// Whether `value` is defined outside the region that holds `block`.
bool isOutside(mlir::Value value, mlir::Block *block);

/// Per accumulator of `op`, the body op that combines it, when every accumulator is
/// `acc = op(f(inputs), acc)` with a commutative op that has a neutral element; else emits why
/// not ("cannot derive a parallel combiner ...").
mlir::LogicalResult deriveMonoidOps(mlir::linalg::GenericOp op,
                                    llvm::SmallVectorImpl<mlir::Operation *> &ops);

/// `value` from the lane `offset` away (xor) among `width` lanes. gpu.shuffle takes 32- and
/// 64-bit values; narrower ones travel as i32.
mlir::Value shuffleXor(mlir::OpBuilder &b, mlir::Location loc, mlir::Value value,
                       int64_t offset, int64_t width);

} // namespace kopt::codegen

#endif // KOPT_LIB_CODEGEN_REDUCTIONPARTS_H
