// RUN: kopt %s --pass-pipeline='builtin.module(kb-select{strategy=random seed=0})' | FileCheck %s --check-prefix=SEED0
// RUN: kopt %s --pass-pipeline='builtin.module(kb-select{strategy=random seed=1})' | FileCheck %s --check-prefix=SEED1
// RUN: kopt %s --pass-pipeline='builtin.module(kb-select{strategy=random seed=2})' | FileCheck %s --check-prefix=SEED2
// RUN: kopt %s --pass-pipeline='builtin.module(kb-select{strategy=random seed=3})' | FileCheck %s --check-prefix=SEED3
// RUN: kopt %s --pass-pipeline='builtin.module(kb-select{strategy=random seed=4})' | FileCheck %s --check-prefix=SEED4
// RUN: kopt %s --pass-pipeline='builtin.module(kb-select{strategy=random seed=5})' | FileCheck %s --check-prefix=SEED5
// RUN: kopt %s --pass-pipeline='builtin.module(kb-select{strategy=random seed=6})' | FileCheck %s --check-prefix=SEED6
// RUN: kopt %s --pass-pipeline='builtin.module(kb-select{strategy=random seed=7})' | FileCheck %s --check-prefix=SEED7
// RUN: kopt %s --pass-pipeline='builtin.module(kb-select{strategy=random seed=8})' | FileCheck %s --check-prefix=SEED8
// RUN: kopt %s --pass-pipeline='builtin.module(kb-select{strategy=random seed=9})' | FileCheck %s --check-prefix=SEED9

// random only ever picks a correct candidate: 2 of these 8 are correct (q2 and q6), and neither
// log-probs nor timings are needed (q6 has no timing). Each seed picks index splitmix64(seed) mod 2
// of [q2, q6]:
//   seed:    0  1  2  3  4  5  6  7  8  9
//   mod 2:   1  1  0  1  0  0  0  1  0  0
// Each prefix checks the exact pick, and that it is one of the correct two.

// SEED0-NOT: selected
// SEED0:     kb.candidate @{{q2|q6}} of @relu {{.*}} selected <"random", timed = 0>{{$}}
// SEED0-NOT: selected
// SEED0-NOT: kb.candidate @q6 {{.*}} selected

// SEED1-NOT: selected
// SEED1:     kb.candidate @{{q2|q6}} of @relu {{.*}} selected <"random", timed = 0>{{$}}
// SEED1-NOT: selected
// SEED1-NOT: kb.candidate @q6 {{.*}} selected

// SEED2-NOT: selected
// SEED2:     kb.candidate @{{q2|q6}} of @relu {{.*}} selected <"random", timed = 0>{{$}}
// SEED2-NOT: selected
// SEED2-NOT: kb.candidate @q2 {{.*}} selected

// SEED3-NOT: selected
// SEED3:     kb.candidate @{{q2|q6}} of @relu {{.*}} selected <"random", timed = 0>{{$}}
// SEED3-NOT: selected
// SEED3-NOT: kb.candidate @q6 {{.*}} selected

// SEED4-NOT: selected
// SEED4:     kb.candidate @{{q2|q6}} of @relu {{.*}} selected <"random", timed = 0>{{$}}
// SEED4-NOT: selected
// SEED4-NOT: kb.candidate @q2 {{.*}} selected

// SEED5-NOT: selected
// SEED5:     kb.candidate @{{q2|q6}} of @relu {{.*}} selected <"random", timed = 0>{{$}}
// SEED5-NOT: selected
// SEED5-NOT: kb.candidate @q2 {{.*}} selected

// SEED6-NOT: selected
// SEED6:     kb.candidate @{{q2|q6}} of @relu {{.*}} selected <"random", timed = 0>{{$}}
// SEED6-NOT: selected
// SEED6-NOT: kb.candidate @q2 {{.*}} selected

// SEED7-NOT: selected
// SEED7:     kb.candidate @{{q2|q6}} of @relu {{.*}} selected <"random", timed = 0>{{$}}
// SEED7-NOT: selected
// SEED7-NOT: kb.candidate @q6 {{.*}} selected

// SEED8-NOT: selected
// SEED8:     kb.candidate @{{q2|q6}} of @relu {{.*}} selected <"random", timed = 0>{{$}}
// SEED8-NOT: selected
// SEED8-NOT: kb.candidate @q2 {{.*}} selected

// SEED9-NOT: selected
// SEED9:     kb.candidate @{{q2|q6}} of @relu {{.*}} selected <"random", timed = 0>{{$}}
// SEED9-NOT: selected
// SEED9-NOT: kb.candidate @q2 {{.*}} selected

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
kb.candidate @q0 of @relu manual source "k0" verdict <incorrect> time <median = 10.0, q1 = 10.0, q3 = 10.0, n = 3> speedup 9.0
kb.candidate @q1 of @relu manual source "k1" verdict <compile_error>
kb.candidate @q2 of @relu manual source "k2" verdict <correct> time <median = 90.0, q1 = 90.0, q3 = 90.0, n = 3> speedup 1.0
kb.candidate @q3 of @relu manual source "k3" verdict <crash>
kb.candidate @q4 of @relu manual source "k4" verdict <timeout>
kb.candidate @q5 of @relu manual source "k5" verdict <mutated_input>
kb.candidate @q6 of @relu manual source "k6" verdict <correct>
kb.candidate @q7 of @relu manual source "k7" verdict <unwritten_output>
