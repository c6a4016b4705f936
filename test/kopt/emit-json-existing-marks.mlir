// RUN: kopt --emit=json %s 2>%t.err | FileCheck %s
// RUN: count 0 < %t.err
// RUN: kopt --emit=json %s > /dev/null 2>&1; echo "exit=$?" | FileCheck %s --check-prefix=EXIT
// --emit=ir without --select is plain kopt: the IR, unchanged.
// RUN: kopt --emit=ir %s | FileCheck %s --check-prefix=IR

// --emit=json without --select runs nothing: it summarises the marks the input already carries,
// in task order, with no notes and exit status 0 even for a task without a mark.
//   @relu: e1 carries <"bon-8", timed = 5>, speedup 1.2 -> success true
//   @neg:  no mark (one candidate unverified)          -> nulls, timed 0, success false
//   @idle: no candidates at all

// EXIT: exit=0

// CHECK:      [
// CHECK-NEXT:   {
// CHECK-NEXT:     "candidates": 3,
// CHECK-NEXT:     "selected": "e1",
// CHECK-NEXT:     "speedup": 1.2,
// CHECK-NEXT:     "strategy": "bon-8",
// CHECK-NEXT:     "success": true,
// CHECK-NEXT:     "task": "relu",
// CHECK-NEXT:     "timed": 5,
// CHECK-NEXT:     "verdicts": {
// CHECK-NEXT:       "correct": 2,
// CHECK-NEXT:       "timeout": 1
// CHECK-NEXT:     }
// CHECK-NEXT:   },
// CHECK-NEXT:   {
// CHECK-NEXT:     "candidates": 2,
// CHECK-NEXT:     "selected": null,
// CHECK-NEXT:     "speedup": null,
// CHECK-NEXT:     "strategy": null,
// CHECK-NEXT:     "success": false,
// CHECK-NEXT:     "task": "neg",
// CHECK-NEXT:     "timed": 0,
// CHECK-NEXT:     "verdicts": {
// CHECK-NEXT:       "correct": 1,
// CHECK-NEXT:       "unverified": 1
// CHECK-NEXT:     }
// CHECK-NEXT:   },
// CHECK-NEXT:   {
// CHECK-NEXT:     "candidates": 0,
// CHECK-NEXT:     "selected": null,
// CHECK-NEXT:     "speedup": null,
// CHECK-NEXT:     "strategy": null,
// CHECK-NEXT:     "success": false,
// CHECK-NEXT:     "task": "idle",
// CHECK-NEXT:     "timed": 0,
// CHECK-NEXT:     "verdicts": {}
// CHECK-NEXT:   }
// CHECK-NEXT: ]

// IR: kb.candidate @e1 of @relu {{.*}} speedup 1.2 selected <"bon-8", timed = 5>{{$}}

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
kb.task @idle tolerance(atol 0.0, rtol 0.0) {
  kb.input "x" : tensor<32xf32> dist(normal(0.0, 1.0))
  kb.output "y" : tensor<32xf32>
  kb.reference "return x"
  kb.payload(%x: tensor<32xf32>, %y: tensor<32xf32>) {
    kb.yield %x : tensor<32xf32>
  }
}
kb.candidate @e0 of @relu policy decisions {block = 64} verdict <correct> time <median = 30.0, q1 = 29.0, q3 = 31.0, n = 9> speedup 0.8
kb.candidate @e1 of @relu policy decisions {block = 128} verdict <correct> time <median = 20.0, q1 = 19.0, q3 = 21.0, n = 9> speedup 1.2 selected <"bon-8", timed = 5>
kb.candidate @f0 of @neg manual source "k"
kb.candidate @e2 of @relu policy decisions {block = 256} verdict <timeout>
kb.candidate @f1 of @neg manual source "k" verdict <correct>
