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
  kb.candidate @conv_pointwise_2d_s0 of @conv_pointwise_2d policy decisions {block = 64 : i64, outputs_channel = 2 : i64, outputs_x = 8 : i64, unroll = 4 : i64} logprob <sum = -5.991464547107982, count = 4>
  kb.candidate @conv_pointwise_2d_s1 of @conv_pointwise_2d policy decisions {block = 64 : i64, outputs_channel = 8 : i64, outputs_x = 4 : i64, unroll = 8 : i64} logprob <sum = -5.991464547107982, count = 4>
  kb.candidate @conv_pointwise_2d_s2 of @conv_pointwise_2d policy decisions {block = 128 : i64, outputs_channel = 4 : i64, outputs_x = 2 : i64, unroll = 4 : i64} logprob <sum = -5.991464547107982, count = 4>
  kb.candidate @conv_pointwise_2d_s3 of @conv_pointwise_2d policy decisions {block = 512 : i64, outputs_channel = 2 : i64, outputs_x = 1 : i64, unroll = 2 : i64} logprob <sum = -5.991464547107982, count = 4>
  kb.candidate @conv_pointwise_2d_s4 of @conv_pointwise_2d policy decisions {block = 1024 : i64, outputs_channel = 8 : i64, outputs_x = 2 : i64, unroll = 2 : i64} logprob <sum = -5.991464547107982, count = 4>
  kb.candidate @conv_pointwise_2d_s5 of @conv_pointwise_2d policy decisions {block = 256 : i64, outputs_channel = 1 : i64, outputs_x = 8 : i64, unroll = 4 : i64} logprob <sum = -5.991464547107982, count = 4>
  kb.candidate @conv_pointwise_2d_s6 of @conv_pointwise_2d policy decisions {block = 128 : i64, outputs_channel = 4 : i64, outputs_x = 1 : i64, unroll = 8 : i64} logprob <sum = -5.991464547107982, count = 4>
  kb.candidate @conv_pointwise_2d_s7 of @conv_pointwise_2d policy decisions {block = 64 : i64, outputs_channel = 2 : i64, outputs_x = 8 : i64, unroll = 16 : i64} logprob <sum = -5.991464547107982, count = 4>
  kb.candidate @conv_pointwise_2d_s8 of @conv_pointwise_2d policy decisions {block = 64 : i64, outputs_channel = 8 : i64, outputs_x = 2 : i64, unroll = 16 : i64} logprob <sum = -5.991464547107982, count = 4>
  kb.candidate @conv_pointwise_2d_s9 of @conv_pointwise_2d policy decisions {block = 1024 : i64, outputs_channel = 8 : i64, outputs_x = 4 : i64, unroll = 16 : i64} logprob <sum = -5.991464547107982, count = 4>
  kb.candidate @conv_pointwise_2d_s10 of @conv_pointwise_2d policy decisions {block = 512 : i64, outputs_channel = 2 : i64, outputs_x = 4 : i64, unroll = 2 : i64} logprob <sum = -5.991464547107982, count = 4>
  kb.candidate @conv_pointwise_2d_s11 of @conv_pointwise_2d policy decisions {block = 128 : i64, outputs_channel = 8 : i64, outputs_x = 1 : i64, unroll = 8 : i64} logprob <sum = -5.991464547107982, count = 4>
  kb.candidate @conv_pointwise_2d_s12 of @conv_pointwise_2d policy decisions {block = 128 : i64, outputs_channel = 8 : i64, outputs_x = 2 : i64, unroll = 2 : i64} logprob <sum = -5.991464547107982, count = 4>
  kb.candidate @conv_pointwise_2d_s13 of @conv_pointwise_2d policy decisions {block = 64 : i64, outputs_channel = 2 : i64, outputs_x = 8 : i64, unroll = 1 : i64} logprob <sum = -5.991464547107982, count = 4>
  kb.candidate @conv_pointwise_2d_s14 of @conv_pointwise_2d policy decisions {block = 512 : i64, outputs_channel = 2 : i64, outputs_x = 8 : i64, unroll = 16 : i64} logprob <sum = -5.991464547107982, count = 4>
  kb.candidate @conv_pointwise_2d_s15 of @conv_pointwise_2d policy decisions {block = 256 : i64, outputs_channel = 1 : i64, outputs_x = 1 : i64, unroll = 16 : i64} logprob <sum = -5.991464547107982, count = 4>
  kb.candidate @conv_pointwise_2d_s16 of @conv_pointwise_2d policy decisions {block = 256 : i64, outputs_channel = 2 : i64, outputs_x = 1 : i64, unroll = 1 : i64} logprob <sum = -5.991464547107982, count = 4>
  kb.candidate @conv_pointwise_2d_s17 of @conv_pointwise_2d policy decisions {block = 64 : i64, outputs_channel = 8 : i64, outputs_x = 8 : i64, unroll = 8 : i64} logprob <sum = -5.991464547107982, count = 4>
  kb.candidate @conv_pointwise_2d_s18 of @conv_pointwise_2d policy decisions {block = 128 : i64, outputs_channel = 1 : i64, outputs_x = 1 : i64, unroll = 1 : i64} logprob <sum = -5.991464547107982, count = 4>
  kb.candidate @conv_pointwise_2d_s19 of @conv_pointwise_2d policy decisions {block = 64 : i64, outputs_channel = 1 : i64, outputs_x = 1 : i64, unroll = 2 : i64} logprob <sum = -5.991464547107982, count = 4>
  kb.candidate @conv_pointwise_2d_s20 of @conv_pointwise_2d policy decisions {block = 256 : i64, outputs_channel = 4 : i64, outputs_x = 4 : i64, unroll = 1 : i64} logprob <sum = -5.991464547107982, count = 4>
  kb.candidate @conv_pointwise_2d_s21 of @conv_pointwise_2d policy decisions {block = 256 : i64, outputs_channel = 1 : i64, outputs_x = 4 : i64, unroll = 8 : i64} logprob <sum = -5.991464547107982, count = 4>
  kb.candidate @conv_pointwise_2d_s22 of @conv_pointwise_2d policy decisions {block = 512 : i64, outputs_channel = 8 : i64, outputs_x = 1 : i64, unroll = 2 : i64} logprob <sum = -5.991464547107982, count = 4>
  kb.candidate @conv_pointwise_2d_s23 of @conv_pointwise_2d policy decisions {block = 512 : i64, outputs_channel = 4 : i64, outputs_x = 8 : i64, unroll = 4 : i64} logprob <sum = -5.991464547107982, count = 4>
  kb.candidate @conv_pointwise_2d_s24 of @conv_pointwise_2d policy decisions {block = 256 : i64, outputs_channel = 1 : i64, outputs_x = 1 : i64, unroll = 16 : i64} logprob <sum = -5.991464547107982, count = 4> {duplicate_of = @conv_pointwise_2d_s15}
  kb.candidate @conv_pointwise_2d_s25 of @conv_pointwise_2d policy decisions {block = 1024 : i64, outputs_channel = 8 : i64, outputs_x = 4 : i64, unroll = 16 : i64} logprob <sum = -5.991464547107982, count = 4> {duplicate_of = @conv_pointwise_2d_s9}
  kb.candidate @conv_pointwise_2d_s26 of @conv_pointwise_2d policy decisions {block = 64 : i64, outputs_channel = 8 : i64, outputs_x = 1 : i64, unroll = 4 : i64} logprob <sum = -5.991464547107982, count = 4>
  kb.candidate @conv_pointwise_2d_s27 of @conv_pointwise_2d policy decisions {block = 1024 : i64, outputs_channel = 8 : i64, outputs_x = 8 : i64, unroll = 2 : i64} logprob <sum = -5.991464547107982, count = 4>
  kb.candidate @conv_pointwise_2d_s28 of @conv_pointwise_2d policy decisions {block = 64 : i64, outputs_channel = 8 : i64, outputs_x = 1 : i64, unroll = 4 : i64} logprob <sum = -5.991464547107982, count = 4> {duplicate_of = @conv_pointwise_2d_s26}
  kb.candidate @conv_pointwise_2d_s29 of @conv_pointwise_2d policy decisions {block = 128 : i64, outputs_channel = 1 : i64, outputs_x = 2 : i64, unroll = 8 : i64} logprob <sum = -5.991464547107982, count = 4>
  kb.candidate @conv_pointwise_2d_s30 of @conv_pointwise_2d policy decisions {block = 128 : i64, outputs_channel = 4 : i64, outputs_x = 4 : i64, unroll = 8 : i64} logprob <sum = -5.991464547107982, count = 4>
  kb.candidate @conv_pointwise_2d_s31 of @conv_pointwise_2d policy decisions {block = 64 : i64, outputs_channel = 1 : i64, outputs_x = 4 : i64, unroll = 8 : i64} logprob <sum = -5.991464547107982, count = 4>
  kb.candidate @conv_pointwise_2d_s32 of @conv_pointwise_2d policy decisions {block = 1024 : i64, outputs_channel = 2 : i64, outputs_x = 4 : i64, unroll = 16 : i64} logprob <sum = -5.991464547107982, count = 4>
  kb.candidate @conv_pointwise_2d_s33 of @conv_pointwise_2d policy decisions {block = 64 : i64, outputs_channel = 4 : i64, outputs_x = 4 : i64, unroll = 16 : i64} logprob <sum = -5.991464547107982, count = 4>
  kb.candidate @conv_pointwise_2d_s34 of @conv_pointwise_2d policy decisions {block = 128 : i64, outputs_channel = 2 : i64, outputs_x = 4 : i64, unroll = 1 : i64} logprob <sum = -5.991464547107982, count = 4>
  kb.candidate @conv_pointwise_2d_s35 of @conv_pointwise_2d policy decisions {block = 1024 : i64, outputs_channel = 2 : i64, outputs_x = 4 : i64, unroll = 4 : i64} logprob <sum = -5.991464547107982, count = 4>
  kb.candidate @conv_pointwise_2d_s36 of @conv_pointwise_2d policy decisions {block = 1024 : i64, outputs_channel = 8 : i64, outputs_x = 4 : i64, unroll = 4 : i64} logprob <sum = -5.991464547107982, count = 4>
  kb.candidate @conv_pointwise_2d_s37 of @conv_pointwise_2d policy decisions {block = 256 : i64, outputs_channel = 2 : i64, outputs_x = 1 : i64, unroll = 1 : i64} logprob <sum = -5.991464547107982, count = 4> {duplicate_of = @conv_pointwise_2d_s16}
  kb.candidate @conv_pointwise_2d_s38 of @conv_pointwise_2d policy decisions {block = 128 : i64, outputs_channel = 2 : i64, outputs_x = 8 : i64, unroll = 2 : i64} logprob <sum = -5.991464547107982, count = 4>
  kb.candidate @conv_pointwise_2d_s39 of @conv_pointwise_2d policy decisions {block = 64 : i64, outputs_channel = 8 : i64, outputs_x = 8 : i64, unroll = 16 : i64} logprob <sum = -5.991464547107982, count = 4>
  kb.candidate @conv_pointwise_2d_s40 of @conv_pointwise_2d policy decisions {block = 512 : i64, outputs_channel = 2 : i64, outputs_x = 2 : i64, unroll = 4 : i64} logprob <sum = -5.991464547107982, count = 4>
  kb.candidate @conv_pointwise_2d_s41 of @conv_pointwise_2d policy decisions {block = 64 : i64, outputs_channel = 8 : i64, outputs_x = 1 : i64, unroll = 2 : i64} logprob <sum = -5.991464547107982, count = 4>
  kb.candidate @conv_pointwise_2d_s42 of @conv_pointwise_2d policy decisions {block = 512 : i64, outputs_channel = 1 : i64, outputs_x = 1 : i64, unroll = 2 : i64} logprob <sum = -5.991464547107982, count = 4>
  kb.candidate @conv_pointwise_2d_s43 of @conv_pointwise_2d policy decisions {block = 128 : i64, outputs_channel = 4 : i64, outputs_x = 1 : i64, unroll = 2 : i64} logprob <sum = -5.991464547107982, count = 4>
  kb.candidate @conv_pointwise_2d_s44 of @conv_pointwise_2d policy decisions {block = 512 : i64, outputs_channel = 1 : i64, outputs_x = 4 : i64, unroll = 8 : i64} logprob <sum = -5.991464547107982, count = 4>
  kb.candidate @conv_pointwise_2d_s45 of @conv_pointwise_2d policy decisions {block = 512 : i64, outputs_channel = 8 : i64, outputs_x = 4 : i64, unroll = 2 : i64} logprob <sum = -5.991464547107982, count = 4>
  kb.candidate @conv_pointwise_2d_s46 of @conv_pointwise_2d policy decisions {block = 64 : i64, outputs_channel = 8 : i64, outputs_x = 8 : i64, unroll = 8 : i64} logprob <sum = -5.991464547107982, count = 4> {duplicate_of = @conv_pointwise_2d_s17}
  kb.candidate @conv_pointwise_2d_s47 of @conv_pointwise_2d policy decisions {block = 1024 : i64, outputs_channel = 2 : i64, outputs_x = 1 : i64, unroll = 2 : i64} logprob <sum = -5.991464547107982, count = 4>
  kb.candidate @conv_pointwise_2d_s48 of @conv_pointwise_2d policy decisions {block = 128 : i64, outputs_channel = 8 : i64, outputs_x = 4 : i64, unroll = 16 : i64} logprob <sum = -5.991464547107982, count = 4>
  kb.candidate @conv_pointwise_2d_s49 of @conv_pointwise_2d policy decisions {block = 512 : i64, outputs_channel = 4 : i64, outputs_x = 4 : i64, unroll = 4 : i64} logprob <sum = -5.991464547107982, count = 4>
  kb.candidate @conv_pointwise_2d_s50 of @conv_pointwise_2d policy decisions {block = 64 : i64, outputs_channel = 8 : i64, outputs_x = 2 : i64, unroll = 2 : i64} logprob <sum = -5.991464547107982, count = 4>
  kb.candidate @conv_pointwise_2d_s51 of @conv_pointwise_2d policy decisions {block = 512 : i64, outputs_channel = 2 : i64, outputs_x = 2 : i64, unroll = 4 : i64} logprob <sum = -5.991464547107982, count = 4> {duplicate_of = @conv_pointwise_2d_s40}
  kb.candidate @conv_pointwise_2d_s52 of @conv_pointwise_2d policy decisions {block = 512 : i64, outputs_channel = 2 : i64, outputs_x = 1 : i64, unroll = 2 : i64} logprob <sum = -5.991464547107982, count = 4> {duplicate_of = @conv_pointwise_2d_s3}
  kb.candidate @conv_pointwise_2d_s53 of @conv_pointwise_2d policy decisions {block = 512 : i64, outputs_channel = 8 : i64, outputs_x = 4 : i64, unroll = 1 : i64} logprob <sum = -5.991464547107982, count = 4>
  kb.candidate @conv_pointwise_2d_s54 of @conv_pointwise_2d policy decisions {block = 64 : i64, outputs_channel = 2 : i64, outputs_x = 2 : i64, unroll = 8 : i64} logprob <sum = -5.991464547107982, count = 4>
  kb.candidate @conv_pointwise_2d_s55 of @conv_pointwise_2d policy decisions {block = 64 : i64, outputs_channel = 4 : i64, outputs_x = 2 : i64, unroll = 1 : i64} logprob <sum = -5.991464547107982, count = 4>
  kb.candidate @conv_pointwise_2d_s56 of @conv_pointwise_2d policy decisions {block = 512 : i64, outputs_channel = 2 : i64, outputs_x = 1 : i64, unroll = 8 : i64} logprob <sum = -5.991464547107982, count = 4>
  kb.candidate @conv_pointwise_2d_s57 of @conv_pointwise_2d policy decisions {block = 64 : i64, outputs_channel = 1 : i64, outputs_x = 2 : i64, unroll = 2 : i64} logprob <sum = -5.991464547107982, count = 4>
  kb.candidate @conv_pointwise_2d_s58 of @conv_pointwise_2d policy decisions {block = 1024 : i64, outputs_channel = 1 : i64, outputs_x = 4 : i64, unroll = 8 : i64} logprob <sum = -5.991464547107982, count = 4>
  kb.candidate @conv_pointwise_2d_s59 of @conv_pointwise_2d policy decisions {block = 256 : i64, outputs_channel = 8 : i64, outputs_x = 1 : i64, unroll = 16 : i64} logprob <sum = -5.991464547107982, count = 4>
  kb.candidate @conv_pointwise_2d_s60 of @conv_pointwise_2d policy decisions {block = 512 : i64, outputs_channel = 2 : i64, outputs_x = 1 : i64, unroll = 8 : i64} logprob <sum = -5.991464547107982, count = 4> {duplicate_of = @conv_pointwise_2d_s56}
  kb.candidate @conv_pointwise_2d_s61 of @conv_pointwise_2d policy decisions {block = 64 : i64, outputs_channel = 2 : i64, outputs_x = 4 : i64, unroll = 1 : i64} logprob <sum = -5.991464547107982, count = 4>
  kb.candidate @conv_pointwise_2d_s62 of @conv_pointwise_2d policy decisions {block = 256 : i64, outputs_channel = 2 : i64, outputs_x = 8 : i64, unroll = 8 : i64} logprob <sum = -5.991464547107982, count = 4>
  kb.candidate @conv_pointwise_2d_s63 of @conv_pointwise_2d policy decisions {block = 1024 : i64, outputs_channel = 4 : i64, outputs_x = 2 : i64, unroll = 16 : i64} logprob <sum = -5.991464547107982, count = 4>
}

