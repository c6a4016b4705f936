// RUN: kopt %s --pass-pipeline='builtin.module(kb-lower-to-ptx)' -o %t.mlir 2>/dev/null
// RUN: FileCheck %s < %t.mlir
// RUN: %extract-ptx %t.mlir tile | FileCheck %s --check-prefix=TILE
// RUN: %extract-ptx %t.mlir tile | FileCheck %s --check-prefix=PAD
// RUN: %extract-ptx %t.mlir thread | FileCheck %s --check-prefix=THREAD

// The window family on a convolution with padding and dilation (as KernelBench's problem 80): the
// pad is no buffer, but predicates on the loads (selp picks the pad value); a thread's tile of
// outputs shares its loads.

// Conv2d with padding and dilation (as problem 80), channels last (the matmul family's implicit
// GEMM takes it in NCHW): pads fused into the loads as predicates.
kb.task @conv2d_pad_dilation tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<2x10x12x4xf32> dist(uniform(0.0, 1.0))
  kb.input "weight" : tensor<3x3x4x6xf32> dist(uniform(-0.2, 0.2))
  kb.output "out" : tensor<2x10x12x6xf32>
  kb.reference "return torch.conv2d(x.permute(0, 3, 1, 2), weight.permute(3, 2, 0, 1), None, [1, 1], [2, 1], [2, 1], 1).permute(0, 2, 3, 1).contiguous()"
  kb.payload(%x: tensor<2x10x12x4xf32>, %weight: tensor<3x3x4x6xf32>, %out: tensor<2x10x12x6xf32>) {
    %zero = arith.constant 0.0 : f32
    %xp = tensor.pad %x low[0, 2, 1, 0] high[0, 2, 1, 0] {
    ^bb0(%p0: index, %p1: index, %p2: index, %p3: index):
      tensor.yield %zero : f32
    } : tensor<2x10x12x4xf32> to tensor<2x14x14x4xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%out : tensor<2x10x12x6xf32>) -> tensor<2x10x12x6xf32>
    %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<[2, 1]> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
        ins(%xp, %weight : tensor<2x14x14x4xf32>, tensor<3x3x4x6xf32>) outs(%acc : tensor<2x10x12x6xf32>) -> tensor<2x10x12x6xf32>
    kb.yield %c : tensor<2x10x12x6xf32>
  }
}

// 4 outputs along the innermost output dimension, here the output channels (no other channel
// dimension for outputs_channel to tile): 2 x 10 x 12 x 2 = 480 tiles, 8 blocks of 64. Each
// data element a thread loads serves its 4 output channels: per tap of the unrolled kx and c
// loops (3 x 4), one data load, 4 weight loads and 4 FMAs: 60 loads for 12 taps.
// CHECK-LABEL: kb.candidate @tile of @conv2d_pad_dilation
// CHECK-SAME:    launch <[<"conv2d_pad_dilation", grid = [8, 1, 1], block = [64, 1, 1], smem = 0, args = ["x", "weight", "out"]>]>
// CHECK-NOT:     verdict
kb.candidate @tile of @conv2d_pad_dilation policy decisions {outputs_x = 4, outputs_channel = 2, block = 64, unroll = 16}
// TILE:      .visible .entry conv2d_pad_dilation(
// TILE-NEXT:   .param .u64 .ptr .align 1 conv2d_pad_dilation_param_0,
// TILE-NEXT:   .param .u64 .ptr .align 1 conv2d_pad_dilation_param_1,
// TILE-NEXT:   .param .u64 .ptr .align 1 conv2d_pad_dilation_param_2
// TILE-NEXT: )
// TILE-NEXT: .maxntid 64, 1, 1
// TILE-NOT:  .shared
// TILE-COUNT-60: ld.global.b32
// TILE-NOT:  ld.global
// PAD:       selp.f32
// TILE-COUNT-4: st.global.b32
// TILE-NOT:  st.global

// A thread per output, no unrolling: 2 x 10 x 12 x 6 = 1440 threads.
// CHECK-LABEL: kb.candidate @thread of @conv2d_pad_dilation
// CHECK-SAME:    launch <[<"conv2d_pad_dilation", grid = [12, 1, 1], block = [128, 1, 1], smem = 0, args = ["x", "weight", "out"]>]>
kb.candidate @thread of @conv2d_pad_dilation policy decisions {outputs_x = 1, outputs_channel = 1, block = 128, unroll = 1}
// THREAD:      .maxntid 128, 1, 1
// THREAD:      ld.global.b32
// THREAD:      fma.rn.f32
// THREAD-COUNT-1: st.global.b32
// THREAD-NOT:  st.global
