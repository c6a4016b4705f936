// KernelBench level 1, problem 66: conv_standard_3D__asymmetric_input__asymmetric_kernel.
// nn.Conv3d(3, 64, kernel_size=(3, 5, 7), bias=False): a convolution, (8, 3, 16, 128, 128) -> (8,
// 64, 14, 124, 122). x = torch.rand(8, 3, 16, 128, 128); normal(0, 1) is the signed alternative.
// The weight is an input, drawn uniform(0, 1) like the other inputs, then as nn initialises it:
// uniform(-b, b), b = 1 / sqrt(fan_in) = 1 / sqrt(315).
kb.task @conv_standard_3d_asymmetric_input_asymmetric_kernel origin <"KernelBench", level 1, problem 66> tolerance(atol 1.0e-4, rtol 1.0e-4)
    attributes {split = "train"} {
  kb.input "x" : tensor<8x3x16x128x128xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.input "weight" : tensor<64x3x3x5x7xf32> dist(uniform(0.0, 1.0), uniform(-0.0563436169819011, 0.0563436169819011))
  kb.output "out" : tensor<8x64x14x124x122xf32>
  kb.reference "return torch.conv3d(x, weight, None, [1, 1, 1], [0, 0, 0], [1, 1, 1], 1)"
  kb.payload(%x: tensor<8x3x16x128x128xf32>, %weight: tensor<64x3x3x5x7xf32>, %out: tensor<8x64x14x124x122xf32>) {
    %zero = arith.constant 0.0 : f32
    %acc = linalg.fill ins(%zero : f32) outs(%out : tensor<8x64x14x124x122xf32>) -> tensor<8x64x14x124x122xf32>
    %c = linalg.conv_3d_ncdhw_fcdhw {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>}
        ins(%x, %weight : tensor<8x3x16x128x128xf32>, tensor<64x3x3x5x7xf32>) outs(%acc : tensor<8x64x14x124x122xf32>) -> tensor<8x64x14x124x122xf32>
    kb.yield %c : tensor<8x64x14x124x122xf32>
  }
}
