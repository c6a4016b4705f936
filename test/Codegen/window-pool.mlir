// RUN: kopt %s --pass-pipeline='builtin.module(kb-lower-to-ptx)' -o %t.mlir 2>/dev/null
// RUN: FileCheck %s < %t.mlir
// RUN: %extract-ptx %t.mlir avg | FileCheck %s --check-prefix=AVG
// RUN: %extract-ptx %t.mlir max | FileCheck %s --check-prefix=MAX

// The window family on pooling (as KernelBench's problems 41-46): the window operand of the
// pooling op is never loaded, pads are predicates (0 or -inf), average pooling's division is the
// epilogue, applied before the store. There is no output channel to tile.

// Average pooling 2-D, strided and padded (as problems 45, 46): the division is the epilogue.
kb.task @avg_pool2d tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<2x3x9x9xf32> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<2x3x5x5xf32>
  kb.reference "return torch.avg_pool2d(x, [3, 3], [2, 2], [1, 1], False, True, None)"
  kb.payload(%x: tensor<2x3x9x9xf32>, %out: tensor<2x3x5x5xf32>) {
    %zero = arith.constant 0.0 : f32
    %size = arith.constant 9.0 : f32
    %xp = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%p0: index, %p1: index, %p2: index, %p3: index):
      tensor.yield %zero : f32
    } : tensor<2x3x9x9xf32> to tensor<2x3x11x11xf32>
    %window = tensor.empty() : tensor<3x3xf32>
    %init = linalg.fill ins(%zero : f32) outs(%out : tensor<2x3x5x5xf32>) -> tensor<2x3x5x5xf32>
    %sum = linalg.pooling_nchw_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
        ins(%xp, %window : tensor<2x3x11x11xf32>, tensor<3x3xf32>) outs(%init : tensor<2x3x5x5xf32>) -> tensor<2x3x5x5xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>,
                                          affine_map<(n, c, h, w) -> (n, c, h, w)>],
                         iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
        ins(%sum : tensor<2x3x5x5xf32>) outs(%out : tensor<2x3x5x5xf32>) {
    ^bb0(%v: f32, %o: f32):
      %y = arith.divf %v, %size : f32
      linalg.yield %y : f32
    } -> tensor<2x3x5x5xf32>
    kb.yield %r : tensor<2x3x5x5xf32>
  }
}

// 2 outputs along x per thread (outputs_channel does not apply): 2 x 3 x 5 x 3 = 90 tiles.
// CHECK-LABEL: kb.candidate @avg of @avg_pool2d
// CHECK-SAME:    launch <[<"avg_pool2d", grid = [2, 1, 1], block = [64, 1, 1], smem = 0, args = ["x", "out"]>]>
// CHECK-NOT:     verdict
kb.candidate @avg of @avg_pool2d policy decisions {outputs_x = 2, outputs_channel = 8, block = 64, unroll = 4}
// AVG:      .visible .entry avg_pool2d(
// AVG-NEXT:   .param .u64 .ptr .align 1 avg_pool2d_param_0,
// AVG-NEXT:   .param .u64 .ptr .align 1 avg_pool2d_param_1
// AVG-NEXT: )
// AVG-NOT:  .shared
// AVG:      ld.global.b32
// AVG:      add.f32
// AVG:      div.rn.f32 {{.*}}, 0f41100000;
// AVG:      st.global.b32

// Max pooling 1-D, padded with -inf and dilated (as problem 41).
kb.task @max_pool1d tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<2x3x30xf32> dist(normal(0.0, 1.0))
  kb.output "out" : tensor<2x3x25xf32>
  kb.reference "return torch.max_pool1d(x, [4], [1], [2], [3], False)"
  kb.payload(%x: tensor<2x3x30xf32>, %out: tensor<2x3x25xf32>) {
    %ninf = arith.constant 0xFF800000 : f32
    %xp = tensor.pad %x low[0, 0, 2] high[0, 0, 2] {
    ^bb0(%p0: index, %p1: index, %p2: index):
      tensor.yield %ninf : f32
    } : tensor<2x3x30xf32> to tensor<2x3x34xf32>
    %window = tensor.empty() : tensor<4xf32>
    %init = linalg.fill ins(%ninf : f32) outs(%out : tensor<2x3x25xf32>) -> tensor<2x3x25xf32>
    %r = linalg.pooling_ncw_max {dilations = dense<3> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>}
        ins(%xp, %window : tensor<2x3x34xf32>, tensor<4xf32>) outs(%init : tensor<2x3x25xf32>) -> tensor<2x3x25xf32>
    kb.yield %r : tensor<2x3x25xf32>
  }
}

// 4 outputs along x: 2 x 3 x 7 = 42 tiles, a block of 64 (the power of two >= 42).
// CHECK-LABEL: kb.candidate @max of @max_pool1d
// CHECK-SAME:    launch <[<"max_pool1d", grid = [1, 1, 1], block = [64, 1, 1], smem = 0, args = ["x", "out"]>]>
kb.candidate @max of @max_pool1d policy decisions {outputs_x = 4, block = 512, unroll = 4}
// MAX:      ld.global.b32
// MAX:      ld.global.b32 {{.*}}+4];
// MAX:      selp.f32
// MAX:      max.NaN.f32
// MAX-COUNT-4: st.global.b32
