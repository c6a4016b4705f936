//===- Elementwise.h - the elementwise family -------------------*- C++ -*-===//
//
// A linalg op with only parallel iterators (after named ops are generalized and producers fused),
// static shapes and projected-permutation indexing maps: unary and binary maps, scalar and
// broadcast operands, any rank. Its kernel is built directly as a gpu.launch (the transform
// dialect's tiling cannot express grid-stride loops, a block-strided per-thread layout or the
// vector fallbacks below):
//
//   one vector = `vector` consecutive elements; a block handles block x per_thread vectors per
//   step, its threads' accesses a block apart (coalesced); one step per block (one-shot grid), or
//   a grid of blocks_per_sm x SMs blocks looping over the steps (grid-stride).
//
//===----------------------------------------------------------------------===//
#ifndef KOPT_CODEGEN_ELEMENTWISE_H
#define KOPT_CODEGEN_ELEMENTWISE_H

#include "kopt/Codegen/ScheduleSpace.h"

#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <cstdint>

namespace kopt::codegen {

/// How a kernel reaches one operand of the op, given the element it computes.
enum class OperandAccess {
  Flat,       // same shape as the iteration space, identity map: the element's linear index
  Scalar,     // a scalar or a rank-0 buffer: loaded once
  Contiguous, // the innermost loop is the operand's innermost dimension: vectors are contiguous
  Invariant,  // independent of the innermost loop: one element per vector (broadcast)
  Gather,     // anything else (a transposed operand): element by element
};

/// What an elementwise op admits.
struct ElementwiseInfo {
  llvm::SmallVector<int64_t> domain; // static iteration space
  int64_t numElements = 1;
  bool flat = false;                 // every operand is Flat or Scalar: one linear index suffices
  int64_t maxVector = 1;             // widest vector (1, 2 or 4) every access and the body admit
  llvm::SmallVector<OperandAccess> access;  // per operand, inputs then outputs
};

/// Checks that `op` is in the family, emitting a located error saying why not otherwise.
mlir::FailureOr<ElementwiseInfo> analyzeElementwise(mlir::linalg::GenericOp op);

/// The kernel's shape, from the schedule and the payload.
struct ElementwiseGeometry {
  int64_t vector;     // min(schedule.vector, info.maxVector)
  int64_t numVectors; // elements / vector
  int64_t block, perThread;
  int64_t grid;
  bool gridStride;    // also forced when a one-shot grid would exceed 2^31 - 1 blocks
  bool guarded;       // the last step is partial: accesses check their bounds
};
ElementwiseGeometry planElementwise(const ElementwiseSchedule &schedule,
                                    const ElementwiseInfo &info, int64_t numSMs);

/// Replaces `op` (on buffers) with a gpu.launch computing it, whose kernel will be outlined as
/// `kernelName`.
void buildElementwiseKernel(mlir::linalg::GenericOp op, const ElementwiseInfo &info,
                            const ElementwiseGeometry &geometry, llvm::StringRef kernelName);

} // namespace kopt::codegen

#endif // KOPT_CODEGEN_ELEMENTWISE_H
