// RUN: kopt %s --pass-pipeline='builtin.module(kb-lower-to-ptx)' -o %t.mlir 2>/dev/null
// RUN: FileCheck %s < %t.mlir
// RUN: %extract-ptx %t.mlir grouped | FileCheck %s --check-prefix=GROUPED
// RUN: %extract-ptx %t.mlir unrolled | FileCheck %s --check-prefix=UNROLLED

// The window family on a strided, depthwise, dilated transposed convolution (grouped as
// KernelBench's problem 75, a group per input channel: the matmul family takes groups of several
// input channels): the input spread over zeros by tensor.insert_slice with strides is no buffer;
// a load checks that its index is inside the slice and on its stride-2 lattice (an `and` with 1)
// and takes 0 otherwise (selp). The groups are reshapes, folded into the indices.

// Transposed conv2d, strided, depthwise (3 filters per channel) and dilated: the input is
// inserted with strides into zeros, grouped through reshapes.
kb.task @conv_transposed2d_grouped tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<2x4x5x6xf32> dist(uniform(0.0, 1.0))
  kb.input "weight" : tensor<4x3x3x2xf32> dist(uniform(-0.3, 0.3))
  kb.output "out" : tensor<2x12x9x8xf32>
  kb.reference "return torch.conv_transpose2d(x, weight, None, [2, 1], [1, 0], [0, 0], 4, [1, 2])"
  kb.payload(%x: tensor<2x4x5x6xf32>, %weight: tensor<4x3x3x2xf32>, %out: tensor<2x12x9x8xf32>) {
    %zero = arith.constant 0.0 : f32
    %xe = tensor.empty() : tensor<2x4x11x10xf32>
    %xz = linalg.fill ins(%zero : f32) outs(%xe : tensor<2x4x11x10xf32>) -> tensor<2x4x11x10xf32>
    %xp = tensor.insert_slice %x into %xz[0, 0, 1, 2] [2, 4, 5, 6] [1, 1, 2, 1]
        : tensor<2x4x5x6xf32> into tensor<2x4x11x10xf32>
    %xg = tensor.expand_shape %xp [[0], [1, 2], [3], [4]] output_shape [2, 4, 1, 11, 10]
        : tensor<2x4x11x10xf32> into tensor<2x4x1x11x10xf32>
    %wg = tensor.expand_shape %weight [[0, 1], [2], [3], [4]] output_shape [4, 1, 3, 3, 2]
        : tensor<4x3x3x2xf32> into tensor<4x1x3x3x2xf32>
    %og = tensor.expand_shape %out [[0], [1, 2], [3], [4]] output_shape [2, 4, 3, 9, 8]
        : tensor<2x12x9x8xf32> into tensor<2x4x3x9x8xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%og : tensor<2x4x3x9x8xf32>) -> tensor<2x4x3x9x8xf32>
    %rg = linalg.generic {indexing_maps = [
            affine_map<(n, g, f, y, x, c, ky, kx) -> (n, g, c, y - ky + 2, x - kx * 2 + 2)>,
            affine_map<(n, g, f, y, x, c, ky, kx) -> (g, c, f, ky, kx)>,
            affine_map<(n, g, f, y, x, c, ky, kx) -> (n, g, f, y, x)>],
         iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
        ins(%xg, %wg : tensor<2x4x1x11x10xf32>, tensor<4x1x3x3x2xf32>) outs(%acc : tensor<2x4x3x9x8xf32>) {
    ^bb0(%v: f32, %wv: f32, %a: f32):
      %m = arith.mulf %v, %wv : f32
      %s = arith.addf %a, %m : f32
      linalg.yield %s : f32
    } -> tensor<2x4x3x9x8xf32>
    %r = tensor.collapse_shape %rg [[0], [1, 2], [3], [4]] : tensor<2x4x3x9x8xf32> into tensor<2x12x9x8xf32>
    kb.yield %r : tensor<2x12x9x8xf32>
  }
}

// 8 outputs along x (all 8 of a row), 2 of the 3 filters of a group per thread (the second tile
// moved back to filters 1-2): 2 x 4 x 2 x 9 = 144 tiles, one block of 256.
// CHECK-LABEL: kb.candidate @grouped of @conv_transposed2d_grouped
// CHECK-SAME:    launch <[<"conv_transposed2d_grouped", grid = [1, 1, 1], block = [256, 1, 1], smem = 0, args = ["x", "weight", "out"]>]>
// CHECK-NOT:     verdict
kb.candidate @grouped of @conv_transposed2d_grouped policy decisions {outputs_x = 8, outputs_channel = 2, block = 256, unroll = 2}
// GROUPED:      .visible .entry conv_transposed2d_grouped(
// GROUPED-NEXT:   .param .u64 .ptr .align 1 conv_transposed2d_grouped_param_0,
// GROUPED-NEXT:   .param .u64 .ptr .align 1 conv_transposed2d_grouped_param_1,
// GROUPED-NEXT:   .param .u64 .ptr .align 1 conv_transposed2d_grouped_param_2
// GROUPED-NEXT: )
// GROUPED-NOT:  .shared
// GROUPED:      and.b64 {{.*}}, 1;
// GROUPED:      ld.global.b32
// GROUPED:      selp.f32 {{.*}}, 0f00000000
// GROUPED:      fma.rn.f32
// GROUPED-COUNT-16: st.global.b32

// 2 outputs along x, the 3 filters (4 clamped to 2, the power of two <= 3) per thread; both kernel
// loops unrolled.
// CHECK-LABEL: kb.candidate @unrolled of @conv_transposed2d_grouped
// CHECK-SAME:    launch <[<"conv_transposed2d_grouped", grid = [9, 1, 1], block = [64, 1, 1], smem = 0, args = ["x", "weight", "out"]>]>
kb.candidate @unrolled of @conv_transposed2d_grouped policy decisions {outputs_x = 2, outputs_channel = 4, block = 64, unroll = 16}
// UNROLLED:      .maxntid 64, 1, 1
// UNROLLED:      ld.global.b32
// UNROLLED:      fma.rn.f32
// UNROLLED-COUNT-4: st.global.b32
