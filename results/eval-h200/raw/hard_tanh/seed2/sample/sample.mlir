#map = affine_map<(d0, d1) -> (d0, d1)>
module {
  kb.task @hard_tanh origin <"KernelBench", level 1, problem 32> tolerance(atol 0.0001, rtol 0.0001) attributes {split = "eval"} {
    kb.input "x" : tensor<4096x393216xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
    kb.output "out" : tensor<4096x393216xf32>
    kb.reference "return torch.hardtanh(x, -1.0, 1.0)"
    kb.payload(%x: tensor<4096x393216xf32>, %out: tensor<4096x393216xf32>) {
      %0 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4096x393216xf32>) outs(%out : tensor<4096x393216xf32>) {
      ^bb0(%in: f32, %out_0: f32):
        %cst = arith.constant -1.000000e+00 : f32
        %cst_1 = arith.constant 1.000000e+00 : f32
        %1 = arith.maximumf %in, %cst : f32
        %2 = arith.minimumf %1, %cst_1 : f32
        linalg.yield %2 : f32
      } -> tensor<4096x393216xf32>
      kb.yield %0 : tensor<4096x393216xf32>
    }
  }
  kb.candidate @hard_tanh_s0 of @hard_tanh policy decisions {block = 128 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.827420735678645, count = 5>
  kb.candidate @hard_tanh_s1 of @hard_tanh policy decisions {block = 128 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 8 : i64, vector = 2 : i64} logprob <sum = -2.552438696312313, count = 5>
  kb.candidate @hard_tanh_s2 of @hard_tanh policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 4 : i64, vector = 2 : i64} logprob <sum = -2.8533522460200493, count = 5>
  kb.candidate @hard_tanh_s3 of @hard_tanh policy decisions {block = 1024 : i64, blocks_per_sm = 4 : i64, grid_stride = false, per_thread = 8 : i64, vector = 4 : i64} logprob <sum = -7.898900787305261, count = 5>
  kb.candidate @hard_tanh_s4 of @hard_tanh policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.0968841416947326, count = 5>
  kb.candidate @hard_tanh_s5 of @hard_tanh policy decisions {block = 128 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 4 : i64, vector = 2 : i64} logprob <sum = -3.129527812958766, count = 5>
  kb.candidate @hard_tanh_s6 of @hard_tanh policy decisions {block = 128 : i64, blocks_per_sm = 1 : i64, grid_stride = false, per_thread = 4 : i64, vector = 2 : i64} logprob <sum = -3.6973544659707747, count = 5>
  kb.candidate @hard_tanh_s7 of @hard_tanh policy decisions {block = 64 : i64, blocks_per_sm = 1 : i64, grid_stride = false, per_thread = 8 : i64, vector = 4 : i64} logprob <sum = -7.342510619846983, count = 5>
  kb.candidate @hard_tanh_s8 of @hard_tanh policy decisions {block = 128 : i64, blocks_per_sm = 1 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.95319976476649, count = 5>
  kb.candidate @hard_tanh_s9 of @hard_tanh policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.0968841416947326, count = 5> {duplicate_of = @hard_tanh_s4}
  kb.candidate @hard_tanh_s10 of @hard_tanh policy decisions {block = 256 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 4 : i64, vector = 2 : i64} logprob <sum = -6.721617236571422, count = 5>
  kb.candidate @hard_tanh_s11 of @hard_tanh policy decisions {block = 128 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 8 : i64, vector = 4 : i64} logprob <sum = -3.9164779254740374, count = 5>
  kb.candidate @hard_tanh_s12 of @hard_tanh policy decisions {block = 128 : i64, blocks_per_sm = 1 : i64, grid_stride = false, per_thread = 8 : i64, vector = 2 : i64} logprob <sum = -3.402767494813503, count = 5>
  kb.candidate @hard_tanh_s13 of @hard_tanh policy decisions {block = 64 : i64, blocks_per_sm = 1 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -5.968260649943513, count = 5>
  kb.candidate @hard_tanh_s14 of @hard_tanh policy decisions {block = 128 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 4 : i64, vector = 2 : i64} logprob <sum = -3.129527812958766, count = 5> {duplicate_of = @hard_tanh_s5}
  kb.candidate @hard_tanh_s15 of @hard_tanh policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.0968841416947326, count = 5> {duplicate_of = @hard_tanh_s4}
  kb.candidate @hard_tanh_s16 of @hard_tanh policy decisions {block = 64 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 8 : i64, vector = 2 : i64} logprob <sum = -4.6741419756858145, count = 5>
  kb.candidate @hard_tanh_s17 of @hard_tanh policy decisions {block = 512 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 8 : i64, vector = 2 : i64} logprob <sum = -5.124557033749664, count = 5>
  kb.candidate @hard_tanh_s18 of @hard_tanh policy decisions {block = 1024 : i64, blocks_per_sm = 1 : i64, grid_stride = false, per_thread = 8 : i64, vector = 2 : i64} logprob <sum = -6.110227691308566, count = 5>
  kb.candidate @hard_tanh_s19 of @hard_tanh policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 4 : i64, vector = 2 : i64} logprob <sum = -2.8533522460200493, count = 5> {duplicate_of = @hard_tanh_s2}
  kb.candidate @hard_tanh_s20 of @hard_tanh policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.0968841416947326, count = 5> {duplicate_of = @hard_tanh_s4}
  kb.candidate @hard_tanh_s21 of @hard_tanh policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 4 : i64, vector = 2 : i64} logprob <sum = -2.8533522460200493, count = 5> {duplicate_of = @hard_tanh_s2}
  kb.candidate @hard_tanh_s22 of @hard_tanh policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 8 : i64, vector = 2 : i64} logprob <sum = -2.6642067530273934, count = 5>
  kb.candidate @hard_tanh_s23 of @hard_tanh policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 4 : i64, vector = 2 : i64} logprob <sum = -2.8533522460200493, count = 5> {duplicate_of = @hard_tanh_s2}
  kb.candidate @hard_tanh_s24 of @hard_tanh policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 2 : i64, vector = 4 : i64} logprob <sum = -2.9338260889859105, count = 5>
  kb.candidate @hard_tanh_s25 of @hard_tanh policy decisions {block = 128 : i64, blocks_per_sm = 4 : i64, grid_stride = false, per_thread = 8 : i64, vector = 2 : i64} logprob <sum = -5.0890150876907825, count = 5>
  kb.candidate @hard_tanh_s26 of @hard_tanh policy decisions {block = 512 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -4.862298190574908, count = 5>
  kb.candidate @hard_tanh_s27 of @hard_tanh policy decisions {block = 128 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 2 : i64, vector = 4 : i64} logprob <sum = -3.988579226359235, count = 5>
  kb.candidate @hard_tanh_s28 of @hard_tanh policy decisions {block = 128 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 2 : i64, vector = 4 : i64} logprob <sum = -3.988579226359235, count = 5> {duplicate_of = @hard_tanh_s27}
  kb.candidate @hard_tanh_s29 of @hard_tanh policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.0968841416947326, count = 5> {duplicate_of = @hard_tanh_s4}
  kb.candidate @hard_tanh_s30 of @hard_tanh policy decisions {block = 128 : i64, blocks_per_sm = 1 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.95319976476649, count = 5> {duplicate_of = @hard_tanh_s8}
  kb.candidate @hard_tanh_s31 of @hard_tanh policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 4 : i64, vector = 2 : i64} logprob <sum = -2.8533522460200493, count = 5> {duplicate_of = @hard_tanh_s2}
  kb.candidate @hard_tanh_s32 of @hard_tanh policy decisions {block = 256 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 8 : i64, vector = 4 : i64} logprob <sum = -7.33146096613967, count = 5>
  kb.candidate @hard_tanh_s33 of @hard_tanh policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 4 : i64, vector = 4 : i64} logprob <sum = -4.4120240904921175, count = 5>
  kb.candidate @hard_tanh_s34 of @hard_tanh policy decisions {block = 128 : i64, blocks_per_sm = 1 : i64, grid_stride = false, per_thread = 2 : i64, vector = 4 : i64} logprob <sum = -4.015356615007139, count = 5>
  kb.candidate @hard_tanh_s35 of @hard_tanh policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.0968841416947326, count = 5> {duplicate_of = @hard_tanh_s4}
  kb.candidate @hard_tanh_s36 of @hard_tanh policy decisions {block = 128 : i64, blocks_per_sm = 1 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.95319976476649, count = 5> {duplicate_of = @hard_tanh_s8}
  kb.candidate @hard_tanh_s37 of @hard_tanh policy decisions {block = 64 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -4.82313410474523, count = 5>
  kb.candidate @hard_tanh_s38 of @hard_tanh policy decisions {block = 128 : i64, blocks_per_sm = 4 : i64, grid_stride = false, per_thread = 2 : i64, vector = 4 : i64} logprob <sum = -5.823899912561612, count = 5>
  kb.candidate @hard_tanh_s39 of @hard_tanh policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 4 : i64, vector = 2 : i64} logprob <sum = -2.8533522460200493, count = 5> {duplicate_of = @hard_tanh_s2}
  kb.candidate @hard_tanh_s40 of @hard_tanh policy decisions {block = 128 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.827420735678645, count = 5> {duplicate_of = @hard_tanh_s0}
  kb.candidate @hard_tanh_s41 of @hard_tanh policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.0968841416947326, count = 5> {duplicate_of = @hard_tanh_s4}
  kb.candidate @hard_tanh_s42 of @hard_tanh policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 8 : i64, vector = 4 : i64} logprob <sum = -3.704029438799706, count = 5>
  kb.candidate @hard_tanh_s43 of @hard_tanh policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.0968841416947326, count = 5> {duplicate_of = @hard_tanh_s4}
  kb.candidate @hard_tanh_s44 of @hard_tanh policy decisions {block = 128 : i64, blocks_per_sm = 1 : i64, grid_stride = false, per_thread = 8 : i64, vector = 2 : i64} logprob <sum = -3.402767494813503, count = 5> {duplicate_of = @hard_tanh_s12}
  kb.candidate @hard_tanh_s45 of @hard_tanh policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 4 : i64, vector = 2 : i64} logprob <sum = -2.8533522460200493, count = 5> {duplicate_of = @hard_tanh_s2}
  kb.candidate @hard_tanh_s46 of @hard_tanh policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.0968841416947326, count = 5> {duplicate_of = @hard_tanh_s4}
  kb.candidate @hard_tanh_s47 of @hard_tanh policy decisions {block = 1024 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 8 : i64, vector = 2 : i64} logprob <sum = -5.360492621766696, count = 5>
  kb.candidate @hard_tanh_s48 of @hard_tanh policy decisions {block = 128 : i64, blocks_per_sm = 1 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.95319976476649, count = 5> {duplicate_of = @hard_tanh_s8}
  kb.candidate @hard_tanh_s49 of @hard_tanh policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 4 : i64, vector = 4 : i64} logprob <sum = -4.4120240904921175, count = 5> {duplicate_of = @hard_tanh_s33}
  kb.candidate @hard_tanh_s50 of @hard_tanh policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 4 : i64, vector = 2 : i64} logprob <sum = -2.8533522460200493, count = 5> {duplicate_of = @hard_tanh_s2}
  kb.candidate @hard_tanh_s51 of @hard_tanh policy decisions {block = 512 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 4 : i64, vector = 2 : i64} logprob <sum = -5.762945050034636, count = 5>
  kb.candidate @hard_tanh_s52 of @hard_tanh policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 4 : i64, vector = 2 : i64} logprob <sum = -2.8533522460200493, count = 5> {duplicate_of = @hard_tanh_s2}
  kb.candidate @hard_tanh_s53 of @hard_tanh policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 8 : i64, vector = 2 : i64} logprob <sum = -2.6642067530273934, count = 5> {duplicate_of = @hard_tanh_s22}
  kb.candidate @hard_tanh_s54 of @hard_tanh policy decisions {block = 128 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.827420735678645, count = 5> {duplicate_of = @hard_tanh_s0}
  kb.candidate @hard_tanh_s55 of @hard_tanh policy decisions {block = 128 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.827420735678645, count = 5> {duplicate_of = @hard_tanh_s0}
  kb.candidate @hard_tanh_s56 of @hard_tanh policy decisions {block = 128 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.827420735678645, count = 5> {duplicate_of = @hard_tanh_s0}
  kb.candidate @hard_tanh_s57 of @hard_tanh policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 4 : i64, vector = 2 : i64} logprob <sum = -2.8533522460200493, count = 5> {duplicate_of = @hard_tanh_s2}
  kb.candidate @hard_tanh_s58 of @hard_tanh policy decisions {block = 128 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.827420735678645, count = 5> {duplicate_of = @hard_tanh_s0}
  kb.candidate @hard_tanh_s59 of @hard_tanh policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 8 : i64, vector = 2 : i64} logprob <sum = -2.6642067530273934, count = 5> {duplicate_of = @hard_tanh_s22}
  kb.candidate @hard_tanh_s60 of @hard_tanh policy decisions {block = 512 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -5.570120900215693, count = 5>
  kb.candidate @hard_tanh_s61 of @hard_tanh policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.0968841416947326, count = 5> {duplicate_of = @hard_tanh_s4}
  kb.candidate @hard_tanh_s62 of @hard_tanh policy decisions {block = 128 : i64, blocks_per_sm = 4 : i64, grid_stride = false, per_thread = 8 : i64, vector = 2 : i64} logprob <sum = -5.0890150876907825, count = 5> {duplicate_of = @hard_tanh_s25}
  kb.candidate @hard_tanh_s63 of @hard_tanh policy decisions {block = 128 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.827420735678645, count = 5> {duplicate_of = @hard_tanh_s0}
}

