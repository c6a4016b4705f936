// RUN: kopt %s --pass-pipeline='builtin.module(kb-sample{n=3 seed=1 policy=uniform},kb-lower-to-ptx)' 2>/dev/null | FileCheck %s --implicit-check-not=verdict

// Depthwise-then-pointwise payloads the matmul family does not fuse run as the chain through
// memory: a product that is a matrix-vector one (the depthwise result as the vector), an NHWC
// pair (the temporary would be A once the operands swap for stores along the output's
// channels), and a batch of one image (the GEMM would read the temporary through a view that
// drops its unit dimension).

// CHECK-COUNT-3: kb.candidate @dw_matvec_s{{[0-9]+}} of @dw_matvec policy decisions {s0.{{.*}} launch <[<"dw_matvec_stage0"
// CHECK-COUNT-3: kb.candidate @dw_nhwc_s{{[0-9]+}} of @dw_nhwc policy decisions {s0.{{.*}} launch <[<"dw_nhwc_stage0"
// CHECK-COUNT-3: kb.candidate @dw_batch1_s{{[0-9]+}} of @dw_batch1 policy decisions {s0.{{.*}} launch <[<"dw_batch1_stage0"{{.*}}<"dw_batch1_stage1"

kb.task @dw_matvec tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<8x20xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.input "dw" : tensor<8x3xf32> dist(uniform(-0.3, 0.3))
  kb.input "w" : tensor<16x8x18xf32> dist(uniform(-0.4, 0.4))
  kb.output "out" : tensor<16xf32>
  kb.reference "return torch.einsum('fcp,cp->f', w, torch.conv1d(x[None], dw[:, None], None, 1, 0, 1, 8)[0])"
  kb.payload(%x: tensor<8x20xf32>, %dw: tensor<8x3xf32>, %w: tensor<16x8x18xf32>, %out: tensor<16xf32>) {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<8x18xf32>
    %acc0 = linalg.fill ins(%zero : f32) outs(%e : tensor<8x18xf32>) -> tensor<8x18xf32>
    %mid = linalg.generic {indexing_maps = [affine_map<(c, p, k) -> (c, p + k)>, affine_map<(c, p, k) -> (c, k)>, affine_map<(c, p, k) -> (c, p)>],
                           iterator_types = ["parallel", "parallel", "reduction"]}
        ins(%x, %dw : tensor<8x20xf32>, tensor<8x3xf32>) outs(%acc0 : tensor<8x18xf32>) {
    ^bb0(%a: f32, %b: f32, %o: f32):
      %m = arith.mulf %a, %b : f32
      %s = arith.addf %o, %m : f32
      linalg.yield %s : f32
    } -> tensor<8x18xf32>
    %acc1 = linalg.fill ins(%zero : f32) outs(%out : tensor<16xf32>) -> tensor<16xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(f, c, p) -> (f, c, p)>, affine_map<(f, c, p) -> (c, p)>, affine_map<(f, c, p) -> (f)>],
                           iterator_types = ["parallel", "reduction", "reduction"]}
        ins(%w, %mid : tensor<16x8x18xf32>, tensor<8x18xf32>) outs(%acc1 : tensor<16xf32>) {
    ^bb0(%a: f32, %b: f32, %o: f32):
      %m = arith.mulf %a, %b : f32
      %s = arith.addf %o, %m : f32
      linalg.yield %s : f32
    } -> tensor<16xf32>
    kb.yield %r : tensor<16xf32>
  }
}

kb.task @dw_nhwc tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<2x9x12x8xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.input "dw" : tensor<3x3x8xf32> dist(uniform(-0.3, 0.3))
  kb.input "pw" : tensor<1x1x8x6xf32> dist(uniform(-0.4, 0.4))
  kb.output "out" : tensor<2x7x10x6xf32>
  kb.reference "return torch.conv2d(torch.conv2d(x.permute(0, 3, 1, 2), dw.permute(2, 0, 1)[:, None], None, 1, 0, 1, 8), pw.permute(3, 2, 0, 1)).permute(0, 2, 3, 1)"
  kb.payload(%x: tensor<2x9x12x8xf32>, %dw: tensor<3x3x8xf32>, %pw: tensor<1x1x8x6xf32>, %out: tensor<2x7x10x6xf32>) {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<2x7x10x8xf32>
    %acc0 = linalg.fill ins(%zero : f32) outs(%e : tensor<2x7x10x8xf32>) -> tensor<2x7x10x8xf32>
    %mid = linalg.depthwise_conv_2d_nhwc_hwc {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
        ins(%x, %dw : tensor<2x9x12x8xf32>, tensor<3x3x8xf32>) outs(%acc0 : tensor<2x7x10x8xf32>) -> tensor<2x7x10x8xf32>
    %acc1 = linalg.fill ins(%zero : f32) outs(%out : tensor<2x7x10x6xf32>) -> tensor<2x7x10x6xf32>
    %r = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
        ins(%mid, %pw : tensor<2x7x10x8xf32>, tensor<1x1x8x6xf32>) outs(%acc1 : tensor<2x7x10x6xf32>) -> tensor<2x7x10x6xf32>
    kb.yield %r : tensor<2x7x10x6xf32>
  }
}

kb.task @dw_batch1 tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<1x5x9x13xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.input "dw" : tensor<5x1x3x3xf32> dist(uniform(-0.3, 0.3))
  kb.input "pw" : tensor<7x5x1x1xf32> dist(uniform(-0.4, 0.4))
  kb.output "out" : tensor<1x7x9x13xf32>
  kb.reference "return torch.conv2d(torch.conv2d(x, dw, None, 1, 1, 1, 5), pw)"
  kb.payload(%x: tensor<1x5x9x13xf32>, %dw: tensor<5x1x3x3xf32>, %pw: tensor<7x5x1x1xf32>, %out: tensor<1x7x9x13xf32>) {
    %zero = arith.constant 0.0 : f32
    %xp = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%p0: index, %p1: index, %p2: index, %p3: index):
      tensor.yield %zero : f32
    } : tensor<1x5x9x13xf32> to tensor<1x5x11x15xf32>
    %w = tensor.collapse_shape %dw [[0, 1], [2], [3]] : tensor<5x1x3x3xf32> into tensor<5x3x3xf32>
    %e = tensor.empty() : tensor<1x5x9x13xf32>
    %acc0 = linalg.fill ins(%zero : f32) outs(%e : tensor<1x5x9x13xf32>) -> tensor<1x5x9x13xf32>
    %mid = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
        ins(%xp, %w : tensor<1x5x11x15xf32>, tensor<5x3x3xf32>) outs(%acc0 : tensor<1x5x9x13xf32>) -> tensor<1x5x9x13xf32>
    %acc1 = linalg.fill ins(%zero : f32) outs(%out : tensor<1x7x9x13xf32>) -> tensor<1x7x9x13xf32>
    %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
        ins(%mid, %pw : tensor<1x5x9x13xf32>, tensor<7x5x1x1xf32>) outs(%acc1 : tensor<1x7x9x13xf32>) -> tensor<1x7x9x13xf32>
    kb.yield %r : tensor<1x7x9x13xf32>
  }
}
