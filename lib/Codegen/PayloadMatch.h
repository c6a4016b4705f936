//===- PayloadMatch.h - what the families' payload analyses share -*- C++ -*-===//
//
// Private to KoptCodegen: matching a prepared payload on tensors for the families that build
// their kernels from it directly. Which values a kernel can rebuild, following values through
// reshapes to the task's buffers, the value a fill writes, which result an operand reads, and
// the parallel combiner of a reduction's accumulators.
//
//===----------------------------------------------------------------------===//
#ifndef KOPT_LIB_CODEGEN_PAYLOADMATCH_H
#define KOPT_LIB_CODEGEN_PAYLOADMATCH_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "llvm/ADT/SetVector.h"

#include <optional>

namespace kopt::codegen {

/// Reshapes keep the row-major order of elements: a value read through them is read at the same
/// linear index. Returns what `value` reshapes.
mlir::Value throughReshapes(mlir::Value value);

/// A value a kernel can rebuild: a constant, or an argument of the payload's function (a task
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

/// Every value the ops of `block` use from outside it can be rebuilt in the kernel; else an error
/// "not in the <family> family: the <what> uses a value computed outside it ...".
mlir::LogicalResult checkCapturedValues(mlir::Block *block, llvm::StringRef family,
                                        llvm::StringRef what);

/// Which result of `producer`, if any, `value` is (through reshapes).
std::optional<unsigned> resultOf(mlir::Operation *producer, mlir::Value value);

/// An elementwise op applied to the results of `producer` (a family's op with `numOutputs`
/// outputs): identity-indexed, reading only those results and scalars (and, where
/// `readsInputs`, task inputs through projected permutations: a bias), covering every output,
/// capturing only what a kernel can rebuild. Else an error "not in the <family> family: ...".
mlir::LogicalResult checkEpilogue(mlir::linalg::GenericOp epilogue, mlir::Operation *producer,
                                  int64_t numOutputs, llvm::StringRef family,
                                  bool readsInputs = false);

/// A payload of one reducing linalg.generic and at most one elementwise op after it, besides
/// fills, constants, empties, reshapes and the ops `alsoAllowed` takes (`allowedText` names
/// them for the message). Else an error "not in the <family> family: ...".
struct ReductionWithEpilogue {
  mlir::linalg::GenericOp reduction;
  mlir::linalg::GenericOp epilogue; // null when there is none
};
mlir::FailureOr<ReductionWithEpilogue>
matchReductionWithEpilogue(mlir::func::FuncOp func, llvm::StringRef family,
                           llvm::function_ref<bool(mlir::Operation *)> alsoAllowed,
                           llvm::StringRef allowedText);

/// Every output of `op` is indexed by `map` (`mapText` says how, for the message), holds integers
/// or floats and starts from a linalg.fill of a constant or scalar input, whose values go to
/// `fills` in order. Else an error "not in the <family> family: ...".
mlir::LogicalResult checkAccumulators(mlir::linalg::GenericOp op, mlir::AffineMap map,
                                      llvm::StringRef mapText, llvm::StringRef family,
                                      llvm::SmallVectorImpl<mlir::Value> &fills);

/// Per accumulator of `op`, the body op that combines it, `acc = op(f(inputs), acc)` with a
/// commutative op that has a neutral element (add, mul, max, min, and, or, xor): partial results
/// then start from the neutral element and combine with that op. Else an error saying why.
mlir::FailureOr<llvm::SmallVector<mlir::Operation *>>
deriveMonoidCombiners(mlir::linalg::GenericOp op);

/// Whether the reduction's outputs are sums of partial results that float atomics can add up:
/// every accumulator an f32 sum (arith.addf in `monoidOps`) from a fill of zero (`fills`), and
/// every value of `stored` an f32 result of `reduction`, or one of `epilogue` (may be null)
/// linear in those results: built from them by negation, addition, subtraction, and product
/// or quotient with values that do not depend on them (a mean's 1 / n). Such an output is the
/// sum of the epilogue applied to each partial.
bool sumsLinearly(mlir::linalg::GenericOp reduction, llvm::ArrayRef<mlir::Operation *> monoidOps,
                  llvm::ArrayRef<mlir::Value> fills, mlir::linalg::GenericOp epilogue,
                  llvm::ArrayRef<mlir::Value> stored);

/// The linalg ops of a payload that reduce: how many have a reduction iterator, and whether one
/// reduces all its dimensions. What tells the reducing families' payloads apart.
struct Reductions {
  int count = 0;
  bool reducesAll = false;
};
Reductions reductionsOf(mlir::func::FuncOp func);

} // namespace kopt::codegen

#endif // KOPT_LIB_CODEGEN_PAYLOADMATCH_H
