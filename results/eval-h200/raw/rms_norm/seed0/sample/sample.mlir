#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>
module {
  kb.task @rms_norm origin <"KernelBench", level 1, problem 36> tolerance(atol 0.0001, rtol 0.0001) attributes {split = "eval"} {
    kb.input "x" : tensor<112x64x512x512xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
    kb.output "out" : tensor<112x64x512x512xf32>
    kb.reference "rms = torch.sqrt(torch.mean(x ** 2, dim=1, keepdim=True) + 1e-05)\0Areturn x / rms"
    kb.payload(%x: tensor<112x64x512x512xf32>, %out: tensor<112x64x512x512xf32>) {
      %cst = arith.constant 0.000000e+00 : f32
      %cst_0 = arith.constant 6.400000e+01 : f32
      %cst_1 = arith.constant 9.99999974E-6 : f32
      %0 = tensor.empty() : tensor<112x512x512xf32>
      %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<112x512x512xf32>) -> tensor<112x512x512xf32>
      %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction", "parallel", "parallel"]} ins(%x : tensor<112x64x512x512xf32>) outs(%1 : tensor<112x512x512xf32>) {
      ^bb0(%in: f32, %out_2: f32):
        %4 = arith.mulf %in, %in : f32
        %5 = arith.addf %out_2, %4 : f32
        linalg.yield %5 : f32
      } -> tensor<112x512x512xf32>
      %3 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x, %2 : tensor<112x64x512x512xf32>, tensor<112x512x512xf32>) outs(%out : tensor<112x64x512x512xf32>) {
      ^bb0(%in: f32, %in_2: f32, %out_3: f32):
        %4 = arith.divf %in_2, %cst_0 : f32
        %5 = arith.addf %4, %cst_1 : f32
        %6 = math.sqrt %5 : f32
        %7 = arith.divf %in, %6 : f32
        linalg.yield %7 : f32
      } -> tensor<112x64x512x512xf32>
      kb.yield %3 : tensor<112x64x512x512xf32>
    }
  }
  kb.candidate @rms_norm_s0 of @rms_norm policy decisions {block = 64 : i64, cache_in_registers = false, one_pass = true, threads_per_group = 128 : i64, vector = 4 : i64} logprob <sum = -6.040254711277414, count = 5>
  kb.candidate @rms_norm_s1 of @rms_norm policy decisions {block = 64 : i64, cache_in_registers = true, one_pass = false, threads_per_group = 32 : i64, vector = 4 : i64} logprob <sum = -6.040254711277414, count = 5>
  kb.candidate @rms_norm_s2 of @rms_norm policy decisions {block = 128 : i64, cache_in_registers = true, one_pass = false, threads_per_group = 512 : i64, vector = 2 : i64} logprob <sum = -6.040254711277414, count = 5>
  kb.candidate @rms_norm_s3 of @rms_norm policy decisions {block = 128 : i64, cache_in_registers = false, one_pass = true, threads_per_group = 8 : i64, vector = 2 : i64} logprob <sum = -6.040254711277414, count = 5>
  kb.candidate @rms_norm_s4 of @rms_norm policy decisions {block = 256 : i64, cache_in_registers = true, one_pass = true, threads_per_group = 1 : i64, vector = 2 : i64} logprob <sum = -6.040254711277414, count = 5>
  kb.candidate @rms_norm_s5 of @rms_norm policy decisions {block = 256 : i64, cache_in_registers = true, one_pass = false, threads_per_group = 1 : i64, vector = 1 : i64} logprob <sum = -6.040254711277414, count = 5>
  kb.candidate @rms_norm_s6 of @rms_norm policy decisions {block = 512 : i64, cache_in_registers = true, one_pass = false, threads_per_group = 8 : i64, vector = 4 : i64} logprob <sum = -6.040254711277414, count = 5>
  kb.candidate @rms_norm_s7 of @rms_norm policy decisions {block = 128 : i64, cache_in_registers = false, one_pass = false, threads_per_group = 256 : i64, vector = 4 : i64} logprob <sum = -6.040254711277414, count = 5>
  kb.candidate @rms_norm_s8 of @rms_norm policy decisions {block = 128 : i64, cache_in_registers = true, one_pass = true, threads_per_group = 8 : i64, vector = 1 : i64} logprob <sum = -6.040254711277414, count = 5>
  kb.candidate @rms_norm_s9 of @rms_norm policy decisions {block = 512 : i64, cache_in_registers = false, one_pass = false, threads_per_group = 512 : i64, vector = 1 : i64} logprob <sum = -6.040254711277414, count = 5>
  kb.candidate @rms_norm_s10 of @rms_norm policy decisions {block = 64 : i64, cache_in_registers = false, one_pass = true, threads_per_group = 512 : i64, vector = 2 : i64} logprob <sum = -6.040254711277414, count = 5>
  kb.candidate @rms_norm_s11 of @rms_norm policy decisions {block = 512 : i64, cache_in_registers = false, one_pass = false, threads_per_group = 8 : i64, vector = 4 : i64} logprob <sum = -6.040254711277414, count = 5>
  kb.candidate @rms_norm_s12 of @rms_norm policy decisions {block = 512 : i64, cache_in_registers = false, one_pass = false, threads_per_group = 1024 : i64, vector = 2 : i64} logprob <sum = -6.040254711277414, count = 5>
  kb.candidate @rms_norm_s13 of @rms_norm policy decisions {block = 128 : i64, cache_in_registers = false, one_pass = true, threads_per_group = 32 : i64, vector = 4 : i64} logprob <sum = -6.040254711277414, count = 5>
  kb.candidate @rms_norm_s14 of @rms_norm policy decisions {block = 128 : i64, cache_in_registers = true, one_pass = false, threads_per_group = 256 : i64, vector = 1 : i64} logprob <sum = -6.040254711277414, count = 5>
  kb.candidate @rms_norm_s15 of @rms_norm policy decisions {block = 512 : i64, cache_in_registers = true, one_pass = false, threads_per_group = 32 : i64, vector = 2 : i64} logprob <sum = -6.040254711277414, count = 5>
  kb.candidate @rms_norm_s16 of @rms_norm policy decisions {block = 1024 : i64, cache_in_registers = true, one_pass = true, threads_per_group = 256 : i64, vector = 4 : i64} logprob <sum = -6.040254711277414, count = 5>
  kb.candidate @rms_norm_s17 of @rms_norm policy decisions {block = 128 : i64, cache_in_registers = false, one_pass = true, threads_per_group = 32 : i64, vector = 4 : i64} logprob <sum = -6.040254711277414, count = 5> {duplicate_of = @rms_norm_s13}
  kb.candidate @rms_norm_s18 of @rms_norm policy decisions {block = 1024 : i64, cache_in_registers = true, one_pass = true, threads_per_group = 512 : i64, vector = 2 : i64} logprob <sum = -6.040254711277414, count = 5>
  kb.candidate @rms_norm_s19 of @rms_norm policy decisions {block = 256 : i64, cache_in_registers = false, one_pass = false, threads_per_group = 256 : i64, vector = 4 : i64} logprob <sum = -6.040254711277414, count = 5>
  kb.candidate @rms_norm_s20 of @rms_norm policy decisions {block = 1024 : i64, cache_in_registers = true, one_pass = true, threads_per_group = 256 : i64, vector = 4 : i64} logprob <sum = -6.040254711277414, count = 5> {duplicate_of = @rms_norm_s16}
  kb.candidate @rms_norm_s21 of @rms_norm policy decisions {block = 256 : i64, cache_in_registers = false, one_pass = true, threads_per_group = 8 : i64, vector = 2 : i64} logprob <sum = -6.040254711277414, count = 5>
  kb.candidate @rms_norm_s22 of @rms_norm policy decisions {block = 1024 : i64, cache_in_registers = true, one_pass = false, threads_per_group = 128 : i64, vector = 4 : i64} logprob <sum = -6.040254711277414, count = 5>
  kb.candidate @rms_norm_s23 of @rms_norm policy decisions {block = 512 : i64, cache_in_registers = true, one_pass = false, threads_per_group = 512 : i64, vector = 4 : i64} logprob <sum = -6.040254711277414, count = 5>
  kb.candidate @rms_norm_s24 of @rms_norm policy decisions {block = 1024 : i64, cache_in_registers = true, one_pass = true, threads_per_group = 1024 : i64, vector = 1 : i64} logprob <sum = -6.040254711277414, count = 5>
  kb.candidate @rms_norm_s25 of @rms_norm policy decisions {block = 256 : i64, cache_in_registers = true, one_pass = false, threads_per_group = 32 : i64, vector = 4 : i64} logprob <sum = -6.040254711277414, count = 5>
  kb.candidate @rms_norm_s26 of @rms_norm policy decisions {block = 128 : i64, cache_in_registers = true, one_pass = true, threads_per_group = 256 : i64, vector = 2 : i64} logprob <sum = -6.040254711277414, count = 5>
  kb.candidate @rms_norm_s27 of @rms_norm policy decisions {block = 128 : i64, cache_in_registers = false, one_pass = true, threads_per_group = 1024 : i64, vector = 2 : i64} logprob <sum = -6.040254711277414, count = 5>
  kb.candidate @rms_norm_s28 of @rms_norm policy decisions {block = 256 : i64, cache_in_registers = true, one_pass = true, threads_per_group = 1024 : i64, vector = 4 : i64} logprob <sum = -6.040254711277414, count = 5>
  kb.candidate @rms_norm_s29 of @rms_norm policy decisions {block = 512 : i64, cache_in_registers = false, one_pass = true, threads_per_group = 128 : i64, vector = 4 : i64} logprob <sum = -6.040254711277414, count = 5>
  kb.candidate @rms_norm_s30 of @rms_norm policy decisions {block = 1024 : i64, cache_in_registers = true, one_pass = false, threads_per_group = 128 : i64, vector = 4 : i64} logprob <sum = -6.040254711277414, count = 5> {duplicate_of = @rms_norm_s22}
  kb.candidate @rms_norm_s31 of @rms_norm policy decisions {block = 512 : i64, cache_in_registers = true, one_pass = true, threads_per_group = 1024 : i64, vector = 1 : i64} logprob <sum = -6.040254711277414, count = 5>
  kb.candidate @rms_norm_s32 of @rms_norm policy decisions {block = 64 : i64, cache_in_registers = false, one_pass = false, threads_per_group = 512 : i64, vector = 4 : i64} logprob <sum = -6.040254711277414, count = 5>
  kb.candidate @rms_norm_s33 of @rms_norm policy decisions {block = 512 : i64, cache_in_registers = false, one_pass = false, threads_per_group = 256 : i64, vector = 2 : i64} logprob <sum = -6.040254711277414, count = 5>
  kb.candidate @rms_norm_s34 of @rms_norm policy decisions {block = 256 : i64, cache_in_registers = true, one_pass = false, threads_per_group = 512 : i64, vector = 4 : i64} logprob <sum = -6.040254711277414, count = 5>
  kb.candidate @rms_norm_s35 of @rms_norm policy decisions {block = 512 : i64, cache_in_registers = false, one_pass = true, threads_per_group = 256 : i64, vector = 2 : i64} logprob <sum = -6.040254711277414, count = 5>
  kb.candidate @rms_norm_s36 of @rms_norm policy decisions {block = 256 : i64, cache_in_registers = true, one_pass = true, threads_per_group = 8 : i64, vector = 4 : i64} logprob <sum = -6.040254711277414, count = 5>
  kb.candidate @rms_norm_s37 of @rms_norm policy decisions {block = 128 : i64, cache_in_registers = true, one_pass = false, threads_per_group = 512 : i64, vector = 2 : i64} logprob <sum = -6.040254711277414, count = 5> {duplicate_of = @rms_norm_s2}
  kb.candidate @rms_norm_s38 of @rms_norm policy decisions {block = 256 : i64, cache_in_registers = false, one_pass = true, threads_per_group = 1024 : i64, vector = 1 : i64} logprob <sum = -6.040254711277414, count = 5>
  kb.candidate @rms_norm_s39 of @rms_norm policy decisions {block = 1024 : i64, cache_in_registers = false, one_pass = false, threads_per_group = 128 : i64, vector = 4 : i64} logprob <sum = -6.040254711277414, count = 5>
  kb.candidate @rms_norm_s40 of @rms_norm policy decisions {block = 1024 : i64, cache_in_registers = false, one_pass = true, threads_per_group = 128 : i64, vector = 2 : i64} logprob <sum = -6.040254711277414, count = 5>
  kb.candidate @rms_norm_s41 of @rms_norm policy decisions {block = 64 : i64, cache_in_registers = false, one_pass = true, threads_per_group = 32 : i64, vector = 2 : i64} logprob <sum = -6.040254711277414, count = 5>
  kb.candidate @rms_norm_s42 of @rms_norm policy decisions {block = 64 : i64, cache_in_registers = true, one_pass = true, threads_per_group = 1 : i64, vector = 4 : i64} logprob <sum = -6.040254711277414, count = 5>
  kb.candidate @rms_norm_s43 of @rms_norm policy decisions {block = 512 : i64, cache_in_registers = true, one_pass = true, threads_per_group = 512 : i64, vector = 4 : i64} logprob <sum = -6.040254711277414, count = 5>
  kb.candidate @rms_norm_s44 of @rms_norm policy decisions {block = 512 : i64, cache_in_registers = false, one_pass = false, threads_per_group = 32 : i64, vector = 2 : i64} logprob <sum = -6.040254711277414, count = 5>
  kb.candidate @rms_norm_s45 of @rms_norm policy decisions {block = 512 : i64, cache_in_registers = true, one_pass = true, threads_per_group = 256 : i64, vector = 4 : i64} logprob <sum = -6.040254711277414, count = 5>
  kb.candidate @rms_norm_s46 of @rms_norm policy decisions {block = 256 : i64, cache_in_registers = true, one_pass = true, threads_per_group = 256 : i64, vector = 2 : i64} logprob <sum = -6.040254711277414, count = 5>
  kb.candidate @rms_norm_s47 of @rms_norm policy decisions {block = 256 : i64, cache_in_registers = true, one_pass = false, threads_per_group = 8 : i64, vector = 2 : i64} logprob <sum = -6.040254711277414, count = 5>
  kb.candidate @rms_norm_s48 of @rms_norm policy decisions {block = 1024 : i64, cache_in_registers = true, one_pass = false, threads_per_group = 1024 : i64, vector = 1 : i64} logprob <sum = -6.040254711277414, count = 5>
  kb.candidate @rms_norm_s49 of @rms_norm policy decisions {block = 512 : i64, cache_in_registers = false, one_pass = true, threads_per_group = 32 : i64, vector = 2 : i64} logprob <sum = -6.040254711277414, count = 5>
  kb.candidate @rms_norm_s50 of @rms_norm policy decisions {block = 64 : i64, cache_in_registers = true, one_pass = true, threads_per_group = 1024 : i64, vector = 4 : i64} logprob <sum = -6.040254711277414, count = 5>
  kb.candidate @rms_norm_s51 of @rms_norm policy decisions {block = 256 : i64, cache_in_registers = false, one_pass = true, threads_per_group = 8 : i64, vector = 1 : i64} logprob <sum = -6.040254711277414, count = 5>
  kb.candidate @rms_norm_s52 of @rms_norm policy decisions {block = 128 : i64, cache_in_registers = true, one_pass = true, threads_per_group = 256 : i64, vector = 1 : i64} logprob <sum = -6.040254711277414, count = 5>
  kb.candidate @rms_norm_s53 of @rms_norm policy decisions {block = 512 : i64, cache_in_registers = true, one_pass = false, threads_per_group = 512 : i64, vector = 4 : i64} logprob <sum = -6.040254711277414, count = 5> {duplicate_of = @rms_norm_s23}
  kb.candidate @rms_norm_s54 of @rms_norm policy decisions {block = 256 : i64, cache_in_registers = true, one_pass = true, threads_per_group = 128 : i64, vector = 1 : i64} logprob <sum = -6.040254711277414, count = 5>
  kb.candidate @rms_norm_s55 of @rms_norm policy decisions {block = 256 : i64, cache_in_registers = true, one_pass = false, threads_per_group = 256 : i64, vector = 4 : i64} logprob <sum = -6.040254711277414, count = 5>
  kb.candidate @rms_norm_s56 of @rms_norm policy decisions {block = 256 : i64, cache_in_registers = false, one_pass = false, threads_per_group = 128 : i64, vector = 4 : i64} logprob <sum = -6.040254711277414, count = 5>
  kb.candidate @rms_norm_s57 of @rms_norm policy decisions {block = 128 : i64, cache_in_registers = true, one_pass = true, threads_per_group = 8 : i64, vector = 2 : i64} logprob <sum = -6.040254711277414, count = 5>
  kb.candidate @rms_norm_s58 of @rms_norm policy decisions {block = 256 : i64, cache_in_registers = true, one_pass = true, threads_per_group = 256 : i64, vector = 1 : i64} logprob <sum = -6.040254711277414, count = 5>
  kb.candidate @rms_norm_s59 of @rms_norm policy decisions {block = 1024 : i64, cache_in_registers = true, one_pass = false, threads_per_group = 8 : i64, vector = 4 : i64} logprob <sum = -6.040254711277414, count = 5>
  kb.candidate @rms_norm_s60 of @rms_norm policy decisions {block = 128 : i64, cache_in_registers = true, one_pass = false, threads_per_group = 1 : i64, vector = 1 : i64} logprob <sum = -6.040254711277414, count = 5>
  kb.candidate @rms_norm_s61 of @rms_norm policy decisions {block = 64 : i64, cache_in_registers = false, one_pass = false, threads_per_group = 1 : i64, vector = 1 : i64} logprob <sum = -6.040254711277414, count = 5>
  kb.candidate @rms_norm_s62 of @rms_norm policy decisions {block = 128 : i64, cache_in_registers = true, one_pass = false, threads_per_group = 512 : i64, vector = 4 : i64} logprob <sum = -6.040254711277414, count = 5>
  kb.candidate @rms_norm_s63 of @rms_norm policy decisions {block = 1024 : i64, cache_in_registers = true, one_pass = false, threads_per_group = 32 : i64, vector = 4 : i64} logprob <sum = -6.040254711277414, count = 5>
}

