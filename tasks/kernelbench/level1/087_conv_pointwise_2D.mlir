// KernelBench level 1, problem 87: conv_pointwise_2D.
// nn.Conv2d(64, 128, kernel_size=1, bias=False): a convolution, (16, 64, 1024, 1024) -> (16, 128,
// 1024, 1024). x = torch.rand(16, 64, 1024, 1024); normal(0, 1) is the signed alternative. The
// weight is an input, drawn uniform(0, 1) like the other inputs, then as nn initialises it:
// uniform(-b, b), b = 1 / sqrt(fan_in) = 1 / sqrt(64).
kb.task @conv_pointwise_2d origin <"KernelBench", level 1, problem 87> tolerance(atol 1.0e-4, rtol 1.0e-4)
    attributes {split = "eval"} {
  kb.input "x" : tensor<16x64x1024x1024xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.input "weight" : tensor<128x64x1x1xf32> dist(uniform(0.0, 1.0), uniform(-0.125, 0.125))
  kb.output "out" : tensor<16x128x1024x1024xf32>
  kb.reference "return torch.conv2d(x, weight, None, [1, 1], [0, 0], [1, 1], 1)"
  kb.payload(%x: tensor<16x64x1024x1024xf32>, %weight: tensor<128x64x1x1xf32>, %out: tensor<16x128x1024x1024xf32>) {
    %zero = arith.constant 0.0 : f32
    %acc = linalg.fill ins(%zero : f32) outs(%out : tensor<16x128x1024x1024xf32>) -> tensor<16x128x1024x1024xf32>
    %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
        ins(%x, %weight : tensor<16x64x1024x1024xf32>, tensor<128x64x1x1xf32>) outs(%acc : tensor<16x128x1024x1024xf32>) -> tensor<16x128x1024x1024xf32>
    kb.yield %c : tensor<16x128x1024x1024xf32>
  }
}
