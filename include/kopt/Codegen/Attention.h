//===- Attention.h - the fused attention family -----------------*- C++ -*-===//
//
// Scaled dot-product attention, out = softmax(Q K^T * scale, over the keys) V, read from the
// prepared payload on tensors: a contraction of Q and K over the head dim into a fill of 0 (the
// scores), an optional elementwise scale by a constant, the decomposed softmax along the key axis
// (a max reduction, exp(x - max), a sum reduction) and a contraction of the exponentials with V
// over the keys into a fill of 0, divided by the sum (fused into it, as preparePayload leaves it).
// Q, K, V and out are task buffers laid out [batch..., rows, head dim] (K and V: [batch..., keys,
// head dim]); the leading dimensions are one batch axis to the kernel.
//
// The kernel is built directly as one gpu.launch, flash-attention style, in f32 on CUDA cores
// (no TF32: KernelBench's 1e-4 tolerance): a block owns block_q query rows of one batch entry and
// head_split-th of the output columns. It walks the keys in tiles of block_kv: the score tile
// (block_q x block_kv, thread_q x thread_kv per thread, in registers) accumulates over the head
// dim from Q and K chunks staged in shared memory; the lanes of a row group combine the row's
// running max and sum with warp shuffles (online softmax), rescale their output accumulators by
// exp(old max - new max), and write the tile's exponentials to shared memory; then the tile's V
// rows, staged in shared memory a few at a time, are multiplied into the accumulators
// (thread_q rows x the lane's columns). The scores never reach global memory; each output
// element is stored once, divided by its row's sum.
//
//===----------------------------------------------------------------------===//
#ifndef KOPT_CODEGEN_ATTENTION_H
#define KOPT_CODEGEN_ATTENTION_H

#include "kopt/Codegen/ScheduleSpace.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Support/LLVM.h"
#include "llvm/ADT/ArrayRef.h"

#include <cstdint>

namespace kopt::codegen {

/// What an attention payload is.
struct AttentionInfo {
  unsigned q = 0, k = 0, v = 0, out = 0; // argument numbers of the task buffers
  int64_t batch = 1;                     // product of the leading dimensions
  int64_t rows = 1, keys = 1;            // query rows, keys (and V rows)
  int64_t headDim = 1, valueDim = 1;     // E (of Q and K) and that of V and out
  /// The scores are multiplied by `scale`, or divided by it when `divides`.
  double scale = 1.0;
  bool divides = false;
};

/// Checks that the prepared payload `func` (on tensors) is in the family, emitting a located
/// error ("not in the attention family: ...") saying why not otherwise.
mlir::FailureOr<AttentionInfo> analyzeAttention(mlir::func::FuncOp func);

/// Whether `func` multiplies and accumulates twice (two linalg ops whose body ends in
/// acc + x * y): a payload the attention family is the one to explain when no family takes it.
bool hasTwoProducts(mlir::func::FuncOp func);

/// The kernel's shape, from the schedule and the payload (the fallbacks of attentionSpace()).
struct AttentionGeometry {
  int64_t blockQ, blockKV, chunkE; // query rows, keys per tile, head-dim chunk of Q and K
  int64_t threadQ, threadKV;       // a thread's rows and keys of the score tile
  int64_t lanes;                   // threads of one row group: blockKV / threadKV
  int64_t threads;                 // (blockQ / threadQ) x lanes
  int64_t headSplit, columns;      // blocks per query tile, output columns of each
  int64_t vectorQK, vectorV;       // access widths along E (Q, K) and along columns (V, out)
  int64_t vRows;                   // V rows staged in shared memory at a time
  int64_t sharedBytes;
  int64_t grid;
};
AttentionGeometry planAttention(const AttentionSchedule &schedule, const AttentionInfo &info);

/// A new module holding `func.func @<func's name>` on the task's buffers whose body is the
/// kernel's gpu.launch, to be outlined as `func`'s name.
mlir::OwningOpRef<mlir::ModuleOp> buildAttentionKernel(mlir::func::FuncOp func,
                                                      const AttentionInfo &info,
                                                      const AttentionGeometry &geometry);

} // namespace kopt::codegen

#endif // KOPT_CODEGEN_ATTENTION_H
