//===- Scan.h - the scan (cumulative op) family -----------------*- C++ -*-===//
//
// A scan along one axis (cumsum, cumprod, reverse and exclusive ones, a cumsum of x * mask), read
// from the prepared payload on tensors. The payload is the sequential definition itself:
//
//   acc = fill(init)
//   scf.for k = 0 to extent step 1 iter_args(acc, out = the task's output) {
//     j = k (forward) or extent - 1 - k (reverse)
//     slices = tensor.extract_slice of the task's inputs at j along the axis
//     next = linalg.generic (parallel, identity maps) ins(slices, scalars) outs(acc):
//              yield combine(acc, f(inputs))
//     out = tensor.insert_slice next (inclusive) or acc (exclusive) into out at j
//     yield next, out
//   }
//
// with `combine` an associative arith op (add, mul, max, min, and, or, xor; floats included,
// whose rounding then depends on the order of evaluation) and f anything elementwise. Each
// "row" (a line of the buffer along the axis) is scanned independently.
//
// The kernel is built directly as one gpu.launch: a block (or a warp) per row walks the row in
// chunks of threads x items_per_thread elements; each thread scans its items in registers, the
// threads' totals are scanned with warp shuffles (shfl.sync.up), the warps' totals through shared
// memory by the first warp, and each thread then adds its prefix and the carry of the previous
// chunks (a register of every thread) and stores. Reverse scans map logical positions to
// extent - 1 - j; exclusive scans store the prefix before each item instead of after it.
//
//===----------------------------------------------------------------------===//
#ifndef KOPT_CODEGEN_SCAN_H
#define KOPT_CODEGEN_SCAN_H

#include "kopt/Codegen/ScheduleSpace.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>

namespace kopt::codegen {

/// What a scan payload admits.
struct ScanInfo {
  mlir::scf::ForOp loop;
  /// The linalg.generic of the loop that combines the accumulator with the inputs at j.
  mlir::linalg::GenericOp step;
  /// The associative op of the step's body: combine(acc, value).
  mlir::Operation *combiner = nullptr;
  /// Which operand of `combiner` is the accumulator: the earlier side of the combination.
  unsigned accOperand = 0;
  /// The value the accumulator's fill writes (a constant or a scalar input).
  mlir::Value init;
  /// Per input of `step`: the function argument its slice is taken from, or the scalar.
  llvm::SmallVector<mlir::Value> inputs;
  /// The function argument the scan is stored into.
  mlir::Value output;
  bool reverse = false;   // j = extent - 1 - k
  bool exclusive = false; // stores the accumulator before combining position j
  unsigned axis = 0;
  /// The scanned buffers' shape seen row-major as [outer, extent, inner]: rows = outer x inner,
  /// each of `extent` elements `inner` apart.
  int64_t outer = 1, extent = 1, inner = 1;

  int64_t rows() const { return outer * inner; }
};

/// Checks that the prepared payload `func` (on tensors) is in the family, emitting a located
/// error saying why not otherwise.
mlir::FailureOr<ScanInfo> analyzeScan(mlir::func::FuncOp func);

/// The kernel's shape, from the schedule and the payload (the fallbacks of scanSpace()).
struct ScanGeometry {
  int64_t rowThreads;   // threads scanning one row together: a warp, or the whole block
  int64_t rowsPerBlock; // block threads / rowThreads
  int64_t blockThreads;
  int64_t itemsPerThread; // consecutive elements a thread scans in registers per chunk
  int64_t vector;         // elements per load and store, dividing itemsPerThread
  int64_t numBlocks;      // rows / rowsPerBlock, rounded up
  int64_t grid;           // blocks launched; they loop over numBlocks when fewer

  int64_t chunk() const { return rowThreads * itemsPerThread; }
  int64_t warpsPerRow() const { return rowThreads / 32; }
};
ScanGeometry planScan(const ScanSchedule &schedule, const ScanInfo &info);

/// A new module holding `func.func @<func's name>` on the task's buffers (memrefs; scalars stay)
/// whose body is the kernel's gpu.launch, to be outlined as `func`'s name.
mlir::OwningOpRef<mlir::ModuleOp> buildScanKernel(mlir::func::FuncOp func, const ScanInfo &info,
                                                  const ScanGeometry &geometry);

} // namespace kopt::codegen

#endif // KOPT_CODEGEN_SCAN_H
