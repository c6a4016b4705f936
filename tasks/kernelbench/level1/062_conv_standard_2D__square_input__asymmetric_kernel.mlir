// KernelBench level 1, problem 62: conv_standard_2D__square_input__asymmetric_kernel.
// nn.Conv2d(32, 64, kernel_size=(5, 9), bias=False): a convolution, (8, 32, 512, 512) -> (8, 64,
// 508, 504). x = torch.rand(8, 32, 512, 512); normal(0, 1) is the signed alternative. The weight is
// an input, drawn uniform(0, 1) like the other inputs, then as nn initialises it: uniform(-b, b), b
// = 1 / sqrt(fan_in) = 1 / sqrt(1440).
kb.task @conv_standard_2d_square_input_asymmetric_kernel origin <"KernelBench", level 1, problem 62> tolerance(atol 1.0e-4, rtol 1.0e-4)
    attributes {split = "train"} {
  kb.input "x" : tensor<8x32x512x512xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.input "weight" : tensor<64x32x5x9xf32> dist(uniform(0.0, 1.0), uniform(-0.026352313834736494, 0.026352313834736494))
  kb.output "out" : tensor<8x64x508x504xf32>
  kb.reference "return torch.conv2d(x, weight, None, [1, 1], [0, 0], [1, 1], 1)"
  kb.payload(%x: tensor<8x32x512x512xf32>, %weight: tensor<64x32x5x9xf32>, %out: tensor<8x64x508x504xf32>) {
    %zero = arith.constant 0.0 : f32
    %acc = linalg.fill ins(%zero : f32) outs(%out : tensor<8x64x508x504xf32>) -> tensor<8x64x508x504xf32>
    %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
        ins(%x, %weight : tensor<8x32x512x512xf32>, tensor<64x32x5x9xf32>) outs(%acc : tensor<8x64x508x504xf32>) -> tensor<8x64x508x504xf32>
    kb.yield %c : tensor<8x64x508x504xf32>
  }
}
