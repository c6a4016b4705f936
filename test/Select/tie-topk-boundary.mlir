// RUN: kopt %s --pass-pipeline='builtin.module(kb-select{strategy=surprise-top2})' | FileCheck %s
// RUN: kopt %s --pass-pipeline='builtin.module(kb-select{strategy=surprise-top3})' | FileCheck %s --check-prefix=STOP3
// RUN: kopt %s --pass-pipeline='builtin.module(kb-select{strategy=confidence-top3})' | FileCheck %s --check-prefix=CTOP3
// RUN: kopt %s --pass-pipeline='builtin.module(kb-select{strategy=confidence-top4})' | FileCheck %s --check-prefix=CTOP4

// A tie in mean log-prob at the K-th place: the earlier candidate takes the place.
//
//   cand  verdict     logprob              time
//   b0    correct     -1.0 / 1 = -1.0      500
//   b1    correct     -3.0 / 1 = -3.0      400
//   b2    correct     -2.0 / 1 = -2.0      450
//   b3    incorrect   -5.0 / 1 = -5.0       10
//   b4    correct     -4.0 / 2 = -2.0      100   (ties with b2, and is much faster)
//   b5    correct     -0.5 / 1 = -0.5      300
//
// Most surprising first: b1, then b2 and b4 tied (b2 first), b0, b5.
//   surprise-top2:   {b1, b2}       -> b1 (400 < 450), timed = 2; had b4 taken the second
//                                      place, b4 (100) would have won
//   surprise-top3:   {b1, b2, b4}   -> b4, timed = 3
// Most confident first: b5, b0, then b2 and b4 tied (b2 first), b1.
//   confidence-top3: {b5, b0, b2}   -> b5 (300), timed = 3; b4 would have won in b2's place
//   confidence-top4: {b5, b0, b2, b4} -> b4, timed = 4

// CHECK-LABEL: kb.task @relu
// CHECK:      kb.candidate @b0 of @relu {{.*}} speedup 0.6{{$}}
// CHECK-NEXT: kb.candidate @b1 of @relu {{.*}} speedup 0.75 selected <"surprise-top2", timed = 2>{{$}}
// CHECK-NEXT: kb.candidate @b2 of @relu {{.*}} speedup 0.67{{$}}
// CHECK-NEXT: kb.candidate @b3 of @relu {{.*}} speedup 30.0{{$}}
// CHECK-NEXT: kb.candidate @b4 of @relu {{.*}} speedup 3.0{{$}}
// CHECK-NEXT: kb.candidate @b5 of @relu {{.*}} speedup 1.0{{$}}

// STOP3-NOT:  selected
// STOP3:      kb.candidate @b4 of @relu {{.*}} selected <"surprise-top3", timed = 3>{{$}}
// STOP3-NOT:  selected

// CTOP3-NOT:  selected
// CTOP3:      kb.candidate @b5 of @relu {{.*}} selected <"confidence-top3", timed = 3>{{$}}
// CTOP3-NOT:  selected

// CTOP4-NOT:  selected
// CTOP4:      kb.candidate @b4 of @relu {{.*}} selected <"confidence-top4", timed = 4>{{$}}
// CTOP4-NOT:  selected

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
kb.candidate @b0 of @relu server source "k0" logprob <sum = -1.0, count = 1> verdict <correct> time <median = 500.0, q1 = 490.0, q3 = 510.0, n = 9> speedup 0.6
kb.candidate @b1 of @relu server source "k1" logprob <sum = -3.0, count = 1> verdict <correct> time <median = 400.0, q1 = 390.0, q3 = 410.0, n = 9> speedup 0.75
kb.candidate @b2 of @relu server source "k2" logprob <sum = -2.0, count = 1> verdict <correct> time <median = 450.0, q1 = 440.0, q3 = 460.0, n = 9> speedup 0.67
kb.candidate @b3 of @relu server source "k3" logprob <sum = -5.0, count = 1> verdict <incorrect> time <median = 10.0, q1 = 10.0, q3 = 10.0, n = 9> speedup 30.0
kb.candidate @b4 of @relu server source "k4" logprob <sum = -4.0, count = 2> verdict <correct> time <median = 100.0, q1 = 90.0, q3 = 110.0, n = 9> speedup 3.0
kb.candidate @b5 of @relu server source "k5" logprob <sum = -0.5, count = 1> verdict <correct> time <median = 300.0, q1 = 290.0, q3 = 310.0, n = 9> speedup 1.0
