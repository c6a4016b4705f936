//===- GlobalReduction.h - the global-reduction family ----------*- C++ -*-===//
//
// Reductions of every element of a tensor into rank-0 results: losses (MSE, Huber, KL
// divergence, hinge: preparing the payload fuses their elementwise terms into the reduction's
// body), sums and norms. Read from the prepared payload on tensors:
//
//   fill(s) -> the reduction (only reduction iterators, rank-0 accumulators combined by
//   commutative ops; inputs are task buffers read in order or broadcast along leading
//   dimensions, or scalars) -> an optional epilogue on its rank-0 results (a mean's division)
//   -> an optional elementwise op over a tensor that reads them (x / norm) -> the task's outputs.
//
// Kernels, in launch order (built directly as gpu.launch ops, as the reduction family's):
//  1. `<name>_partials`: blocks_per_sm x SMs blocks (fewer when there is less work); each thread
//     folds every (grid x block)-th chunk of `vector` elements with the reduction's body, with
//     `unroll` chunks loaded before they are folded; warp shuffles, then shared memory across a
//     block's warps, combine its partials, and thread 0 writes the block's into scratch.
//  2. `<name>_total`: one block folds those partials in a fixed order (no atomics: every run
//     gives the same result), adds the fills, applies the epilogue and writes the rank-0 outputs
//     and, into scratch, the values the third kernel reads.
//  3. `<name>_apply`, with an elementwise op over a tensor: a grid-stride elementwise kernel.
//
// With `atomic` (f32 sums whose outputs are linear in them, no elementwise op after), a
// one-thread `<name>_zero` zeroes the rank-0 outputs, and thread 0 of each block of
// `<name>_partials` adds its partial through the epilogue into them with a float atomic: no
// second kernel, no scratch, and a summation order that is not fixed.
//
//===----------------------------------------------------------------------===//
#ifndef KOPT_CODEGEN_GLOBALREDUCTION_H
#define KOPT_CODEGEN_GLOBALREDUCTION_H

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

/// How a kernel reads one input of a payload op, at each element of the op's iteration space.
struct GlobalRead {
  enum Kind {
    /// A task buffer (a function argument, through reshapes): element L of the iteration space,
    /// row-major, reads its element L mod `period` (the buffer is broadcast along the leading
    /// dimensions when period < the iteration space).
    Buffer,
    /// A scalar: a constant or a scalar input.
    Scalar,
    /// A rank-0 result of the reduction or of its epilogue.
    Result,
  };
  Kind kind;
  mlir::Value value;
  int64_t period = 0;
};

/// One elementwise sweep over a static iteration space: the reduction's, or the final op's.
struct GlobalSweep {
  mlir::linalg::GenericOp op;
  llvm::SmallVector<int64_t> domain;
  int64_t numElements = 1;
  llvm::SmallVector<GlobalRead> inputs; // per input of `op`
  int64_t maxVector = 4;                // 1 when an element read is not byte-sized
};

/// What a global-reduction payload admits.
struct GlobalReductionInfo {
  GlobalSweep reduction;
  /// Per accumulator: the value its fill writes (a constant or an argument), and the body op
  /// combining it (a commutative op with a neutral element).
  llvm::SmallVector<mlir::Value> fills;
  llvm::SmallVector<mlir::Operation *> monoidOps;
  /// The elementwise op on the reduction's rank-0 results, if any.
  mlir::linalg::GenericOp epilogue;
  /// The elementwise op over a tensor that reads rank-0 results, if any.
  std::optional<GlobalSweep> apply;
  /// Per function result: the value stored there, a result of the reduction, the epilogue or
  /// the final elementwise op.
  llvm::SmallVector<mlir::Value> stored;
  /// Whether blocks may add their partials into the outputs with float atomics: f32 sums from
  /// zero, outputs linear in them (sumsLinearly), no elementwise op after.
  bool atomicCapable = false;
};

/// Checks that the prepared payload `func` (on tensors) is in the family, emitting a located
/// error saying why not otherwise.
mlir::FailureOr<GlobalReductionInfo> analyzeGlobalReduction(mlir::func::FuncOp func);

/// The grid of one sweep: `vector` elements per chunk, `grid` blocks of `block` threads.
struct GlobalSweepGeometry {
  int64_t vector; // the largest power of two <= the schedule's dividing every extent read
  int64_t chunks; // elements / vector
  int64_t grid;   // blocks_per_sm x SMs, at most one block per `block` chunks
};

/// The kernels' shapes, from the schedule and the payload (the fallbacks of
/// globalReductionSpace()).
struct GlobalReductionGeometry {
  int64_t block, unroll;
  GlobalSweepGeometry reduction;
  std::optional<GlobalSweepGeometry> apply;
  int64_t totalBlock; // threads of the second kernel: a power of two in [32, 1024]
  bool atomic;        // the first kernel adds into the outputs with float atomics; no second
};
GlobalReductionGeometry planGlobalReduction(const GlobalReductionSchedule &schedule,
                                            const GlobalReductionInfo &info, int64_t numSMs);

/// A new module holding `func.func @<func's name>` on the task's buffers (memrefs; scalars
/// stay), then its scratch buffers (see compileLaunches), whose body is the kernels' launches.
mlir::OwningOpRef<mlir::ModuleOp>
buildGlobalReductionKernels(mlir::func::FuncOp func, const GlobalReductionInfo &info,
                            const GlobalReductionGeometry &geometry);

} // namespace kopt::codegen

#endif // KOPT_CODEGEN_GLOBALREDUCTION_H
