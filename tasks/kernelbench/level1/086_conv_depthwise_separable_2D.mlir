// KernelBench level 1, problem 86: conv_depthwise_separable_2D.
// pointwise(depthwise(x)): nn.Conv2d(64, 64, 3, padding=1, groups=64, bias=False), a depthwise 3x3
// convolution that keeps 512 x 512, then nn.Conv2d(64, 128, kernel_size=1, bias=False), a pointwise
// convolution mixing channels; (16, 64, 512, 512) -> (16, 128, 512, 512). x = torch.rand(16, 64,
// 512, 512); normal(0, 1) is the signed alternative. The two weights are inputs, drawn uniform(0,
// 1) like the other inputs, then as nn initialises them: uniform(-b, b), b = 1 / sqrt(fan_in),
// fan_in = 9 (depthwise) and 64 (pointwise).
kb.task @conv_depthwise_separable_2d origin <"KernelBench", level 1, problem 86> tolerance(atol 1.0e-4, rtol 1.0e-4)
    attributes {split = "train"} {
  kb.input "x" : tensor<16x64x512x512xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.input "depthwise_weight" : tensor<64x1x3x3xf32> dist(uniform(0.0, 1.0), uniform(-0.3333333333333333, 0.3333333333333333))
  kb.input "pointwise_weight" : tensor<128x64x1x1xf32> dist(uniform(0.0, 1.0), uniform(-0.125, 0.125))
  kb.output "out" : tensor<16x128x512x512xf32>
  kb.reference "return torch.conv2d(torch.conv2d(x, depthwise_weight, None, [1, 1], [1, 1], [1, 1], 64), pointwise_weight, None, [1, 1], [0, 0], [1, 1], 1)"
  kb.payload(%x: tensor<16x64x512x512xf32>, %depthwise_weight: tensor<64x1x3x3xf32>, %pointwise_weight: tensor<128x64x1x1xf32>, %out: tensor<16x128x512x512xf32>) {
    %zero = arith.constant 0.0 : f32
    %xp = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%p0: index, %p1: index, %p2: index, %p3: index):
      tensor.yield %zero : f32
    } : tensor<16x64x512x512xf32> to tensor<16x64x514x514xf32>
    %dw = tensor.collapse_shape %depthwise_weight [[0, 1], [2], [3]] : tensor<64x1x3x3xf32> into tensor<64x3x3xf32>
    %e = tensor.empty() : tensor<16x64x512x512xf32>
    %acc0 = linalg.fill ins(%zero : f32) outs(%e : tensor<16x64x512x512xf32>) -> tensor<16x64x512x512xf32>
    %mid = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
        ins(%xp, %dw : tensor<16x64x514x514xf32>, tensor<64x3x3xf32>) outs(%acc0 : tensor<16x64x512x512xf32>) -> tensor<16x64x512x512xf32>
    %acc1 = linalg.fill ins(%zero : f32) outs(%out : tensor<16x128x512x512xf32>) -> tensor<16x128x512x512xf32>
    %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
        ins(%mid, %pointwise_weight : tensor<16x64x512x512xf32>, tensor<128x64x1x1xf32>) outs(%acc1 : tensor<16x128x512x512xf32>) -> tensor<16x128x512x512xf32>
    kb.yield %r : tensor<16x128x512x512xf32>
  }
}
