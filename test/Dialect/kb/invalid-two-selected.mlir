// RUN: kopt %s --verify-diagnostics

// XFAIL: *
// BUG: nothing stops two candidates of one task from both carrying a `selected` mark. kb-select
// never produces this, but the verifier accepts it, and `kopt --emit=json` then silently reports
// only the last marked candidate (@c1 here, with success = false) as the task's selection.

kb.task @t tolerance(atol 0.0, rtol 0.0) {
  kb.input "x" : tensor<4xf32> dist(normal(0.0, 1.0))
  kb.output "y" : tensor<4xf32>
  kb.reference "return x"
  kb.payload(%x: tensor<4xf32>, %y: tensor<4xf32>) {
    kb.yield %x : tensor<4xf32>
  }
}
kb.candidate @c0 of @t manual source "k" verdict <correct> speedup 1.5 selected <"oracle", timed = 2>
// expected-error@+1 {{selected}}
kb.candidate @c1 of @t manual source "k" verdict <correct> speedup 0.5 selected <"random", timed = 0>
