// RUN: kopt %s --pass-pipeline='builtin.module(kb-select{strategy=surprise-top3})' | FileCheck %s
// RUN: kopt %s --pass-pipeline='builtin.module(kb-select{strategy=surprise})' | FileCheck %s --check-prefix=SURPRISE
// RUN: kopt %s --pass-pipeline='builtin.module(kb-select{strategy=confidence})' | FileCheck %s --check-prefix=CONF
// RUN: kopt %s --pass-pipeline='builtin.module(kb-select{strategy=random})' | FileCheck %s --check-prefix=RANDOM

// Timings only need to exist for the candidates the strategy reads. Here only the three most
// surprising correct candidates were timed (as kb-time does for surprise-top3).
//
//   cand  verdict     mean                 time
//   w0    correct     -0.2 / 2 = -0.1       -
//   w1    correct     -6.0 / 2 = -3.0      420
//   w2    incorrect   -9.0 / 2 = -4.5       -
//   w3    correct     -1.0 / 2 = -0.5       -
//   w4    correct     -5.0 / 2 = -2.5      400
//   w5    timeout     -2.0 / 2 = -1.0       -
//   w6    correct     -4.0 / 2 = -2.0      410
//   w7    correct     -1.6 / 2 = -0.8       -
//
//   surprise-top3: {w1, w4, w6}, all timed -> w4 (400), timed = 3
//   surprise:      w1 (-3.0), no timing read, timed = 0
//   confidence:    w0 (-0.1), selected although it has no timing, timed = 0
//   random:        correct [w0, w1, w3, w4, w6, w7], splitmix64(0) mod 6 = 1 -> w1, timed = 0

// CHECK-LABEL: kb.task @relu
// CHECK:      kb.candidate @w0 of @relu {{.*}} verdict <correct>{{$}}
// CHECK-NEXT: kb.candidate @w1 of @relu {{.*}} speedup 0.95{{$}}
// CHECK-NEXT: kb.candidate @w2 of @relu {{.*}} verdict <incorrect>{{$}}
// CHECK-NEXT: kb.candidate @w3 of @relu {{.*}} verdict <correct>{{$}}
// CHECK-NEXT: kb.candidate @w4 of @relu {{.*}} speedup 1.0 selected <"surprise-top3", timed = 3>{{$}}
// CHECK-NEXT: kb.candidate @w5 of @relu {{.*}} verdict <timeout>{{$}}
// CHECK-NEXT: kb.candidate @w6 of @relu {{.*}} speedup 0.98{{$}}
// CHECK-NEXT: kb.candidate @w7 of @relu {{.*}} verdict <correct>{{$}}

// SURPRISE-NOT:  selected
// SURPRISE:      kb.candidate @w1 of @relu {{.*}} selected <"surprise", timed = 0>{{$}}
// SURPRISE-NOT:  selected

// CONF-NOT:  selected
// CONF:      kb.candidate @w0 of @relu {{.*}} selected <"confidence", timed = 0>{{$}}
// CONF-NOT:  selected

// RANDOM-NOT:  selected
// RANDOM:      kb.candidate @w1 of @relu {{.*}} selected <"random", timed = 0>{{$}}
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
kb.candidate @w0 of @relu replay source "k0" logprob <sum = -0.2, count = 2> verdict <correct>
kb.candidate @w1 of @relu replay source "k1" logprob <sum = -6.0, count = 2> verdict <correct> time <median = 420.0, q1 = 410.0, q3 = 430.0, n = 10> speedup 0.95
kb.candidate @w2 of @relu replay source "k2" logprob <sum = -9.0, count = 2> verdict <incorrect>
kb.candidate @w3 of @relu replay source "k3" logprob <sum = -1.0, count = 2> verdict <correct>
kb.candidate @w4 of @relu replay source "k4" logprob <sum = -5.0, count = 2> verdict <correct> time <median = 400.0, q1 = 395.0, q3 = 405.0, n = 10> speedup 1.0
kb.candidate @w5 of @relu replay source "k5" logprob <sum = -2.0, count = 2> verdict <timeout>
kb.candidate @w6 of @relu replay source "k6" logprob <sum = -4.0, count = 2> verdict <correct> time <median = 410.0, q1 = 400.0, q3 = 420.0, n = 10> speedup 0.98
kb.candidate @w7 of @relu replay source "k7" logprob <sum = -1.6, count = 2> verdict <correct>
