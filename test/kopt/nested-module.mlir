// RUN: kopt --select=oracle %s 2>/dev/null | FileCheck %s
// RUN: kopt --select=oracle %s > /dev/null 2>&1; echo "exit=$?" | FileCheck %s --check-prefix=EXIT

// Tasks and candidates inside a nested module are selected like top-level ones.

// CHECK: kb.candidate @c1 of @t {{.*}} selected <"oracle", timed = 2>
// EXIT: exit=0

module {
  module @inner {
    kb.task @t tolerance(atol 0.0, rtol 0.0) {
      kb.input "x" : tensor<4xf32> dist(normal(0.0, 1.0))
      kb.output "y" : tensor<4xf32>
      kb.reference "return x"
      kb.payload(%x: tensor<4xf32>, %y: tensor<4xf32>) {
        kb.yield %x : tensor<4xf32>
      }
    }
    kb.candidate @c0 of @t manual source "k0" verdict <correct> time <median = 2.0, q1 = 2.0, q3 = 2.0, n = 1> speedup 1.0
    kb.candidate @c1 of @t manual source "k1" verdict <correct> time <median = 1.0, q1 = 1.0, q3 = 1.0, n = 1> speedup 2.0
  }
}
