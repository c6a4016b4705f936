#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> ()>
#map2 = affine_map<() -> ()>
module {
  kb.task @kl_div_loss origin <"KernelBench", level 1, problem 98> tolerance(atol 0.0001, rtol 0.0001) attributes {split = "eval"} {
    kb.input "predictions" : tensor<16384x16384xf32> dist(uniform(4.7e-05, 7.7e-05), uniform(0.01, 1.0))
    kb.input "targets" : tensor<16384x16384xf32> dist(uniform(3.55e-05, 9.66e-05), uniform(0.01, 1.0))
    kb.output "out" : tensor<f32>
    kb.reference "return torch.kl_div(torch.log(predictions), targets, reduction=2) / predictions.size(0)"
    kb.payload(%predictions: tensor<16384x16384xf32>, %targets: tensor<16384x16384xf32>, %out: tensor<f32>) {
      %cst = arith.constant 0.000000e+00 : f32
      %0 = tensor.empty() : tensor<f32>
      %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<f32>) -> tensor<f32>
      %2 = linalg.generic {indexing_maps = [#map, #map, #map1], iterator_types = ["reduction", "reduction"]} ins(%predictions, %targets : tensor<16384x16384xf32>, tensor<16384x16384xf32>) outs(%1 : tensor<f32>) {
      ^bb0(%in: f32, %in_0: f32, %out_1: f32):
        %4 = math.log %in : f32
        %5 = math.log %in_0 : f32
        %6 = arith.mulf %in_0, %5 : f32
        %7 = arith.cmpf oeq, %in_0, %cst : f32
        %8 = arith.select %7, %cst, %6 : f32
        %9 = arith.mulf %in_0, %4 : f32
        %10 = arith.subf %8, %9 : f32
        %11 = arith.addf %out_1, %10 : f32
        linalg.yield %11 : f32
      } -> tensor<f32>
      %3 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = []} ins(%2 : tensor<f32>) outs(%out : tensor<f32>) {
      ^bb0(%in: f32, %out_0: f32):
        %cst_1 = arith.constant 1.638400e+04 : f32
        %4 = arith.divf %in, %cst_1 : f32
        linalg.yield %4 : f32
      } -> tensor<f32>
      kb.yield %3 : tensor<f32>
    }
  }
  kb.candidate @kl_div_loss_s0 of @kl_div_loss policy decisions {block = 512 : i64, blocks_per_sm = 1 : i64, unroll = 4 : i64, vector = 2 : i64} logprob <sum = -5.886104031450156, count = 4>
  kb.candidate @kl_div_loss_s1 of @kl_div_loss policy decisions {block = 1024 : i64, blocks_per_sm = 16 : i64, unroll = 4 : i64, vector = 4 : i64} logprob <sum = -5.886104031450156, count = 4>
  kb.candidate @kl_div_loss_s2 of @kl_div_loss policy decisions {block = 256 : i64, blocks_per_sm = 16 : i64, unroll = 8 : i64, vector = 2 : i64} logprob <sum = -5.886104031450156, count = 4>
  kb.candidate @kl_div_loss_s3 of @kl_div_loss policy decisions {block = 64 : i64, blocks_per_sm = 1 : i64, unroll = 4 : i64, vector = 4 : i64} logprob <sum = -5.886104031450156, count = 4>
  kb.candidate @kl_div_loss_s4 of @kl_div_loss policy decisions {block = 128 : i64, blocks_per_sm = 32 : i64, unroll = 2 : i64, vector = 1 : i64} logprob <sum = -5.886104031450156, count = 4>
  kb.candidate @kl_div_loss_s5 of @kl_div_loss policy decisions {block = 256 : i64, blocks_per_sm = 8 : i64, unroll = 4 : i64, vector = 1 : i64} logprob <sum = -5.886104031450156, count = 4>
  kb.candidate @kl_div_loss_s6 of @kl_div_loss policy decisions {block = 1024 : i64, blocks_per_sm = 16 : i64, unroll = 4 : i64, vector = 4 : i64} logprob <sum = -5.886104031450156, count = 4> {duplicate_of = @kl_div_loss_s1}
  kb.candidate @kl_div_loss_s7 of @kl_div_loss policy decisions {block = 512 : i64, blocks_per_sm = 8 : i64, unroll = 8 : i64, vector = 2 : i64} logprob <sum = -5.886104031450156, count = 4>
  kb.candidate @kl_div_loss_s8 of @kl_div_loss policy decisions {block = 128 : i64, blocks_per_sm = 8 : i64, unroll = 2 : i64, vector = 4 : i64} logprob <sum = -5.886104031450156, count = 4>
  kb.candidate @kl_div_loss_s9 of @kl_div_loss policy decisions {block = 128 : i64, blocks_per_sm = 2 : i64, unroll = 2 : i64, vector = 2 : i64} logprob <sum = -5.886104031450156, count = 4>
  kb.candidate @kl_div_loss_s10 of @kl_div_loss policy decisions {block = 256 : i64, blocks_per_sm = 8 : i64, unroll = 1 : i64, vector = 4 : i64} logprob <sum = -5.886104031450156, count = 4>
  kb.candidate @kl_div_loss_s11 of @kl_div_loss policy decisions {block = 128 : i64, blocks_per_sm = 2 : i64, unroll = 8 : i64, vector = 2 : i64} logprob <sum = -5.886104031450156, count = 4>
  kb.candidate @kl_div_loss_s12 of @kl_div_loss policy decisions {block = 512 : i64, blocks_per_sm = 4 : i64, unroll = 1 : i64, vector = 2 : i64} logprob <sum = -5.886104031450156, count = 4>
  kb.candidate @kl_div_loss_s13 of @kl_div_loss policy decisions {block = 64 : i64, blocks_per_sm = 2 : i64, unroll = 2 : i64, vector = 2 : i64} logprob <sum = -5.886104031450156, count = 4>
  kb.candidate @kl_div_loss_s14 of @kl_div_loss policy decisions {block = 512 : i64, blocks_per_sm = 1 : i64, unroll = 2 : i64, vector = 1 : i64} logprob <sum = -5.886104031450156, count = 4>
  kb.candidate @kl_div_loss_s15 of @kl_div_loss policy decisions {block = 128 : i64, blocks_per_sm = 1 : i64, unroll = 2 : i64, vector = 4 : i64} logprob <sum = -5.886104031450156, count = 4>
  kb.candidate @kl_div_loss_s16 of @kl_div_loss policy decisions {block = 256 : i64, blocks_per_sm = 4 : i64, unroll = 4 : i64, vector = 1 : i64} logprob <sum = -5.886104031450156, count = 4>
  kb.candidate @kl_div_loss_s17 of @kl_div_loss policy decisions {block = 512 : i64, blocks_per_sm = 16 : i64, unroll = 1 : i64, vector = 2 : i64} logprob <sum = -5.886104031450156, count = 4>
  kb.candidate @kl_div_loss_s18 of @kl_div_loss policy decisions {block = 128 : i64, blocks_per_sm = 4 : i64, unroll = 8 : i64, vector = 4 : i64} logprob <sum = -5.886104031450156, count = 4>
  kb.candidate @kl_div_loss_s19 of @kl_div_loss policy decisions {block = 64 : i64, blocks_per_sm = 32 : i64, unroll = 8 : i64, vector = 1 : i64} logprob <sum = -5.886104031450156, count = 4>
  kb.candidate @kl_div_loss_s20 of @kl_div_loss policy decisions {block = 64 : i64, blocks_per_sm = 4 : i64, unroll = 8 : i64, vector = 4 : i64} logprob <sum = -5.886104031450156, count = 4>
  kb.candidate @kl_div_loss_s21 of @kl_div_loss policy decisions {block = 128 : i64, blocks_per_sm = 8 : i64, unroll = 1 : i64, vector = 4 : i64} logprob <sum = -5.886104031450156, count = 4>
  kb.candidate @kl_div_loss_s22 of @kl_div_loss policy decisions {block = 256 : i64, blocks_per_sm = 32 : i64, unroll = 8 : i64, vector = 2 : i64} logprob <sum = -5.886104031450156, count = 4>
  kb.candidate @kl_div_loss_s23 of @kl_div_loss policy decisions {block = 512 : i64, blocks_per_sm = 32 : i64, unroll = 4 : i64, vector = 4 : i64} logprob <sum = -5.886104031450156, count = 4>
  kb.candidate @kl_div_loss_s24 of @kl_div_loss policy decisions {block = 512 : i64, blocks_per_sm = 1 : i64, unroll = 8 : i64, vector = 2 : i64} logprob <sum = -5.886104031450156, count = 4>
  kb.candidate @kl_div_loss_s25 of @kl_div_loss policy decisions {block = 1024 : i64, blocks_per_sm = 32 : i64, unroll = 1 : i64, vector = 2 : i64} logprob <sum = -5.886104031450156, count = 4>
  kb.candidate @kl_div_loss_s26 of @kl_div_loss policy decisions {block = 64 : i64, blocks_per_sm = 2 : i64, unroll = 2 : i64, vector = 2 : i64} logprob <sum = -5.886104031450156, count = 4> {duplicate_of = @kl_div_loss_s13}
  kb.candidate @kl_div_loss_s27 of @kl_div_loss policy decisions {block = 1024 : i64, blocks_per_sm = 16 : i64, unroll = 2 : i64, vector = 2 : i64} logprob <sum = -5.886104031450156, count = 4>
  kb.candidate @kl_div_loss_s28 of @kl_div_loss policy decisions {block = 512 : i64, blocks_per_sm = 32 : i64, unroll = 2 : i64, vector = 2 : i64} logprob <sum = -5.886104031450156, count = 4>
  kb.candidate @kl_div_loss_s29 of @kl_div_loss policy decisions {block = 64 : i64, blocks_per_sm = 16 : i64, unroll = 4 : i64, vector = 2 : i64} logprob <sum = -5.886104031450156, count = 4>
  kb.candidate @kl_div_loss_s30 of @kl_div_loss policy decisions {block = 256 : i64, blocks_per_sm = 1 : i64, unroll = 1 : i64, vector = 2 : i64} logprob <sum = -5.886104031450156, count = 4>
  kb.candidate @kl_div_loss_s31 of @kl_div_loss policy decisions {block = 512 : i64, blocks_per_sm = 1 : i64, unroll = 4 : i64, vector = 4 : i64} logprob <sum = -5.886104031450156, count = 4>
  kb.candidate @kl_div_loss_s32 of @kl_div_loss policy decisions {block = 1024 : i64, blocks_per_sm = 16 : i64, unroll = 1 : i64, vector = 4 : i64} logprob <sum = -5.886104031450156, count = 4>
  kb.candidate @kl_div_loss_s33 of @kl_div_loss policy decisions {block = 1024 : i64, blocks_per_sm = 32 : i64, unroll = 4 : i64, vector = 1 : i64} logprob <sum = -5.886104031450156, count = 4>
  kb.candidate @kl_div_loss_s34 of @kl_div_loss policy decisions {block = 1024 : i64, blocks_per_sm = 16 : i64, unroll = 8 : i64, vector = 4 : i64} logprob <sum = -5.886104031450156, count = 4>
  kb.candidate @kl_div_loss_s35 of @kl_div_loss policy decisions {block = 128 : i64, blocks_per_sm = 1 : i64, unroll = 1 : i64, vector = 2 : i64} logprob <sum = -5.886104031450156, count = 4>
  kb.candidate @kl_div_loss_s36 of @kl_div_loss policy decisions {block = 512 : i64, blocks_per_sm = 32 : i64, unroll = 4 : i64, vector = 1 : i64} logprob <sum = -5.886104031450156, count = 4>
  kb.candidate @kl_div_loss_s37 of @kl_div_loss policy decisions {block = 64 : i64, blocks_per_sm = 16 : i64, unroll = 2 : i64, vector = 1 : i64} logprob <sum = -5.886104031450156, count = 4>
  kb.candidate @kl_div_loss_s38 of @kl_div_loss policy decisions {block = 1024 : i64, blocks_per_sm = 1 : i64, unroll = 8 : i64, vector = 1 : i64} logprob <sum = -5.886104031450156, count = 4>
  kb.candidate @kl_div_loss_s39 of @kl_div_loss policy decisions {block = 512 : i64, blocks_per_sm = 2 : i64, unroll = 1 : i64, vector = 1 : i64} logprob <sum = -5.886104031450156, count = 4>
  kb.candidate @kl_div_loss_s40 of @kl_div_loss policy decisions {block = 64 : i64, blocks_per_sm = 2 : i64, unroll = 2 : i64, vector = 2 : i64} logprob <sum = -5.886104031450156, count = 4> {duplicate_of = @kl_div_loss_s13}
  kb.candidate @kl_div_loss_s41 of @kl_div_loss policy decisions {block = 512 : i64, blocks_per_sm = 32 : i64, unroll = 4 : i64, vector = 2 : i64} logprob <sum = -5.886104031450156, count = 4>
  kb.candidate @kl_div_loss_s42 of @kl_div_loss policy decisions {block = 1024 : i64, blocks_per_sm = 16 : i64, unroll = 2 : i64, vector = 4 : i64} logprob <sum = -5.886104031450156, count = 4>
  kb.candidate @kl_div_loss_s43 of @kl_div_loss policy decisions {block = 512 : i64, blocks_per_sm = 2 : i64, unroll = 4 : i64, vector = 2 : i64} logprob <sum = -5.886104031450156, count = 4>
  kb.candidate @kl_div_loss_s44 of @kl_div_loss policy decisions {block = 128 : i64, blocks_per_sm = 32 : i64, unroll = 4 : i64, vector = 2 : i64} logprob <sum = -5.886104031450156, count = 4>
  kb.candidate @kl_div_loss_s45 of @kl_div_loss policy decisions {block = 256 : i64, blocks_per_sm = 1 : i64, unroll = 2 : i64, vector = 4 : i64} logprob <sum = -5.886104031450156, count = 4>
  kb.candidate @kl_div_loss_s46 of @kl_div_loss policy decisions {block = 512 : i64, blocks_per_sm = 2 : i64, unroll = 4 : i64, vector = 2 : i64} logprob <sum = -5.886104031450156, count = 4> {duplicate_of = @kl_div_loss_s43}
  kb.candidate @kl_div_loss_s47 of @kl_div_loss policy decisions {block = 64 : i64, blocks_per_sm = 8 : i64, unroll = 4 : i64, vector = 1 : i64} logprob <sum = -5.886104031450156, count = 4>
  kb.candidate @kl_div_loss_s48 of @kl_div_loss policy decisions {block = 1024 : i64, blocks_per_sm = 1 : i64, unroll = 4 : i64, vector = 4 : i64} logprob <sum = -5.886104031450156, count = 4>
  kb.candidate @kl_div_loss_s49 of @kl_div_loss policy decisions {block = 256 : i64, blocks_per_sm = 2 : i64, unroll = 2 : i64, vector = 2 : i64} logprob <sum = -5.886104031450156, count = 4>
  kb.candidate @kl_div_loss_s50 of @kl_div_loss policy decisions {block = 256 : i64, blocks_per_sm = 1 : i64, unroll = 4 : i64, vector = 1 : i64} logprob <sum = -5.886104031450156, count = 4>
  kb.candidate @kl_div_loss_s51 of @kl_div_loss policy decisions {block = 512 : i64, blocks_per_sm = 32 : i64, unroll = 2 : i64, vector = 1 : i64} logprob <sum = -5.886104031450156, count = 4>
  kb.candidate @kl_div_loss_s52 of @kl_div_loss policy decisions {block = 512 : i64, blocks_per_sm = 32 : i64, unroll = 1 : i64, vector = 1 : i64} logprob <sum = -5.886104031450156, count = 4>
  kb.candidate @kl_div_loss_s53 of @kl_div_loss policy decisions {block = 512 : i64, blocks_per_sm = 1 : i64, unroll = 4 : i64, vector = 2 : i64} logprob <sum = -5.886104031450156, count = 4> {duplicate_of = @kl_div_loss_s0}
  kb.candidate @kl_div_loss_s54 of @kl_div_loss policy decisions {block = 256 : i64, blocks_per_sm = 1 : i64, unroll = 8 : i64, vector = 4 : i64} logprob <sum = -5.886104031450156, count = 4>
  kb.candidate @kl_div_loss_s55 of @kl_div_loss policy decisions {block = 128 : i64, blocks_per_sm = 32 : i64, unroll = 8 : i64, vector = 4 : i64} logprob <sum = -5.886104031450156, count = 4>
  kb.candidate @kl_div_loss_s56 of @kl_div_loss policy decisions {block = 256 : i64, blocks_per_sm = 8 : i64, unroll = 8 : i64, vector = 2 : i64} logprob <sum = -5.886104031450156, count = 4>
  kb.candidate @kl_div_loss_s57 of @kl_div_loss policy decisions {block = 512 : i64, blocks_per_sm = 2 : i64, unroll = 4 : i64, vector = 4 : i64} logprob <sum = -5.886104031450156, count = 4>
  kb.candidate @kl_div_loss_s58 of @kl_div_loss policy decisions {block = 64 : i64, blocks_per_sm = 1 : i64, unroll = 1 : i64, vector = 4 : i64} logprob <sum = -5.886104031450156, count = 4>
  kb.candidate @kl_div_loss_s59 of @kl_div_loss policy decisions {block = 64 : i64, blocks_per_sm = 16 : i64, unroll = 2 : i64, vector = 1 : i64} logprob <sum = -5.886104031450156, count = 4> {duplicate_of = @kl_div_loss_s37}
  kb.candidate @kl_div_loss_s60 of @kl_div_loss policy decisions {block = 128 : i64, blocks_per_sm = 8 : i64, unroll = 4 : i64, vector = 2 : i64} logprob <sum = -5.886104031450156, count = 4>
  kb.candidate @kl_div_loss_s61 of @kl_div_loss policy decisions {block = 128 : i64, blocks_per_sm = 8 : i64, unroll = 2 : i64, vector = 2 : i64} logprob <sum = -5.886104031450156, count = 4>
  kb.candidate @kl_div_loss_s62 of @kl_div_loss policy decisions {block = 1024 : i64, blocks_per_sm = 16 : i64, unroll = 4 : i64, vector = 2 : i64} logprob <sum = -5.886104031450156, count = 4>
  kb.candidate @kl_div_loss_s63 of @kl_div_loss policy decisions {block = 64 : i64, blocks_per_sm = 4 : i64, unroll = 8 : i64, vector = 1 : i64} logprob <sum = -5.886104031450156, count = 4>
}

