module {
  kb.task @conv_standard_1d_dilated_strided origin <"KernelBench", level 1, problem 76> tolerance(atol 0.0001, rtol 0.0001) attributes {split = "eval"} {
    kb.input "x" : tensor<64x64x524280xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
    kb.input "weight" : tensor<128x64x3xf32> dist(uniform(0.0, 1.0), uniform(-0.07216878364870323, 0.07216878364870323))
    kb.output "out" : tensor<64x128x174758xf32>
    kb.reference "return torch.conv1d(x, weight, None, [3], [0], [4], 1)"
    kb.payload(%x: tensor<64x64x524280xf32>, %weight: tensor<128x64x3xf32>, %out: tensor<64x128x174758xf32>) {
      %cst = arith.constant 0.000000e+00 : f32
      %0 = linalg.fill ins(%cst : f32) outs(%out : tensor<64x128x174758xf32>) -> tensor<64x128x174758xf32>
      %1 = linalg.conv_1d_ncw_fcw {dilations = dense<4> : tensor<1xi64>, strides = dense<3> : tensor<1xi64>} ins(%x, %weight : tensor<64x64x524280xf32>, tensor<128x64x3xf32>) outs(%0 : tensor<64x128x174758xf32>) -> tensor<64x128x174758xf32>
      kb.yield %1 : tensor<64x128x174758xf32>
    }
  }
}

