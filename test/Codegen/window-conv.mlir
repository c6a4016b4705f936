// RUN: kopt %s --pass-pipeline='builtin.module(kb-lower-to-ptx)' -o %t.mlir 2>/dev/null
// RUN: FileCheck %s < %t.mlir
// RUN: %extract-ptx %t.mlir tile | FileCheck %s --check-prefix=TILE
// RUN: %extract-ptx %t.mlir tile | FileCheck %s --check-prefix=PAD
// RUN: %extract-ptx %t.mlir thread | FileCheck %s --check-prefix=THREAD

// The window family on a convolution with padding and dilation (as KernelBench's problem 80): the
// pad is no buffer, but predicates on the loads (selp picks the pad value); a thread's tile of
// outputs shares its loads.

// Conv2d with padding and dilation (as problem 80): pads fused into the loads as predicates.
kb.task @conv2d_pad_dilation tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<2x4x10x12xf32> dist(uniform(0.0, 1.0))
  kb.input "weight" : tensor<6x4x3x3xf32> dist(uniform(-0.2, 0.2))
  kb.output "out" : tensor<2x6x10x12xf32>
  kb.reference "return torch.conv2d(x, weight, None, [1, 1], [2, 1], [2, 1], 1)"
  kb.payload(%x: tensor<2x4x10x12xf32>, %weight: tensor<6x4x3x3xf32>, %out: tensor<2x6x10x12xf32>) {
    %zero = arith.constant 0.0 : f32
    %xp = tensor.pad %x low[0, 0, 2, 1] high[0, 0, 2, 1] {
    ^bb0(%p0: index, %p1: index, %p2: index, %p3: index):
      tensor.yield %zero : f32
    } : tensor<2x4x10x12xf32> to tensor<2x4x14x14xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%out : tensor<2x6x10x12xf32>) -> tensor<2x6x10x12xf32>
    %c = linalg.conv_2d_nchw_fchw {dilations = dense<[2, 1]> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
        ins(%xp, %weight : tensor<2x4x14x14xf32>, tensor<6x4x3x3xf32>) outs(%acc : tensor<2x6x10x12xf32>) -> tensor<2x6x10x12xf32>
    kb.yield %c : tensor<2x6x10x12xf32>
  }
}

// 4 outputs along x times 2 output channels per thread: 2 x 3 x 10 x 3 = 180 tiles, 3 blocks of
// 64. kx is unrolled (and ky by the back end): per channel and ky, the 4 outputs' windows
// (kx = 0, 1, 2) overlap in 6 data elements, and the 2 channels' 3 taps are 6 weights: 3 x 12 = 36
// loads per channel instead of 3 x (12 + 6) = 54 without the sharing.
// CHECK-LABEL: kb.candidate @tile of @conv2d_pad_dilation
// CHECK-SAME:    launch <[<"conv2d_pad_dilation", grid = [3, 1, 1], block = [64, 1, 1], smem = 0, args = ["x", "weight", "out"]>]>
// CHECK-NOT:     verdict
kb.candidate @tile of @conv2d_pad_dilation policy decisions {outputs_x = 4, outputs_channel = 2, block = 64, unroll = 16}
// TILE:      .visible .entry conv2d_pad_dilation(
// TILE-NEXT:   .param .u64 .ptr .align 1 conv2d_pad_dilation_param_0,
// TILE-NEXT:   .param .u64 .ptr .align 1 conv2d_pad_dilation_param_1,
// TILE-NEXT:   .param .u64 .ptr .align 1 conv2d_pad_dilation_param_2
// TILE-NEXT: )
// TILE-NEXT: .maxntid 64, 1, 1
// TILE-NOT:  .shared
// TILE-COUNT-36: ld.global.b32
// TILE-NOT:  ld.global
// TILE:      fma.rn.f32
// PAD:       selp.f32
// TILE-COUNT-8: st.global.b32
// TILE-NOT:  st.global

// A thread per output, no unrolling: 2 x 6 x 10 x 12 = 1440 threads.
// CHECK-LABEL: kb.candidate @thread of @conv2d_pad_dilation
// CHECK-SAME:    launch <[<"conv2d_pad_dilation", grid = [12, 1, 1], block = [128, 1, 1], smem = 0, args = ["x", "weight", "out"]>]>
kb.candidate @thread of @conv2d_pad_dilation policy decisions {outputs_x = 1, outputs_channel = 1, block = 128, unroll = 1}
// THREAD:      .maxntid 128, 1, 1
// THREAD:      ld.global.b32
// THREAD:      fma.rn.f32
// THREAD-COUNT-1: st.global.b32
// THREAD-NOT:  st.global
