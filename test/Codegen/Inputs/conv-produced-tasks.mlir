// Depthwise convolutions feeding pointwise ones (as KernelBench's problem 86), at odd sizes:
// the pointwise GEMM's B is the depthwise result, which the matmul family computes in the kernel
// (MatmulInfo::producer). 2-D: a 3 x 3 window, padding 1, 13 pixels a row (no vector of 4
// divides it); a 3 x 5 window, dilation 2 along y, padding (2, 2), with a bias and a ReLU after
// the pointwise product; 1-D: 16 channels, a 5-tap window, padding 2, 48 pixels.

kb.task @dw_pw_odd tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<3x5x9x13xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.input "dw" : tensor<5x1x3x3xf32> dist(uniform(-0.3, 0.3))
  kb.input "pw" : tensor<7x5x1x1xf32> dist(uniform(-0.4, 0.4))
  kb.output "out" : tensor<3x7x9x13xf32>
  kb.reference "return torch.conv2d(torch.conv2d(x, dw, None, 1, 1, 1, 5), pw)"
  kb.payload(%x: tensor<3x5x9x13xf32>, %dw: tensor<5x1x3x3xf32>, %pw: tensor<7x5x1x1xf32>, %out: tensor<3x7x9x13xf32>) {
    %zero = arith.constant 0.0 : f32
    %xp = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%p0: index, %p1: index, %p2: index, %p3: index):
      tensor.yield %zero : f32
    } : tensor<3x5x9x13xf32> to tensor<3x5x11x15xf32>
    %w = tensor.collapse_shape %dw [[0, 1], [2], [3]] : tensor<5x1x3x3xf32> into tensor<5x3x3xf32>
    %e = tensor.empty() : tensor<3x5x9x13xf32>
    %acc0 = linalg.fill ins(%zero : f32) outs(%e : tensor<3x5x9x13xf32>) -> tensor<3x5x9x13xf32>
    %mid = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
        ins(%xp, %w : tensor<3x5x11x15xf32>, tensor<5x3x3xf32>) outs(%acc0 : tensor<3x5x9x13xf32>) -> tensor<3x5x9x13xf32>
    %acc1 = linalg.fill ins(%zero : f32) outs(%out : tensor<3x7x9x13xf32>) -> tensor<3x7x9x13xf32>
    %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
        ins(%mid, %pw : tensor<3x5x9x13xf32>, tensor<7x5x1x1xf32>) outs(%acc1 : tensor<3x7x9x13xf32>) -> tensor<3x7x9x13xf32>
    kb.yield %r : tensor<3x7x9x13xf32>
  }
}

kb.task @dw_pw_dilated_bias_relu tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<2x6x10x12xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.input "dw" : tensor<6x1x3x5xf32> dist(uniform(-0.3, 0.3))
  kb.input "pw" : tensor<9x6x1x1xf32> dist(uniform(-0.4, 0.4))
  kb.input "bias" : tensor<9xf32> dist(uniform(-0.2, 0.2))
  kb.output "out" : tensor<2x9x10x12xf32>
  kb.reference "return torch.relu(torch.conv2d(torch.conv2d(x, dw, None, 1, [2, 2], [2, 1], 6), pw, bias))"
  kb.payload(%x: tensor<2x6x10x12xf32>, %dw: tensor<6x1x3x5xf32>, %pw: tensor<9x6x1x1xf32>, %bias: tensor<9xf32>, %out: tensor<2x9x10x12xf32>) {
    %zero = arith.constant 0.0 : f32
    %xp = tensor.pad %x low[0, 0, 2, 2] high[0, 0, 2, 2] {
    ^bb0(%p0: index, %p1: index, %p2: index, %p3: index):
      tensor.yield %zero : f32
    } : tensor<2x6x10x12xf32> to tensor<2x6x14x16xf32>
    %w = tensor.collapse_shape %dw [[0, 1], [2], [3]] : tensor<6x1x3x5xf32> into tensor<6x3x5xf32>
    %e = tensor.empty() : tensor<2x6x10x12xf32>
    %acc0 = linalg.fill ins(%zero : f32) outs(%e : tensor<2x6x10x12xf32>) -> tensor<2x6x10x12xf32>
    %mid = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<[2, 1]> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
        ins(%xp, %w : tensor<2x6x14x16xf32>, tensor<6x3x5xf32>) outs(%acc0 : tensor<2x6x10x12xf32>) -> tensor<2x6x10x12xf32>
    %e1 = tensor.empty() : tensor<2x9x10x12xf32>
    %acc1 = linalg.fill ins(%zero : f32) outs(%e1 : tensor<2x9x10x12xf32>) -> tensor<2x9x10x12xf32>
    %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
        ins(%mid, %pw : tensor<2x6x10x12xf32>, tensor<9x6x1x1xf32>) outs(%acc1 : tensor<2x9x10x12xf32>) -> tensor<2x9x10x12xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(n, f, y, x) -> (n, f, y, x)>, affine_map<(n, f, y, x) -> (f)>,
                                          affine_map<(n, f, y, x) -> (n, f, y, x)>],
                         iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
        ins(%c, %bias : tensor<2x9x10x12xf32>, tensor<9xf32>) outs(%out : tensor<2x9x10x12xf32>) {
    ^bb0(%v: f32, %b: f32, %o: f32):
      %s = arith.addf %v, %b : f32
      %y = arith.maximumf %s, %zero : f32
      linalg.yield %y : f32
    } -> tensor<2x9x10x12xf32>
    kb.yield %r : tensor<2x9x10x12xf32>
  }
}

kb.task @dw_pw_1d tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<4x16x48xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.input "dw" : tensor<16x1x5xf32> dist(uniform(-0.3, 0.3))
  kb.input "pw" : tensor<12x16x1xf32> dist(uniform(-0.4, 0.4))
  kb.output "out" : tensor<4x12x48xf32>
  kb.reference "return torch.conv1d(torch.conv1d(x, dw, None, 1, 2, 1, 16), pw)"
  kb.payload(%x: tensor<4x16x48xf32>, %dw: tensor<16x1x5xf32>, %pw: tensor<12x16x1xf32>, %out: tensor<4x12x48xf32>) {
    %zero = arith.constant 0.0 : f32
    %xp = tensor.pad %x low[0, 0, 2] high[0, 0, 2] {
    ^bb0(%p0: index, %p1: index, %p2: index):
      tensor.yield %zero : f32
    } : tensor<4x16x48xf32> to tensor<4x16x52xf32>
    %w = tensor.collapse_shape %dw [[0, 1], [2]] : tensor<16x1x5xf32> into tensor<16x5xf32>
    %e = tensor.empty() : tensor<4x16x48xf32>
    %acc0 = linalg.fill ins(%zero : f32) outs(%e : tensor<4x16x48xf32>) -> tensor<4x16x48xf32>
    %mid = linalg.depthwise_conv_1d_ncw_cw {dilations = dense<1> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>}
        ins(%xp, %w : tensor<4x16x52xf32>, tensor<16x5xf32>) outs(%acc0 : tensor<4x16x48xf32>) -> tensor<4x16x48xf32>
    %acc1 = linalg.fill ins(%zero : f32) outs(%out : tensor<4x12x48xf32>) -> tensor<4x12x48xf32>
    %r = linalg.conv_1d_ncw_fcw {dilations = dense<1> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>}
        ins(%mid, %pw : tensor<4x16x48xf32>, tensor<12x16x1xf32>) outs(%acc1 : tensor<4x12x48xf32>) -> tensor<4x12x48xf32>
    kb.yield %r : tensor<4x12x48xf32>
  }
}
