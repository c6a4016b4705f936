module {
  kb.task @conv_standard_2d_asymmetric_input_square_kernel origin <"KernelBench", level 1, problem 55> tolerance(atol 0.0001, rtol 0.0001) attributes {split = "eval"} {
    kb.input "x" : tensor<8x64x512x1024xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
    kb.input "weight" : tensor<128x64x3x3xf32> dist(uniform(0.0, 1.0), uniform(-0.041666666666666664, 0.041666666666666664))
    kb.output "out" : tensor<8x128x510x1022xf32>
    kb.reference "return torch.conv2d(x, weight, None, [1, 1], [0, 0], [1, 1], 1)"
    kb.payload(%x: tensor<8x64x512x1024xf32>, %weight: tensor<128x64x3x3xf32>, %out: tensor<8x128x510x1022xf32>) {
      %cst = arith.constant 0.000000e+00 : f32
      %0 = linalg.fill ins(%cst : f32) outs(%out : tensor<8x128x510x1022xf32>) -> tensor<8x128x510x1022xf32>
      %1 = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %weight : tensor<8x64x512x1024xf32>, tensor<128x64x3x3xf32>) outs(%0 : tensor<8x128x510x1022xf32>) -> tensor<8x128x510x1022xf32>
      kb.yield %1 : tensor<8x128x510x1022xf32>
    }
  }
}

