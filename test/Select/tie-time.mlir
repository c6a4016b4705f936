// RUN: kopt %s --pass-pipeline='builtin.module(kb-select{strategy=oracle})' | FileCheck %s
// RUN: kopt %s --pass-pipeline='builtin.module(kb-select{strategy=surprise-top3})' | FileCheck %s --check-prefix=TOP3
// RUN: kopt %s --pass-pipeline='builtin.module(kb-select{strategy=surprise-top2})' | FileCheck %s --check-prefix=TOP2
// RUN: kopt %s --pass-pipeline='builtin.module(kb-select{strategy=bon-5})' | FileCheck %s --check-prefix=BON5

// Equal median times: the candidate earlier in sample order wins (quartiles play no part).
//
//   cand  verdict     mean    time (median)
//   t0    correct     -1.0    180
//   t1    incorrect   -9.0    100
//   t2    correct     -2.0    150
//   t3    correct     -3.0    150
//   t4    correct     -4.0    150   (best q1)
//   t5    correct     -0.5    160
//
//   oracle:        t2, t3, t4 tie at 150                       -> t2, timed = 5
//   surprise-top3: {t4, t3, t2} (t4 most surprising), all 150 -> t2, the earliest in sample
//                  order, not the first by rank; timed = 3
//   surprise-top2: {t4, t3}, tie                               -> t3, timed = 2
//   bon-5:         t0..t4, correct t0, t2, t3, t4              -> t2, timed = 4

// CHECK-LABEL: kb.task @relu
// CHECK:      kb.candidate @t0 of @relu {{.*}} speedup 0.9{{$}}
// CHECK-NEXT: kb.candidate @t1 of @relu {{.*}} speedup 1.6{{$}}
// CHECK-NEXT: kb.candidate @t2 of @relu {{.*}} speedup 1.08 selected <"oracle", timed = 5>{{$}}
// CHECK-NEXT: kb.candidate @t3 of @relu {{.*}} speedup 1.08{{$}}
// CHECK-NEXT: kb.candidate @t4 of @relu {{.*}} speedup 1.08{{$}}
// CHECK-NEXT: kb.candidate @t5 of @relu {{.*}} speedup 1.02{{$}}

// TOP3-NOT:  selected
// TOP3:      kb.candidate @t2 of @relu {{.*}} selected <"surprise-top3", timed = 3>{{$}}
// TOP3-NOT:  selected

// TOP2-NOT:  selected
// TOP2:      kb.candidate @t3 of @relu {{.*}} selected <"surprise-top2", timed = 2>{{$}}
// TOP2-NOT:  selected

// BON5-NOT:  selected
// BON5:      kb.candidate @t2 of @relu {{.*}} selected <"bon-5", timed = 4>{{$}}
// BON5-NOT:  selected

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
kb.candidate @t0 of @relu policy decisions {block = 64} logprob <sum = -1.0, count = 1> verdict <correct> time <median = 180.0, q1 = 175.0, q3 = 185.0, n = 20> speedup 0.9
kb.candidate @t1 of @relu policy decisions {block = 1024} logprob <sum = -9.0, count = 1> verdict <incorrect> time <median = 100.0, q1 = 99.0, q3 = 101.0, n = 20> speedup 1.6
kb.candidate @t2 of @relu policy decisions {block = 128} logprob <sum = -2.0, count = 1> verdict <correct> time <median = 150.0, q1 = 140.0, q3 = 160.0, n = 20> speedup 1.08
kb.candidate @t3 of @relu policy decisions {block = 256} logprob <sum = -3.0, count = 1> verdict <correct> time <median = 150.0, q1 = 149.0, q3 = 151.0, n = 20> speedup 1.08
kb.candidate @t4 of @relu policy decisions {block = 512} logprob <sum = -4.0, count = 1> verdict <correct> time <median = 150.0, q1 = 120.0, q3 = 150.0, n = 20> speedup 1.08
kb.candidate @t5 of @relu policy decisions {block = 32} logprob <sum = -0.5, count = 1> verdict <correct> time <median = 160.0, q1 = 155.0, q3 = 165.0, n = 20> speedup 1.02
