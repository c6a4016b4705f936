// RUN: kopt %s --pass-pipeline='builtin.module(kb-select{strategy=model})' | FileCheck %s --check-prefix=MODEL
// RUN: kopt %s --pass-pipeline='builtin.module(kb-select{strategy=model-top2})' | FileCheck %s --check-prefix=TOP2
// RUN: not kopt %s --pass-pipeline='builtin.module(kb-select{strategy=surprise})' 2>&1 | FileCheck %s --check-prefix=NOLOGPROB

// The strategies of a learned cost model rank the correct candidates by `predicted` speedup
// (kb-predict): `model` takes the highest and times none; `model-topK` times the K highest and
// takes the fastest of them.
//
//   cand  verdict    predicted   time   speedup
//   c0    correct    1.5         3000   1.0
//   c1    incorrect  9.0         2500   1.2     (predicted fastest: wrong)
//   c2    correct    2.5         3100   0.968   (predicted fastest among correct)
//   c3    correct    2.0         2900   1.034   (fastest of the top 2, c2 and c3)
//   c4    correct    0.8         2800   1.071   (fastest: the model ranks it last)

// MODEL:      kb.candidate @c2 of @relu {{.*}} selected <"model", timed = 0>{{$}}
// MODEL-NOT:  selected
// TOP2:       kb.candidate @c3 of @relu {{.*}} selected <"model-top2", timed = 2>{{$}}
// TOP2-NOT:   selected
// NOLOGPROB:  error: candidate @c0 has no log-probabilities; 'surprise' ranks by them

kb.task @relu tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<64x1024xf32> dist(uniform(-1.0, 1.0))
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
kb.candidate @c0 of @relu policy decisions {block = 256} predicted <1.5, 0.9> verdict <correct> time <median = 3000.0, q1 = 2990.0, q3 = 3010.0, n = 100> speedup 1.0
kb.candidate @c1 of @relu policy decisions {block = 512} predicted <9.0, 0.9> verdict <incorrect, "max abs err 1.0 at [0, 7]"> time <median = 2500.0, q1 = 2490.0, q3 = 2511.0, n = 100> speedup 1.2
kb.candidate @c2 of @relu policy decisions {block = 1024} predicted <2.5, 0.9> verdict <correct> time <median = 3100.0, q1 = 3090.0, q3 = 3110.0, n = 100> speedup 0.968
kb.candidate @c3 of @relu policy decisions {block = 128} predicted <2.0, 0.9> verdict <correct> time <median = 2900.0, q1 = 2890.0, q3 = 2910.0, n = 100> speedup 1.034
kb.candidate @c4 of @relu policy decisions {block = 64} predicted <0.8, 0.9> verdict <correct> time <median = 2800.0, q1 = 2790.0, q3 = 2810.0, n = 100> speedup 1.071
