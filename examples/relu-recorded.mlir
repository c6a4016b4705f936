// KernelBench level 1, problem 19 (ReLU on 4096 x 393216 floats) with eight candidates from the
// built-in policy that already carry verdicts and timings, as kb-verify and kb-time leave them.
// The measurements are hand-written, in the range PyTorch eager takes on an H200 (3.05 ms), to
// show selection without a GPU:
//   kopt --select=surprise-top3 examples/relu-recorded.mlir
// Correct candidates by mean log-prob (most surprising first): c4 -2.0, c6 -1.8, c2 -1.6, c5 -1.1,
// c1 -0.5, c0 -0.3. surprise-top3 times c4, c6 and c2 and picks the fastest, c2 (3031 us).

kb.task @relu origin <"KernelBench", level 1, problem 19> tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<4096x393216xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.output "out" : tensor<4096x393216xf32>
  kb.reference "return torch.relu(x)"
  kb.payload(%x: tensor<4096x393216xf32>, %out: tensor<4096x393216xf32>) {
    %zero = arith.constant 0.0 : f32
    %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                         iterator_types = ["parallel", "parallel"]}
        ins(%x : tensor<4096x393216xf32>) outs(%out : tensor<4096x393216xf32>) {
    ^bb0(%in: f32, %o: f32):
      %m = arith.maximumf %in, %zero : f32
      linalg.yield %m : f32
    } -> tensor<4096x393216xf32>
    kb.yield %r : tensor<4096x393216xf32>
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
    logprob <sum = -1.6, count = 4> verdict <incorrect, "max abs error 0.73 at [4095, 393215]">
