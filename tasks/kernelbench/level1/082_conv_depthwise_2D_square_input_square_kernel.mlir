// KernelBench level 1, problem 82: conv_depthwise_2D_square_input_square_kernel.
// nn.Conv2d(64, 64, kernel_size=3, groups=64, bias=False): a depthwise convolution, (16, 64, 512,
// 512) -> (16, 64, 510, 510). x = torch.rand(16, 64, 512, 512); normal(0, 1) is the signed
// alternative. The weight is an input, drawn uniform(0, 1) like the other inputs, then as nn
// initialises it: uniform(-b, b), b = 1 / sqrt(fan_in) = 1 / sqrt(9).
kb.task @conv_depthwise_2d_square_input_square_kernel origin <"KernelBench", level 1, problem 82> tolerance(atol 1.0e-4, rtol 1.0e-4)
    attributes {split = "eval"} {
  kb.input "x" : tensor<16x64x512x512xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.input "weight" : tensor<64x1x3x3xf32> dist(uniform(0.0, 1.0), uniform(-0.3333333333333333, 0.3333333333333333))
  kb.output "out" : tensor<16x64x510x510xf32>
  kb.reference "return torch.conv2d(x, weight, None, [1, 1], [0, 0], [1, 1], 64)"
  kb.payload(%x: tensor<16x64x512x512xf32>, %weight: tensor<64x1x3x3xf32>, %out: tensor<16x64x510x510xf32>) {
    %zero = arith.constant 0.0 : f32
    %wc = tensor.collapse_shape %weight [[0, 1], [2], [3]] : tensor<64x1x3x3xf32> into tensor<64x3x3xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%out : tensor<16x64x510x510xf32>) -> tensor<16x64x510x510xf32>
    %c = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
        ins(%x, %wc : tensor<16x64x512x512xf32>, tensor<64x3x3xf32>) outs(%acc : tensor<16x64x510x510xf32>) -> tensor<16x64x510x510xf32>
    kb.yield %c : tensor<16x64x510x510xf32>
  }
}
