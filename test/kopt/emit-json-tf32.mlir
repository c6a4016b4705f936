// RUN: kopt --emit=json %s 2>/dev/null | FileCheck %s

// --emit=json gives the selected candidate's speedup over eager at fp32 (`speedup`, KernelBench's
// convention, which `success` reads) and, where it was timed, the one over eager with TF32
// allowed (`speedup_tf32`, matched precision), each with its interval. A task whose selected
// candidate lacks the TF32 baseline (measured before runners timed it) has no such keys.

// CHECK:      "selected": "a1",
// CHECK-NEXT: "speedup": 2.5,
// CHECK-NEXT: "speedup_interval": [
// CHECK-NEXT:   2.25,
// CHECK-NEXT:   2.75
// CHECK-NEXT: ],
// CHECK-NEXT: "speedup_tf32": 0.75,
// CHECK-NEXT: "speedup_tf32_interval": [
// CHECK-NEXT:   0.625,
// CHECK-NEXT:   0.875
// CHECK-NEXT: ],
// CHECK-NEXT: "strategy": "oracle",
// CHECK-NEXT: "success": true,
// CHECK-NEXT: "task": "mm",
// CHECK:      "selected": "b0",
// CHECK-NEXT: "speedup": 1.5,
// CHECK-NEXT: "strategy": "oracle",

kb.task @mm tolerance(atol 1.0e-2, rtol 1.0e-2) {
  kb.input "x" : tensor<4xf32> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<4xf32>
  kb.reference "return torch.relu(x)"
  kb.payload(%x: tensor<4xf32>, %out: tensor<4xf32>) {
    kb.yield %x : tensor<4xf32>
  }
}
kb.task @old tolerance(atol 1.0e-2, rtol 1.0e-2) {
  kb.input "x" : tensor<4xf32> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<4xf32>
  kb.reference "return torch.relu(x)"
  kb.payload(%x: tensor<4xf32>, %out: tensor<4xf32>) {
    kb.yield %x : tensor<4xf32>
  }
}
kb.candidate @a0 of @mm manual source "k" verdict <correct> time <median = 30.0, q1 = 29.0, q3 = 31.0, n = 9> speedup 1.0 interval <0.9, 1.1> speedup_tf32 0.3 interval <0.25, 0.35>
kb.candidate @a1 of @mm manual source "k" verdict <correct> time <median = 12.0, q1 = 11.0, q3 = 13.0, n = 9> speedup 2.5 interval <2.25, 2.75> speedup_tf32 0.75 interval <0.625, 0.875> selected <"oracle", timed = 2>
kb.candidate @b0 of @old manual source "k" verdict <correct> time <median = 12.0, q1 = 11.0, q3 = 13.0, n = 9> speedup 1.5 selected <"oracle", timed = 1>
