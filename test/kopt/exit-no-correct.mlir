// RUN: kopt --select=oracle %s > /dev/null 2>&1; echo "exit=$?" | FileCheck %s --check-prefix=EXIT
// RUN: kopt --select=surprise-top3 %s > /dev/null 2>&1; echo "exit=$?" | FileCheck %s --check-prefix=EXIT
// RUN: not kopt --select=oracle %s 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=WARN < %t.err
// RUN: not kopt --select=oracle --emit=json %s 2>/dev/null | FileCheck %s --check-prefix=JSON

// Exit status 2: some task (@neg) has no correct candidate. The other task is still selected, the
// IR (or JSON) is still printed, and the task without a correct candidate gets a warning.
// @relu: r0 (correct, 40 us) and r1 (correct, 35 us) -> oracle picks r1, timed = 2.
// @neg:  n0 incorrect, n1 crash -> nothing.

// EXIT: exit=2

// CHECK-LABEL: kb.task @neg
// CHECK:       kb.candidate @r0 of @relu {{.*}} speedup 0.9{{$}}
// CHECK-NEXT:  kb.candidate @n0 of @neg {{.*}} verdict <incorrect>{{$}}
// CHECK-NEXT:  kb.candidate @r1 of @relu {{.*}} speedup 1.05 selected <"oracle", timed = 2>{{$}}
// CHECK-NEXT:  kb.candidate @n1 of @neg {{.*}} verdict <crash, "segfault">{{$}}

// WARN: exit-no-correct.mlir:[[# @LINE + 28]]:1: warning: no correct candidate among 2; nothing selected

// JSON:      "selected": "r1",
// JSON:      "task": "relu",
// JSON:      "candidates": 2,
// JSON-NEXT: "selected": null,
// JSON-NEXT: "speedup": null,
// JSON-NEXT: "strategy": null,
// JSON-NEXT: "success": false,
// JSON-NEXT: "task": "neg",
// JSON-NEXT: "timed": 0,

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
kb.task @neg tolerance(atol 0.0, rtol 0.0) {
  kb.input "x" : tensor<32xf32> dist(normal(0.0, 1.0))
  kb.output "y" : tensor<32xf32>
  kb.reference "return -x"
  kb.payload(%x: tensor<32xf32>, %y: tensor<32xf32>) {
    %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
                         iterator_types = ["parallel"]}
        ins(%x : tensor<32xf32>) outs(%y : tensor<32xf32>) {
    ^bb0(%in: f32, %o: f32):
      %n = arith.negf %in : f32
      linalg.yield %n : f32
    } -> tensor<32xf32>
    kb.yield %r : tensor<32xf32>
  }
}
kb.candidate @r0 of @relu policy decisions {block = 128} logprob <sum = -1.0, count = 1> verdict <correct> time <median = 40.0, q1 = 39.0, q3 = 41.0, n = 20> speedup 0.9
kb.candidate @n0 of @neg policy decisions {block = 128} logprob <sum = -1.0, count = 1> verdict <incorrect>
kb.candidate @r1 of @relu policy decisions {block = 256} logprob <sum = -2.0, count = 1> verdict <correct> time <median = 35.0, q1 = 34.0, q3 = 36.0, n = 20> speedup 1.05
kb.candidate @n1 of @neg policy decisions {block = 256} logprob <sum = -2.0, count = 1> verdict <crash, "segfault">
