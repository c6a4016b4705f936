// RUN: sh -c 'kopt --select=surprise-top3 --runner="%fake-runner --log %t.log" --no-cache %s; echo "exit $?"' 2>&1 | FileCheck %s

// --select lowers candidates without PTX first (kb-lower-to-ptx): @c1's decisions are not of the
// elementwise space, so it becomes a compile_error and is never sent to the runner; @c0, which
// came with its PTX, is verified, timed and selected.

// CHECK: kb-lower-to-ptx: t 1/1 c1 compile_error
// CHECK: kb-verify: t 1/1 c0 correct
// CHECK: kb.candidate @c0 {{.*}} selected <"surprise-top3", timed = 1>
// CHECK: kb.candidate @c1 {{.*}} verdict <compile_error, "{{.*}}'v' is not a decision of the elementwise space
// CHECK: exit 0

kb.task @t tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<4xf32> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<4xf32>
  kb.reference "return x"
  kb.payload(%x: tensor<4xf32>, %out: tensor<4xf32>) {
    kb.yield %x : tensor<4xf32>
  }
}
kb.candidate @c0 of @t policy decisions {v = 0} logprob <sum = -1.0, count = 1> ptx "FAKE correct"
    launch <[<"k", grid = [1, 1, 1], block = [4, 1, 1], smem = 0, args = ["x", "out"]>]>
kb.candidate @c1 of @t policy decisions {v = 1} logprob <sum = -2.0, count = 1>
