// RUN: sh -c 'kopt --select=surprise-top3 --runner="%fake-runner --log %t.log" --no-cache %s; echo "exit $?"' 2>&1 | FileCheck %s
// RUN: not test -e %t.log

// Candidates without PTX cannot be verified, runner or not (kb-lower-to-ptx is not in this
// build): kopt stops before verification without starting the runner.

// CHECK: kopt: 2 candidate(s) need verification and 0 need timing for 'surprise-top3'; both run on a GPU through kopt-runner (kb-verify, kb-time). 1 of them have no PTX and launch plan, which kb-lower-to-ptx (not in this build) would add. Stopping before verification.
// CHECK: kb.candidate @c1
// CHECK: exit 3

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
