// Small tasks of the window family, one of each kind KernelBench has (problems 41-46, 50,
// 54-87): extents that no tile divides, so that every tile fallback and predicate is exercised.

// Standard convolutions in channels-last layouts, which the matmul family's implicit GEMM does
// not take (its stores run along the pixels).

// Conv2d with padding and dilation (as problem 80): pads fused into the loads as predicates.
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

// Conv1d, strided and dilated (as problem 76), with a bias added by the epilogue (as problem 50).
kb.task @conv1d_strided tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<2x40x3xf32> dist(uniform(0.0, 1.0))
  kb.input "weight" : tensor<4x3x5xf32> dist(uniform(-0.3, 0.3))
  kb.input "bias" : tensor<5xf32> dist(uniform(-0.3, 0.3))
  kb.output "out" : tensor<2x12x5xf32>
  kb.reference "return torch.conv1d(x.permute(0, 2, 1), weight.permute(2, 1, 0), bias, [3], [0], [2], 1).permute(0, 2, 1).contiguous()"
  kb.payload(%x: tensor<2x40x3xf32>, %weight: tensor<4x3x5xf32>, %bias: tensor<5xf32>, %out: tensor<2x12x5xf32>) {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<2x12x5xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<2x12x5xf32>) -> tensor<2x12x5xf32>
    %c = linalg.conv_1d_nwc_wcf {dilations = dense<2> : tensor<1xi64>, strides = dense<3> : tensor<1xi64>}
        ins(%x, %weight : tensor<2x40x3xf32>, tensor<4x3x5xf32>) outs(%acc : tensor<2x12x5xf32>) -> tensor<2x12x5xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(n, x, f) -> (n, x, f)>, affine_map<(n, x, f) -> (f)>,
                                          affine_map<(n, x, f) -> (n, x, f)>],
                         iterator_types = ["parallel", "parallel", "parallel"]}
        ins(%c, %bias : tensor<2x12x5xf32>, tensor<5xf32>) outs(%out : tensor<2x12x5xf32>) {
    ^bb0(%v: f32, %b: f32, %o: f32):
      %y = arith.addf %v, %b : f32
      linalg.yield %y : f32
    } -> tensor<2x12x5xf32>
    kb.yield %r : tensor<2x12x5xf32>
  }
}

// Conv3d with padding (as problems 54-66).
kb.task @conv3d_pad tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<1x5x6x7x2xf32> dist(uniform(0.0, 1.0))
  kb.input "weight" : tensor<3x3x3x2x3xf32> dist(uniform(-0.2, 0.2))
  kb.output "out" : tensor<1x5x6x7x3xf32>
  kb.reference "return torch.conv3d(x.permute(0, 4, 1, 2, 3), weight.permute(4, 3, 0, 1, 2), None, [1, 1, 1], [1, 1, 1], [1, 1, 1], 1).permute(0, 2, 3, 4, 1).contiguous()"
  kb.payload(%x: tensor<1x5x6x7x2xf32>, %weight: tensor<3x3x3x2x3xf32>, %out: tensor<1x5x6x7x3xf32>) {
    %zero = arith.constant 0.0 : f32
    %xp = tensor.pad %x low[0, 1, 1, 1, 0] high[0, 1, 1, 1, 0] {
    ^bb0(%p0: index, %p1: index, %p2: index, %p3: index, %p4: index):
      tensor.yield %zero : f32
    } : tensor<1x5x6x7x2xf32> to tensor<1x7x8x9x2xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%out : tensor<1x5x6x7x3xf32>) -> tensor<1x5x6x7x3xf32>
    %c = linalg.conv_3d_ndhwc_dhwcf {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>}
        ins(%xp, %weight : tensor<1x7x8x9x2xf32>, tensor<3x3x3x2x3xf32>) outs(%acc : tensor<1x5x6x7x3xf32>) -> tensor<1x5x6x7x3xf32>
    kb.yield %c : tensor<1x5x6x7x3xf32>
  }
}

// Transposed conv2d, strided, depthwise (a group per input channel, 3 filters each) and dilated:
// the input is inserted with strides into zeros, grouped through reshapes (groups of several
// input channels, as problem 75's, are the matmul family's).
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

// Depthwise conv2d (as problems 82-85): every input reads the channel, so there is no output
// channel to tile.
kb.task @conv_depthwise2d tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<2x4x7x9xf32> dist(uniform(0.0, 1.0))
  kb.input "weight" : tensor<4x1x3x3xf32> dist(uniform(-0.3, 0.3))
  kb.output "out" : tensor<2x4x5x7xf32>
  kb.reference "return torch.conv2d(x, weight, None, [1, 1], [0, 0], [1, 1], 4)"
  kb.payload(%x: tensor<2x4x7x9xf32>, %weight: tensor<4x1x3x3xf32>, %out: tensor<2x4x5x7xf32>) {
    %zero = arith.constant 0.0 : f32
    %wc = tensor.collapse_shape %weight [[0, 1], [2], [3]] : tensor<4x1x3x3xf32> into tensor<4x3x3xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%out : tensor<2x4x5x7xf32>) -> tensor<2x4x5x7xf32>
    %c = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
        ins(%x, %wc : tensor<2x4x7x9xf32>, tensor<4x3x3xf32>) outs(%acc : tensor<2x4x5x7xf32>) -> tensor<2x4x5x7xf32>
    kb.yield %c : tensor<2x4x5x7xf32>
  }
}

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
