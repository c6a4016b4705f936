// RUN: cat %S/Inputs/normalization-tasks.mlir %s | kopt - --pass-pipeline='builtin.module(kb-lower-to-ptx)' -o %t.mlir 2>/dev/null
// RUN: FileCheck %s < %t.mlir
// RUN: %extract-ptx %t.mlir softmax_block | FileCheck %s --check-prefix=BLOCK
// RUN: %extract-ptx %t.mlir softmax_warp | FileCheck %s --check-prefix=WARP
// RUN: %extract-ptx %t.mlir layer_norm_one_pass | FileCheck %s --check-prefix=LN1
// RUN: %extract-ptx %t.mlir layer_norm_cached | FileCheck %s --check-prefix=LN2
// RUN: %extract-ptx %t.mlir rms_strided | FileCheck %s --check-prefix=RMS

// The normalization family on the small tasks of Inputs/normalization-tasks.mlir: the kernel's
// parameters are the task's buffers as bare pointers; each group's threads combine partial
// statistics with shuffles within a warp and shared memory across warps (or across the rows of a
// strided block), and every thread then writes its share of the outputs.

// Softmax rows of 4000 by a block of 512 threads (two rows per block), one read for the online
// max and rescaled sum, a second for the outputs (no register cache asked).
// CHECK-LABEL: kb.candidate @softmax_block
// CHECK-SAME:    launch <[<"softmax", grid = [32, 1, 1], block = [512, 2, 1], smem = 0, args = ["x", "out"]>]>
// BLOCK:       .visible .entry softmax(
// BLOCK-NEXT:  .param .u64 .ptr .align 1 softmax_param_0,
// BLOCK-NEXT:  .param .u64 .ptr .align 1 softmax_param_1
// BLOCK:       .shared .align 16 .b8
// BLOCK:       ld.global.v4.b32
// BLOCK:       ex2.approx
// BLOCK:       shfl.sync.bfly.b32
// BLOCK:       st.shared.b32
// BLOCK:       bar.sync 0;
// BLOCK:       ld.shared
// BLOCK:       ld.global.v4.b32
// BLOCK:       st.global.v4.b32
kb.candidate @softmax_block of @softmax policy decisions {threads_per_group = 1024, block = 1024, vector = 4, one_pass = true, cache_in_registers = false}

// A warp per row, two-pass: one read for the max, one for the sum, one for the outputs; no
// shared memory.
// CHECK-LABEL: kb.candidate @softmax_warp
// CHECK-SAME:    launch <[<"softmax", grid = [16, 1, 1], block = [32, 4, 1], smem = 0, args = ["x", "out"]>]>
// WARP-NOT:    bar.sync
// WARP-COUNT-3: ld.global.v4.b32
// WARP-NOT:    bar.sync
kb.candidate @softmax_warp of @softmax policy decisions {threads_per_group = 32, block = 128, vector = 4, one_pass = false, cache_in_registers = false}

// Layer norm over 8 x 16 x 16 per sample: the mean and the centered sum of squares in one read
// (an FMA per element), weight and bias read as vectors in the normalizing pass.
// CHECK-LABEL: kb.candidate @layer_norm_one_pass
// CHECK-SAME:    launch <[<"layer_norm", grid = [4, 1, 1], block = [256, 1, 1], smem = 0, args = ["x", "weight", "bias", "out"]>]>
// LN1:         ld.global.v4.b32
// LN1:         fma.rn.f32
// LN1:         shfl.sync.bfly.b32
// LN1-COUNT-2: bar.sync 0;
// LN1-NOT:     bar.sync
// LN1-COUNT-3: ld.global.v4.b32
// LN1:         st.global.v4.b32
kb.candidate @layer_norm_one_pass of @layer_norm policy decisions {threads_per_group = 256, block = 256, vector = 4, one_pass = true, cache_in_registers = false}

// Two passes (mean, then variance) over values kept in registers: x is read once, as float2.
// CHECK-LABEL: kb.candidate @layer_norm_cached
// CHECK-SAME:    launch <[<"layer_norm", grid = [4, 1, 1], block = [1024, 1, 1], smem = 0, args = ["x", "weight", "bias", "out"]>]>
// LN2:         ld.global.v2.b32
// LN2-COUNT-4: bar.sync 0;
// LN2-COUNT-2: ld.global.v2.b32
// LN2-NOT:     ld.global
// LN2:         st.global.v2.b32
kb.candidate @layer_norm_cached of @layer_norm policy decisions {threads_per_group = 1024, block = 1024, vector = 2, one_pass = false, cache_in_registers = true}

// RMS norm over the channel axis (not innermost): threadIdx.x along the contiguous width, 4
// adjacent groups per thread, 8 rows of threads combined through shared memory; no shuffles.
// CHECK-LABEL: kb.candidate @rms_strided
// CHECK-SAME:    launch <[<"rms_norm", grid = [8, 1, 1], block = [32, 8, 1], smem = 0, args = ["x", "out"]>]>
// RMS-NOT:     shfl.sync
// RMS-COUNT-2: ld.global.v4.b32
// RMS:         bar.sync 0;
// RMS:         ld.shared
// RMS:         bar.sync 0;
// RMS-COUNT-2: st.global.v4.b32
// RMS-NOT:     shfl.sync
kb.candidate @rms_strided of @rms_norm policy decisions {threads_per_group = 8, block = 256, vector = 4, cache_in_registers = true}

// Batch norm's groups are (N, H, W) around the channel: runs of 6 x 8 elements, 8 x 6 x 8 apart.
// CHECK-LABEL: kb.candidate @batch_norm_default
// CHECK-SAME:    launch <[<"batch_norm", grid = [1, 1, 1], block = [32, 8, 1], smem = 0, args = ["x", "weight", "bias", "out"]>]>
kb.candidate @batch_norm_default of @batch_norm policy decisions {}

// The other tasks take the defaults.
// CHECK-LABEL: kb.candidate @group_norm_default
// CHECK-SAME:    launch <[<"group_norm"
kb.candidate @group_norm_default of @group_norm policy decisions {}
// CHECK-LABEL: kb.candidate @instance_norm_default
// CHECK-SAME:    launch <[<"instance_norm"
kb.candidate @instance_norm_default of @instance_norm policy decisions {}
// CHECK-LABEL: kb.candidate @log_softmax_default
// CHECK-SAME:    launch <[<"log_softmax"
kb.candidate @log_softmax_default of @log_softmax policy decisions {}
// CHECK-LABEL: kb.candidate @l2_norm_default
// CHECK-SAME:    launch <[<"l2_norm"
kb.candidate @l2_norm_default of @l2_norm policy decisions {}
