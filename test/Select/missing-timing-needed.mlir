// RUN: kopt %s --pass-pipeline='builtin.module(kb-select{strategy=surprise-top2})' --verify-diagnostics
// RUN: kopt %s --pass-pipeline='builtin.module(kb-select{strategy=oracle})' --verify-diagnostics
// RUN: kopt %s --pass-pipeline='builtin.module(kb-select{strategy=bon-2})' --verify-diagnostics
// RUN: not kopt %s --pass-pipeline='builtin.module(kb-select{strategy=surprise-top2})' --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=TOP2
// RUN: not kopt %s --pass-pipeline='builtin.module(kb-select{strategy=oracle})' --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=ORACLE
// RUN: not kopt %s --pass-pipeline='builtin.module(kb-select{strategy=bon-2})' --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=BON2

// A timing the strategy must read is missing: an error located at that candidate, which names the
// strategy and how many timings it reads. Only u0 and u3 were timed.
//
//   cand  verdict     mean    time
//   u0    correct     -1.0    300
//   u1    correct     -3.0     -
//   u2    incorrect   -4.0     -
//   u3    correct     -2.5    200
//   u4    correct     -0.5     -
//
//   surprise-top2 reads {u1, u3}          -> u1 is missing (2 timings)
//   oracle reads {u0, u1, u3, u4}         -> u1 is the first missing (4 timings); u4 is not
//                                            reported
//   bon-2 reads the correct among u0, u1 -> u1 is missing (2 timings)

// TOP2: missing-timing-needed.mlir:[[# @LINE + 25]]:1: error: candidate @u1 has no timing; 'surprise-top2' reads the timings of 2 candidate(s) (kb-time)
// TOP2-NOT: error: candidate
// ORACLE: missing-timing-needed.mlir:[[# @LINE + 23]]:1: error: candidate @u1 has no timing; 'oracle' reads the timings of 4 candidate(s) (kb-time)
// ORACLE-NOT: error: candidate
// BON2: missing-timing-needed.mlir:[[# @LINE + 21]]:1: error: candidate @u1 has no timing; 'bon-2' reads the timings of 2 candidate(s) (kb-time)
// BON2-NOT: error: candidate

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
kb.candidate @u0 of @relu policy decisions {block = 64} logprob <sum = -1.0, count = 1> verdict <correct> time <median = 300.0, q1 = 290.0, q3 = 310.0, n = 5> speedup 1.0
// expected-error@+1 {{candidate @u1 has no timing}}
kb.candidate @u1 of @relu policy decisions {block = 128} logprob <sum = -3.0, count = 1> verdict <correct>
kb.candidate @u2 of @relu policy decisions {block = 256} logprob <sum = -4.0, count = 1> verdict <incorrect>
kb.candidate @u3 of @relu policy decisions {block = 512} logprob <sum = -2.5, count = 1> verdict <correct> time <median = 200.0, q1 = 190.0, q3 = 210.0, n = 5> speedup 1.5
kb.candidate @u4 of @relu policy decisions {block = 1024} logprob <sum = -0.5, count = 1> verdict <correct>
