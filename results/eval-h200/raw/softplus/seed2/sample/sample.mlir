#map = affine_map<(d0, d1) -> (d0, d1)>
module {
  kb.task @softplus origin <"KernelBench", level 1, problem 29> tolerance(atol 0.0001, rtol 0.0001) attributes {split = "eval"} {
    kb.input "x" : tensor<4096x393216xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
    kb.output "out" : tensor<4096x393216xf32>
    kb.reference "return torch.softplus(x)"
    kb.payload(%x: tensor<4096x393216xf32>, %out: tensor<4096x393216xf32>) {
      %0 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4096x393216xf32>) outs(%out : tensor<4096x393216xf32>) {
      ^bb0(%in: f32, %out_0: f32):
        %cst = arith.constant 2.000000e+01 : f32
        %1 = arith.cmpf ogt, %in, %cst : f32
        %2 = math.exp %in : f32
        %3 = math.log1p %2 : f32
        %4 = arith.select %1, %in, %3 : f32
        linalg.yield %4 : f32
      } -> tensor<4096x393216xf32>
      kb.yield %0 : tensor<4096x393216xf32>
    }
  }
  kb.candidate @softplus_s0 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.0968841416947326, count = 5>
  kb.candidate @softplus_s1 of @softplus policy decisions {block = 512 : i64, blocks_per_sm = 4 : i64, grid_stride = false, per_thread = 2 : i64, vector = 4 : i64} logprob <sum = -8.335908935253862, count = 5>
  kb.candidate @softplus_s2 of @softplus policy decisions {block = 64 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 8 : i64, vector = 2 : i64} logprob <sum = -4.853981055920639, count = 5>
  kb.candidate @softplus_s3 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 1 : i64, grid_stride = false, per_thread = 8 : i64, vector = 2 : i64} logprob <sum = -3.402767494813503, count = 5>
  kb.candidate @softplus_s4 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 1 : i64, grid_stride = false, per_thread = 2 : i64, vector = 4 : i64} logprob <sum = -4.015356615007139, count = 5>
  kb.candidate @softplus_s5 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.0968841416947326, count = 5> {duplicate_of = @softplus_s0}
  kb.candidate @softplus_s6 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.827420735678645, count = 5>
  kb.candidate @softplus_s7 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 8 : i64, vector = 4 : i64} logprob <sum = -3.704029438799706, count = 5>
  kb.candidate @softplus_s8 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.0968841416947326, count = 5> {duplicate_of = @softplus_s0}
  kb.candidate @softplus_s9 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 32 : i64, grid_stride = false, per_thread = 2 : i64, vector = 4 : i64} logprob <sum = -6.753901458498265, count = 5>
  kb.candidate @softplus_s10 of @softplus policy decisions {block = 64 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 1 : i64, vector = 4 : i64} logprob <sum = -7.994543582017792, count = 5>
  kb.candidate @softplus_s11 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 4 : i64, vector = 2 : i64} logprob <sum = -3.129527812958766, count = 5>
  kb.candidate @softplus_s12 of @softplus policy decisions {block = 256 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 8 : i64, vector = 2 : i64} logprob <sum = -5.910598638999564, count = 5>
  kb.candidate @softplus_s13 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.0968841416947326, count = 5> {duplicate_of = @softplus_s0}
  kb.candidate @softplus_s14 of @softplus policy decisions {block = 1024 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 8 : i64, vector = 4 : i64} logprob <sum = -5.930741739445228, count = 5>
  kb.candidate @softplus_s15 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 4 : i64, vector = 1 : i64} logprob <sum = -5.037167542598936, count = 5>
  kb.candidate @softplus_s16 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 4 : i64, vector = 2 : i64} logprob <sum = -2.8533522460200493, count = 5>
  kb.candidate @softplus_s17 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 1 : i64, grid_stride = false, per_thread = 4 : i64, vector = 4 : i64} logprob <sum = -5.481241213392314, count = 5>
  kb.candidate @softplus_s18 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 8 : i64, vector = 2 : i64} logprob <sum = -2.6642067530273934, count = 5>
  kb.candidate @softplus_s19 of @softplus policy decisions {block = 64 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 8 : i64, vector = 2 : i64} logprob <sum = -4.6741419756858145, count = 5>
  kb.candidate @softplus_s20 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 8 : i64, vector = 2 : i64} logprob <sum = -2.6642067530273934, count = 5> {duplicate_of = @softplus_s18}
  kb.candidate @softplus_s21 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 8 : i64, vector = 2 : i64} logprob <sum = -2.6642067530273934, count = 5> {duplicate_of = @softplus_s18}
  kb.candidate @softplus_s22 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.827420735678645, count = 5> {duplicate_of = @softplus_s6}
  kb.candidate @softplus_s23 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 2 : i64, vector = 4 : i64} logprob <sum = -3.988579226359235, count = 5>
  kb.candidate @softplus_s24 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 2 : i64, vector = 4 : i64} logprob <sum = -2.9338260889859105, count = 5>
  kb.candidate @softplus_s25 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.0968841416947326, count = 5> {duplicate_of = @softplus_s0}
  kb.candidate @softplus_s26 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 4 : i64, vector = 4 : i64} logprob <sum = -4.4120240904921175, count = 5>
  kb.candidate @softplus_s27 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 4 : i64, vector = 2 : i64} logprob <sum = -3.129527812958766, count = 5> {duplicate_of = @softplus_s11}
  kb.candidate @softplus_s28 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 2 : i64, vector = 4 : i64} logprob <sum = -2.9338260889859105, count = 5> {duplicate_of = @softplus_s24}
  kb.candidate @softplus_s29 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 32 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -5.653935863174633, count = 5>
  kb.candidate @softplus_s30 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 8 : i64, vector = 4 : i64} logprob <sum = -3.704029438799706, count = 5> {duplicate_of = @softplus_s7}
  kb.candidate @softplus_s31 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 2 : i64, vector = 4 : i64} logprob <sum = -3.988579226359235, count = 5> {duplicate_of = @softplus_s23}
  kb.candidate @softplus_s32 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 4 : i64, vector = 2 : i64} logprob <sum = -2.8533522460200493, count = 5> {duplicate_of = @softplus_s16}
  kb.candidate @softplus_s33 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 1 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.95319976476649, count = 5>
  kb.candidate @softplus_s34 of @softplus policy decisions {block = 512 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 8 : i64, vector = 2 : i64} logprob <sum = -5.124557033749664, count = 5>
  kb.candidate @softplus_s35 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 4 : i64, vector = 4 : i64} logprob <sum = -5.012416200820247, count = 5>
  kb.candidate @softplus_s36 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 2 : i64, vector = 4 : i64} logprob <sum = -2.9338260889859105, count = 5> {duplicate_of = @softplus_s24}
  kb.candidate @softplus_s37 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.0968841416947326, count = 5> {duplicate_of = @softplus_s0}
  kb.candidate @softplus_s38 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.0968841416947326, count = 5> {duplicate_of = @softplus_s0}
  kb.candidate @softplus_s39 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 8 : i64, vector = 1 : i64} logprob <sum = -4.87671537870318, count = 5>
  kb.candidate @softplus_s40 of @softplus policy decisions {block = 1024 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 8 : i64, vector = 2 : i64} logprob <sum = -4.826346108012847, count = 5>
  kb.candidate @softplus_s41 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 8 : i64, vector = 2 : i64} logprob <sum = -2.6642067530273934, count = 5> {duplicate_of = @softplus_s18}
  kb.candidate @softplus_s42 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 8 : i64, vector = 2 : i64} logprob <sum = -2.6642067530273934, count = 5> {duplicate_of = @softplus_s18}
  kb.candidate @softplus_s43 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 4 : i64, grid_stride = false, per_thread = 4 : i64, vector = 2 : i64} logprob <sum = -5.828301316387812, count = 5>
  kb.candidate @softplus_s44 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 4 : i64, vector = 2 : i64} logprob <sum = -3.129527812958766, count = 5> {duplicate_of = @softplus_s11}
  kb.candidate @softplus_s45 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 2 : i64, vector = 4 : i64} logprob <sum = -2.9338260889859105, count = 5> {duplicate_of = @softplus_s24}
  kb.candidate @softplus_s46 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 4 : i64, vector = 2 : i64} logprob <sum = -3.129527812958766, count = 5> {duplicate_of = @softplus_s11}
  kb.candidate @softplus_s47 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 8 : i64, vector = 2 : i64} logprob <sum = -2.552438696312313, count = 5>
  kb.candidate @softplus_s48 of @softplus policy decisions {block = 64 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 2 : i64, vector = 4 : i64} logprob <sum = -5.859426641710637, count = 5>
  kb.candidate @softplus_s49 of @softplus policy decisions {block = 64 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 2 : i64, vector = 4 : i64} logprob <sum = -5.859426641710637, count = 5> {duplicate_of = @softplus_s48}
  kb.candidate @softplus_s50 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 1 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.95319976476649, count = 5> {duplicate_of = @softplus_s33}
  kb.candidate @softplus_s51 of @softplus policy decisions {block = 1024 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 8 : i64, vector = 2 : i64} logprob <sum = -5.360492621766696, count = 5>
  kb.candidate @softplus_s52 of @softplus policy decisions {block = 64 : i64, blocks_per_sm = 1 : i64, grid_stride = false, per_thread = 4 : i64, vector = 2 : i64} logprob <sum = -6.7148799805390595, count = 5>
  kb.candidate @softplus_s53 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 1 : i64, grid_stride = false, per_thread = 2 : i64, vector = 4 : i64} logprob <sum = -4.015356615007139, count = 5> {duplicate_of = @softplus_s4}
  kb.candidate @softplus_s54 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.0968841416947326, count = 5> {duplicate_of = @softplus_s0}
  kb.candidate @softplus_s55 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 4 : i64, vector = 4 : i64} logprob <sum = -4.4120240904921175, count = 5> {duplicate_of = @softplus_s26}
  kb.candidate @softplus_s56 of @softplus policy decisions {block = 64 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 4 : i64, vector = 4 : i64} logprob <sum = -7.337857374495679, count = 5>
  kb.candidate @softplus_s57 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 4 : i64, vector = 2 : i64} logprob <sum = -3.129527812958766, count = 5> {duplicate_of = @softplus_s11}
  kb.candidate @softplus_s58 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 8 : i64, vector = 2 : i64} logprob <sum = -2.6642067530273934, count = 5> {duplicate_of = @softplus_s18}
  kb.candidate @softplus_s59 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 8 : i64, vector = 2 : i64} logprob <sum = -2.552438696312313, count = 5> {duplicate_of = @softplus_s47}
  kb.candidate @softplus_s60 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 1 : i64, grid_stride = false, per_thread = 2 : i64, vector = 4 : i64} logprob <sum = -4.015356615007139, count = 5> {duplicate_of = @softplus_s4}
  kb.candidate @softplus_s61 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 8 : i64, vector = 2 : i64} logprob <sum = -2.6642067530273934, count = 5> {duplicate_of = @softplus_s18}
  kb.candidate @softplus_s62 of @softplus policy decisions {block = 64 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -5.485599675209398, count = 5>
  kb.candidate @softplus_s63 of @softplus policy decisions {block = 256 : i64, blocks_per_sm = 1 : i64, grid_stride = false, per_thread = 8 : i64, vector = 1 : i64} logprob <sum = -9.487605503749144, count = 5>
}

