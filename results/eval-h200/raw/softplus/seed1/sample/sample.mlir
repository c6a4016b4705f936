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
  kb.candidate @softplus_s0 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 1 : i64, grid_stride = false, per_thread = 8 : i64, vector = 4 : i64} logprob <sum = -4.667805083535287, count = 5>
  kb.candidate @softplus_s1 of @softplus policy decisions {block = 1024 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 8 : i64, vector = 2 : i64} logprob <sum = -5.360492621766696, count = 5>
  kb.candidate @softplus_s2 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 1 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.95319976476649, count = 5>
  kb.candidate @softplus_s3 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 2 : i64, vector = 4 : i64} logprob <sum = -2.9338260889859105, count = 5>
  kb.candidate @softplus_s4 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 8 : i64, vector = 2 : i64} logprob <sum = -2.552438696312313, count = 5>
  kb.candidate @softplus_s5 of @softplus policy decisions {block = 1024 : i64, blocks_per_sm = 4 : i64, grid_stride = false, per_thread = 1 : i64, vector = 2 : i64} logprob <sum = -10.291353095641867, count = 5>
  kb.candidate @softplus_s6 of @softplus policy decisions {block = 1024 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 4 : i64, vector = 2 : i64} logprob <sum = -5.984577812771856, count = 5>
  kb.candidate @softplus_s7 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 4 : i64, grid_stride = false, per_thread = 2 : i64, vector = 4 : i64} logprob <sum = -5.823899912561612, count = 5>
  kb.candidate @softplus_s8 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 2 : i64, vector = 4 : i64} logprob <sum = -2.9338260889859105, count = 5> {duplicate_of = @softplus_s3}
  kb.candidate @softplus_s9 of @softplus policy decisions {block = 1024 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 4 : i64, vector = 1 : i64} logprob <sum = -7.778257748054266, count = 5>
  kb.candidate @softplus_s10 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.0968841416947326, count = 5>
  kb.candidate @softplus_s11 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 2 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -5.762287781893118, count = 5>
  kb.candidate @softplus_s12 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 4 : i64, vector = 4 : i64} logprob <sum = -4.4120240904921175, count = 5>
  kb.candidate @softplus_s13 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 8 : i64, vector = 4 : i64} logprob <sum = -3.9164779254740374, count = 5>
  kb.candidate @softplus_s14 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 8 : i64, vector = 4 : i64} logprob <sum = -3.9164779254740374, count = 5> {duplicate_of = @softplus_s13}
  kb.candidate @softplus_s15 of @softplus policy decisions {block = 1024 : i64, blocks_per_sm = 1 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -6.184423306873371, count = 5>
  kb.candidate @softplus_s16 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.827420735678645, count = 5>
  kb.candidate @softplus_s17 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.0968841416947326, count = 5> {duplicate_of = @softplus_s10}
  kb.candidate @softplus_s18 of @softplus policy decisions {block = 64 : i64, blocks_per_sm = 1 : i64, grid_stride = false, per_thread = 8 : i64, vector = 2 : i64} logprob <sum = -5.881352719833275, count = 5>
  kb.candidate @softplus_s19 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 8 : i64, vector = 2 : i64} logprob <sum = -2.552438696312313, count = 5> {duplicate_of = @softplus_s4}
  kb.candidate @softplus_s20 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 8 : i64, vector = 1 : i64} logprob <sum = -4.87671537870318, count = 5>
  kb.candidate @softplus_s21 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 1 : i64, grid_stride = false, per_thread = 8 : i64, vector = 4 : i64} logprob <sum = -4.667805083535287, count = 5> {duplicate_of = @softplus_s0}
  kb.candidate @softplus_s22 of @softplus policy decisions {block = 1024 : i64, blocks_per_sm = 4 : i64, grid_stride = false, per_thread = 4 : i64, vector = 4 : i64} logprob <sum = -9.591799420190394, count = 5>
  kb.candidate @softplus_s23 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 4 : i64, vector = 2 : i64} logprob <sum = -3.129527812958766, count = 5>
  kb.candidate @softplus_s24 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 8 : i64, vector = 2 : i64} logprob <sum = -2.552438696312313, count = 5> {duplicate_of = @softplus_s4}
  kb.candidate @softplus_s25 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.0968841416947326, count = 5> {duplicate_of = @softplus_s10}
  kb.candidate @softplus_s26 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 1 : i64, grid_stride = false, per_thread = 8 : i64, vector = 2 : i64} logprob <sum = -3.402767494813503, count = 5>
  kb.candidate @softplus_s27 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.0968841416947326, count = 5> {duplicate_of = @softplus_s10}
  kb.candidate @softplus_s28 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 2 : i64, vector = 1 : i64} logprob <sum = -4.798303433346687, count = 5>
  kb.candidate @softplus_s29 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 1 : i64, vector = 4 : i64} logprob <sum = -6.989490128932675, count = 5>
  kb.candidate @softplus_s30 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 2 : i64, vector = 1 : i64} logprob <sum = -4.798303433346687, count = 5> {duplicate_of = @softplus_s28}
  kb.candidate @softplus_s31 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.0968841416947326, count = 5> {duplicate_of = @softplus_s10}
  kb.candidate @softplus_s32 of @softplus policy decisions {block = 1024 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -5.625091492990997, count = 5>
  kb.candidate @softplus_s33 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 4 : i64, vector = 2 : i64} logprob <sum = -2.8533522460200493, count = 5>
  kb.candidate @softplus_s34 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 1 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.95319976476649, count = 5> {duplicate_of = @softplus_s2}
  kb.candidate @softplus_s35 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 4 : i64, vector = 2 : i64} logprob <sum = -2.8533522460200493, count = 5> {duplicate_of = @softplus_s33}
  kb.candidate @softplus_s36 of @softplus policy decisions {block = 1024 : i64, blocks_per_sm = 1 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -6.184423306873371, count = 5> {duplicate_of = @softplus_s15}
  kb.candidate @softplus_s37 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.0968841416947326, count = 5> {duplicate_of = @softplus_s10}
  kb.candidate @softplus_s38 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.0968841416947326, count = 5> {duplicate_of = @softplus_s10}
  kb.candidate @softplus_s39 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 2 : i64, vector = 4 : i64} logprob <sum = -2.9338260889859105, count = 5> {duplicate_of = @softplus_s3}
  kb.candidate @softplus_s40 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 8 : i64, vector = 4 : i64} logprob <sum = -3.704029438799706, count = 5>
  kb.candidate @softplus_s41 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.827420735678645, count = 5> {duplicate_of = @softplus_s16}
  kb.candidate @softplus_s42 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 8 : i64, vector = 2 : i64} logprob <sum = -2.552438696312313, count = 5> {duplicate_of = @softplus_s4}
  kb.candidate @softplus_s43 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 1 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.95319976476649, count = 5> {duplicate_of = @softplus_s2}
  kb.candidate @softplus_s44 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 8 : i64, vector = 4 : i64} logprob <sum = -3.9164779254740374, count = 5> {duplicate_of = @softplus_s13}
  kb.candidate @softplus_s45 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 1 : i64, grid_stride = false, per_thread = 8 : i64, vector = 2 : i64} logprob <sum = -3.402767494813503, count = 5> {duplicate_of = @softplus_s26}
  kb.candidate @softplus_s46 of @softplus policy decisions {block = 1024 : i64, blocks_per_sm = 1 : i64, grid_stride = false, per_thread = 4 : i64, vector = 2 : i64} logprob <sum = -6.839754360478343, count = 5>
  kb.candidate @softplus_s47 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.0968841416947326, count = 5> {duplicate_of = @softplus_s10}
  kb.candidate @softplus_s48 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 8 : i64, vector = 4 : i64} logprob <sum = -3.704029438799706, count = 5> {duplicate_of = @softplus_s40}
  kb.candidate @softplus_s49 of @softplus policy decisions {block = 1024 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 2 : i64, vector = 4 : i64} logprob <sum = -5.687807341450805, count = 5>
  kb.candidate @softplus_s50 of @softplus policy decisions {block = 512 : i64, blocks_per_sm = 1 : i64, grid_stride = false, per_thread = 8 : i64, vector = 4 : i64} logprob <sum = -7.806173626984552, count = 5>
  kb.candidate @softplus_s51 of @softplus policy decisions {block = 512 : i64, blocks_per_sm = 1 : i64, grid_stride = false, per_thread = 2 : i64, vector = 4 : i64} logprob <sum = -7.461968440121344, count = 5>
  kb.candidate @softplus_s52 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 8 : i64, vector = 4 : i64} logprob <sum = -3.9164779254740374, count = 5> {duplicate_of = @softplus_s13}
  kb.candidate @softplus_s53 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 1 : i64, grid_stride = false, per_thread = 8 : i64, vector = 2 : i64} logprob <sum = -3.402767494813503, count = 5> {duplicate_of = @softplus_s26}
  kb.candidate @softplus_s54 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 2 : i64, vector = 4 : i64} logprob <sum = -3.988579226359235, count = 5>
  kb.candidate @softplus_s55 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.827420735678645, count = 5> {duplicate_of = @softplus_s16}
  kb.candidate @softplus_s56 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.827420735678645, count = 5> {duplicate_of = @softplus_s16}
  kb.candidate @softplus_s57 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 1 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.95319976476649, count = 5> {duplicate_of = @softplus_s2}
  kb.candidate @softplus_s58 of @softplus policy decisions {block = 64 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -4.82313410474523, count = 5>
  kb.candidate @softplus_s59 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 1 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -2.95319976476649, count = 5> {duplicate_of = @softplus_s2}
  kb.candidate @softplus_s60 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 8 : i64, vector = 2 : i64} logprob <sum = -2.552438696312313, count = 5> {duplicate_of = @softplus_s4}
  kb.candidate @softplus_s61 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 4 : i64, vector = 2 : i64} logprob <sum = -2.8533522460200493, count = 5> {duplicate_of = @softplus_s33}
  kb.candidate @softplus_s62 of @softplus policy decisions {block = 64 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 8 : i64, vector = 4 : i64} logprob <sum = -6.234301516139464, count = 5>
  kb.candidate @softplus_s63 of @softplus policy decisions {block = 128 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 8 : i64, vector = 4 : i64} logprob <sum = -3.9164779254740374, count = 5> {duplicate_of = @softplus_s13}
}

