// RUN: kopt %s --split-input-file --verify-diagnostics

// Timings: finite, non-negative, ordered quartiles, at least one repetition.

kb.task @t tolerance(atol 0.0, rtol 0.0) {
  kb.input "x" : tensor<4xf32> dist(normal(0.0, 1.0))
  kb.output "y" : tensor<4xf32>
  kb.reference "return x"
  kb.payload(%x: tensor<4xf32>, %y: tensor<4xf32>) {
    kb.yield %x : tensor<4xf32>
  }
}
// expected-error@+1 {{timing values must be non-negative}}
kb.candidate @c0 of @t manual source "k" verdict <correct> time <median = -1.0, q1 = -2.0, q3 = 0.0, n = 5>

// -----

// expected-error@+1 {{timing values must be non-negative}}
module attributes {kb.t = #kb.timing<median = 1.0, q1 = -0.5, q3 = 2.0, n = 5>} {}

// -----

kb.task @t tolerance(atol 0.0, rtol 0.0) {
  kb.input "x" : tensor<4xf32> dist(normal(0.0, 1.0))
  kb.output "y" : tensor<4xf32>
  kb.reference "return x"
  kb.payload(%x: tensor<4xf32>, %y: tensor<4xf32>) {
    kb.yield %x : tensor<4xf32>
  }
}
// expected-error@+1 {{timing needs q1 <= median <= q3, got 3.100000e+03 <= 3.000000e+03 <= 3.200000e+03}}
kb.candidate @c0 of @t manual source "k" verdict <correct> time <median = 3000.0, q1 = 3100.0, q3 = 3200.0, n = 5>

// -----

// expected-error@+1 {{timing needs q1 <= median <= q3, got 1.000000e+00 <= 2.000000e+00 <= 1.500000e+00}}
module attributes {kb.t = #kb.timing<median = 2.0, q1 = 1.0, q3 = 1.5, n = 5>} {}

// -----

kb.task @t tolerance(atol 0.0, rtol 0.0) {
  kb.input "x" : tensor<4xf32> dist(normal(0.0, 1.0))
  kb.output "y" : tensor<4xf32>
  kb.reference "return x"
  kb.payload(%x: tensor<4xf32>, %y: tensor<4xf32>) {
    kb.yield %x : tensor<4xf32>
  }
}
// expected-error@+1 {{timing needs at least one repetition, got 0}}
kb.candidate @c0 of @t manual source "k" verdict <correct> time <median = 10.0, q1 = 9.0, q3 = 11.0, n = 0>

// -----

// expected-error@+1 {{timing needs at least one repetition, got -1}}
module attributes {kb.t = #kb.timing<median = 10.0, q1 = 9.0, q3 = 11.0, n = -1>} {}

// -----

// expected-error@+1 {{timing values must be finite}}
module attributes {kb.t = #kb.timing<median = 10.0, q1 = 9.0, q3 = 0x7FF0000000000000, n = 4>} {}
