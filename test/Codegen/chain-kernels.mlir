// RUN: cat %S/Inputs/chain-tasks.mlir %s | kopt --pass-pipeline='builtin.module(kb-lower-to-ptx)' -o %t.mlir 2>/dev/null
// RUN: FileCheck %s < %t.mlir
// RUN: %extract-ptx %t.mlir stats | FileCheck %s --check-prefix=STATS

// Payloads no family takes whole are cut after their reductions into stages, each built by the
// family that takes it: the candidate's decisions are each stage's (s<k>.<decision>), its launches
// run the stages in order, and what passes between stages lives in scratch buffers.

// Depthwise, then pointwise convolution (window, matmul; `direct`, since the matmul family also
// takes it whole: conv-produced.mlir): the depthwise result (2 x 4 x 10 x 12 floats) is scratch0,
// written by the first kernel and read by the second, a product of the 6 x 4 filter and each
// image's 4 x 120 pixels (grid: 2 tiles of 64 pixels, 2 images).
// CHECK-LABEL: kb.candidate @tile of @dw_separable
// CHECK-SAME:    launch <[<"dw_separable_stage0", grid = [4, 1, 1], block = [64, 1, 1], smem = 0, args = ["x", "dw", "scratch0"]>, <"dw_separable_stage1", grid = [2, 2, 1], block = [32, 1, 1], smem = 0, args = ["pw", "out", "scratch0"]>], scratch = [3840]>
// CHECK-NOT:     verdict
kb.candidate @tile of @dw_separable policy decisions {direct = true, s0.outputs_x = 4, s0.outputs_channel = 1, s0.block = 64, s0.unroll = 16, s1.block_m = 32, s1.block_n = 64, s1.block_k = 8, s1.thread_m = 4, s1.thread_n = 4, s1.vector = 4, s1.unroll_k = 4, s1.stages = 2, s1.cp_async = false, s1.tf32 = false, s1.wgmma = false, s1.split_k = 1, s1.min_blocks_per_sm = 1, s1.split_k_atomic = true, s1.strided_rows = false, s1.warp_cols = 32}

// Cross-entropy in three stages: the row max (reduction), the row sum of exp(x - max) reading the
// max once per row (reduction), the mean of the gathered target logits' -log-softmax (global
// reduction, whose partials are the third scratch buffer).
// CHECK-LABEL: kb.candidate @stats of @cross_entropy
// CHECK-SAME:    launch <[<"cross_entropy_stage0", grid = [12, 1, 1], block = [16, 4, 1], smem = 0, args = ["logits", "scratch0"]>, <"cross_entropy_stage1", grid = [12, 1, 1], block = [16, 4, 1], smem = 0, args = ["logits", "scratch0", "scratch1"]>, <"cross_entropy_stage2_partials", grid = [1, 1, 1], block = [64, 1, 1], smem = 0, args = ["logits", "targets", "scratch0", "scratch1", "scratch2"]>, <"cross_entropy_stage2_total", grid = [1, 1, 1], block = [32, 1, 1], smem = 0, args = ["out", "scratch2"]>], scratch = [192, 192, 4]>
// CHECK-NOT:     verdict
kb.candidate @stats of @cross_entropy policy decisions {s0.threads_per_output = 32, s0.block = 64, s0.vector = 4, s1.threads_per_output = 32, s1.block = 64, s1.vector = 4, s2.block = 64, s2.blocks_per_sm = 1, s2.vector = 1}

// The second stage loads its row's max as one element beside the row's 16-byte vectors.
// STATS-LABEL: .entry cross_entropy_stage1(
// STATS:         ld.global.v4.b32
// STATS:         ld.global.b32
// The third gathers: a row's target (8 bytes), as a float's offset into its row (400 bytes),
// picks the logit.
// STATS-LABEL: .entry cross_entropy_stage2_partials(
// STATS:         ld.global.b64 [[TARGET:%rd[0-9]+]]
// STATS:         mad.lo.s64 [[ROW:%rd[0-9]+]], {{%rd[0-9]+}}, 400,
// STATS-NEXT:    shl.b64 [[OFFSET:%rd[0-9]+]], [[TARGET]], 2;
// STATS-NEXT:    add.s64 [[ADDRESS:%rd[0-9]+]], [[ROW]], [[OFFSET]];
// STATS-NEXT:    ld.global.b32 {{%r[0-9]+}}, {{\[}}[[ADDRESS]]{{\]}};

// Triplet margin: the two row sums of squares of one reduction are two scratch buffers the
// global reduction reads.
// CHECK-LABEL: kb.candidate @sums of @triplet_margin
// CHECK-SAME:    launch <[<"triplet_margin_stage0", grid = [5, 1, 1], block = [16, 8, 1], smem = 0, args = ["anchor", "positive", "negative", "scratch0", "scratch1"]>, <"triplet_margin_stage1_partials", grid = [1, 1, 1], block = [64, 1, 1], smem = 0, args = ["scratch0", "scratch1", "scratch2"]>, <"triplet_margin_stage1_total", grid = [1, 1, 1], block = [32, 1, 1], smem = 0, args = ["out", "scratch2"]>], scratch = [160, 160, 4]>
// CHECK-NOT:     verdict
kb.candidate @sums of @triplet_margin policy decisions {s0.threads_per_output = 32, s0.block = 128, s0.vector = 4, s1.block = 64, s1.blocks_per_sm = 1}
