#map = affine_map<(d0, d1) -> (d0, d1)>
module {
  kb.task @hard_sigmoid origin <"KernelBench", level 1, problem 28> tolerance(atol 0.0001, rtol 0.0001) attributes {split = "eval"} {
    kb.input "x" : tensor<4096x393216xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
    kb.output "out" : tensor<4096x393216xf32>
    kb.reference "return torch.hardsigmoid(x)"
    kb.payload(%x: tensor<4096x393216xf32>, %out: tensor<4096x393216xf32>) {
      %0 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<4096x393216xf32>) outs(%out : tensor<4096x393216xf32>) {
      ^bb0(%in: f32, %out_0: f32):
        %cst = arith.constant 0.000000e+00 : f32
        %cst_1 = arith.constant 3.000000e+00 : f32
        %cst_2 = arith.constant 6.000000e+00 : f32
        %1 = arith.addf %in, %cst_1 : f32
        %2 = arith.maximumf %1, %cst : f32
        %3 = arith.minimumf %2, %cst_2 : f32
        %4 = arith.divf %3, %cst_2 : f32
        linalg.yield %4 : f32
      } -> tensor<4096x393216xf32>
      kb.yield %0 : tensor<4096x393216xf32>
    }
  }
  kb.candidate @hard_sigmoid_s0 of @hard_sigmoid policy decisions {block = 128 : i64, blocks_per_sm = 32 : i64, grid_stride = false, per_thread = 8 : i64, vector = 2 : i64} logprob <sum = -5.648518822021864, count = 5>
  kb.candidate @hard_sigmoid_s1 of @hard_sigmoid policy decisions {block = 128 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 8 : i64, vector = 2 : i64} logprob <sum = -2.552438696312313, count = 5>
  kb.candidate @hard_sigmoid_s2 of @hard_sigmoid policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.0968841416947326, count = 5>
  kb.candidate @hard_sigmoid_s3 of @hard_sigmoid policy decisions {block = 128 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 8 : i64, vector = 2 : i64} logprob <sum = -2.552438696312313, count = 5> {duplicate_of = @hard_sigmoid_s1}
  kb.candidate @hard_sigmoid_s4 of @hard_sigmoid policy decisions {block = 64 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 8 : i64, vector = 2 : i64} logprob <sum = -4.853981055920639, count = 5>
  kb.candidate @hard_sigmoid_s5 of @hard_sigmoid policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 4 : i64, vector = 2 : i64} logprob <sum = -2.8533522460200493, count = 5>
  kb.candidate @hard_sigmoid_s6 of @hard_sigmoid policy decisions {block = 128 : i64, blocks_per_sm = 1 : i64, grid_stride = false, per_thread = 4 : i64, vector = 2 : i64} logprob <sum = -3.6973544659707747, count = 5>
  kb.candidate @hard_sigmoid_s7 of @hard_sigmoid policy decisions {block = 128 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 8 : i64, vector = 2 : i64} logprob <sum = -2.552438696312313, count = 5> {duplicate_of = @hard_sigmoid_s1}
  kb.candidate @hard_sigmoid_s8 of @hard_sigmoid policy decisions {block = 1024 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 8 : i64, vector = 4 : i64} logprob <sum = -5.720811769080791, count = 5>
  kb.candidate @hard_sigmoid_s9 of @hard_sigmoid policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 4 : i64, vector = 2 : i64} logprob <sum = -2.8533522460200493, count = 5> {duplicate_of = @hard_sigmoid_s5}
  kb.candidate @hard_sigmoid_s10 of @hard_sigmoid policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 1 : i64, vector = 4 : i64} logprob <sum = -6.305054381879466, count = 5>
  kb.candidate @hard_sigmoid_s11 of @hard_sigmoid policy decisions {block = 128 : i64, blocks_per_sm = 1 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.95319976476649, count = 5>
  kb.candidate @hard_sigmoid_s12 of @hard_sigmoid policy decisions {block = 128 : i64, blocks_per_sm = 1 : i64, grid_stride = false, per_thread = 8 : i64, vector = 2 : i64} logprob <sum = -3.402767494813503, count = 5>
  kb.candidate @hard_sigmoid_s13 of @hard_sigmoid policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 8 : i64, vector = 4 : i64} logprob <sum = -3.704029438799706, count = 5>
  kb.candidate @hard_sigmoid_s14 of @hard_sigmoid policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 4 : i64, vector = 2 : i64} logprob <sum = -2.8533522460200493, count = 5> {duplicate_of = @hard_sigmoid_s5}
  kb.candidate @hard_sigmoid_s15 of @hard_sigmoid policy decisions {block = 128 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 2 : i64, vector = 4 : i64} logprob <sum = -3.988579226359235, count = 5>
  kb.candidate @hard_sigmoid_s16 of @hard_sigmoid policy decisions {block = 128 : i64, blocks_per_sm = 32 : i64, grid_stride = false, per_thread = 8 : i64, vector = 2 : i64} logprob <sum = -5.648518822021864, count = 5> {duplicate_of = @hard_sigmoid_s0}
  kb.candidate @hard_sigmoid_s17 of @hard_sigmoid policy decisions {block = 1024 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 8 : i64, vector = 4 : i64} logprob <sum = -5.720811769080791, count = 5> {duplicate_of = @hard_sigmoid_s8}
  kb.candidate @hard_sigmoid_s18 of @hard_sigmoid policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.0968841416947326, count = 5> {duplicate_of = @hard_sigmoid_s2}
  kb.candidate @hard_sigmoid_s19 of @hard_sigmoid policy decisions {block = 128 : i64, blocks_per_sm = 1 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.95319976476649, count = 5> {duplicate_of = @hard_sigmoid_s11}
  kb.candidate @hard_sigmoid_s20 of @hard_sigmoid policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 8 : i64, vector = 1 : i64} logprob <sum = -4.87671537870318, count = 5>
  kb.candidate @hard_sigmoid_s21 of @hard_sigmoid policy decisions {block = 128 : i64, blocks_per_sm = 1 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.95319976476649, count = 5> {duplicate_of = @hard_sigmoid_s11}
  kb.candidate @hard_sigmoid_s22 of @hard_sigmoid policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 4 : i64, vector = 4 : i64} logprob <sum = -4.4120240904921175, count = 5>
  kb.candidate @hard_sigmoid_s23 of @hard_sigmoid policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 4 : i64, vector = 2 : i64} logprob <sum = -2.8533522460200493, count = 5> {duplicate_of = @hard_sigmoid_s5}
  kb.candidate @hard_sigmoid_s24 of @hard_sigmoid policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 2 : i64, vector = 4 : i64} logprob <sum = -2.9338260889859105, count = 5>
  kb.candidate @hard_sigmoid_s25 of @hard_sigmoid policy decisions {block = 256 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -6.137149131700877, count = 5>
  kb.candidate @hard_sigmoid_s26 of @hard_sigmoid policy decisions {block = 128 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.827420735678645, count = 5>
  kb.candidate @hard_sigmoid_s27 of @hard_sigmoid policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.0968841416947326, count = 5> {duplicate_of = @hard_sigmoid_s2}
  kb.candidate @hard_sigmoid_s28 of @hard_sigmoid policy decisions {block = 128 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 8 : i64, vector = 4 : i64} logprob <sum = -3.9164779254740374, count = 5>
  kb.candidate @hard_sigmoid_s29 of @hard_sigmoid policy decisions {block = 128 : i64, blocks_per_sm = 1 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.95319976476649, count = 5> {duplicate_of = @hard_sigmoid_s11}
  kb.candidate @hard_sigmoid_s30 of @hard_sigmoid policy decisions {block = 128 : i64, blocks_per_sm = 1 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.95319976476649, count = 5> {duplicate_of = @hard_sigmoid_s11}
  kb.candidate @hard_sigmoid_s31 of @hard_sigmoid policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 8 : i64, vector = 2 : i64} logprob <sum = -2.6642067530273934, count = 5>
  kb.candidate @hard_sigmoid_s32 of @hard_sigmoid policy decisions {block = 128 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.827420735678645, count = 5> {duplicate_of = @hard_sigmoid_s26}
  kb.candidate @hard_sigmoid_s33 of @hard_sigmoid policy decisions {block = 128 : i64, blocks_per_sm = 1 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.95319976476649, count = 5> {duplicate_of = @hard_sigmoid_s11}
  kb.candidate @hard_sigmoid_s34 of @hard_sigmoid policy decisions {block = 128 : i64, blocks_per_sm = 1 : i64, grid_stride = false, per_thread = 8 : i64, vector = 2 : i64} logprob <sum = -3.402767494813503, count = 5> {duplicate_of = @hard_sigmoid_s12}
  kb.candidate @hard_sigmoid_s35 of @hard_sigmoid policy decisions {block = 64 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 4 : i64, vector = 2 : i64} logprob <sum = -5.582066838461808, count = 5>
  kb.candidate @hard_sigmoid_s36 of @hard_sigmoid policy decisions {block = 1024 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 4 : i64, vector = 2 : i64} logprob <sum = -5.984577812771856, count = 5>
  kb.candidate @hard_sigmoid_s37 of @hard_sigmoid policy decisions {block = 128 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 8 : i64, vector = 2 : i64} logprob <sum = -2.552438696312313, count = 5> {duplicate_of = @hard_sigmoid_s1}
  kb.candidate @hard_sigmoid_s38 of @hard_sigmoid policy decisions {block = 128 : i64, blocks_per_sm = 4 : i64, grid_stride = false, per_thread = 4 : i64, vector = 2 : i64} logprob <sum = -5.828301316387812, count = 5>
  kb.candidate @hard_sigmoid_s39 of @hard_sigmoid policy decisions {block = 512 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 1 : i64, vector = 2 : i64} logprob <sum = -7.919806134412304, count = 5>
  kb.candidate @hard_sigmoid_s40 of @hard_sigmoid policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.0968841416947326, count = 5> {duplicate_of = @hard_sigmoid_s2}
  kb.candidate @hard_sigmoid_s41 of @hard_sigmoid policy decisions {block = 128 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.827420735678645, count = 5> {duplicate_of = @hard_sigmoid_s26}
  kb.candidate @hard_sigmoid_s42 of @hard_sigmoid policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 8 : i64, vector = 4 : i64} logprob <sum = -3.704029438799706, count = 5> {duplicate_of = @hard_sigmoid_s13}
  kb.candidate @hard_sigmoid_s43 of @hard_sigmoid policy decisions {block = 128 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 4 : i64, vector = 2 : i64} logprob <sum = -3.129527812958766, count = 5>
  kb.candidate @hard_sigmoid_s44 of @hard_sigmoid policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.0968841416947326, count = 5> {duplicate_of = @hard_sigmoid_s2}
  kb.candidate @hard_sigmoid_s45 of @hard_sigmoid policy decisions {block = 128 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.827420735678645, count = 5> {duplicate_of = @hard_sigmoid_s26}
  kb.candidate @hard_sigmoid_s46 of @hard_sigmoid policy decisions {block = 128 : i64, blocks_per_sm = 1 : i64, grid_stride = false, per_thread = 8 : i64, vector = 4 : i64} logprob <sum = -4.667805083535287, count = 5>
  kb.candidate @hard_sigmoid_s47 of @hard_sigmoid policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 1 : i64, vector = 1 : i64} logprob <sum = -7.951191535734429, count = 5>
  kb.candidate @hard_sigmoid_s48 of @hard_sigmoid policy decisions {block = 128 : i64, blocks_per_sm = 1 : i64, grid_stride = false, per_thread = 2 : i64, vector = 4 : i64} logprob <sum = -4.015356615007139, count = 5>
  kb.candidate @hard_sigmoid_s49 of @hard_sigmoid policy decisions {block = 128 : i64, blocks_per_sm = 1 : i64, grid_stride = false, per_thread = 4 : i64, vector = 4 : i64} logprob <sum = -5.481241213392314, count = 5>
  kb.candidate @hard_sigmoid_s50 of @hard_sigmoid policy decisions {block = 128 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 2 : i64, vector = 4 : i64} logprob <sum = -3.988579226359235, count = 5> {duplicate_of = @hard_sigmoid_s15}
  kb.candidate @hard_sigmoid_s51 of @hard_sigmoid policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.0968841416947326, count = 5> {duplicate_of = @hard_sigmoid_s2}
  kb.candidate @hard_sigmoid_s52 of @hard_sigmoid policy decisions {block = 128 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 4 : i64, vector = 2 : i64} logprob <sum = -3.129527812958766, count = 5> {duplicate_of = @hard_sigmoid_s43}
  kb.candidate @hard_sigmoid_s53 of @hard_sigmoid policy decisions {block = 128 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 8 : i64, vector = 2 : i64} logprob <sum = -2.552438696312313, count = 5> {duplicate_of = @hard_sigmoid_s1}
  kb.candidate @hard_sigmoid_s54 of @hard_sigmoid policy decisions {block = 1024 : i64, blocks_per_sm = 4 : i64, grid_stride = false, per_thread = 4 : i64, vector = 2 : i64} logprob <sum = -8.348434882139712, count = 5>
  kb.candidate @hard_sigmoid_s55 of @hard_sigmoid policy decisions {block = 128 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.827420735678645, count = 5> {duplicate_of = @hard_sigmoid_s26}
  kb.candidate @hard_sigmoid_s56 of @hard_sigmoid policy decisions {block = 512 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 8 : i64, vector = 2 : i64} logprob <sum = -4.990075092691455, count = 5>
  kb.candidate @hard_sigmoid_s57 of @hard_sigmoid policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 2 : i64, vector = 4 : i64} logprob <sum = -2.9338260889859105, count = 5> {duplicate_of = @hard_sigmoid_s24}
  kb.candidate @hard_sigmoid_s58 of @hard_sigmoid policy decisions {block = 128 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.827420735678645, count = 5> {duplicate_of = @hard_sigmoid_s26}
  kb.candidate @hard_sigmoid_s59 of @hard_sigmoid policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.0968841416947326, count = 5> {duplicate_of = @hard_sigmoid_s2}
  kb.candidate @hard_sigmoid_s60 of @hard_sigmoid policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 8 : i64, vector = 2 : i64} logprob <sum = -2.6642067530273934, count = 5> {duplicate_of = @hard_sigmoid_s31}
  kb.candidate @hard_sigmoid_s61 of @hard_sigmoid policy decisions {block = 128 : i64, blocks_per_sm = 1 : i64, grid_stride = false, per_thread = 8 : i64, vector = 2 : i64} logprob <sum = -3.402767494813503, count = 5> {duplicate_of = @hard_sigmoid_s12}
  kb.candidate @hard_sigmoid_s62 of @hard_sigmoid policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 2 : i64, vector = 4 : i64} logprob <sum = -2.9338260889859105, count = 5> {duplicate_of = @hard_sigmoid_s24}
  kb.candidate @hard_sigmoid_s63 of @hard_sigmoid policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 8 : i64, vector = 2 : i64} logprob <sum = -2.6642067530273934, count = 5> {duplicate_of = @hard_sigmoid_s31}
}

