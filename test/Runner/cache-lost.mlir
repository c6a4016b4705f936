// RUN: rm -f %t.cache %t.log1 %t.log2
// RUN: kopt %s --pass-pipeline='builtin.module(kb-verify{runner="%fake-runner --log %t.log1" timeout=5 cache=%t.cache})' 2>/dev/null | FileCheck %s
// RUN: kopt %s --pass-pipeline='builtin.module(kb-verify{runner="%fake-runner --log %t.log2" timeout=5 cache=%t.cache})' 2>/dev/null | FileCheck %s
// RUN: FileCheck %s --check-prefix=LOG2 < %t.log2

// Verdicts kopt records itself when the runner gives no reply (here a crash) are not cached:
// they may come from the surroundings, and running again is how to retry them.

kb.task @t tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<4xf32> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<4xf32>
  kb.reference "return x"
  kb.payload(%x: tensor<4xf32>, %out: tensor<4xf32>) {
    kb.yield %x : tensor<4xf32>
  }
}
// CHECK: kb.candidate @ok {{.*}} verdict <correct>
kb.candidate @ok of @t policy decisions {v = 0} ptx "FAKE correct"
    launch <[<"k", grid = [1, 1, 1], block = [4, 1, 1], smem = 0, args = ["x", "out"]>]>
// CHECK: kb.candidate @dies {{.*}} verdict <crash, "runner exited with status 3 without replying">
kb.candidate @dies of @t policy decisions {v = 1} ptx "FAKE crash"
    launch <[<"k", grid = [1, 1, 1], block = [4, 1, 1], smem = 0, args = ["x", "out"]>]>

// LOG2:      hello
// LOG2-NEXT: task t
// LOG2-NEXT: verify t dies
// LOG2-NOT:  verify
