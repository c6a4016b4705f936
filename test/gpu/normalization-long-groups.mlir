// RUN: kopt %s --pass-pipeline='builtin.module(kb-lower-to-ptx,kb-verify{runner="%kopt_runner" timeout=120 cache=none})' 2>/dev/null | FileCheck %s --implicit-check-not=verdict

// Batch norm over 2^21 values per channel, folded by few threads per channel: each thread's
// loop is millions of fp32 additions long, which loses the small terms unless the kernel folds
// runs of sqrt(iterations) into fresh partials (off by up to 6e-2 on the full-size task before).
// One- and two-pass statistics, scalar and vector loads.

// CHECK: kb.candidate @batch_norm_thread_two_pass {{.*}} verdict <correct
// CHECK: kb.candidate @batch_norm_thread_one_pass {{.*}} verdict <correct
// CHECK: kb.candidate @batch_norm_lanes8_two_pass {{.*}} verdict <correct
// CHECK: kb.candidate @batch_norm_lanes8_one_pass {{.*}} verdict <correct
kb.task @batch_norm tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<32x2x256x256xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.input "weight" : tensor<2xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.input "bias" : tensor<2xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.output "out" : tensor<32x2x256x256xf32>
  kb.reference "return torch.batch_norm(x, weight, bias, None, None, True, 0.1, 1e-05, True)"
  kb.payload(%x: tensor<32x2x256x256xf32>, %weight: tensor<2xf32>, %bias: tensor<2xf32>, %out: tensor<32x2x256x256xf32>) {
    %zero = arith.constant 0.0 : f32
    %count = arith.constant 2097152.0 : f32
    %eps = arith.constant 1.0e-05 : f32
    %e = tensor.empty() : tensor<2xf32>
    %s0 = linalg.fill ins(%zero : f32) outs(%e : tensor<2xf32>) -> tensor<2xf32>
    %sum = linalg.reduce ins(%x : tensor<32x2x256x256xf32>) outs(%s0 : tensor<2xf32>) dimensions = [0, 2, 3]
      (%v: f32, %a: f32) {
        %s = arith.addf %v, %a : f32
        linalg.yield %s : f32
      }
    %mean = linalg.generic {indexing_maps = [affine_map<(c) -> (c)>, affine_map<(c) -> (c)>],
                            iterator_types = ["parallel"]}
        ins(%sum : tensor<2xf32>) outs(%e : tensor<2xf32>) {
    ^bb0(%s: f32, %o: f32):
      %m = arith.divf %s, %count : f32
      linalg.yield %m : f32
    } -> tensor<2xf32>
    %sq = linalg.generic {indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>,
                                           affine_map<(n, c, h, w) -> (c)>,
                                           affine_map<(n, c, h, w) -> (c)>],
                          iterator_types = ["reduction", "parallel", "reduction", "reduction"]}
        ins(%x, %mean : tensor<32x2x256x256xf32>, tensor<2xf32>) outs(%s0 : tensor<2xf32>) {
    ^bb0(%v: f32, %m: f32, %a: f32):
      %d = arith.subf %v, %m : f32
      %d2 = arith.mulf %d, %d : f32
      %s = arith.addf %a, %d2 : f32
      linalg.yield %s : f32
    } -> tensor<2xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>,
                                          affine_map<(n, c, h, w) -> (c)>, affine_map<(n, c, h, w) -> (c)>,
                                          affine_map<(n, c, h, w) -> (c)>, affine_map<(n, c, h, w) -> (c)>,
                                          affine_map<(n, c, h, w) -> (n, c, h, w)>],
                         iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
        ins(%x, %mean, %sq, %weight, %bias : tensor<32x2x256x256xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>) outs(%out : tensor<32x2x256x256xf32>) {
    ^bb0(%v: f32, %m: f32, %s: f32, %g: f32, %b: f32, %o: f32):
      %var = arith.divf %s, %count : f32
      %ve = arith.addf %var, %eps : f32
      %inv = math.rsqrt %ve : f32
      %d = arith.subf %v, %m : f32
      %n = arith.mulf %d, %inv : f32
      %sc = arith.mulf %n, %g : f32
      %y = arith.addf %sc, %b : f32
      linalg.yield %y : f32
    } -> tensor<32x2x256x256xf32>
    kb.yield %r : tensor<32x2x256x256xf32>
  }
}

kb.candidate @batch_norm_thread_two_pass of @batch_norm policy decisions {threads_per_group = 1, block = 64, vector = 4, one_pass = false, cache_in_registers = false}
kb.candidate @batch_norm_thread_one_pass of @batch_norm policy decisions {threads_per_group = 1, block = 64, vector = 1, one_pass = true, cache_in_registers = false}
kb.candidate @batch_norm_lanes8_two_pass of @batch_norm policy decisions {threads_per_group = 8, block = 256, vector = 1, one_pass = false, cache_in_registers = false}
kb.candidate @batch_norm_lanes8_one_pass of @batch_norm policy decisions {threads_per_group = 8, block = 256, vector = 4, one_pass = true, cache_in_registers = false}
