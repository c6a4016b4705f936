// KernelBench level 1, problem 83: conv_depthwise_2D_square_input_asymmetric_kernel.
// nn.Conv2d(8, 8, kernel_size=(3, 1), groups=8, bias=False): a depthwise convolution, (64, 8, 512,
// 512) -> (64, 8, 510, 512). x = torch.rand(64, 8, 512, 512); normal(0, 1) is the signed
// alternative. The weight is an input, drawn uniform(0, 1) like the other inputs, then as nn
// initialises it: uniform(-b, b), b = 1 / sqrt(fan_in) = 1 / sqrt(3).
kb.task @conv_depthwise_2d_square_input_asymmetric_kernel origin <"KernelBench", level 1, problem 83> tolerance(atol 1.0e-4, rtol 1.0e-4)
    attributes {split = "train"} {
  kb.input "x" : tensor<64x8x512x512xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.input "weight" : tensor<8x1x3x1xf32> dist(uniform(0.0, 1.0), uniform(-0.5773502691896258, 0.5773502691896258))
  kb.output "out" : tensor<64x8x510x512xf32>
  kb.reference "return torch.conv2d(x, weight, None, [1, 1], [0, 0], [1, 1], 8)"
  kb.payload(%x: tensor<64x8x512x512xf32>, %weight: tensor<8x1x3x1xf32>, %out: tensor<64x8x510x512xf32>) {
    %zero = arith.constant 0.0 : f32
    %wc = tensor.collapse_shape %weight [[0, 1], [2], [3]] : tensor<8x1x3x1xf32> into tensor<8x3x1xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%out : tensor<64x8x510x512xf32>) -> tensor<64x8x510x512xf32>
    %c = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
        ins(%x, %wc : tensor<64x8x512x512xf32>, tensor<8x3x1xf32>) outs(%acc : tensor<64x8x510x512xf32>) -> tensor<64x8x510x512xf32>
    kb.yield %c : tensor<64x8x510x512xf32>
  }
}
