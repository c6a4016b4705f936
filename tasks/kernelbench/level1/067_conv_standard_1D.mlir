// KernelBench level 1, problem 67: conv_standard_1D.
// nn.Conv1d(64, 128, kernel_size=3, bias=False): a convolution, (32, 64, 131072) -> (32, 128,
// 131070). x = torch.rand(32, 64, 131072); normal(0, 1) is the signed alternative. The weight is an
// input, drawn uniform(0, 1) like the other inputs, then as nn initialises it: uniform(-b, b), b =
// 1 / sqrt(fan_in) = 1 / sqrt(192).
kb.task @conv_standard_1d origin <"KernelBench", level 1, problem 67> tolerance(atol 1.0e-4, rtol 1.0e-4)
    attributes {split = "train"} {
  kb.input "x" : tensor<32x64x131072xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.input "weight" : tensor<128x64x3xf32> dist(uniform(0.0, 1.0), uniform(-0.07216878364870323, 0.07216878364870323))
  kb.output "out" : tensor<32x128x131070xf32>
  kb.reference "return torch.conv1d(x, weight, None, [1], [0], [1], 1)"
  kb.payload(%x: tensor<32x64x131072xf32>, %weight: tensor<128x64x3xf32>, %out: tensor<32x128x131070xf32>) {
    %zero = arith.constant 0.0 : f32
    %acc = linalg.fill ins(%zero : f32) outs(%out : tensor<32x128x131070xf32>) -> tensor<32x128x131070xf32>
    %c = linalg.conv_1d_ncw_fcw {dilations = dense<1> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>}
        ins(%x, %weight : tensor<32x64x131072xf32>, tensor<128x64x3xf32>) outs(%acc : tensor<32x128x131070xf32>) -> tensor<32x128x131070xf32>
    kb.yield %c : tensor<32x128x131070xf32>
  }
}
