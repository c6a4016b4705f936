//===- Normalization.h - the normalization family ---------------*- C++ -*-===//
//
// Statistics of groups of elements followed by an elementwise op that reads the input again
// with them (softmax, log-softmax, layer/batch/instance/group/RMS/L1/L2 norm), read from the
// prepared payload on tensors:
//
//   fills -> reductions over the same axes of the same iteration space (the "full" domain),
//   possibly chained (the variance reads the mean) -> elementwise ops on their results (the
//   statistics, e.g. mean = sum / n) -> elementwise ops on the full domain reading task buffers
//   at every element, the statistics broadcast over the reduced axes, parameters (weight, bias)
//   indexed by some of the axes, and scalars: the last ones store the task's outputs, the others
//   (exp(x - max) of a decomposed softmax) are recomputed wherever they are read.
//
// A group is the set of elements with the same kept indices. Seen row-major, the domain is
// [keptOuter, reducedOuter, keptInner, reducedInner] (axes of extent 1 ignored; other
// interleavings are not in the family). The kernel is one gpu.launch built directly: the
// threads of a group fold their share of it into partial statistics, combine them (warp
// shuffles, then shared memory across warps; every thread ends with the result), and each
// writes its share of the outputs.
//
//===----------------------------------------------------------------------===//
#ifndef KOPT_CODEGEN_NORMALIZATION_H
#define KOPT_CODEGEN_NORMALIZATION_H

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

/// How one reduction of the chain folds when every statistic comes from one read.
struct OnlineForm {
  enum Kind {
    /// Its body reads no statistic: it folds as it is.
    Direct,
    /// `sum((v - m)^2)` with m a statistic: sums of v - c and (v - c)^2 around the group's
    /// first v, then B - 2 d A + n d^2 with d = m - c.
    CenteredSquares,
    /// `sum(exp(v - M))` with M the max of v (reduction `maxReduction`): the sum rescaled to the
    /// running max as it grows, then to M.
    RescaledExp,
    /// Reads a statistic in another way: needs a read after that statistic's.
    None,
  } kind = Direct;
  mlir::Value element;   // v, a value of the full domain (CenteredSquares, RescaledExp)
  mlir::Value statistic; // m or M
  unsigned maxReduction = 0;
};

/// What a normalization payload admits.
struct NormalizationInfo {
  llvm::SmallVector<int64_t> domain;   // the full iteration space
  llvm::SmallVector<bool> reducedDims; // per axis of the domain
  int64_t keptOuter = 1, reducedOuter = 1, keptInner = 1, reducedInner = 1;
  int64_t groupSize = 1, numGroups = 1;
  /// The chain, in payload order; per reduction its fill, its combining op and online form.
  llvm::SmallVector<mlir::linalg::GenericOp> reductions;
  llvm::SmallVector<mlir::Value> fills;
  llvm::SmallVector<mlir::Operation *> monoidOps;
  llvm::SmallVector<OnlineForm> online;
  /// Elementwise ops on the statistics (their domain is the kept axes), in payload order.
  llvm::SmallVector<mlir::linalg::GenericOp> statisticOps;
  /// Elementwise ops on the full domain, in payload order.
  llvm::SmallVector<mlir::linalg::GenericOp> fullOps;
  /// Per function result: the full op result stored there.
  llvm::SmallVector<mlir::Value> stored;
  int64_t maxVector = 4; // 1 when an element read or stored is not byte-sized
};

/// Checks that the prepared payload `func` (on tensors) is in the family, emitting a located
/// error ("not in the normalization family: ...") otherwise. A payload with one reduction whose
/// results no op of the full domain reads is the reduction family's.
mlir::FailureOr<NormalizationInfo> analyzeNormalization(mlir::func::FuncOp func);

/// The kernel's shape, from the schedule and the payload (the fallbacks of
/// normalizationSpace()).
struct NormalizationGeometry {
  bool strided;            // the last axis is kept: threadIdx.x runs along it
  int64_t vector;          // elements per load and store
  int64_t lanes;           // threads per group
  int64_t groupsPerThread; // 1, or `vector` adjacent groups (strided)
  int64_t slotsPerBlock;   // groups (or runs of `vector` groups) per block
  int64_t numSlots;        // groups, or runs of `vector` groups
  int64_t numBlocks, grid; // blocks needed, launched (they loop when fewer)
  int64_t blockX, blockY;  // (lanes, slots), strided: (slots, lanes)
  int64_t chunks;          // vectors of a group (strided: elements of a group)
  bool onePass;
  bool cached;             // a thread's share of the group stays in registers
  int64_t chainBlock;      // loop iterations folded from a fresh partial before it joins the
                           // thread's running one (0: one chain), bounding rounding error
};
NormalizationGeometry planNormalization(const NormalizationSchedule &schedule,
                                        const NormalizationInfo &info);

/// A new module holding `func.func @<func's name>` on the task's buffers whose body is the
/// kernel's gpu.launch, to be outlined as `func`'s name.
mlir::OwningOpRef<mlir::ModuleOp>
buildNormalizationKernel(mlir::func::FuncOp func, const NormalizationInfo &info,
                         const NormalizationGeometry &geometry);

} // namespace kopt::codegen

#endif // KOPT_CODEGEN_NORMALIZATION_H
