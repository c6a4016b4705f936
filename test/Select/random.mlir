// RUN: kopt %s --pass-pipeline='builtin.module(kb-select{strategy=random})' | FileCheck %s
// RUN: kopt %s --pass-pipeline='builtin.module(kb-select{strategy=random seed=0})' | FileCheck %s
// RUN: kopt %s --pass-pipeline='builtin.module(kb-select{strategy=random seed=2})' | FileCheck %s --check-prefix=SEED2
// RUN: kopt %s --pass-pipeline='builtin.module(kb-select{strategy=random seed=4})' | FileCheck %s --check-prefix=SEED4
// RUN: kopt %s --pass-pipeline='builtin.module(kb-select{strategy=random seed=5})' | FileCheck %s --check-prefix=SEED5
// RUN: kopt %s --pass-pipeline='builtin.module(kb-select{strategy=random seed=42})' | FileCheck %s --check-prefix=SEED42

// random: a uniformly random correct candidate, the index into the correct candidates (in sample
// order) being splitmix64(seed) mod #correct. It reads no timing.
//
// The candidate set (sample order; mean = sum / count; times in us):
//
//   cand  verdict        logprob sum/count = mean   time    speedup
//   c0    correct         -7.2 / 6   = -1.2         3010    0.997
//   c1    incorrect      -14.0 / 4   = -3.5         2500    1.2     (fastest, most surprising: wrong)
//   c2    correct         -6.0 / 3   = -2.0         3040    0.987
//   c3    correct         -5.0 / 10  = -0.5         3060    0.98
//   c4    compile_error   -0.4 / 4   = -0.1         -       -       (most confident: wrong)
//   c5    correct         -5.0 / 2   = -2.5         3090    0.971
//   c6    correct         -3.0 / 2   = -1.5         2960    1.014
//   c7    correct         -9.0 / 5   = -1.8         3000    1.0
//   c8    timeout         -5.0 / 4   = -1.25        -       -
//   c9    correct         -4.0 / 5   = -0.8         2980    1.007
//
// Correct, most surprising first (ascending mean): c5 -2.5, c2 -2.0, c7 -1.8, c6 -1.5, c0 -1.2,
// c9 -0.8, c3 -0.5. Fastest correct overall: c6 (2960). Ranking by the sum instead of the mean
// would give c7 (sum -9.0) as most surprising and c6 (sum -3.0) as most confident.
//
// The correct candidates, in order, are [c0, c2, c3, c5, c6, c7, c9] (7 of them).
//   seed 0 (the default): splitmix64(0)  = 16294208416658607535, mod 7 = 2 -> c3
//   seed 2:               splitmix64(2)  = 10905525725756348110, mod 7 = 4 -> c6
//   seed 4:               splitmix64(4)  =  7958955049054603978, mod 7 = 6 -> c9
//   seed 5:               splitmix64(5)  =  7134611160154358618, mod 7 = 3 -> c5
//   seed 42:              splitmix64(42) = 13679457532755275413, mod 7 = 5 -> c7
// Never c1, c4 or c8, which are not correct.

// CHECK-LABEL: kb.task @relu
// CHECK:      kb.candidate @c0 of @relu {{.*}} speedup 0.997{{$}}
// CHECK-NEXT: kb.candidate @c1 of @relu {{.*}} speedup 1.2{{$}}
// CHECK-NEXT: kb.candidate @c2 of @relu {{.*}} speedup 0.987{{$}}
// CHECK-NEXT: kb.candidate @c3 of @relu {{.*}} speedup 0.98 selected <"random", timed = 0>{{$}}
// CHECK-NEXT: kb.candidate @c4 of @relu {{.*}} verdict <compile_error, "ptxas: too many registers">{{$}}
// CHECK-NEXT: kb.candidate @c5 of @relu {{.*}} speedup 0.971{{$}}
// CHECK-NEXT: kb.candidate @c6 of @relu {{.*}} speedup 1.014{{$}}
// CHECK-NEXT: kb.candidate @c7 of @relu {{.*}} speedup 1.0{{$}}
// CHECK-NEXT: kb.candidate @c8 of @relu {{.*}} verdict <timeout, "killed after 10 s">{{$}}
// CHECK-NEXT: kb.candidate @c9 of @relu {{.*}} speedup 1.007{{$}}

// SEED2-NOT:  selected
// SEED2:      kb.candidate @c6 of @relu {{.*}} selected <"random", timed = 0>{{$}}
// SEED2-NOT:  selected

// SEED4-NOT:  selected
// SEED4:      kb.candidate @c9 of @relu {{.*}} selected <"random", timed = 0>{{$}}
// SEED4-NOT:  selected

// SEED5-NOT:  selected
// SEED5:      kb.candidate @c5 of @relu {{.*}} selected <"random", timed = 0>{{$}}
// SEED5-NOT:  selected

// SEED42-NOT:  selected
// SEED42:      kb.candidate @c7 of @relu {{.*}} selected <"random", timed = 0>{{$}}
// SEED42-NOT:  selected

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
kb.candidate @c0 of @relu policy decisions {block = 256, vector = 4, per_thread = 4} logprob <sum = -7.2, count = 6> verdict <correct> time <median = 3010.0, q1 = 3005.0, q3 = 3018.0, n = 100> speedup 0.997
kb.candidate @c1 of @relu policy decisions {block = 1024, vector = 1, per_thread = 1} logprob <sum = -14.0, count = 4> verdict <incorrect, "max abs err 1.0 at [0, 7]"> time <median = 2500.0, q1 = 2490.0, q3 = 2511.0, n = 100> speedup 1.2
kb.candidate @c2 of @relu policy decisions {block = 128, vector = 4, per_thread = 2} logprob <sum = -6.0, count = 3> verdict <correct> time <median = 3040.0, q1 = 3031.0, q3 = 3047.0, n = 100> speedup 0.987
kb.candidate @c3 of @relu policy decisions {block = 256, vector = 2, per_thread = 1} logprob <sum = -5.0, count = 10> verdict <correct> time <median = 3060.0, q1 = 3052.0, q3 = 3071.0, n = 100> speedup 0.98
kb.candidate @c4 of @relu policy decisions {block = 512, vector = 8, per_thread = 8} logprob <sum = -0.4, count = 4> verdict <compile_error, "ptxas: too many registers">
kb.candidate @c5 of @relu policy decisions {block = 64, vector = 1, per_thread = 16} logprob <sum = -5.0, count = 2> verdict <correct> time <median = 3090.0, q1 = 3080.0, q3 = 3102.0, n = 100> speedup 0.971
kb.candidate @c6 of @relu policy decisions {block = 256, vector = 4, per_thread = 8} logprob <sum = -3.0, count = 2> verdict <correct> time <median = 2960.0, q1 = 2954.0, q3 = 2969.0, n = 100> speedup 1.014
kb.candidate @c7 of @relu policy decisions {block = 128, vector = 2, per_thread = 4} logprob <sum = -9.0, count = 5> verdict <correct> time <median = 3000.0, q1 = 2993.0, q3 = 3008.0, n = 100> speedup 1.0
kb.candidate @c8 of @relu policy decisions {block = 32, vector = 1, per_thread = 1} logprob <sum = -5.0, count = 4> verdict <timeout, "killed after 10 s">
kb.candidate @c9 of @relu policy decisions {block = 512, vector = 4, per_thread = 2} logprob <sum = -4.0, count = 5> verdict <correct> time <median = 2980.0, q1 = 2975.0, q3 = 2990.0, n = 100> speedup 1.007
