// KernelBench level 1, problem 55: conv_standard_2D__asymmetric_input__square_kernel.
// nn.Conv2d(64, 128, kernel_size=3, bias=False): a convolution, (8, 64, 512, 1024) -> (8, 128, 510,
// 1022). x = torch.rand(8, 64, 512, 1024); normal(0, 1) is the signed alternative. The weight is an
// input, drawn uniform(0, 1) like the other inputs, then as nn initialises it: uniform(-b, b), b =
// 1 / sqrt(fan_in) = 1 / sqrt(576).
kb.task @conv_standard_2d_asymmetric_input_square_kernel origin <"KernelBench", level 1, problem 55> tolerance(atol 1.0e-4, rtol 1.0e-4)
    attributes {split = "eval"} {
  kb.input "x" : tensor<8x64x512x1024xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.input "weight" : tensor<128x64x3x3xf32> dist(uniform(0.0, 1.0), uniform(-0.041666666666666664, 0.041666666666666664))
  kb.output "out" : tensor<8x128x510x1022xf32>
  kb.reference "return torch.conv2d(x, weight, None, [1, 1], [0, 0], [1, 1], 1)"
  kb.payload(%x: tensor<8x64x512x1024xf32>, %weight: tensor<128x64x3x3xf32>, %out: tensor<8x128x510x1022xf32>) {
    %zero = arith.constant 0.0 : f32
    %acc = linalg.fill ins(%zero : f32) outs(%out : tensor<8x128x510x1022xf32>) -> tensor<8x128x510x1022xf32>
    %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
        ins(%x, %weight : tensor<8x64x512x1024xf32>, tensor<128x64x3x3xf32>) outs(%acc : tensor<8x128x510x1022xf32>) -> tensor<8x128x510x1022xf32>
    kb.yield %c : tensor<8x128x510x1022xf32>
  }
}
