// RUN: kopt %s --pass-pipeline='builtin.module(kb-select{strategy=surprise-top3})' | FileCheck %s
// RUN: kopt %s --pass-pipeline='builtin.module(kb-select{strategy=confidence-top5})' | FileCheck %s --check-prefix=CONF5
// RUN: kopt %s --pass-pipeline='builtin.module(kb-select{strategy=bon-10})' | FileCheck %s --check-prefix=BON10
// RUN: kopt %s --pass-pipeline='builtin.module(kb-select{strategy=bon-3})' | FileCheck %s --check-prefix=BON3

// With fewer correct candidates than K, the top-K strategies use all of them and bon-K with K
// beyond the last candidate looks at every candidate.
//
//   cand  verdict          mean                 time
//   f0    correct          -2.0 / 2 = -1.0      1500
//   f1    incorrect        -6.0 / 2 = -3.0       900
//   f2    crash            -5.0 / 2 = -2.5        -
//   f3    correct          -0.6 / 3 = -0.2      1400
//   f4    launch_error     -0.2 / 2 = -0.1        -
//   f5    mutated_input    -4.0 / 2 = -2.0      1000
//
// Only f0 and f3 are correct.
//   surprise-top3:   K = 3 > 2 correct, both timed -> f3 (1400 < 1500), timed = 2 (not 3)
//   confidence-top5: likewise                      -> f3, timed = 2
//   bon-10:          only 6 candidates; f0, f3     -> f3, timed = 2
//   bon-3:           f0..f2, only f0 correct       -> f0, timed = 1
// The incorrect f1 and f5 are faster but never chosen.

// CHECK-LABEL: kb.task @relu
// CHECK:      kb.candidate @f0 of @relu {{.*}} speedup 1.1{{$}}
// CHECK-NEXT: kb.candidate @f1 of @relu {{.*}} speedup 1.8{{$}}
// CHECK-NEXT: kb.candidate @f2 of @relu {{.*}} verdict <crash, "illegal address">{{$}}
// CHECK-NEXT: kb.candidate @f3 of @relu {{.*}} speedup 1.18 selected <"surprise-top3", timed = 2>{{$}}
// CHECK-NEXT: kb.candidate @f4 of @relu {{.*}} verdict <launch_error>{{$}}
// CHECK-NEXT: kb.candidate @f5 of @relu {{.*}} speedup 1.65{{$}}

// CONF5-NOT:  selected
// CONF5:      kb.candidate @f3 of @relu {{.*}} selected <"confidence-top5", timed = 2>{{$}}
// CONF5-NOT:  selected

// BON10-NOT:  selected
// BON10:      kb.candidate @f3 of @relu {{.*}} selected <"bon-10", timed = 2>{{$}}
// BON10-NOT:  selected

// BON3-NOT:  selected
// BON3:      kb.candidate @f0 of @relu {{.*}} selected <"bon-3", timed = 1>{{$}}
// BON3-NOT:  selected

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
kb.candidate @f0 of @relu policy decisions {block = 128} logprob <sum = -2.0, count = 2> verdict <correct> time <median = 1500.0, q1 = 1490.0, q3 = 1510.0, n = 50> speedup 1.1
kb.candidate @f1 of @relu policy decisions {block = 256} logprob <sum = -6.0, count = 2> verdict <incorrect, "wrong sign"> time <median = 900.0, q1 = 890.0, q3 = 910.0, n = 50> speedup 1.8
kb.candidate @f2 of @relu policy decisions {block = 512} logprob <sum = -5.0, count = 2> verdict <crash, "illegal address">
kb.candidate @f3 of @relu policy decisions {block = 64} logprob <sum = -0.6, count = 3> verdict <correct> time <median = 1400.0, q1 = 1395.0, q3 = 1405.0, n = 50> speedup 1.18
kb.candidate @f4 of @relu policy decisions {block = 32} logprob <sum = -0.2, count = 2> verdict <launch_error>
kb.candidate @f5 of @relu policy decisions {block = 1024} logprob <sum = -4.0, count = 2> verdict <mutated_input> time <median = 1000.0, q1 = 990.0, q3 = 1010.0, n = 50> speedup 1.65
