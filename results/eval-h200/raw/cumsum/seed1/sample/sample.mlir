#map = affine_map<(d0) -> (d0)>
module {
  kb.task @cumsum origin <"KernelBench", level 1, problem 89> tolerance(atol 0.0001, rtol 0.0001) attributes {split = "eval"} {
    kb.input "x" : tensor<32768x32768xf32> dist(uniform(0.0, 1.0), uniform(-0.5, 1.0))
    kb.output "out" : tensor<32768x32768xf32>
    kb.reference "return torch.cumsum(x, dim=1)"
    kb.payload(%x: tensor<32768x32768xf32>, %out: tensor<32768x32768xf32>) {
      %cst = arith.constant 0.000000e+00 : f32
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c32768 = arith.constant 32768 : index
      %0 = tensor.empty() : tensor<32768xf32>
      %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<32768xf32>) -> tensor<32768xf32>
      %2:2 = scf.for %arg0 = %c0 to %c32768 step %c1 iter_args(%arg1 = %1, %arg2 = %out) -> (tensor<32768xf32>, tensor<32768x32768xf32>) {
        %extracted_slice = tensor.extract_slice %x[0, %arg0] [32768, 1] [1, 1] : tensor<32768x32768xf32> to tensor<32768xf32>
        %3 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%extracted_slice : tensor<32768xf32>) outs(%arg1 : tensor<32768xf32>) {
        ^bb0(%in: f32, %out_0: f32):
          %4 = arith.addf %out_0, %in : f32
          linalg.yield %4 : f32
        } -> tensor<32768xf32>
        %inserted_slice = tensor.insert_slice %3 into %arg2[0, %arg0] [32768, 1] [1, 1] : tensor<32768xf32> into tensor<32768x32768xf32>
        scf.yield %3, %inserted_slice : tensor<32768xf32>, tensor<32768x32768xf32>
      }
      kb.yield %2#1 : tensor<32768x32768xf32>
    }
  }
  kb.candidate @cumsum_s0 of @cumsum policy decisions {block = 256 : i64, items_per_thread = 1 : i64, vector = 4 : i64, warp_per_row = true} logprob <sum = -5.0106352940962555, count = 4>
  kb.candidate @cumsum_s1 of @cumsum policy decisions {block = 512 : i64, items_per_thread = 8 : i64, vector = 4 : i64, warp_per_row = true} logprob <sum = -5.0106352940962555, count = 4>
  kb.candidate @cumsum_s2 of @cumsum policy decisions {block = 128 : i64, items_per_thread = 1 : i64, vector = 2 : i64, warp_per_row = true} logprob <sum = -5.0106352940962555, count = 4>
  kb.candidate @cumsum_s3 of @cumsum policy decisions {block = 128 : i64, items_per_thread = 2 : i64, vector = 1 : i64, warp_per_row = false} logprob <sum = -5.0106352940962555, count = 4>
  kb.candidate @cumsum_s4 of @cumsum policy decisions {block = 256 : i64, items_per_thread = 16 : i64, vector = 1 : i64, warp_per_row = false} logprob <sum = -5.0106352940962555, count = 4>
  kb.candidate @cumsum_s5 of @cumsum policy decisions {block = 128 : i64, items_per_thread = 8 : i64, vector = 2 : i64, warp_per_row = false} logprob <sum = -5.0106352940962555, count = 4>
  kb.candidate @cumsum_s6 of @cumsum policy decisions {block = 512 : i64, items_per_thread = 2 : i64, vector = 1 : i64, warp_per_row = false} logprob <sum = -5.0106352940962555, count = 4>
  kb.candidate @cumsum_s7 of @cumsum policy decisions {block = 128 : i64, items_per_thread = 4 : i64, vector = 2 : i64, warp_per_row = false} logprob <sum = -5.0106352940962555, count = 4>
  kb.candidate @cumsum_s8 of @cumsum policy decisions {block = 128 : i64, items_per_thread = 1 : i64, vector = 2 : i64, warp_per_row = true} logprob <sum = -5.0106352940962555, count = 4> {duplicate_of = @cumsum_s2}
  kb.candidate @cumsum_s9 of @cumsum policy decisions {block = 512 : i64, items_per_thread = 1 : i64, vector = 1 : i64, warp_per_row = false} logprob <sum = -5.0106352940962555, count = 4>
  kb.candidate @cumsum_s10 of @cumsum policy decisions {block = 128 : i64, items_per_thread = 2 : i64, vector = 1 : i64, warp_per_row = true} logprob <sum = -5.0106352940962555, count = 4>
  kb.candidate @cumsum_s11 of @cumsum policy decisions {block = 64 : i64, items_per_thread = 1 : i64, vector = 2 : i64, warp_per_row = true} logprob <sum = -5.0106352940962555, count = 4>
  kb.candidate @cumsum_s12 of @cumsum policy decisions {block = 64 : i64, items_per_thread = 2 : i64, vector = 1 : i64, warp_per_row = true} logprob <sum = -5.0106352940962555, count = 4>
  kb.candidate @cumsum_s13 of @cumsum policy decisions {block = 64 : i64, items_per_thread = 8 : i64, vector = 4 : i64, warp_per_row = true} logprob <sum = -5.0106352940962555, count = 4>
  kb.candidate @cumsum_s14 of @cumsum policy decisions {block = 256 : i64, items_per_thread = 1 : i64, vector = 1 : i64, warp_per_row = true} logprob <sum = -5.0106352940962555, count = 4>
  kb.candidate @cumsum_s15 of @cumsum policy decisions {block = 128 : i64, items_per_thread = 16 : i64, vector = 2 : i64, warp_per_row = false} logprob <sum = -5.0106352940962555, count = 4>
  kb.candidate @cumsum_s16 of @cumsum policy decisions {block = 1024 : i64, items_per_thread = 16 : i64, vector = 2 : i64, warp_per_row = false} logprob <sum = -5.0106352940962555, count = 4>
  kb.candidate @cumsum_s17 of @cumsum policy decisions {block = 512 : i64, items_per_thread = 8 : i64, vector = 4 : i64, warp_per_row = false} logprob <sum = -5.0106352940962555, count = 4>
  kb.candidate @cumsum_s18 of @cumsum policy decisions {block = 256 : i64, items_per_thread = 16 : i64, vector = 1 : i64, warp_per_row = true} logprob <sum = -5.0106352940962555, count = 4>
  kb.candidate @cumsum_s19 of @cumsum policy decisions {block = 256 : i64, items_per_thread = 1 : i64, vector = 2 : i64, warp_per_row = false} logprob <sum = -5.0106352940962555, count = 4>
  kb.candidate @cumsum_s20 of @cumsum policy decisions {block = 1024 : i64, items_per_thread = 4 : i64, vector = 4 : i64, warp_per_row = false} logprob <sum = -5.0106352940962555, count = 4>
  kb.candidate @cumsum_s21 of @cumsum policy decisions {block = 64 : i64, items_per_thread = 2 : i64, vector = 2 : i64, warp_per_row = true} logprob <sum = -5.0106352940962555, count = 4>
  kb.candidate @cumsum_s22 of @cumsum policy decisions {block = 128 : i64, items_per_thread = 1 : i64, vector = 1 : i64, warp_per_row = false} logprob <sum = -5.0106352940962555, count = 4>
  kb.candidate @cumsum_s23 of @cumsum policy decisions {block = 64 : i64, items_per_thread = 8 : i64, vector = 1 : i64, warp_per_row = true} logprob <sum = -5.0106352940962555, count = 4>
  kb.candidate @cumsum_s24 of @cumsum policy decisions {block = 128 : i64, items_per_thread = 4 : i64, vector = 2 : i64, warp_per_row = true} logprob <sum = -5.0106352940962555, count = 4>
  kb.candidate @cumsum_s25 of @cumsum policy decisions {block = 128 : i64, items_per_thread = 8 : i64, vector = 1 : i64, warp_per_row = false} logprob <sum = -5.0106352940962555, count = 4>
  kb.candidate @cumsum_s26 of @cumsum policy decisions {block = 1024 : i64, items_per_thread = 8 : i64, vector = 1 : i64, warp_per_row = false} logprob <sum = -5.0106352940962555, count = 4>
  kb.candidate @cumsum_s27 of @cumsum policy decisions {block = 256 : i64, items_per_thread = 2 : i64, vector = 2 : i64, warp_per_row = false} logprob <sum = -5.0106352940962555, count = 4>
  kb.candidate @cumsum_s28 of @cumsum policy decisions {block = 64 : i64, items_per_thread = 4 : i64, vector = 2 : i64, warp_per_row = true} logprob <sum = -5.0106352940962555, count = 4>
  kb.candidate @cumsum_s29 of @cumsum policy decisions {block = 64 : i64, items_per_thread = 1 : i64, vector = 1 : i64, warp_per_row = false} logprob <sum = -5.0106352940962555, count = 4>
  kb.candidate @cumsum_s30 of @cumsum policy decisions {block = 256 : i64, items_per_thread = 2 : i64, vector = 2 : i64, warp_per_row = true} logprob <sum = -5.0106352940962555, count = 4>
  kb.candidate @cumsum_s31 of @cumsum policy decisions {block = 256 : i64, items_per_thread = 1 : i64, vector = 2 : i64, warp_per_row = true} logprob <sum = -5.0106352940962555, count = 4>
  kb.candidate @cumsum_s32 of @cumsum policy decisions {block = 128 : i64, items_per_thread = 2 : i64, vector = 1 : i64, warp_per_row = false} logprob <sum = -5.0106352940962555, count = 4> {duplicate_of = @cumsum_s3}
  kb.candidate @cumsum_s33 of @cumsum policy decisions {block = 256 : i64, items_per_thread = 16 : i64, vector = 1 : i64, warp_per_row = false} logprob <sum = -5.0106352940962555, count = 4> {duplicate_of = @cumsum_s4}
  kb.candidate @cumsum_s34 of @cumsum policy decisions {block = 64 : i64, items_per_thread = 16 : i64, vector = 2 : i64, warp_per_row = true} logprob <sum = -5.0106352940962555, count = 4>
  kb.candidate @cumsum_s35 of @cumsum policy decisions {block = 1024 : i64, items_per_thread = 4 : i64, vector = 4 : i64, warp_per_row = false} logprob <sum = -5.0106352940962555, count = 4> {duplicate_of = @cumsum_s20}
  kb.candidate @cumsum_s36 of @cumsum policy decisions {block = 512 : i64, items_per_thread = 4 : i64, vector = 1 : i64, warp_per_row = false} logprob <sum = -5.0106352940962555, count = 4>
  kb.candidate @cumsum_s37 of @cumsum policy decisions {block = 64 : i64, items_per_thread = 16 : i64, vector = 1 : i64, warp_per_row = false} logprob <sum = -5.0106352940962555, count = 4>
  kb.candidate @cumsum_s38 of @cumsum policy decisions {block = 128 : i64, items_per_thread = 16 : i64, vector = 1 : i64, warp_per_row = true} logprob <sum = -5.0106352940962555, count = 4>
  kb.candidate @cumsum_s39 of @cumsum policy decisions {block = 256 : i64, items_per_thread = 2 : i64, vector = 1 : i64, warp_per_row = false} logprob <sum = -5.0106352940962555, count = 4>
  kb.candidate @cumsum_s40 of @cumsum policy decisions {block = 64 : i64, items_per_thread = 2 : i64, vector = 4 : i64, warp_per_row = true} logprob <sum = -5.0106352940962555, count = 4>
  kb.candidate @cumsum_s41 of @cumsum policy decisions {block = 1024 : i64, items_per_thread = 1 : i64, vector = 4 : i64, warp_per_row = true} logprob <sum = -5.0106352940962555, count = 4>
  kb.candidate @cumsum_s42 of @cumsum policy decisions {block = 1024 : i64, items_per_thread = 4 : i64, vector = 4 : i64, warp_per_row = true} logprob <sum = -5.0106352940962555, count = 4>
  kb.candidate @cumsum_s43 of @cumsum policy decisions {block = 1024 : i64, items_per_thread = 2 : i64, vector = 2 : i64, warp_per_row = false} logprob <sum = -5.0106352940962555, count = 4>
  kb.candidate @cumsum_s44 of @cumsum policy decisions {block = 128 : i64, items_per_thread = 4 : i64, vector = 2 : i64, warp_per_row = false} logprob <sum = -5.0106352940962555, count = 4> {duplicate_of = @cumsum_s7}
  kb.candidate @cumsum_s45 of @cumsum policy decisions {block = 256 : i64, items_per_thread = 4 : i64, vector = 4 : i64, warp_per_row = false} logprob <sum = -5.0106352940962555, count = 4>
  kb.candidate @cumsum_s46 of @cumsum policy decisions {block = 512 : i64, items_per_thread = 4 : i64, vector = 1 : i64, warp_per_row = true} logprob <sum = -5.0106352940962555, count = 4>
  kb.candidate @cumsum_s47 of @cumsum policy decisions {block = 1024 : i64, items_per_thread = 8 : i64, vector = 2 : i64, warp_per_row = false} logprob <sum = -5.0106352940962555, count = 4>
  kb.candidate @cumsum_s48 of @cumsum policy decisions {block = 512 : i64, items_per_thread = 2 : i64, vector = 2 : i64, warp_per_row = true} logprob <sum = -5.0106352940962555, count = 4>
  kb.candidate @cumsum_s49 of @cumsum policy decisions {block = 256 : i64, items_per_thread = 4 : i64, vector = 2 : i64, warp_per_row = true} logprob <sum = -5.0106352940962555, count = 4>
  kb.candidate @cumsum_s50 of @cumsum policy decisions {block = 512 : i64, items_per_thread = 1 : i64, vector = 4 : i64, warp_per_row = false} logprob <sum = -5.0106352940962555, count = 4>
  kb.candidate @cumsum_s51 of @cumsum policy decisions {block = 64 : i64, items_per_thread = 2 : i64, vector = 2 : i64, warp_per_row = false} logprob <sum = -5.0106352940962555, count = 4>
  kb.candidate @cumsum_s52 of @cumsum policy decisions {block = 64 : i64, items_per_thread = 8 : i64, vector = 2 : i64, warp_per_row = true} logprob <sum = -5.0106352940962555, count = 4>
  kb.candidate @cumsum_s53 of @cumsum policy decisions {block = 512 : i64, items_per_thread = 8 : i64, vector = 1 : i64, warp_per_row = true} logprob <sum = -5.0106352940962555, count = 4>
  kb.candidate @cumsum_s54 of @cumsum policy decisions {block = 128 : i64, items_per_thread = 8 : i64, vector = 4 : i64, warp_per_row = true} logprob <sum = -5.0106352940962555, count = 4>
  kb.candidate @cumsum_s55 of @cumsum policy decisions {block = 512 : i64, items_per_thread = 4 : i64, vector = 4 : i64, warp_per_row = false} logprob <sum = -5.0106352940962555, count = 4>
  kb.candidate @cumsum_s56 of @cumsum policy decisions {block = 1024 : i64, items_per_thread = 1 : i64, vector = 1 : i64, warp_per_row = false} logprob <sum = -5.0106352940962555, count = 4>
  kb.candidate @cumsum_s57 of @cumsum policy decisions {block = 64 : i64, items_per_thread = 2 : i64, vector = 2 : i64, warp_per_row = true} logprob <sum = -5.0106352940962555, count = 4> {duplicate_of = @cumsum_s21}
  kb.candidate @cumsum_s58 of @cumsum policy decisions {block = 64 : i64, items_per_thread = 8 : i64, vector = 4 : i64, warp_per_row = false} logprob <sum = -5.0106352940962555, count = 4>
  kb.candidate @cumsum_s59 of @cumsum policy decisions {block = 64 : i64, items_per_thread = 4 : i64, vector = 4 : i64, warp_per_row = false} logprob <sum = -5.0106352940962555, count = 4>
  kb.candidate @cumsum_s60 of @cumsum policy decisions {block = 256 : i64, items_per_thread = 2 : i64, vector = 4 : i64, warp_per_row = true} logprob <sum = -5.0106352940962555, count = 4>
  kb.candidate @cumsum_s61 of @cumsum policy decisions {block = 64 : i64, items_per_thread = 8 : i64, vector = 2 : i64, warp_per_row = true} logprob <sum = -5.0106352940962555, count = 4> {duplicate_of = @cumsum_s52}
  kb.candidate @cumsum_s62 of @cumsum policy decisions {block = 1024 : i64, items_per_thread = 2 : i64, vector = 2 : i64, warp_per_row = false} logprob <sum = -5.0106352940962555, count = 4> {duplicate_of = @cumsum_s43}
  kb.candidate @cumsum_s63 of @cumsum policy decisions {block = 512 : i64, items_per_thread = 1 : i64, vector = 2 : i64, warp_per_row = true} logprob <sum = -5.0106352940962555, count = 4>
}

