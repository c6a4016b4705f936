// RUN: kopt %s --pass-pipeline='builtin.module(kb-select{strategy=surprise-top2})' | FileCheck %s
// RUN: kopt %s --pass-pipeline='builtin.module(kb-select{strategy=surprise-top1})' | FileCheck %s --check-prefix=TOP1
// RUN: kopt %s --pass-pipeline='builtin.module(kb-select{strategy=surprise-top4})' | FileCheck %s --check-prefix=TOP4
// RUN: kopt %s --pass-pipeline='builtin.module(kb-select{strategy=surprise-top6})' | FileCheck %s --check-prefix=TOP6

// surprise-topK for other values of K.
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
// Correct by ascending mean: c5 (3090 us), c2 (3040), c7 (3000), c6 (2960), c0 (3010), c9 (2980),
// c3 (3060).
//   K = 2: {c5, c2}                     -> c2 (3040), timed = 2
//   K = 1: {c5}                         -> c5, timed = 1 (same choice as `surprise`)
//   K = 4: {c5, c2, c7, c6}             -> c6 (2960), timed = 4
//   K = 6: {c5, c2, c7, c6, c0, c9}     -> c6 (2960), timed = 6

// CHECK-LABEL: kb.task @relu
// CHECK:      kb.candidate @c0 of @relu {{.*}} speedup 0.997{{$}}
// CHECK-NEXT: kb.candidate @c1 of @relu {{.*}} speedup 1.2{{$}}
// CHECK-NEXT: kb.candidate @c2 of @relu {{.*}} speedup 0.987 selected <"surprise-top2", timed = 2>{{$}}
// CHECK-NEXT: kb.candidate @c3 of @relu {{.*}} speedup 0.98{{$}}
// CHECK-NEXT: kb.candidate @c4 of @relu {{.*}} verdict <compile_error, "ptxas: too many registers">{{$}}
// CHECK-NEXT: kb.candidate @c5 of @relu {{.*}} speedup 0.971{{$}}
// CHECK-NEXT: kb.candidate @c6 of @relu {{.*}} speedup 1.014{{$}}
// CHECK-NEXT: kb.candidate @c7 of @relu {{.*}} speedup 1.0{{$}}
// CHECK-NEXT: kb.candidate @c8 of @relu {{.*}} verdict <timeout, "killed after 10 s">{{$}}
// CHECK-NEXT: kb.candidate @c9 of @relu {{.*}} speedup 1.007{{$}}

// TOP1-NOT:  selected
// TOP1:      kb.candidate @c5 of @relu {{.*}} selected <"surprise-top1", timed = 1>{{$}}
// TOP1-NOT:  selected

// TOP4-NOT:  selected
// TOP4:      kb.candidate @c6 of @relu {{.*}} selected <"surprise-top4", timed = 4>{{$}}
// TOP4-NOT:  selected

// TOP6-NOT:  selected
// TOP6:      kb.candidate @c6 of @relu {{.*}} selected <"surprise-top6", timed = 6>{{$}}
// TOP6-NOT:  selected

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
