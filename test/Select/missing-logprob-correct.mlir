// RUN: kopt %s --pass-pipeline='builtin.module(kb-select{strategy=surprise})' --verify-diagnostics
// RUN: kopt %s --pass-pipeline='builtin.module(kb-select{strategy=confidence})' --verify-diagnostics
// RUN: kopt %s --pass-pipeline='builtin.module(kb-select{strategy=surprise-top3})' --verify-diagnostics
// RUN: kopt %s --pass-pipeline='builtin.module(kb-select{strategy=confidence-top2})' --verify-diagnostics
// RUN: not kopt %s --pass-pipeline='builtin.module(kb-select{strategy=surprise-top3})' --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=MSG
// Strategies that do not rank by log-prob do not need them.
// RUN: kopt %s --pass-pipeline='builtin.module(kb-select{strategy=oracle})' | FileCheck %s --check-prefix=ORACLE
// RUN: kopt %s --pass-pipeline='builtin.module(kb-select{strategy=bon-3})' | FileCheck %s --check-prefix=BON3
// RUN: kopt %s --pass-pipeline='builtin.module(kb-select{strategy=random})' | FileCheck %s --check-prefix=RANDOM

// A correct candidate without log-probs is an error, located at that candidate, for every
// strategy that ranks by them (confidence, surprise and their top-K forms). m2 and m4 (both
// hand-written, correct) have none; selection stops at the first, m2, and reports nothing else.
//
//   cand  verdict     mean    time
//   m0    correct     -1.0    300
//   m1    incorrect   -2.0     50
//   m2    correct      -      100
//   m3    correct     -3.0    200
//   m4    correct      -      150
//
//   oracle: m2 (100), timed = 4 (m0, m2, m3, m4)
//   bon-3:  m0..m2, correct m0, m2 -> m2, timed = 2
//   random: correct [m0, m2, m3, m4], splitmix64(0) mod 4 = 3 -> m4, timed = 0

// MSG: missing-logprob-correct.mlir:[[# @LINE + 34]]:1: error: candidate @m2 has no log-probabilities; 'surprise-top3' ranks by them
// MSG-NOT: error: candidate

// ORACLE-NOT:  selected
// ORACLE:      kb.candidate @m2 of @relu {{.*}} selected <"oracle", timed = 4>{{$}}
// ORACLE-NOT:  selected

// BON3-NOT:  selected
// BON3:      kb.candidate @m2 of @relu {{.*}} selected <"bon-3", timed = 2>{{$}}
// BON3-NOT:  selected

// RANDOM-NOT:  selected
// RANDOM:      kb.candidate @m4 of @relu {{.*}} selected <"random", timed = 0>{{$}}
// RANDOM-NOT:  selected

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
kb.candidate @m0 of @relu replay source "k0" logprob <sum = -1.0, count = 1> verdict <correct> time <median = 300.0, q1 = 290.0, q3 = 310.0, n = 5> speedup 1.0
kb.candidate @m1 of @relu replay source "k1" logprob <sum = -2.0, count = 1> verdict <incorrect> time <median = 50.0, q1 = 50.0, q3 = 50.0, n = 5> speedup 6.0
// expected-error@+1 {{candidate @m2 has no log-probabilities}}
kb.candidate @m2 of @relu manual source "k2" verdict <correct> time <median = 100.0, q1 = 95.0, q3 = 105.0, n = 5> speedup 3.0
kb.candidate @m3 of @relu replay source "k3" logprob <sum = -3.0, count = 1> verdict <correct> time <median = 200.0, q1 = 190.0, q3 = 210.0, n = 5> speedup 1.5
kb.candidate @m4 of @relu manual source "k4" verdict <correct> time <median = 150.0, q1 = 140.0, q3 = 160.0, n = 5> speedup 2.0
