#map = affine_map<(d0, d1) -> (d0, d1)>
module {
  kb.task @softsign origin <"KernelBench", level 1, problem 30> tolerance(atol 0.0001, rtol 0.0001) attributes {split = "eval"} {
    kb.input "x" : tensor<4096x393216xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
    kb.output "out" : tensor<4096x393216xf32>
    kb.reference "return x / (1 + torch.abs(x))"
    kb.payload(%x: tensor<4096x393216xf32>, %out: tensor<4096x393216xf32>) {
      %0 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4096x393216xf32>) outs(%out : tensor<4096x393216xf32>) {
      ^bb0(%in: f32, %out_0: f32):
        %cst = arith.constant 1.000000e+00 : f32
        %1 = math.absf %in : f32
        %2 = arith.addf %cst, %1 : f32
        %3 = arith.divf %in, %2 : f32
        linalg.yield %3 : f32
      } -> tensor<4096x393216xf32>
      kb.yield %0 : tensor<4096x393216xf32>
    }
  }
  kb.candidate @softsign_s0 of @softsign policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.0968841416947326, count = 5>
  kb.candidate @softsign_s1 of @softsign policy decisions {block = 128 : i64, blocks_per_sm = 1 : i64, grid_stride = false, per_thread = 2 : i64, vector = 4 : i64} logprob <sum = -4.015356615007139, count = 5>
  kb.candidate @softsign_s2 of @softsign policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.0968841416947326, count = 5> {duplicate_of = @softsign_s0}
  kb.candidate @softsign_s3 of @softsign policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.0968841416947326, count = 5> {duplicate_of = @softsign_s0}
  kb.candidate @softsign_s4 of @softsign policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.0968841416947326, count = 5> {duplicate_of = @softsign_s0}
  kb.candidate @softsign_s5 of @softsign policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.0968841416947326, count = 5> {duplicate_of = @softsign_s0}
  kb.candidate @softsign_s6 of @softsign policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.0968841416947326, count = 5> {duplicate_of = @softsign_s0}
  kb.candidate @softsign_s7 of @softsign policy decisions {block = 128 : i64, blocks_per_sm = 32 : i64, grid_stride = false, per_thread = 2 : i64, vector = 4 : i64} logprob <sum = -6.753901458498265, count = 5>
  kb.candidate @softsign_s8 of @softsign policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 2 : i64, vector = 4 : i64} logprob <sum = -2.9338260889859105, count = 5>
  kb.candidate @softsign_s9 of @softsign policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 8 : i64, vector = 2 : i64} logprob <sum = -2.6642067530273934, count = 5>
  kb.candidate @softsign_s10 of @softsign policy decisions {block = 512 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 2 : i64, vector = 4 : i64} logprob <sum = -6.978126809270715, count = 5>
  kb.candidate @softsign_s11 of @softsign policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 8 : i64, vector = 2 : i64} logprob <sum = -2.6642067530273934, count = 5> {duplicate_of = @softsign_s9}
  kb.candidate @softsign_s12 of @softsign policy decisions {block = 128 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.827420735678645, count = 5>
  kb.candidate @softsign_s13 of @softsign policy decisions {block = 1024 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 8 : i64, vector = 2 : i64} logprob <sum = -4.826346108012847, count = 5>
  kb.candidate @softsign_s14 of @softsign policy decisions {block = 1024 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 4 : i64, vector = 2 : i64} logprob <sum = -5.838374922671805, count = 5>
  kb.candidate @softsign_s15 of @softsign policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.0968841416947326, count = 5> {duplicate_of = @softsign_s0}
  kb.candidate @softsign_s16 of @softsign policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.0968841416947326, count = 5> {duplicate_of = @softsign_s0}
  kb.candidate @softsign_s17 of @softsign policy decisions {block = 128 : i64, blocks_per_sm = 1 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.95319976476649, count = 5>
  kb.candidate @softsign_s18 of @softsign policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 2 : i64, vector = 4 : i64} logprob <sum = -2.9338260889859105, count = 5> {duplicate_of = @softsign_s8}
  kb.candidate @softsign_s19 of @softsign policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 4 : i64, vector = 2 : i64} logprob <sum = -2.8533522460200493, count = 5>
  kb.candidate @softsign_s20 of @softsign policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 8 : i64, vector = 2 : i64} logprob <sum = -2.6642067530273934, count = 5> {duplicate_of = @softsign_s9}
  kb.candidate @softsign_s21 of @softsign policy decisions {block = 128 : i64, blocks_per_sm = 1 : i64, grid_stride = false, per_thread = 4 : i64, vector = 2 : i64} logprob <sum = -3.6973544659707747, count = 5>
  kb.candidate @softsign_s22 of @softsign policy decisions {block = 64 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -4.82313410474523, count = 5>
  kb.candidate @softsign_s23 of @softsign policy decisions {block = 128 : i64, blocks_per_sm = 1 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.95319976476649, count = 5> {duplicate_of = @softsign_s17}
  kb.candidate @softsign_s24 of @softsign policy decisions {block = 128 : i64, blocks_per_sm = 1 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.95319976476649, count = 5> {duplicate_of = @softsign_s17}
  kb.candidate @softsign_s25 of @softsign policy decisions {block = 128 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.827420735678645, count = 5> {duplicate_of = @softsign_s12}
  kb.candidate @softsign_s26 of @softsign policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 4 : i64, vector = 1 : i64} logprob <sum = -5.037167542598936, count = 5>
  kb.candidate @softsign_s27 of @softsign policy decisions {block = 128 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 8 : i64, vector = 2 : i64} logprob <sum = -2.552438696312313, count = 5>
  kb.candidate @softsign_s28 of @softsign policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 4 : i64, vector = 2 : i64} logprob <sum = -2.8533522460200493, count = 5> {duplicate_of = @softsign_s19}
  kb.candidate @softsign_s29 of @softsign policy decisions {block = 128 : i64, blocks_per_sm = 4 : i64, grid_stride = false, per_thread = 8 : i64, vector = 2 : i64} logprob <sum = -5.0890150876907825, count = 5>
  kb.candidate @softsign_s30 of @softsign policy decisions {block = 128 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 4 : i64, vector = 2 : i64} logprob <sum = -3.129527812958766, count = 5>
  kb.candidate @softsign_s31 of @softsign policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 2 : i64, vector = 4 : i64} logprob <sum = -2.9338260889859105, count = 5> {duplicate_of = @softsign_s8}
  kb.candidate @softsign_s32 of @softsign policy decisions {block = 64 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 8 : i64, vector = 2 : i64} logprob <sum = -4.853981055920639, count = 5>
  kb.candidate @softsign_s33 of @softsign policy decisions {block = 128 : i64, blocks_per_sm = 2 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -5.762287781893118, count = 5>
  kb.candidate @softsign_s34 of @softsign policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 4 : i64, vector = 2 : i64} logprob <sum = -2.8533522460200493, count = 5> {duplicate_of = @softsign_s19}
  kb.candidate @softsign_s35 of @softsign policy decisions {block = 256 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 8 : i64, vector = 2 : i64} logprob <sum = -5.910598638999564, count = 5>
  kb.candidate @softsign_s36 of @softsign policy decisions {block = 128 : i64, blocks_per_sm = 2 : i64, grid_stride = false, per_thread = 8 : i64, vector = 4 : i64} logprob <sum = -7.154927769934102, count = 5>
  kb.candidate @softsign_s37 of @softsign policy decisions {block = 64 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 8 : i64, vector = 4 : i64} logprob <sum = -6.089924052984877, count = 5>
  kb.candidate @softsign_s38 of @softsign policy decisions {block = 128 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 2 : i64, vector = 4 : i64} logprob <sum = -3.988579226359235, count = 5>
  kb.candidate @softsign_s39 of @softsign policy decisions {block = 128 : i64, blocks_per_sm = 32 : i64, grid_stride = false, per_thread = 4 : i64, vector = 2 : i64} logprob <sum = -6.3416490044018, count = 5>
  kb.candidate @softsign_s40 of @softsign policy decisions {block = 128 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.827420735678645, count = 5> {duplicate_of = @softsign_s12}
  kb.candidate @softsign_s41 of @softsign policy decisions {block = 128 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 8 : i64, vector = 4 : i64} logprob <sum = -3.9164779254740374, count = 5>
  kb.candidate @softsign_s42 of @softsign policy decisions {block = 1024 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 4 : i64, vector = 2 : i64} logprob <sum = -5.984577812771856, count = 5>
  kb.candidate @softsign_s43 of @softsign policy decisions {block = 128 : i64, blocks_per_sm = 1 : i64, grid_stride = false, per_thread = 1 : i64, vector = 2 : i64} logprob <sum = -6.459537080261052, count = 5>
  kb.candidate @softsign_s44 of @softsign policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 4 : i64, vector = 2 : i64} logprob <sum = -2.8533522460200493, count = 5> {duplicate_of = @softsign_s19}
  kb.candidate @softsign_s45 of @softsign policy decisions {block = 128 : i64, blocks_per_sm = 1 : i64, grid_stride = false, per_thread = 4 : i64, vector = 2 : i64} logprob <sum = -3.6973544659707747, count = 5> {duplicate_of = @softsign_s21}
  kb.candidate @softsign_s46 of @softsign policy decisions {block = 64 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 8 : i64, vector = 2 : i64} logprob <sum = -4.6741419756858145, count = 5>
  kb.candidate @softsign_s47 of @softsign policy decisions {block = 128 : i64, blocks_per_sm = 1 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.95319976476649, count = 5> {duplicate_of = @softsign_s17}
  kb.candidate @softsign_s48 of @softsign policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 8 : i64, vector = 2 : i64} logprob <sum = -2.6642067530273934, count = 5> {duplicate_of = @softsign_s9}
  kb.candidate @softsign_s49 of @softsign policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.0968841416947326, count = 5> {duplicate_of = @softsign_s0}
  kb.candidate @softsign_s50 of @softsign policy decisions {block = 128 : i64, blocks_per_sm = 1 : i64, grid_stride = false, per_thread = 2 : i64, vector = 4 : i64} logprob <sum = -4.015356615007139, count = 5> {duplicate_of = @softsign_s1}
  kb.candidate @softsign_s51 of @softsign policy decisions {block = 256 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 4 : i64, vector = 2 : i64} logprob <sum = -6.721617236571422, count = 5>
  kb.candidate @softsign_s52 of @softsign policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.0968841416947326, count = 5> {duplicate_of = @softsign_s0}
  kb.candidate @softsign_s53 of @softsign policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 8 : i64, vector = 2 : i64} logprob <sum = -2.6642067530273934, count = 5> {duplicate_of = @softsign_s9}
  kb.candidate @softsign_s54 of @softsign policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 8 : i64, vector = 2 : i64} logprob <sum = -2.6642067530273934, count = 5> {duplicate_of = @softsign_s9}
  kb.candidate @softsign_s55 of @softsign policy decisions {block = 128 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 4 : i64, vector = 2 : i64} logprob <sum = -3.129527812958766, count = 5> {duplicate_of = @softsign_s30}
  kb.candidate @softsign_s56 of @softsign policy decisions {block = 64 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 2 : i64, vector = 4 : i64} logprob <sum = -5.859426641710637, count = 5>
  kb.candidate @softsign_s57 of @softsign policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 8 : i64, vector = 2 : i64} logprob <sum = -2.6642067530273934, count = 5> {duplicate_of = @softsign_s9}
  kb.candidate @softsign_s58 of @softsign policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 4 : i64, vector = 2 : i64} logprob <sum = -2.8533522460200493, count = 5> {duplicate_of = @softsign_s19}
  kb.candidate @softsign_s59 of @softsign policy decisions {block = 128 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 4 : i64, vector = 2 : i64} logprob <sum = -3.129527812958766, count = 5> {duplicate_of = @softsign_s30}
  kb.candidate @softsign_s60 of @softsign policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 8 : i64, vector = 2 : i64} logprob <sum = -2.6642067530273934, count = 5> {duplicate_of = @softsign_s9}
  kb.candidate @softsign_s61 of @softsign policy decisions {block = 128 : i64, blocks_per_sm = 1 : i64, grid_stride = false, per_thread = 8 : i64, vector = 2 : i64} logprob <sum = -3.402767494813503, count = 5>
  kb.candidate @softsign_s62 of @softsign policy decisions {block = 64 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 8 : i64, vector = 2 : i64} logprob <sum = -4.6741419756858145, count = 5> {duplicate_of = @softsign_s46}
  kb.candidate @softsign_s63 of @softsign policy decisions {block = 128 : i64, blocks_per_sm = 1 : i64, grid_stride = false, per_thread = 8 : i64, vector = 2 : i64} logprob <sum = -3.402767494813503, count = 5> {duplicate_of = @softsign_s61}
}

