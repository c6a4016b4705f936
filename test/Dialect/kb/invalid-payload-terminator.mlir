// RUN: kopt %s --split-input-file --verify-diagnostics --allow-unregistered-dialect

// The payload's block must end with kb.yield, not with any other terminator.

kb.task @foreign_terminator tolerance(atol 0.0, rtol 0.0) {
  kb.input "x" : tensor<4xf32> dist(normal(0.0, 1.0))
  kb.output "y" : tensor<4xf32>
  kb.reference "return x"
  // expected-error@+1 {{'kb.payload' op must end with kb.yield}}
  kb.payload(%x: tensor<4xf32>, %y: tensor<4xf32>) {
    "test.return"(%x) : (tensor<4xf32>) -> ()
  }
}

// -----

kb.task @no_terminator tolerance(atol 0.0, rtol 0.0) {
  kb.input "x" : tensor<4xf32> dist(normal(0.0, 1.0))
  kb.output "y" : tensor<4xf32>
  kb.reference "return x"
  kb.payload(%x: tensor<4xf32>, %y: tensor<4xf32>) {
    // expected-error@+1 {{block with no terminator}}
    %c = arith.constant 0.0 : f32
  }
}

// -----

kb.task @empty_payload tolerance(atol 0.0, rtol 0.0) {
  kb.input "x" : tensor<4xf32> dist(normal(0.0, 1.0))
  kb.output "y" : tensor<4xf32>
  kb.reference "return x"
  // expected-error@+1 {{'kb.payload' op expects a non-empty block}}
  kb.payload(%x: tensor<4xf32>, %y: tensor<4xf32>) {
  }
}
