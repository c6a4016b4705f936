#map = affine_map<(d0, d1) -> (d0, d1)>
module {
  kb.task @softsign tolerance(atol 0.0001, rtol 0.0001) {
    kb.input "x" : tensor<2048x8192xf32> dist(normal(0.0, 1.0), uniform(-10.0, 10.0))
    kb.output "out" : tensor<2048x8192xf32>
    kb.reference "return x / (1 + torch.abs(x))"
    kb.payload(%x: tensor<2048x8192xf32>, %out: tensor<2048x8192xf32>) {
      %0 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<2048x8192xf32>) outs(%out : tensor<2048x8192xf32>) {
      ^bb0(%in: f32, %out_0: f32):
        %cst = arith.constant 1.000000e+00 : f32
        %1 = math.absf %in : f32
        %2 = arith.addf %cst, %1 : f32
        %3 = arith.divf %in, %2 : f32
        linalg.yield %3 : f32
      } -> tensor<2048x8192xf32>
      kb.yield %0 : tensor<2048x8192xf32>
    }
  }
  kb.candidate @softsign_s0 of @softsign policy decisions {block = 64 : i64, blocks_per_sm = 16 : i64, grid_stride = true, per_thread = 8 : i64, vector = 1 : i64} logprob <sum = -7.552080812076178, count = 5>
  kb.candidate @softsign_s1 of @softsign policy decisions {block = 256 : i64, blocks_per_sm = 32 : i64, grid_stride = false, per_thread = 1 : i64, vector = 1 : i64} logprob <sum = -5.60884568602727, count = 5>
  kb.candidate @softsign_s2 of @softsign policy decisions {block = 256 : i64, blocks_per_sm = 32 : i64, grid_stride = false, per_thread = 4 : i64, vector = 4 : i64} logprob <sum = -3.53608370803399, count = 5>
  kb.candidate @softsign_s3 of @softsign policy decisions {block = 512 : i64, blocks_per_sm = 32 : i64, grid_stride = false, per_thread = 4 : i64, vector = 4 : i64} logprob <sum = -5.417154939684479, count = 5>
  kb.candidate @softsign_s4 of @softsign policy decisions {block = 128 : i64, blocks_per_sm = 32 : i64, grid_stride = true, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -6.828638303239465, count = 5>
  kb.candidate @softsign_s5 of @softsign policy decisions {block = 1024 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 8 : i64, vector = 4 : i64} logprob <sum = -6.363855075646308, count = 5>
  kb.candidate @softsign_s6 of @softsign policy decisions {block = 512 : i64, blocks_per_sm = 32 : i64, grid_stride = true, per_thread = 8 : i64, vector = 1 : i64} logprob <sum = -5.104550653775241, count = 5>
  kb.candidate @softsign_s7 of @softsign policy decisions {block = 256 : i64, blocks_per_sm = 4 : i64, grid_stride = true, per_thread = 8 : i64, vector = 1 : i64} logprob <sum = -7.7558071548791165, count = 5>
  kb.candidate @softsign_s8 of @softsign policy decisions {block = 256 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 4 : i64, vector = 4 : i64} logprob <sum = -4.171640804172355, count = 5>
  kb.candidate @softsign_s9 of @softsign policy decisions {block = 1024 : i64, blocks_per_sm = 32 : i64, grid_stride = false, per_thread = 4 : i64, vector = 1 : i64} logprob <sum = -3.784643708663434, count = 5>
  kb.candidate @softsign_s10 of @softsign policy decisions {block = 256 : i64, blocks_per_sm = 16 : i64, grid_stride = true, per_thread = 8 : i64, vector = 2 : i64} logprob <sum = -5.808807064820515, count = 5>
  kb.candidate @softsign_s11 of @softsign policy decisions {block = 128 : i64, blocks_per_sm = 32 : i64, grid_stride = false, per_thread = 8 : i64, vector = 4 : i64} logprob <sum = -6.213463870740764, count = 5>
  kb.candidate @softsign_s12 of @softsign policy decisions {block = 256 : i64, blocks_per_sm = 32 : i64, grid_stride = true, per_thread = 2 : i64, vector = 1 : i64} logprob <sum = -4.38398535905521, count = 5>
  kb.candidate @softsign_s13 of @softsign policy decisions {block = 256 : i64, blocks_per_sm = 32 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -4.169087729743188, count = 5>
  kb.candidate @softsign_s14 of @softsign policy decisions {block = 1024 : i64, blocks_per_sm = 32 : i64, grid_stride = false, per_thread = 8 : i64, vector = 4 : i64} logprob <sum = -5.27965772661647, count = 5>
  kb.candidate @softsign_s15 of @softsign policy decisions {block = 1024 : i64, blocks_per_sm = 32 : i64, grid_stride = false, per_thread = 4 : i64, vector = 4 : i64} logprob <sum = -4.163257713224637, count = 5>
  kb.candidate @softsign_s16 of @softsign policy decisions {block = 256 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 2 : i64, vector = 1 : i64} logprob <sum = -4.421696221203096, count = 5>
  kb.candidate @softsign_s17 of @softsign policy decisions {block = 1024 : i64, blocks_per_sm = 4 : i64, grid_stride = true, per_thread = 8 : i64, vector = 4 : i64} logprob <sum = -8.551069206030194, count = 5>
  kb.candidate @softsign_s18 of @softsign policy decisions {block = 256 : i64, blocks_per_sm = 32 : i64, grid_stride = true, per_thread = 1 : i64, vector = 2 : i64} logprob <sum = -5.252585554095906, count = 5>
  kb.candidate @softsign_s19 of @softsign policy decisions {block = 128 : i64, blocks_per_sm = 8 : i64, grid_stride = true, per_thread = 1 : i64, vector = 4 : i64} logprob <sum = -8.27244001667042, count = 5>
  kb.candidate @softsign_s20 of @softsign policy decisions {block = 256 : i64, blocks_per_sm = 32 : i64, grid_stride = false, per_thread = 8 : i64, vector = 4 : i64} logprob <sum = -4.11497452384776, count = 5>
  kb.candidate @softsign_s21 of @softsign policy decisions {block = 256 : i64, blocks_per_sm = 16 : i64, grid_stride = true, per_thread = 4 : i64, vector = 1 : i64} logprob <sum = -6.0689328218297245, count = 5>
  kb.candidate @softsign_s22 of @softsign policy decisions {block = 256 : i64, blocks_per_sm = 32 : i64, grid_stride = false, per_thread = 2 : i64, vector = 4 : i64} logprob <sum = -3.809182523129226, count = 5>
  kb.candidate @softsign_s23 of @softsign policy decisions {block = 256 : i64, blocks_per_sm = 32 : i64, grid_stride = true, per_thread = 8 : i64, vector = 1 : i64} logprob <sum = -4.298808384876016, count = 5>
  kb.candidate @softsign_s24 of @softsign policy decisions {block = 256 : i64, blocks_per_sm = 32 : i64, grid_stride = true, per_thread = 8 : i64, vector = 1 : i64} logprob <sum = -4.298808384876016, count = 5> {duplicate_of = @softsign_s23}
  kb.candidate @softsign_s25 of @softsign policy decisions {block = 256 : i64, blocks_per_sm = 4 : i64, grid_stride = true, per_thread = 1 : i64, vector = 4 : i64} logprob <sum = -7.664742764521462, count = 5>
  kb.candidate @softsign_s26 of @softsign policy decisions {block = 1024 : i64, blocks_per_sm = 32 : i64, grid_stride = true, per_thread = 4 : i64, vector = 4 : i64} logprob <sum = -4.978023460784672, count = 5>
  kb.candidate @softsign_s27 of @softsign policy decisions {block = 256 : i64, blocks_per_sm = 32 : i64, grid_stride = true, per_thread = 8 : i64, vector = 1 : i64} logprob <sum = -4.298808384876016, count = 5> {duplicate_of = @softsign_s23}
  kb.candidate @softsign_s28 of @softsign policy decisions {block = 256 : i64, blocks_per_sm = 1 : i64, grid_stride = false, per_thread = 8 : i64, vector = 1 : i64} logprob <sum = -6.27153538743698, count = 5>
  kb.candidate @softsign_s29 of @softsign policy decisions {block = 256 : i64, blocks_per_sm = 16 : i64, grid_stride = true, per_thread = 2 : i64, vector = 1 : i64} logprob <sum = -5.7953224988985035, count = 5>
  kb.candidate @softsign_s30 of @softsign policy decisions {block = 256 : i64, blocks_per_sm = 32 : i64, grid_stride = true, per_thread = 8 : i64, vector = 1 : i64} logprob <sum = -4.298808384876016, count = 5> {duplicate_of = @softsign_s23}
  kb.candidate @softsign_s31 of @softsign policy decisions {block = 1024 : i64, blocks_per_sm = 32 : i64, grid_stride = false, per_thread = 4 : i64, vector = 2 : i64} logprob <sum = -4.957947286644201, count = 5>
  kb.candidate @softsign_s32 of @softsign policy decisions {block = 256 : i64, blocks_per_sm = 32 : i64, grid_stride = true, per_thread = 1 : i64, vector = 4 : i64} logprob <sum = -4.904616428745471, count = 5>
  kb.candidate @softsign_s33 of @softsign policy decisions {block = 1024 : i64, blocks_per_sm = 32 : i64, grid_stride = true, per_thread = 8 : i64, vector = 1 : i64} logprob <sum = -4.5490677392191605, count = 5>
  kb.candidate @softsign_s34 of @softsign policy decisions {block = 256 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 8 : i64, vector = 1 : i64} logprob <sum = -4.90526041102783, count = 5>
  kb.candidate @softsign_s35 of @softsign policy decisions {block = 1024 : i64, blocks_per_sm = 32 : i64, grid_stride = false, per_thread = 4 : i64, vector = 1 : i64} logprob <sum = -3.784643708663434, count = 5> {duplicate_of = @softsign_s9}
  kb.candidate @softsign_s36 of @softsign policy decisions {block = 256 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -5.4530797715550445, count = 5>
  kb.candidate @softsign_s37 of @softsign policy decisions {block = 256 : i64, blocks_per_sm = 32 : i64, grid_stride = true, per_thread = 2 : i64, vector = 1 : i64} logprob <sum = -4.38398535905521, count = 5> {duplicate_of = @softsign_s12}
  kb.candidate @softsign_s38 of @softsign policy decisions {block = 256 : i64, blocks_per_sm = 32 : i64, grid_stride = true, per_thread = 8 : i64, vector = 1 : i64} logprob <sum = -4.298808384876016, count = 5> {duplicate_of = @softsign_s23}
  kb.candidate @softsign_s39 of @softsign policy decisions {block = 1024 : i64, blocks_per_sm = 32 : i64, grid_stride = false, per_thread = 8 : i64, vector = 1 : i64} logprob <sum = -4.679239291605066, count = 5>
  kb.candidate @softsign_s40 of @softsign policy decisions {block = 256 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 4 : i64, vector = 4 : i64} logprob <sum = -4.171640804172355, count = 5> {duplicate_of = @softsign_s8}
  kb.candidate @softsign_s41 of @softsign policy decisions {block = 1024 : i64, blocks_per_sm = 32 : i64, grid_stride = true, per_thread = 8 : i64, vector = 2 : i64} logprob <sum = -5.29076128203004, count = 5>
  kb.candidate @softsign_s42 of @softsign policy decisions {block = 512 : i64, blocks_per_sm = 32 : i64, grid_stride = false, per_thread = 2 : i64, vector = 1 : i64} logprob <sum = -4.831692462802395, count = 5>
  kb.candidate @softsign_s43 of @softsign policy decisions {block = 256 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -5.247139698010457, count = 5>
  kb.candidate @softsign_s44 of @softsign policy decisions {block = 1024 : i64, blocks_per_sm = 32 : i64, grid_stride = true, per_thread = 2 : i64, vector = 2 : i64} logprob <sum = -5.7518829803157265, count = 5>
  kb.candidate @softsign_s45 of @softsign policy decisions {block = 256 : i64, blocks_per_sm = 32 : i64, grid_stride = false, per_thread = 4 : i64, vector = 1 : i64} logprob <sum = -3.5577561715537414, count = 5>
  kb.candidate @softsign_s46 of @softsign policy decisions {block = 256 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 2 : i64, vector = 4 : i64} logprob <sum = -4.7453863886724275, count = 5>
  kb.candidate @softsign_s47 of @softsign policy decisions {block = 256 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 4 : i64, vector = 4 : i64} logprob <sum = -4.171640804172355, count = 5> {duplicate_of = @softsign_s8}
  kb.candidate @softsign_s48 of @softsign policy decisions {block = 256 : i64, blocks_per_sm = 2 : i64, grid_stride = false, per_thread = 4 : i64, vector = 4 : i64} logprob <sum = -6.748017836081966, count = 5>
  kb.candidate @softsign_s49 of @softsign policy decisions {block = 256 : i64, blocks_per_sm = 32 : i64, grid_stride = true, per_thread = 8 : i64, vector = 4 : i64} logprob <sum = -4.418086448909792, count = 5>
  kb.candidate @softsign_s50 of @softsign policy decisions {block = 512 : i64, blocks_per_sm = 32 : i64, grid_stride = true, per_thread = 1 : i64, vector = 1 : i64} logprob <sum = -6.687777995083675, count = 5>
  kb.candidate @softsign_s51 of @softsign policy decisions {block = 512 : i64, blocks_per_sm = 32 : i64, grid_stride = true, per_thread = 1 : i64, vector = 2 : i64} logprob <sum = -7.097195764726084, count = 5>
  kb.candidate @softsign_s52 of @softsign policy decisions {block = 256 : i64, blocks_per_sm = 32 : i64, grid_stride = false, per_thread = 8 : i64, vector = 4 : i64} logprob <sum = -4.11497452384776, count = 5> {duplicate_of = @softsign_s20}
  kb.candidate @softsign_s53 of @softsign policy decisions {block = 256 : i64, blocks_per_sm = 32 : i64, grid_stride = false, per_thread = 4 : i64, vector = 4 : i64} logprob <sum = -3.53608370803399, count = 5> {duplicate_of = @softsign_s2}
  kb.candidate @softsign_s54 of @softsign policy decisions {block = 256 : i64, blocks_per_sm = 4 : i64, grid_stride = true, per_thread = 1 : i64, vector = 4 : i64} logprob <sum = -7.664742764521462, count = 5> {duplicate_of = @softsign_s25}
  kb.candidate @softsign_s55 of @softsign policy decisions {block = 256 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 1 : i64, vector = 4 : i64} logprob <sum = -5.699608411524792, count = 5>
  kb.candidate @softsign_s56 of @softsign policy decisions {block = 256 : i64, blocks_per_sm = 32 : i64, grid_stride = true, per_thread = 2 : i64, vector = 1 : i64} logprob <sum = -4.38398535905521, count = 5> {duplicate_of = @softsign_s12}
  kb.candidate @softsign_s57 of @softsign policy decisions {block = 128 : i64, blocks_per_sm = 4 : i64, grid_stride = false, per_thread = 2 : i64, vector = 4 : i64} logprob <sum = -8.210158428868027, count = 5>
  kb.candidate @softsign_s58 of @softsign policy decisions {block = 1024 : i64, blocks_per_sm = 32 : i64, grid_stride = false, per_thread = 8 : i64, vector = 1 : i64} logprob <sum = -4.679239291605066, count = 5> {duplicate_of = @softsign_s39}
  kb.candidate @softsign_s59 of @softsign policy decisions {block = 256 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 2 : i64, vector = 1 : i64} logprob <sum = -4.421696221203096, count = 5> {duplicate_of = @softsign_s16}
  kb.candidate @softsign_s60 of @softsign policy decisions {block = 1024 : i64, blocks_per_sm = 32 : i64, grid_stride = false, per_thread = 8 : i64, vector = 4 : i64} logprob <sum = -5.27965772661647, count = 5> {duplicate_of = @softsign_s14}
  kb.candidate @softsign_s61 of @softsign policy decisions {block = 256 : i64, blocks_per_sm = 16 : i64, grid_stride = false, per_thread = 4 : i64, vector = 4 : i64} logprob <sum = -4.171640804172355, count = 5> {duplicate_of = @softsign_s8}
  kb.candidate @softsign_s62 of @softsign policy decisions {block = 512 : i64, blocks_per_sm = 8 : i64, grid_stride = false, per_thread = 8 : i64, vector = 1 : i64} logprob <sum = -6.461807937068373, count = 5>
  kb.candidate @softsign_s63 of @softsign policy decisions {block = 512 : i64, blocks_per_sm = 1 : i64, grid_stride = false, per_thread = 2 : i64, vector = 1 : i64} logprob <sum = -7.44210501163599, count = 5>
}

