// RUN: rm -f %t.log
// RUN: kopt %s --pass-pipeline='builtin.module(kb-verify{runner="%fake-runner --log %t.log" timeout=5 cache=none})' 2>/dev/null | FileCheck %s
// RUN: FileCheck %s --check-prefix=LOG < %t.log
//
// kopt sends each distribution's structure to the runner, every alternative with its own; a
// distribution without one is sent as it is.

// LOG: task t min_bytes={{[0-9]+}} flops={{[0-9]+}} a:upper_triangular a:symmetric d:diagonal{{$}}
// LOG: verify t c0
kb.task @t tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "a" : tensor<8x8xf32> dist(upper_triangular(uniform(0.0, 1.0)), symmetric(normal(0.0, 1.0)), uniform(0.0, 1.0))
  kb.input "d" : tensor<2x8x8xf32> dist(diagonal(uniform(-1.0, 1.0)))
  kb.output "out" : tensor<8x8xf32>
  kb.reference "return a"
  kb.payload(%a: tensor<8x8xf32>, %d: tensor<2x8x8xf32>, %out: tensor<8x8xf32>) {
    kb.yield %a : tensor<8x8xf32>
  }
}
// CHECK: kb.candidate @c0 {{.*}} verdict <correct>
kb.candidate @c0 of @t policy decisions {v = 0} ptx "FAKE correct"
    launch <[<"k", grid = [1, 1, 1], block = [64, 1, 1], smem = 0, args = ["a", "d", "out"]>]>
