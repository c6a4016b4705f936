//===- Attention.h - the fused attention family -----------------*- C++ -*-===//
//
// Scaled dot-product attention, out = softmax(modifier(Q K^T), over the keys) V, read from the
// prepared payload on tensors: a contraction of Q and K over the head dim into a fill of 0 (the
// scores), an optional elementwise op on the scores alone (the modifier: a scale by a constant, a
// mask on the indices such as causal attention's, any pure function of the score, its indices and
// constants; the kernels apply its body to each score), the decomposed softmax along the key axis
// (a max reduction, exp(x - max), a sum reduction) and a contraction of the exponentials with V
// over the keys into a fill of 0, divided by the sum (fused into it, as preparePayload leaves it).
// Q, K, V and out are task buffers laid out [batch..., rows, head dim] (K and V: [batch..., keys,
// head dim]); the leading dimensions are one batch axis to the kernel.
//
// The kernel is built directly as one gpu.launch, flash-attention style. In f32 on CUDA cores
// (tf32 false, the default): a block owns block_q query rows of one batch entry and
// head_split-th of the output columns. It walks the keys in tiles of block_kv: the score tile
// (block_q x block_kv, thread_q x thread_kv per thread, in registers) accumulates over the head
// dim from Q and K chunks staged in shared memory; the lanes of a row group combine the row's
// running max and sum with warp shuffles (online softmax), rescale their output accumulators by
// exp(old max - new max), and write the tile's exponentials to shared memory; then the tile's V
// rows, staged in shared memory a few at a time, are multiplied into the accumulators
// (thread_q rows x the lane's columns). The scores never reach global memory; each output
// element is stored once, divided by its row's sum.
//
// With tf32 (where the rows are a multiple of 16, the keys and head dims of 8) the block is warps
// of 16 query rows each, warps_c of them per 16 rows splitting the block's output columns, and
// both products run on the tensor cores (m16n8k8 mma.sync; with split_tf32 three per product,
// near-f32 accuracy). Per key tile: the score tile's keys are split among a row group's warps,
// which accumulate Q x K^T fragments over the head dim from the same shared chunks; the modified
// scores go to shared memory, where threads of a row (up to 32) take its max and sum as above and
// leave the exponentials and the row's rescaling factor; each warp rescales its output fragments
// and multiplies the exponentials (as A, read from shared memory) by V's rows (as B, staged in
// shared memory vRows at a time) into them.
//
//===----------------------------------------------------------------------===//
#ifndef KOPT_CODEGEN_ATTENTION_H
#define KOPT_CODEGEN_ATTENTION_H

#include "kopt/Codegen/ScheduleSpace.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
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
  /// The elementwise op between the scores and the softmax (on the prepared payload's
  /// tensors), or null: a scale, a mask (a select of -inf on the indices, as causal attention's
  /// key > row), any pure function of the score, its indices and constants.
  mlir::linalg::GenericOp scoreModifier;
  /// The modifier is a causal mask (-inf wherever the key is past the row): a block walks the
  /// keys only up to its last row.
  bool causal = false;
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
  int64_t threads;                 // (blockQ / threadQ) x lanes; tf32: warpsQ x warpsC x 32
  int64_t headSplit, columns;      // blocks per query tile, output columns of each
  int64_t vectorQK, vectorV;       // access widths along E (Q, K) and along columns (V, out)
  int64_t vRows;                   // V rows staged in shared memory at a time
  // Shared memory: offsets in bytes of the rows' rescaling factors (tensor cores), the Q and K
  // chunks and the V rows (which reuse the chunks' space), after the score tile at 0; the row
  // pitches in floats of the score tile, the chunks and the V rows.
  int64_t rowScaleOffset, queryChunkOffset, keyChunkOffset, valueOffset;
  int64_t scorePitch, chunkPitch, valuePitch;
  int64_t sharedBytes;
  int64_t grid;
  // The tensor-core kernel (tf32); zero in the f32 one, whose lanes and thread_* apply instead.
  bool tf32, splitTf32;
  int64_t warpsQ, warpsC;           // warps along the block's rows (16 each) and columns
  int64_t warpColumns;              // output columns of one warp: columns / warpsC
  int64_t scoreWarps, scoreKeys;    // warps of a row group on the score tile, keys of each
  int64_t softmaxLanes;             // threads of one score row in the softmax
};
AttentionGeometry planAttention(const AttentionSchedule &schedule, const AttentionInfo &info);

/// A new module holding `func.func @<func's name>` on the task's buffers whose body is the
/// kernel's gpu.launch, to be outlined as `func`'s name.
mlir::OwningOpRef<mlir::ModuleOp> buildAttentionKernel(mlir::func::FuncOp func,
                                                      const AttentionInfo &info,
                                                      const AttentionGeometry &geometry);

} // namespace kopt::codegen

#endif // KOPT_CODEGEN_ATTENTION_H
