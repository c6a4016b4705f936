// RUN: kopt %s --split-input-file --verify-diagnostics

// Log-prob statistics: a positive count and a finite, non-positive sum.

kb.task @t tolerance(atol 0.0, rtol 0.0) {
  kb.input "x" : tensor<4xf32> dist(normal(0.0, 1.0))
  kb.output "y" : tensor<4xf32>
  kb.reference "return x"
  kb.payload(%x: tensor<4xf32>, %y: tensor<4xf32>) {
    kb.yield %x : tensor<4xf32>
  }
}
// expected-error@+1 {{log-prob count must be positive, got 0}}
kb.candidate @c0 of @t replay source "k" logprob <sum = 0.0, count = 0>

// -----

// expected-error@+1 {{log-prob count must be positive, got -3}}
module attributes {kb.l = #kb.logprob<sum = -1.0, count = -3>} {}

// -----

kb.task @t tolerance(atol 0.0, rtol 0.0) {
  kb.input "x" : tensor<4xf32> dist(normal(0.0, 1.0))
  kb.output "y" : tensor<4xf32>
  kb.reference "return x"
  kb.payload(%x: tensor<4xf32>, %y: tensor<4xf32>) {
    kb.yield %x : tensor<4xf32>
  }
}
// expected-error@+1 {{log-prob sum must be finite and <= 0, got 1.500000e+00}}
kb.candidate @c0 of @t replay source "k" logprob <sum = 1.5, count = 3>

// -----

// expected-error@+1 {{log-prob sum must be finite and <= 0, got -INF}}
module attributes {kb.l = #kb.logprob<sum = 0xFFF0000000000000, count = 3>} {}

// -----

// expected-error@+1 {{log-prob sum must be finite and <= 0, got nan}}
module attributes {kb.l = #kb.logprob<sum = 0x7FF8000000000000, count = 3>} {}
