module {
  kb.task @conv_depthwise_2d_square_input_square_kernel origin <"KernelBench", level 1, problem 82> tolerance(atol 0.0001, rtol 0.0001) attributes {split = "eval"} {
    kb.input "x" : tensor<16x64x512x512xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
    kb.input "weight" : tensor<64x1x3x3xf32> dist(uniform(0.0, 1.0), uniform(-0.3333333333333333, 0.3333333333333333))
    kb.output "out" : tensor<16x64x510x510xf32>
    kb.reference "return torch.conv2d(x, weight, None, [1, 1], [0, 0], [1, 1], 64)"
    kb.payload(%x: tensor<16x64x512x512xf32>, %weight: tensor<64x1x3x3xf32>, %out: tensor<16x64x510x510xf32>) {
      %cst = arith.constant 0.000000e+00 : f32
      %collapsed = tensor.collapse_shape %weight [[0, 1], [2], [3]] : tensor<64x1x3x3xf32> into tensor<64x3x3xf32>
      %0 = linalg.fill ins(%cst : f32) outs(%out : tensor<16x64x510x510xf32>) -> tensor<16x64x510x510xf32>
      %1 = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>} ins(%x, %collapsed : tensor<16x64x512x512xf32>, tensor<64x3x3xf32>) outs(%0 : tensor<16x64x510x510xf32>) -> tensor<16x64x510x510xf32>
      kb.yield %1 : tensor<16x64x510x510xf32>
    }
  }
}

