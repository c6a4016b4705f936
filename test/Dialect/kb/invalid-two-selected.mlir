// RUN: kopt %s --verify-diagnostics

// A task has one selected candidate; a second mark is an error at the second candidate.

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
