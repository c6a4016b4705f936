module {
  kb.task @row_sum tolerance(atol 0.0001, rtol 0.0001) {
    kb.input "x" : tensor<4096x4096xf32> dist(uniform(0.0, 1.0), uniform(-0.5, 1.0))
    kb.output "out" : tensor<4096xf32>
    kb.reference "return torch.sum(x, dim=1)"
    kb.payload(%x: tensor<4096x4096xf32>, %out: tensor<4096xf32>) {
      %cst = arith.constant 0.000000e+00 : f32
      %0 = linalg.fill ins(%cst : f32) outs(%out : tensor<4096xf32>) -> tensor<4096xf32>
      %reduced = linalg.reduce ins(%x : tensor<4096x4096xf32>) outs(%0 : tensor<4096xf32>) dimensions = [1] 
        (%in: f32, %init: f32) {
          %1 = arith.addf %in, %init : f32
          linalg.yield %1 : f32
        }
      kb.yield %reduced : tensor<4096xf32>
    }
  }
  kb.candidate @row_sum_s0 of @row_sum policy decisions {block = 256 : i64, shuffle = false, threads_per_output = 128 : i64, unroll = 1 : i64, vector = 1 : i64} logprob <sum = -2.1402819002797737, count = 5>
  kb.candidate @row_sum_s1 of @row_sum policy decisions {block = 256 : i64, shuffle = false, threads_per_output = 32 : i64, unroll = 1 : i64, vector = 1 : i64} logprob <sum = -1.4457759979620015, count = 5>
  kb.candidate @row_sum_s2 of @row_sum policy decisions {block = 64 : i64, shuffle = false, threads_per_output = 16 : i64, unroll = 1 : i64, vector = 1 : i64} logprob <sum = -5.664971019226199, count = 5>
  kb.candidate @row_sum_s3 of @row_sum policy decisions {block = 512 : i64, shuffle = false, threads_per_output = 4 : i64, unroll = 1 : i64, vector = 1 : i64} logprob <sum = -5.635238124708538, count = 5>
  kb.candidate @row_sum_s4 of @row_sum policy decisions {block = 256 : i64, shuffle = false, threads_per_output = 16 : i64, unroll = 1 : i64, vector = 1 : i64} logprob <sum = -1.9958617171144477, count = 5>
  kb.candidate @row_sum_s5 of @row_sum policy decisions {block = 256 : i64, shuffle = false, threads_per_output = 128 : i64, unroll = 1 : i64, vector = 4 : i64} logprob <sum = -4.4633860266177825, count = 5>
  kb.candidate @row_sum_s6 of @row_sum policy decisions {block = 64 : i64, shuffle = false, threads_per_output = 128 : i64, unroll = 1 : i64, vector = 1 : i64} logprob <sum = -5.626950111368133, count = 5>
  kb.candidate @row_sum_s7 of @row_sum policy decisions {block = 256 : i64, shuffle = false, threads_per_output = 4 : i64, unroll = 1 : i64, vector = 1 : i64} logprob <sum = -2.9536050668000224, count = 5>
  kb.candidate @row_sum_s8 of @row_sum policy decisions {block = 256 : i64, shuffle = false, threads_per_output = 32 : i64, unroll = 1 : i64, vector = 1 : i64} logprob <sum = -1.4457759979620015, count = 5> {duplicate_of = @row_sum_s1}
  kb.candidate @row_sum_s9 of @row_sum policy decisions {block = 256 : i64, shuffle = false, threads_per_output = 16 : i64, unroll = 1 : i64, vector = 1 : i64} logprob <sum = -1.9958617171144477, count = 5> {duplicate_of = @row_sum_s4}
  kb.candidate @row_sum_s10 of @row_sum policy decisions {block = 1024 : i64, shuffle = false, threads_per_output = 16 : i64, unroll = 1 : i64, vector = 1 : i64} logprob <sum = -4.777083429823286, count = 5>
  kb.candidate @row_sum_s11 of @row_sum policy decisions {block = 256 : i64, shuffle = false, threads_per_output = 128 : i64, unroll = 1 : i64, vector = 4 : i64} logprob <sum = -4.4633860266177825, count = 5> {duplicate_of = @row_sum_s5}
  kb.candidate @row_sum_s12 of @row_sum policy decisions {block = 256 : i64, shuffle = false, threads_per_output = 16 : i64, unroll = 1 : i64, vector = 1 : i64} logprob <sum = -1.9958617171144477, count = 5> {duplicate_of = @row_sum_s4}
  kb.candidate @row_sum_s13 of @row_sum policy decisions {block = 256 : i64, shuffle = false, threads_per_output = 1 : i64, unroll = 1 : i64, vector = 1 : i64} logprob <sum = -2.5714272799948206, count = 5>
  kb.candidate @row_sum_s14 of @row_sum policy decisions {block = 256 : i64, shuffle = false, threads_per_output = 32 : i64, unroll = 1 : i64, vector = 1 : i64} logprob <sum = -1.4457759979620015, count = 5> {duplicate_of = @row_sum_s1}
  kb.candidate @row_sum_s15 of @row_sum policy decisions {block = 256 : i64, shuffle = false, threads_per_output = 128 : i64, unroll = 1 : i64, vector = 1 : i64} logprob <sum = -2.1402819002797737, count = 5> {duplicate_of = @row_sum_s0}
  kb.candidate @row_sum_s16 of @row_sum policy decisions {block = 1024 : i64, shuffle = false, threads_per_output = 128 : i64, unroll = 1 : i64, vector = 4 : i64} logprob <sum = -6.604633374613304, count = 5>
  kb.candidate @row_sum_s17 of @row_sum policy decisions {block = 256 : i64, shuffle = false, threads_per_output = 16 : i64, unroll = 1 : i64, vector = 1 : i64} logprob <sum = -1.9958617171144477, count = 5> {duplicate_of = @row_sum_s4}
  kb.candidate @row_sum_s18 of @row_sum policy decisions {block = 256 : i64, shuffle = false, threads_per_output = 32 : i64, unroll = 1 : i64, vector = 1 : i64} logprob <sum = -1.4457759979620015, count = 5> {duplicate_of = @row_sum_s1}
  kb.candidate @row_sum_s19 of @row_sum policy decisions {block = 256 : i64, shuffle = false, threads_per_output = 16 : i64, unroll = 1 : i64, vector = 2 : i64} logprob <sum = -5.5201764645501115, count = 5>
  kb.candidate @row_sum_s20 of @row_sum policy decisions {block = 256 : i64, shuffle = false, threads_per_output = 128 : i64, unroll = 1 : i64, vector = 1 : i64} logprob <sum = -2.1402819002797737, count = 5> {duplicate_of = @row_sum_s0}
  kb.candidate @row_sum_s21 of @row_sum policy decisions {block = 256 : i64, shuffle = false, threads_per_output = 128 : i64, unroll = 1 : i64, vector = 1 : i64} logprob <sum = -2.1402819002797737, count = 5> {duplicate_of = @row_sum_s0}
  kb.candidate @row_sum_s22 of @row_sum policy decisions {block = 256 : i64, shuffle = false, threads_per_output = 1024 : i64, unroll = 4 : i64, vector = 1 : i64} logprob <sum = -5.824785065555775, count = 5>
  kb.candidate @row_sum_s23 of @row_sum policy decisions {block = 256 : i64, shuffle = false, threads_per_output = 16 : i64, unroll = 1 : i64, vector = 1 : i64} logprob <sum = -1.9958617171144477, count = 5> {duplicate_of = @row_sum_s4}
  kb.candidate @row_sum_s24 of @row_sum policy decisions {block = 512 : i64, shuffle = false, threads_per_output = 32 : i64, unroll = 8 : i64, vector = 1 : i64} logprob <sum = -8.346406299083423, count = 5>
  kb.candidate @row_sum_s25 of @row_sum policy decisions {block = 256 : i64, shuffle = false, threads_per_output = 1024 : i64, unroll = 1 : i64, vector = 1 : i64} logprob <sum = -2.461234488855274, count = 5>
  kb.candidate @row_sum_s26 of @row_sum policy decisions {block = 256 : i64, shuffle = false, threads_per_output = 1024 : i64, unroll = 1 : i64, vector = 1 : i64} logprob <sum = -2.461234488855274, count = 5> {duplicate_of = @row_sum_s25}
  kb.candidate @row_sum_s27 of @row_sum policy decisions {block = 256 : i64, shuffle = false, threads_per_output = 32 : i64, unroll = 1 : i64, vector = 1 : i64} logprob <sum = -1.4457759979620015, count = 5> {duplicate_of = @row_sum_s1}
  kb.candidate @row_sum_s28 of @row_sum policy decisions {block = 256 : i64, shuffle = false, threads_per_output = 32 : i64, unroll = 1 : i64, vector = 1 : i64} logprob <sum = -1.4457759979620015, count = 5> {duplicate_of = @row_sum_s1}
  kb.candidate @row_sum_s29 of @row_sum policy decisions {block = 256 : i64, shuffle = false, threads_per_output = 32 : i64, unroll = 1 : i64, vector = 1 : i64} logprob <sum = -1.4457759979620015, count = 5> {duplicate_of = @row_sum_s1}
  kb.candidate @row_sum_s30 of @row_sum policy decisions {block = 256 : i64, shuffle = false, threads_per_output = 1 : i64, unroll = 1 : i64, vector = 1 : i64} logprob <sum = -2.5714272799948206, count = 5> {duplicate_of = @row_sum_s13}
  kb.candidate @row_sum_s31 of @row_sum policy decisions {block = 256 : i64, shuffle = false, threads_per_output = 32 : i64, unroll = 1 : i64, vector = 1 : i64} logprob <sum = -1.4457759979620015, count = 5> {duplicate_of = @row_sum_s1}
  kb.candidate @row_sum_s32 of @row_sum policy decisions {block = 256 : i64, shuffle = false, threads_per_output = 4 : i64, unroll = 1 : i64, vector = 1 : i64} logprob <sum = -2.9536050668000224, count = 5> {duplicate_of = @row_sum_s7}
  kb.candidate @row_sum_s33 of @row_sum policy decisions {block = 256 : i64, shuffle = false, threads_per_output = 128 : i64, unroll = 1 : i64, vector = 1 : i64} logprob <sum = -2.1402819002797737, count = 5> {duplicate_of = @row_sum_s0}
  kb.candidate @row_sum_s34 of @row_sum policy decisions {block = 256 : i64, shuffle = false, threads_per_output = 128 : i64, unroll = 1 : i64, vector = 1 : i64} logprob <sum = -2.1402819002797737, count = 5> {duplicate_of = @row_sum_s0}
  kb.candidate @row_sum_s35 of @row_sum policy decisions {block = 256 : i64, shuffle = false, threads_per_output = 1024 : i64, unroll = 8 : i64, vector = 4 : i64} logprob <sum = -9.08502107642569, count = 5>
  kb.candidate @row_sum_s36 of @row_sum policy decisions {block = 256 : i64, shuffle = false, threads_per_output = 32 : i64, unroll = 1 : i64, vector = 1 : i64} logprob <sum = -1.4457759979620015, count = 5> {duplicate_of = @row_sum_s1}
  kb.candidate @row_sum_s37 of @row_sum policy decisions {block = 256 : i64, shuffle = false, threads_per_output = 1024 : i64, unroll = 1 : i64, vector = 1 : i64} logprob <sum = -2.461234488855274, count = 5> {duplicate_of = @row_sum_s25}
  kb.candidate @row_sum_s38 of @row_sum policy decisions {block = 256 : i64, shuffle = false, threads_per_output = 128 : i64, unroll = 1 : i64, vector = 1 : i64} logprob <sum = -2.1402819002797737, count = 5> {duplicate_of = @row_sum_s0}
  kb.candidate @row_sum_s39 of @row_sum policy decisions {block = 512 : i64, shuffle = false, threads_per_output = 4 : i64, unroll = 1 : i64, vector = 1 : i64} logprob <sum = -5.635238124708538, count = 5> {duplicate_of = @row_sum_s3}
  kb.candidate @row_sum_s40 of @row_sum policy decisions {block = 256 : i64, shuffle = false, threads_per_output = 4 : i64, unroll = 1 : i64, vector = 1 : i64} logprob <sum = -2.9536050668000224, count = 5> {duplicate_of = @row_sum_s7}
  kb.candidate @row_sum_s41 of @row_sum policy decisions {block = 256 : i64, shuffle = false, threads_per_output = 1024 : i64, unroll = 2 : i64, vector = 4 : i64} logprob <sum = -8.940148890117117, count = 5>
  kb.candidate @row_sum_s42 of @row_sum policy decisions {block = 256 : i64, shuffle = false, threads_per_output = 32 : i64, unroll = 1 : i64, vector = 1 : i64} logprob <sum = -1.4457759979620015, count = 5> {duplicate_of = @row_sum_s1}
  kb.candidate @row_sum_s43 of @row_sum policy decisions {block = 256 : i64, shuffle = false, threads_per_output = 16 : i64, unroll = 1 : i64, vector = 1 : i64} logprob <sum = -1.9958617171144477, count = 5> {duplicate_of = @row_sum_s4}
  kb.candidate @row_sum_s44 of @row_sum policy decisions {block = 256 : i64, shuffle = false, threads_per_output = 32 : i64, unroll = 1 : i64, vector = 1 : i64} logprob <sum = -1.4457759979620015, count = 5> {duplicate_of = @row_sum_s1}
  kb.candidate @row_sum_s45 of @row_sum policy decisions {block = 256 : i64, shuffle = false, threads_per_output = 1 : i64, unroll = 1 : i64, vector = 1 : i64} logprob <sum = -2.5714272799948206, count = 5> {duplicate_of = @row_sum_s13}
  kb.candidate @row_sum_s46 of @row_sum policy decisions {block = 256 : i64, shuffle = false, threads_per_output = 1024 : i64, unroll = 1 : i64, vector = 1 : i64} logprob <sum = -2.461234488855274, count = 5> {duplicate_of = @row_sum_s25}
  kb.candidate @row_sum_s47 of @row_sum policy decisions {block = 256 : i64, shuffle = false, threads_per_output = 16 : i64, unroll = 1 : i64, vector = 1 : i64} logprob <sum = -1.9958617171144477, count = 5> {duplicate_of = @row_sum_s4}
  kb.candidate @row_sum_s48 of @row_sum policy decisions {block = 512 : i64, shuffle = false, threads_per_output = 16 : i64, unroll = 1 : i64, vector = 1 : i64} logprob <sum = -4.70275974043066, count = 5>
  kb.candidate @row_sum_s49 of @row_sum policy decisions {block = 256 : i64, shuffle = false, threads_per_output = 16 : i64, unroll = 1 : i64, vector = 1 : i64} logprob <sum = -1.9958617171144477, count = 5> {duplicate_of = @row_sum_s4}
  kb.candidate @row_sum_s50 of @row_sum policy decisions {block = 256 : i64, shuffle = false, threads_per_output = 32 : i64, unroll = 1 : i64, vector = 1 : i64} logprob <sum = -1.4457759979620015, count = 5> {duplicate_of = @row_sum_s1}
  kb.candidate @row_sum_s51 of @row_sum policy decisions {block = 64 : i64, shuffle = false, threads_per_output = 1 : i64, unroll = 1 : i64, vector = 1 : i64} logprob <sum = -5.670756213799605, count = 5>
  kb.candidate @row_sum_s52 of @row_sum policy decisions {block = 256 : i64, shuffle = false, threads_per_output = 1024 : i64, unroll = 1 : i64, vector = 4 : i64} logprob <sum = -5.3408926157857195, count = 5>
  kb.candidate @row_sum_s53 of @row_sum policy decisions {block = 256 : i64, shuffle = false, threads_per_output = 32 : i64, unroll = 1 : i64, vector = 1 : i64} logprob <sum = -1.4457759979620015, count = 5> {duplicate_of = @row_sum_s1}
  kb.candidate @row_sum_s54 of @row_sum policy decisions {block = 256 : i64, shuffle = false, threads_per_output = 128 : i64, unroll = 1 : i64, vector = 1 : i64} logprob <sum = -2.1402819002797737, count = 5> {duplicate_of = @row_sum_s0}
  kb.candidate @row_sum_s55 of @row_sum policy decisions {block = 128 : i64, shuffle = false, threads_per_output = 16 : i64, unroll = 1 : i64, vector = 1 : i64} logprob <sum = -5.390845357890512, count = 5>
  kb.candidate @row_sum_s56 of @row_sum policy decisions {block = 256 : i64, shuffle = false, threads_per_output = 32 : i64, unroll = 1 : i64, vector = 1 : i64} logprob <sum = -1.4457759979620015, count = 5> {duplicate_of = @row_sum_s1}
  kb.candidate @row_sum_s57 of @row_sum policy decisions {block = 256 : i64, shuffle = false, threads_per_output = 32 : i64, unroll = 1 : i64, vector = 1 : i64} logprob <sum = -1.4457759979620015, count = 5> {duplicate_of = @row_sum_s1}
  kb.candidate @row_sum_s58 of @row_sum policy decisions {block = 1024 : i64, shuffle = false, threads_per_output = 16 : i64, unroll = 1 : i64, vector = 1 : i64} logprob <sum = -4.777083429823286, count = 5> {duplicate_of = @row_sum_s10}
  kb.candidate @row_sum_s59 of @row_sum policy decisions {block = 256 : i64, shuffle = false, threads_per_output = 1 : i64, unroll = 1 : i64, vector = 1 : i64} logprob <sum = -2.5714272799948206, count = 5> {duplicate_of = @row_sum_s13}
  kb.candidate @row_sum_s60 of @row_sum policy decisions {block = 256 : i64, shuffle = false, threads_per_output = 32 : i64, unroll = 1 : i64, vector = 1 : i64} logprob <sum = -1.4457759979620015, count = 5> {duplicate_of = @row_sum_s1}
  kb.candidate @row_sum_s61 of @row_sum policy decisions {block = 256 : i64, shuffle = false, threads_per_output = 128 : i64, unroll = 1 : i64, vector = 1 : i64} logprob <sum = -2.1402819002797737, count = 5> {duplicate_of = @row_sum_s0}
  kb.candidate @row_sum_s62 of @row_sum policy decisions {block = 256 : i64, shuffle = false, threads_per_output = 32 : i64, unroll = 1 : i64, vector = 1 : i64} logprob <sum = -1.4457759979620015, count = 5> {duplicate_of = @row_sum_s1}
  kb.candidate @row_sum_s63 of @row_sum policy decisions {block = 256 : i64, shuffle = false, threads_per_output = 128 : i64, unroll = 4 : i64, vector = 1 : i64} logprob <sum = -4.9724819299755305, count = 5>
}

