// KernelBench level 1, problem 59: conv_standard_3D__asymmetric_input__square_kernel.
// nn.Conv3d(3, 64, kernel_size=(3, 3, 1), bias=False): a convolution, (16, 3, 256, 256, 10) -> (16,
// 64, 254, 254, 10). x = torch.rand(16, 3, 256, 256, 10); normal(0, 1) is the signed alternative.
// The weight is an input, drawn uniform(0, 1) like the other inputs, then as nn initialises it:
// uniform(-b, b), b = 1 / sqrt(fan_in) = 1 / sqrt(27).
kb.task @conv_standard_3d_asymmetric_input_square_kernel origin <"KernelBench", level 1, problem 59> tolerance(atol 1.0e-4, rtol 1.0e-4)
    attributes {split = "train"} {
  kb.input "x" : tensor<16x3x256x256x10xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.input "weight" : tensor<64x3x3x3x1xf32> dist(uniform(0.0, 1.0), uniform(-0.19245008972987526, 0.19245008972987526))
  kb.output "out" : tensor<16x64x254x254x10xf32>
  kb.reference "return torch.conv3d(x, weight, None, [1, 1, 1], [0, 0, 0], [1, 1, 1], 1)"
  kb.payload(%x: tensor<16x3x256x256x10xf32>, %weight: tensor<64x3x3x3x1xf32>, %out: tensor<16x64x254x254x10xf32>) {
    %zero = arith.constant 0.0 : f32
    %acc = linalg.fill ins(%zero : f32) outs(%out : tensor<16x64x254x254x10xf32>) -> tensor<16x64x254x254x10xf32>
    %c = linalg.conv_3d_ncdhw_fcdhw {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>}
        ins(%x, %weight : tensor<16x3x256x256x10xf32>, tensor<64x3x3x3x1xf32>) outs(%acc : tensor<16x64x254x254x10xf32>) -> tensor<16x64x254x254x10xf32>
    kb.yield %c : tensor<16x64x254x254x10xf32>
  }
}
