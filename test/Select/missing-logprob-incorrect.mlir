// RUN: kopt %s --pass-pipeline='builtin.module(kb-select{strategy=surprise})' | FileCheck %s
// RUN: kopt %s --pass-pipeline='builtin.module(kb-select{strategy=confidence})' | FileCheck %s --check-prefix=CONF
// RUN: kopt %s --pass-pipeline='builtin.module(kb-select{strategy=surprise-top2})' | FileCheck %s --check-prefix=TOP2

// Log-probs are only needed on correct candidates: n1 and n3, which failed verification and
// carry none, are no obstacle to ranking.
//
//   cand  verdict         mean                time
//   n0    correct         -2.0 / 4 = -0.5     300
//   n1    incorrect        -                   -
//   n2    correct         -6.0 / 4 = -1.5     250
//   n3    compile_error    -                   -
//   n4    correct         -1.0 / 4 = -0.25    280
//
//   surprise:      n2 (-1.5), timed = 0
//   confidence:    n4 (-0.25), timed = 0
//   surprise-top2: {n2, n0} -> n2 (250), timed = 2

// CHECK-LABEL: kb.task @relu
// CHECK:      kb.candidate @n0 of @relu {{.*}} speedup 1.0{{$}}
// CHECK-NEXT: kb.candidate @n1 of @relu {{.*}} verdict <incorrect, "nan at [0, 0]">{{$}}
// CHECK-NEXT: kb.candidate @n2 of @relu {{.*}} speedup 1.2 selected <"surprise", timed = 0>{{$}}
// CHECK-NEXT: kb.candidate @n3 of @relu {{.*}} verdict <compile_error>{{$}}
// CHECK-NEXT: kb.candidate @n4 of @relu {{.*}} speedup 1.07{{$}}

// CONF-NOT:  selected
// CONF:      kb.candidate @n4 of @relu {{.*}} selected <"confidence", timed = 0>{{$}}
// CONF-NOT:  selected

// TOP2-NOT:  selected
// TOP2:      kb.candidate @n2 of @relu {{.*}} selected <"surprise-top2", timed = 2>{{$}}
// TOP2-NOT:  selected

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
kb.candidate @n0 of @relu replay source "k0" logprob <sum = -2.0, count = 4> verdict <correct> time <median = 300.0, q1 = 290.0, q3 = 310.0, n = 5> speedup 1.0
kb.candidate @n1 of @relu manual source "k1" verdict <incorrect, "nan at [0, 0]">
kb.candidate @n2 of @relu replay source "k2" logprob <sum = -6.0, count = 4> verdict <correct> time <median = 250.0, q1 = 240.0, q3 = 260.0, n = 5> speedup 1.2
kb.candidate @n3 of @relu manual source "k3" verdict <compile_error>
kb.candidate @n4 of @relu replay source "k4" logprob <sum = -1.0, count = 4> verdict <correct> time <median = 280.0, q1 = 270.0, q3 = 290.0, n = 5> speedup 1.07
