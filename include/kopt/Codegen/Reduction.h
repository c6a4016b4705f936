//===- Reduction.h - the axis-reduction family ------------------*- C++ -*-===//
//
// A linalg op reducing one axis of its iteration space (sum, mean, max, min, argmax, argmin, with
// or without keepdim), read from the prepared payload on tensors:
//
//   fill(s) -> the reduction (one reduction iterator, inputs that are task buffers as they are
//   stored, indexed by the identity or, one element per output, by the kept dimensions in order
//   (a row's max that a sum of exponentials subtracts); outputs indexed by the kept dimensions
//   in order) -> an optional
//   elementwise epilogue (mean's scale) -> reshapes -> the task's outputs.
//
// Its iteration space, seen row-major, is [outer, extent, inner]: outputs are outer x inner, each
// reducing `extent` elements `inner` apart. The kernel is built directly as one gpu.launch (the
// transform dialect has no shuffle- or shared-memory-combine schedule for it): a group of
// threads per output (or per `vector` adjacent outputs when the axis is not innermost) takes
// every n-th chunk of the axis, folding it with the payload's body in index order; the group's
// partials then combine with a combiner derived from that body, through warp shuffles or a
// shared-memory tree (workgroup attributions); the first thread finishes from the fill value,
// applies the epilogue and stores. With `split` > 1, `split` blocks share each group, each
// reducing an equal slice of the axis, and add their partials (through a linear epilogue) into
// the outputs with float atomics, after a first launch `<name>_zero` zeroes them.
//
//===----------------------------------------------------------------------===//
#ifndef KOPT_CODEGEN_REDUCTION_H
#define KOPT_CODEGEN_REDUCTION_H

#include "kopt/Codegen/ScheduleSpace.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>

namespace kopt::codegen {

/// How two partial results of the reduction combine.
enum class CombinerKind {
  /// Every accumulator is `acc = op(f(inputs), acc)` with a commutative op that has a neutral
  /// element (add, mul, max, min, and, or, xor): partials start from the neutral element and
  /// combine with the op; the fill value joins at the end.
  Monoid,
  /// A value and an index accumulator, `take = c(x, value); value = take ? x : value;
  /// index = take ? k : index` with x an input and k the reduced index (argmax, argmin): partials
  /// start from the fills and combine in index order, the later one offered to the body, so
  /// ties and NaNs resolve as the payload's sequential order says.
  ArgSelect,
};

/// What a reduction payload admits.
struct ReductionInfo {
  mlir::linalg::GenericOp reduction;
  unsigned reducedDim = 0;
  llvm::SmallVector<int64_t> domain; // static iteration space
  int64_t outer = 1, extent = 1, inner = 1;
  /// Per input of the reduction: the function argument it reads (a buffer read row-major over
  /// the domain, through reshapes), or a scalar.
  llvm::SmallVector<mlir::Value> inputs;
  /// Per input: whether it is read by the kept dimensions, one element per output (a row's
  /// statistic), rather than over the whole domain.
  llvm::SmallVector<bool> perOutput;
  /// Per accumulator: the value its fill writes (defined outside the op: a constant or an
  /// argument).
  llvm::SmallVector<mlir::Value> fills;
  CombinerKind combiner = CombinerKind::Monoid;
  /// Monoid: per accumulator, the body op combining it.
  llvm::SmallVector<mlir::Operation *> monoidOps;
  /// ArgSelect: the accumulators' positions, the selected input and the condition.
  unsigned valueAcc = 0, indexAcc = 1;
  mlir::BlockArgument selectedInput;
  mlir::Value takeCondition;
  /// The elementwise op applied to the reduction's results, if any.
  mlir::linalg::GenericOp epilogue;
  /// Per function result: the value stored there, a result of the reduction or the epilogue,
  /// at the output's row-major index (outer x inner).
  llvm::SmallVector<mlir::Value> stored;
  int64_t maxVector = 4; // 1 when an input element is not byte-sized
  /// Whether blocks may split the axis and add their partials into the outputs with float
  /// atomics: an f32 sum from zero whose outputs are linear in it (sumsLinearly).
  bool splittable = false;
};

/// Checks that the prepared payload `func` (on tensors) is in the family, emitting a located
/// error saying why not otherwise.
mlir::FailureOr<ReductionInfo> analyzeReduction(mlir::func::FuncOp func);

/// The kernel's shape, from the schedule and the payload (the fallbacks of reductionSpace()).
struct ReductionGeometry {
  bool innermost;        // the reduced axis is the contiguous one (inner == 1)
  int64_t vector;        // elements per load
  int64_t lanes;         // threads per output group
  int64_t groupsPerBlock;
  int64_t unroll;
  bool shuffle;          // lanes combine with warp shuffles
  int64_t numGroups;     // output groups: rows (innermost), or runs of `vector` outputs
  int64_t split;         // blocks per group, each reducing 1 / split of the axis (atomics if > 1)
  int64_t numBlocks;     // groups / groupsPerBlock, rounded up, times split
  int64_t grid;          // blocks launched; they loop over numBlocks when fewer
  int64_t blockX, blockY; // innermost: (lanes, groups); else (groups, lanes)
};
ReductionGeometry planReduction(const ReductionSchedule &schedule, const ReductionInfo &info);

/// A new module holding `func.func @<func's name>` on the task's buffers (memrefs; scalars stay)
/// whose body is the kernel's gpu.launch, to be outlined as `func`'s name.
mlir::OwningOpRef<mlir::ModuleOp> buildReductionKernel(mlir::func::FuncOp func,
                                                      const ReductionInfo &info,
                                                      const ReductionGeometry &geometry);

} // namespace kopt::codegen

#endif // KOPT_CODEGEN_REDUCTION_H
