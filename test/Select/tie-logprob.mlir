// RUN: kopt %s --pass-pipeline='builtin.module(kb-select{strategy=confidence})' | FileCheck %s
// RUN: kopt %s --pass-pipeline='builtin.module(kb-select{strategy=surprise})' | FileCheck %s --check-prefix=SURPRISE

// Equal mean log-probs (from different sums and counts): the earlier candidate wins.
//
//   cand  verdict     logprob              time
//   l0    incorrect   -0.1 / 1 = -0.1       -
//   l1    correct     -3.0 / 2 = -1.5      100
//   l2    correct     -0.5 / 1 = -0.5      300
//   l3    correct     -1.5 / 3 = -0.5      200
//   l4    correct     -6.0 / 4 = -1.5       90
//   l5    correct     -1.0 / 1 = -1.0      250
//
//   confidence: l2 and l3 share the highest mean -0.5 -> l2 (earlier; l3 would be faster)
//   surprise:   l1 and l4 share the lowest mean -1.5  -> l1 (earlier; l4 would be faster)
// Both read no timing: timed = 0.

// CHECK-LABEL: kb.task @relu
// CHECK:      kb.candidate @l0 of @relu {{.*}} verdict <incorrect>{{$}}
// CHECK-NEXT: kb.candidate @l1 of @relu {{.*}} speedup 1.3{{$}}
// CHECK-NEXT: kb.candidate @l2 of @relu {{.*}} speedup 0.5 selected <"confidence", timed = 0>{{$}}
// CHECK-NEXT: kb.candidate @l3 of @relu {{.*}} speedup 0.7{{$}}
// CHECK-NEXT: kb.candidate @l4 of @relu {{.*}} speedup 1.4{{$}}
// CHECK-NEXT: kb.candidate @l5 of @relu {{.*}} speedup 0.6{{$}}

// SURPRISE-NOT:  selected
// SURPRISE:      kb.candidate @l1 of @relu {{.*}} selected <"surprise", timed = 0>{{$}}
// SURPRISE-NOT:  selected

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
kb.candidate @l0 of @relu replay source "k0" logprob <sum = -0.1, count = 1> verdict <incorrect>
kb.candidate @l1 of @relu replay source "k1" logprob <sum = -3.0, count = 2> verdict <correct> time <median = 100.0, q1 = 100.0, q3 = 100.0, n = 3> speedup 1.3
kb.candidate @l2 of @relu replay source "k2" logprob <sum = -0.5, count = 1> verdict <correct> time <median = 300.0, q1 = 300.0, q3 = 300.0, n = 3> speedup 0.5
kb.candidate @l3 of @relu replay source "k3" logprob <sum = -1.5, count = 3> verdict <correct> time <median = 200.0, q1 = 200.0, q3 = 200.0, n = 3> speedup 0.7
kb.candidate @l4 of @relu replay source "k4" logprob <sum = -6.0, count = 4> verdict <correct> time <median = 90.0, q1 = 90.0, q3 = 90.0, n = 3> speedup 1.4
kb.candidate @l5 of @relu replay source "k5" logprob <sum = -1.0, count = 1> verdict <correct> time <median = 250.0, q1 = 250.0, q3 = 250.0, n = 3> speedup 0.6
