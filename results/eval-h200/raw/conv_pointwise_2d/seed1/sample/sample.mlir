module {
  kb.task @conv_pointwise_2d origin <"KernelBench", level 1, problem 87> tolerance(atol 0.0001, rtol 0.0001) attributes {split = "eval"} {
    kb.input "x" : tensor<16x64x1024x1024xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
    kb.input "weight" : tensor<128x64x1x1xf32> dist(uniform(0.0, 1.0), uniform(-0.125, 0.125))
    kb.output "out" : tensor<16x128x1024x1024xf32>
    kb.reference "return torch.conv2d(x, weight, None, [1, 1], [0, 0], [1, 1], 1)"
    kb.payload(%x: tensor<16x64x1024x1024xf32>, %weight: tensor<128x64x1x1xf32>, %out: tensor<16x128x1024x1024xf32>) {
      %cst = arith.constant 0.000000e+00 : f32
      %0 = linalg.fill ins(%cst : f32) outs(%out : tensor<16x128x1024x1024xf32>) -> tensor<16x128x1024x1024xf32>
      %1 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %weight : tensor<16x64x1024x1024xf32>, tensor<128x64x1x1xf32>) outs(%0 : tensor<16x128x1024x1024xf32>) -> tensor<16x128x1024x1024xf32>
      kb.yield %1 : tensor<16x128x1024x1024xf32>
    }
  }
}

