// RUN: kopt %s -split-input-file -verify-diagnostics --pass-pipeline='builtin.module(kb-verify{runner="%fake-runner" timeout=5 cache=none})' 2>/dev/null

// Errors kb-verify reports where they belong, and what it does around them.

// A candidate without PTX and launch plan cannot be verified; nothing runs then.
kb.task @t tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<4xf32> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<4xf32>
  kb.reference "return x"
  kb.payload(%x: tensor<4xf32>, %out: tensor<4xf32>) {
    kb.yield %x : tensor<4xf32>
  }
}
kb.candidate @ok of @t policy decisions {v = 0} ptx "FAKE correct"
    launch <[<"k", grid = [1, 1, 1], block = [4, 1, 1], smem = 0, args = ["x", "out"]>]>
// expected-error @below {{has no verdict, and no PTX and launch plan to verify; kb-lower-to-ptx adds them}}
kb.candidate @no_ptx of @t policy decisions {v = 1}
    launch <[<"k", grid = [1, 1, 1], block = [4, 1, 1], smem = 0, args = ["x", "out"]>]>
// expected-error @below {{has no verdict, and no PTX and launch plan to verify}}
kb.candidate @no_launch of @t policy decisions {v = 2} ptx "FAKE correct"
// A verified candidate needs neither.
kb.candidate @done of @t policy decisions {v = 3} verdict <correct>

// -----

// A task the runner refuses is reported once, at the task; its candidates are skipped and the
// other tasks go on.
// expected-error @below {{kb-verify: kopt-runner refused task 'refused': reference does not compile: FAKE-REFUSE}}
kb.task @refused tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<4xf32> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<4xf32>
  kb.reference "return FAKE-REFUSE(x)"
  kb.payload(%x: tensor<4xf32>, %out: tensor<4xf32>) {
    kb.yield %x : tensor<4xf32>
  }
}
kb.task @fine tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<4xf32> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<4xf32>
  kb.reference "return x"
  kb.payload(%x: tensor<4xf32>, %out: tensor<4xf32>) {
    kb.yield %x : tensor<4xf32>
  }
}
kb.candidate @r0 of @refused policy decisions {v = 0} ptx "FAKE correct"
    launch <[<"k", grid = [1, 1, 1], block = [4, 1, 1], smem = 0, args = ["x", "out"]>]>
kb.candidate @r1 of @refused policy decisions {v = 1} ptx "FAKE correct"
    launch <[<"k", grid = [1, 1, 1], block = [4, 1, 1], smem = 0, args = ["x", "out"]>]>
// A request the runner refuses (ok: false) is an error at the candidate; the next one goes on.
// expected-error @below {{kb-verify: kopt-runner refused candidate 'f0': malformed launch}}
kb.candidate @f0 of @fine policy decisions {v = 0} ptx "FAKE refuse"
    launch <[<"k", grid = [1, 1, 1], block = [4, 1, 1], smem = 0, args = ["x", "out"]>]>
kb.candidate @f1 of @fine policy decisions {v = 1} ptx "FAKE correct"
    launch <[<"k", grid = [1, 1, 1], block = [4, 1, 1], smem = 0, args = ["x", "out"]>]>
