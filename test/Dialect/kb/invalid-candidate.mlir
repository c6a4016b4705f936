// RUN: kopt %s --split-input-file --verify-diagnostics

// Errors of kb.candidate: its task, what each origin kind must carry, speedups and selection marks.

// expected-error@+1 {{'kb.candidate' op refers to @missing, which is not a kb.task}}
kb.candidate @c0 of @missing manual source "k"

// -----

kb.task @t tolerance(atol 0.0, rtol 0.0) {
  kb.input "x" : tensor<4xf32> dist(normal(0.0, 1.0))
  kb.output "y" : tensor<4xf32>
  kb.reference "return x"
  kb.payload(%x: tensor<4xf32>, %y: tensor<4xf32>) {
    kb.yield %x : tensor<4xf32>
  }
}
kb.candidate @c0 of @t manual source "k"
// A candidate is no task.
// expected-error@+1 {{'kb.candidate' op refers to @c0, which is not a kb.task}}
kb.candidate @c1 of @c0 manual source "k"

// -----

kb.task @t tolerance(atol 0.0, rtol 0.0) {
  kb.input "x" : tensor<4xf32> dist(normal(0.0, 1.0))
  kb.output "y" : tensor<4xf32>
  kb.reference "return x"
  kb.payload(%x: tensor<4xf32>, %y: tensor<4xf32>) {
    kb.yield %x : tensor<4xf32>
  }
}
// expected-error@+1 {{'kb.candidate' op from the policy needs its decisions}}
kb.candidate @c0 of @t policy logprob <sum = -1.0, count = 2>

// -----

kb.task @t tolerance(atol 0.0, rtol 0.0) {
  kb.input "x" : tensor<4xf32> dist(normal(0.0, 1.0))
  kb.output "y" : tensor<4xf32>
  kb.reference "return x"
  kb.payload(%x: tensor<4xf32>, %y: tensor<4xf32>) {
    kb.yield %x : tensor<4xf32>
  }
}
// expected-error@+1 {{'kb.candidate' op from the policy carries decisions, not source text}}
kb.candidate @c0 of @t policy decisions {block = 128} source "__global__ void k() {}"

// -----

kb.task @t tolerance(atol 0.0, rtol 0.0) {
  kb.input "x" : tensor<4xf32> dist(normal(0.0, 1.0))
  kb.output "y" : tensor<4xf32>
  kb.reference "return x"
  kb.payload(%x: tensor<4xf32>, %y: tensor<4xf32>) {
    kb.yield %x : tensor<4xf32>
  }
}
// expected-error@+1 {{'kb.candidate' op from manual needs its source text}}
kb.candidate @c0 of @t manual verdict <correct>

// -----

kb.task @t tolerance(atol 0.0, rtol 0.0) {
  kb.input "x" : tensor<4xf32> dist(normal(0.0, 1.0))
  kb.output "y" : tensor<4xf32>
  kb.reference "return x"
  kb.payload(%x: tensor<4xf32>, %y: tensor<4xf32>) {
    kb.yield %x : tensor<4xf32>
  }
}
// Decisions do not stand in for source text.
// expected-error@+1 {{'kb.candidate' op from replay needs its source text}}
kb.candidate @c0 of @t replay decisions {block = 128}

// -----

kb.task @t tolerance(atol 0.0, rtol 0.0) {
  kb.input "x" : tensor<4xf32> dist(normal(0.0, 1.0))
  kb.output "y" : tensor<4xf32>
  kb.reference "return x"
  kb.payload(%x: tensor<4xf32>, %y: tensor<4xf32>) {
    kb.yield %x : tensor<4xf32>
  }
}
// expected-error@+1 {{'kb.candidate' op from server needs its source text}}
kb.candidate @c0 of @t server logprob <sum = -3.0, count = 10>

// -----

kb.task @t tolerance(atol 0.0, rtol 0.0) {
  kb.input "x" : tensor<4xf32> dist(normal(0.0, 1.0))
  kb.output "y" : tensor<4xf32>
  kb.reference "return x"
  kb.payload(%x: tensor<4xf32>, %y: tensor<4xf32>) {
    kb.yield %x : tensor<4xf32>
  }
}
// expected-error@+1 {{'kb.candidate' op speedup must be finite and positive, got 0}}
kb.candidate @c0 of @t manual source "k" verdict <correct> speedup 0.0

// -----

kb.task @t tolerance(atol 0.0, rtol 0.0) {
  kb.input "x" : tensor<4xf32> dist(normal(0.0, 1.0))
  kb.output "y" : tensor<4xf32>
  kb.reference "return x"
  kb.payload(%x: tensor<4xf32>, %y: tensor<4xf32>) {
    kb.yield %x : tensor<4xf32>
  }
}
// expected-error@+1 {{'kb.candidate' op speedup must be finite and positive, got -1.5}}
kb.candidate @c0 of @t manual source "k" verdict <correct> speedup -1.5

// -----

kb.task @t tolerance(atol 0.0, rtol 0.0) {
  kb.input "x" : tensor<4xf32> dist(normal(0.0, 1.0))
  kb.output "y" : tensor<4xf32>
  kb.reference "return x"
  kb.payload(%x: tensor<4xf32>, %y: tensor<4xf32>) {
    kb.yield %x : tensor<4xf32>
  }
}
// expected-error@+1 {{'kb.candidate' op speedup must be finite and positive, got INF}}
kb.candidate @c0 of @t manual source "k" verdict <correct> speedup 0x7FF0000000000000

// -----

kb.task @t tolerance(atol 0.0, rtol 0.0) {
  kb.input "x" : tensor<4xf32> dist(normal(0.0, 1.0))
  kb.output "y" : tensor<4xf32>
  kb.reference "return x"
  kb.payload(%x: tensor<4xf32>, %y: tensor<4xf32>) {
    kb.yield %x : tensor<4xf32>
  }
}
// expected-error@+1 {{'kb.candidate' op is marked selected but is not verified correct}}
kb.candidate @c0 of @t manual source "k" verdict <incorrect, "off by one"> selected <"oracle", timed = 1>

// -----

kb.task @t tolerance(atol 0.0, rtol 0.0) {
  kb.input "x" : tensor<4xf32> dist(normal(0.0, 1.0))
  kb.output "y" : tensor<4xf32>
  kb.reference "return x"
  kb.payload(%x: tensor<4xf32>, %y: tensor<4xf32>) {
    kb.yield %x : tensor<4xf32>
  }
}
// Unverified is not correct either.
// expected-error@+1 {{'kb.candidate' op is marked selected but is not verified correct}}
kb.candidate @c0 of @t manual source "k" selected <"random", timed = 0>

// -----

kb.task @t tolerance(atol 0.0, rtol 0.0) {
  kb.input "x" : tensor<4xf32> dist(normal(0.0, 1.0))
  kb.output "y" : tensor<4xf32>
  kb.reference "return x"
  kb.payload(%x: tensor<4xf32>, %y: tensor<4xf32>) {
    kb.yield %x : tensor<4xf32>
  }
}
// expected-note@+1 {{see existing symbol definition here}}
kb.candidate @c0 of @t manual source "k"
// expected-error@+1 {{redefinition of symbol named 'c0'}}
kb.candidate @c0 of @t manual source "k2"

// -----

kb.task @t tolerance(atol 0.0, rtol 0.0) {
  kb.input "x" : tensor<4xf32> dist(normal(0.0, 1.0))
  kb.output "y" : tensor<4xf32>
  kb.reference "return x"
  kb.payload(%x: tensor<4xf32>, %y: tensor<4xf32>) {
    kb.yield %x : tensor<4xf32>
  }
}
// expected-error@+2 {{expected ::kb::CandidateOrigin to be one of: policy, replay, server, manual}}
// expected-error@+1 {{failed to parse Kb_CandidateOriginAttr parameter 'value'}}
kb.candidate @c0 of @t llm source "k"

// -----

kb.task @t tolerance(atol 0.0, rtol 0.0) {
  kb.input "x" : tensor<4xf32> dist(normal(0.0, 1.0))
  kb.output "y" : tensor<4xf32>
  kb.reference "return x"
  kb.payload(%x: tensor<4xf32>, %y: tensor<4xf32>) {
    kb.yield %x : tensor<4xf32>
  }
}
// The speedup over eager with TF32 allowed is checked as the one over eager at fp32.
// expected-error@+1 {{'kb.candidate' op speedup_tf32 must be finite and positive, got 0}}
kb.candidate @c0 of @t manual source "k" verdict <correct> speedup 1.5 speedup_tf32 0.0

// -----

kb.task @t tolerance(atol 0.0, rtol 0.0) {
  kb.input "x" : tensor<4xf32> dist(normal(0.0, 1.0))
  kb.output "y" : tensor<4xf32>
  kb.reference "return x"
  kb.payload(%x: tensor<4xf32>, %y: tensor<4xf32>) {
    kb.yield %x : tensor<4xf32>
  }
}
// expected-error@+1 {{'kb.candidate' op speedup_tf32 5.000000e-01 lies outside its interval [7.500000e-01, 8.750000e-01]}}
kb.candidate @c0 of @t manual source "k" verdict <correct> speedup 1.5 speedup_tf32 0.5 interval <0.75, 0.875>
