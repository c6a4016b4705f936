// KernelBench level 1, problem 56: conv_standard_2D__asymmetric_input__asymmetric_kernel.
// nn.Conv2d(64, 128, kernel_size=(5, 7), bias=False): a convolution, (8, 64, 512, 256) -> (8, 128,
// 508, 250). x = torch.rand(8, 64, 512, 256); normal(0, 1) is the signed alternative. The weight is
// an input, drawn uniform(0, 1) like the other inputs, then as nn initialises it: uniform(-b, b), b
// = 1 / sqrt(fan_in) = 1 / sqrt(2240).
kb.task @conv_standard_2d_asymmetric_input_asymmetric_kernel origin <"KernelBench", level 1, problem 56> tolerance(atol 1.0e-4, rtol 1.0e-4)
    attributes {split = "train"} {
  kb.input "x" : tensor<8x64x512x256xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.input "weight" : tensor<128x64x5x7xf32> dist(uniform(0.0, 1.0), uniform(-0.021128856368212913, 0.021128856368212913))
  kb.output "out" : tensor<8x128x508x250xf32>
  kb.reference "return torch.conv2d(x, weight, None, [1, 1], [0, 0], [1, 1], 1)"
  kb.payload(%x: tensor<8x64x512x256xf32>, %weight: tensor<128x64x5x7xf32>, %out: tensor<8x128x508x250xf32>) {
    %zero = arith.constant 0.0 : f32
    %acc = linalg.fill ins(%zero : f32) outs(%out : tensor<8x128x508x250xf32>) -> tensor<8x128x508x250xf32>
    %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
        ins(%x, %weight : tensor<8x64x512x256xf32>, tensor<128x64x5x7xf32>) outs(%acc : tensor<8x128x508x250xf32>) -> tensor<8x128x508x250xf32>
    kb.yield %c : tensor<8x128x508x250xf32>
  }
}
