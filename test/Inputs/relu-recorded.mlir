// The README's example at test scale: KernelBench level 1 problem 19 (ReLU) with the eight
// recorded candidates of examples/relu-recorded.mlir (built-in policy samples that already carry
// verdicts and timings, as kb-verify and kb-time leave them), on a 64 x 1024 input instead of
// 4096 x 393216. Times are medians in microseconds; speedups are over PyTorch eager.
//
//   cand  decisions (vector, block, per_thread, grid_stride)  mean log-prob     verdict           time    speedup
//   c0    1, 128, 1, false                                     -1.2 / 4 = -0.3   correct           3120.0  0.978
//   c1    4, 256, 4, false                                     -2.0 / 4 = -0.5   correct           3046.0  1.0016
//   c2    4, 512, 8, false                                     -6.4 / 4 = -1.6   correct           3031.0  1.0066
//   c3    2, 256, 2, false                                     -3.2 / 4 = -0.8   unwritten_output  -       -
//   c4    4, 1024, 16, false                                   -8.0 / 4 = -2.0   correct           3058.0  0.9977
//   c5    1, 64, 1, true                                       -4.4 / 4 = -1.1   correct           3190.0  0.9564
//   c6    4, 128, 2, true                                      -7.2 / 4 = -1.8   correct           3040.0  1.0036
//   c7    2, 1024, 4, false                                    -1.6 / 4 = -0.4   incorrect         -       -
//
// Correct, most surprising first: c4 (-2.0), c6 (-1.8), c2 (-1.6), c5 (-1.1), c1 (-0.5), c0 (-0.3).
//   surprise-top3:   {c4, c6, c2} -> c2 (3031.0), timed = 3, speedup 1.0066: success
//   oracle:          c2 (3031.0) as well, timed = 6
//   surprise:        c4, timed = 0, speedup 0.9977: no success
//   confidence:      c0, timed = 0, speedup 0.978: no success
//   confidence-top2: {c0, c1} -> c1 (3046.0), timed = 2
//   surprise-top5:   {c4, c6, c2, c5, c1} -> c2, timed = 5
//   bon-4:           c0..c3, correct c0, c1, c2 -> c2, timed = 3
//   bon-2:           c0, c1 -> c1, timed = 2
//   random:          correct [c0, c1, c2, c4, c5, c6], splitmix64(seed) mod 6:
//                    seed 0 -> 1 -> c1, seed 1 -> 5 -> c6, seed 2 -> 4 -> c5, seed 3 -> 3 -> c4

kb.task @relu origin <"KernelBench", level 1, problem 19> tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<64x1024xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.output "out" : tensor<64x1024xf32>
  kb.reference "return torch.relu(x)"
  kb.payload(%x: tensor<64x1024xf32>, %out: tensor<64x1024xf32>) {
    %zero = arith.constant 0.0 : f32
    %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                         iterator_types = ["parallel", "parallel"]}
        ins(%x : tensor<64x1024xf32>) outs(%out : tensor<64x1024xf32>) {
    ^bb0(%in: f32, %o: f32):
      %m = arith.maximumf %in, %zero : f32
      linalg.yield %m : f32
    } -> tensor<64x1024xf32>
    kb.yield %r : tensor<64x1024xf32>
  }
}

kb.candidate @c0 of @relu policy decisions {vector = 1, block = 128, per_thread = 1, grid_stride = false}
    logprob <sum = -1.2, count = 4> verdict <correct>
    time <median = 3120.0, q1 = 3114.2, q3 = 3126.9, n = 31> speedup 0.978
kb.candidate @c1 of @relu policy decisions {vector = 4, block = 256, per_thread = 4, grid_stride = false}
    logprob <sum = -2.0, count = 4> verdict <correct>
    time <median = 3046.0, q1 = 3041.1, q3 = 3052.3, n = 29> speedup 1.0016
kb.candidate @c2 of @relu policy decisions {vector = 4, block = 512, per_thread = 8, grid_stride = false}
    logprob <sum = -6.4, count = 4> verdict <correct>
    time <median = 3031.0, q1 = 3027.5, q3 = 3036.8, n = 33> speedup 1.0066
kb.candidate @c3 of @relu policy decisions {vector = 2, block = 256, per_thread = 2, grid_stride = false}
    logprob <sum = -3.2, count = 4> verdict <unwritten_output, "1024 output elements never written (the last partial block)">
kb.candidate @c4 of @relu policy decisions {vector = 4, block = 1024, per_thread = 16, grid_stride = false}
    logprob <sum = -8.0, count = 4> verdict <correct>
    time <median = 3058.0, q1 = 3051.9, q3 = 3066.0, n = 30> speedup 0.9977
kb.candidate @c5 of @relu policy decisions {vector = 1, block = 64, per_thread = 1, grid_stride = true}
    logprob <sum = -4.4, count = 4> verdict <correct>
    time <median = 3190.0, q1 = 3182.4, q3 = 3199.1, n = 27> speedup 0.9564
kb.candidate @c6 of @relu policy decisions {vector = 4, block = 128, per_thread = 2, grid_stride = true}
    logprob <sum = -7.2, count = 4> verdict <correct>
    time <median = 3040.0, q1 = 3035.0, q3 = 3046.2, n = 32> speedup 1.0036
kb.candidate @c7 of @relu policy decisions {vector = 2, block = 1024, per_thread = 4, grid_stride = false}
    logprob <sum = -1.6, count = 4> verdict <incorrect, "max abs error 0.73 at [63, 1023]">
