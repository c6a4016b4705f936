// RUN: kopt --select=surprise --emit=json %s 2>/dev/null | FileCheck %s
// RUN: kopt --select=oracle --emit=json %s 2>/dev/null | FileCheck %s --check-prefix=ORACLE
// RUN: kopt --select=confidence --emit=json %s 2>/dev/null | FileCheck %s --check-prefix=EQUAL

// "success" needs a speedup: where the selected candidate has none, both speedup and success are
// null (unknown), not false. A speedup of exactly 1.0 is not faster than eager: false.
//
//   cand  verdict   mean   time   speedup
//   a0    correct   -0.5   100    1.0
//   a1    correct   -3.0   120    -
//   a2    correct   -1.0    90    1.4
//
//   surprise: a1, which has no speedup          -> speedup null, success null
//   oracle: a2 (90)                             -> speedup 1.4, success true
//   confidence: a0, speedup exactly 1.0         -> success false

// CHECK:      "candidates": 3,
// CHECK-NEXT: "selected": "a1",
// CHECK-NEXT: "speedup": null,
// CHECK-NEXT: "strategy": "surprise",
// CHECK-NEXT: "success": null,
// CHECK-NEXT: "task": "relu",
// CHECK-NEXT: "timed": 0,

// ORACLE:      "selected": "a2",
// ORACLE-NEXT: "speedup": 1.4,
// ORACLE-NEXT: "strategy": "oracle",
// ORACLE-NEXT: "success": true,

// EQUAL:      "selected": "a0",
// EQUAL-NEXT: "speedup": 1.0,
// EQUAL-NEXT: "strategy": "confidence",
// EQUAL-NEXT: "success": false,

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
kb.candidate @a0 of @relu manual source "k0" logprob <sum = -0.5, count = 1> verdict <correct> time <median = 100.0, q1 = 100.0, q3 = 100.0, n = 1> speedup 1.0
kb.candidate @a1 of @relu manual source "k1" logprob <sum = -3.0, count = 1> verdict <correct> time <median = 120.0, q1 = 120.0, q3 = 120.0, n = 1>
kb.candidate @a2 of @relu manual source "k2" logprob <sum = -1.0, count = 1> verdict <correct> time <median = 90.0, q1 = 90.0, q3 = 90.0, n = 1> speedup 1.4
