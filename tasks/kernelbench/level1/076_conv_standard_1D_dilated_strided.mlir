// KernelBench level 1, problem 76: conv_standard_1D_dilated_strided.
// nn.Conv1d(64, 128, kernel_size=3, stride=3, dilation=4, bias=False): a convolution, (64, 64,
// 524280) -> (64, 128, 174758). x = torch.rand(64, 64, 524280); normal(0, 1) is the signed
// alternative. The weight is an input, drawn uniform(0, 1) like the other inputs, then as nn
// initialises it: uniform(-b, b), b = 1 / sqrt(fan_in) = 1 / sqrt(192).
kb.task @conv_standard_1d_dilated_strided origin <"KernelBench", level 1, problem 76> tolerance(atol 1.0e-4, rtol 1.0e-4)
    attributes {split = "eval"} {
  kb.input "x" : tensor<64x64x524280xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.input "weight" : tensor<128x64x3xf32> dist(uniform(0.0, 1.0), uniform(-0.07216878364870323, 0.07216878364870323))
  kb.output "out" : tensor<64x128x174758xf32>
  kb.reference "return torch.conv1d(x, weight, None, [3], [0], [4], 1)"
  kb.payload(%x: tensor<64x64x524280xf32>, %weight: tensor<128x64x3xf32>, %out: tensor<64x128x174758xf32>) {
    %zero = arith.constant 0.0 : f32
    %acc = linalg.fill ins(%zero : f32) outs(%out : tensor<64x128x174758xf32>) -> tensor<64x128x174758xf32>
    %c = linalg.conv_1d_ncw_fcw {dilations = dense<4> : tensor<1xi64>, strides = dense<3> : tensor<1xi64>}
        ins(%x, %weight : tensor<64x64x524280xf32>, tensor<128x64x3xf32>) outs(%acc : tensor<64x128x174758xf32>) -> tensor<64x128x174758xf32>
    kb.yield %c : tensor<64x128x174758xf32>
  }
}
