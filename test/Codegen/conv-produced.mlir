// RUN: cat %S/Inputs/conv-produced-tasks.mlir %s | kopt --pass-pipeline='builtin.module(kb-lower-to-ptx)' -o %t.mlir 2>/dev/null
// RUN: FileCheck %s < %t.mlir
// RUN: %extract-ptx %t.mlir simt | FileCheck %s --check-prefix=SIMT
// RUN: %extract-ptx %t.mlir async | FileCheck %s --check-prefix=ASYNC
// RUN: %extract-ptx %t.mlir wgmma | FileCheck %s --check-prefix=WGMMA
// RUN: kopt %S/../../tasks/kernelbench/level1/086_conv_depthwise_separable_2D.mlir --pass-pipeline='builtin.module(kb-sample{n=1 seed=1 policy=uniform})' | FileCheck %s --check-prefix=SPACE

// A depthwise convolution feeding a pointwise one is one matmul kernel: the pointwise GEMM's B
// tiles are the depthwise result, computed as they are brought to shared memory from the image
// and the depthwise filter (the window unrolled, zeros in the padding); the result never goes to
// memory. With `direct`, the chain through memory (window, then matmul) instead.

// The launch reads the image, both filters and writes the output: no scratch.
// CHECK-LABEL: kb.candidate @simt of @dw_pw_1d
// CHECK-SAME:    launch <[<"dw_pw_1d", grid = [1, 4, 1], block = [64, 1, 1], smem = 0, args = ["x", "dw", "pw", "out"]>]>
kb.candidate @simt of @dw_pw_1d policy decisions {block_m = 32, block_n = 64, block_k = 8, thread_m = 4, thread_n = 4, vector = 4, unroll_k = 4, stages = 2, cp_async = false, tf32 = false, split_k = 1}
// 13 pixels a row: B's vectors are single elements (a vector stays within a row).
// CHECK-LABEL: kb.candidate @async of @dw_pw_odd
// CHECK-SAME:    launch <[<"dw_pw_odd", grid = [2, 3, 1], block = [32, 1, 1], smem = 0, args = ["x", "dw", "pw", "out"]>]>
kb.candidate @async of @dw_pw_odd policy decisions {block_m = 32, block_n = 64, block_k = 8, thread_m = 4, thread_n = 4, vector = 4, unroll_k = 4, stages = 3, cp_async = true, tf32 = false, split_k = 1}
// Ordered split-K: each split computes its channels of B.
// CHECK-LABEL: kb.candidate @ordered of @dw_pw_1d
// CHECK-SAME:    launch <[<"dw_pw_1d", grid = [1, 4, 2], block = [64, 1, 1], smem = 0, args = ["x", "dw", "pw", "scratch0"]>, <"dw_pw_1d_sum", grid = [3, 4, 1], block = [256, 1, 1], smem = 0, args = ["out", "scratch0"]>], scratch = [18432]>
kb.candidate @ordered of @dw_pw_1d policy decisions {block_m = 32, block_n = 64, block_k = 8, thread_m = 4, thread_n = 4, vector = 4, unroll_k = 4, stages = 2, cp_async = true, tf32 = false, split_k = 2, split_k_atomic = false}
// The tensor-core kernels, with a bias and a ReLU in the epilogue.
// CHECK-LABEL: kb.candidate @mma of @dw_pw_dilated_bias_relu
// CHECK-SAME:    launch <[<"dw_pw_dilated_bias_relu", grid = [2, 2, 1], block = [32, 1, 1], smem = 9216, args = ["x", "dw", "pw", "bias", "out"]>]>
kb.candidate @mma of @dw_pw_dilated_bias_relu policy decisions {block_m = 32, block_n = 64, block_k = 8, stages = 2, tf32 = true, split_tf32 = true, wgmma = false, split_k = 1}
// CHECK-LABEL: kb.candidate @wgmma of @dw_pw_1d
// CHECK-SAME:    launch <[<"dw_pw_1d", grid = [1, 4, 1], block = [128, 1, 1], smem = 11008, args = ["x", "dw", "pw", "out"]>]>
kb.candidate @wgmma of @dw_pw_1d policy decisions {block_m = 32, block_n = 64, block_k = 8, stages = 2, tf32 = true, split_tf32 = true, wgmma = true, split_k = 1}
// CHECK-LABEL: kb.candidate @chain of @dw_pw_odd
// CHECK-SAME:    launch <[<"dw_pw_odd_stage0", grid = [9, 1, 1], block = [64, 1, 1], smem = 0, args = ["x", "dw", "scratch0"]>, <"dw_pw_odd_stage1", grid = [2, 3, 1], block = [32, 1, 1], smem = 0, args = ["pw", "out", "scratch0"]>], scratch = [7020]>
kb.candidate @chain of @dw_pw_odd policy decisions {direct = true, s0.outputs_x = 4, s0.outputs_channel = 1, s0.block = 64, s0.unroll = 4, s1.block_m = 32, s1.block_n = 64, s1.block_k = 8, s1.thread_m = 4, s1.thread_n = 4, s1.tf32 = false, s1.split_k = 1}
// CHECK-NOT: verdict

// B's tile through registers: a thread's vector of 4 pixels of a channel from the image's row
// at offsets -2 ... +5 (the padding's zeros selected at the row's ends), then the next tile's
// stores to shared memory as 16-byte vectors.
// SIMT-LABEL: .visible .entry dw_pw_1d(
// SIMT-NOT:     st.shared.b32
// SIMT-NOT:     cp.async
// SIMT:         ld.global.b32
// SIMT:         selp.f32 {{%r[0-9]+}}, {{%r[0-9]+}}, 0f00000000,
// SIMT:         st.shared.v4.b32
// SIMT-NOT:     st.shared.b32
// SIMT-NOT:     cp.async
// A comes by cp.async, B is computed and stored (4 bytes at a time).
// ASYNC-LABEL: .visible .entry dw_pw_odd(
// ASYNC:         cp.async.ca.shared.global
// ASYNC:         st.shared.b32
// WGMMA-LABEL: .visible .entry dw_pw_1d(
// WGMMA:         st.shared
// WGMMA:         wgmma.mma_async

// Problem 86's space: the matmul family's decisions (the fused kernel), `direct`, and the
// chain's stages (window, matmul), printed in name order.
// SPACE: kb.candidate @conv_depthwise_separable_2d_s0 {{.*}}{block_k = {{.*}}, direct = {{true|false}}, {{.*}}s0.outputs_x = {{.*}}s1.block_k = {{.*}}, wgmma = {{true|false}}, wgmma_shared_b = {{true|false}}}
