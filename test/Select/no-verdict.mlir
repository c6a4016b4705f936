// RUN: kopt %s --pass-pipeline='builtin.module(kb-select{strategy=oracle})' --verify-diagnostics
// RUN: kopt %s --pass-pipeline='builtin.module(kb-select{strategy=random})' --verify-diagnostics
// RUN: kopt %s --pass-pipeline='builtin.module(kb-select{strategy=confidence})' --verify-diagnostics
// RUN: kopt %s --pass-pipeline='builtin.module(kb-select{strategy=surprise-top3})' --verify-diagnostics
// RUN: kopt %s --pass-pipeline='builtin.module(kb-select{strategy=bon-1})' --verify-diagnostics

// Every candidate must have been verified before any strategy selects, even one (like bon-1 here)
// that only looks at the first candidate. v2 has timings and log-probs but no verdict; v4 has
// nothing. The error is reported once, at the first unverified candidate.

kb.task @relu origin <"KernelBench", level 1, problem 19> tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<64x1024xf32> dist(uniform(-1.0, 1.0), normal(0.0, 1.0))
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
kb.candidate @v0 of @relu policy decisions {block = 64} logprob <sum = -1.0, count = 1> verdict <correct> time <median = 300.0, q1 = 290.0, q3 = 310.0, n = 5> speedup 1.0
kb.candidate @v1 of @relu policy decisions {block = 128} logprob <sum = -2.0, count = 1> verdict <incorrect>
// expected-error@+1 {{candidate @v2 has no verdict; selection needs every candidate verified (kb-verify)}}
kb.candidate @v2 of @relu policy decisions {block = 256} logprob <sum = -3.0, count = 1> time <median = 100.0, q1 = 90.0, q3 = 110.0, n = 5> speedup 3.0
kb.candidate @v3 of @relu policy decisions {block = 512} logprob <sum = -0.5, count = 1> verdict <correct> time <median = 200.0, q1 = 190.0, q3 = 210.0, n = 5> speedup 1.5
kb.candidate @v4 of @relu policy decisions {block = 1024}
