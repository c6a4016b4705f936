// RUN: kopt %s --split-input-file --verify-diagnostics

// Tasks use signless integers only: ui32 and si64 are rejected.

kb.task @t tolerance(atol 0.0, rtol 0.0) {
  // expected-error@+1 {{'kb.input' op 'x' has unsupported element type 'ui32' (expected f16, bf16, f32, f64, i1, i32 or i64)}}
  kb.input "x" : tensor<4xui32> dist(randint(0.0, 4.0))
  kb.output "y" : tensor<4xf32>
  kb.reference "return x.float()"
  kb.payload(%x: tensor<4xui32>, %y: tensor<4xf32>) {
    kb.yield %y : tensor<4xf32>
  }
}

// -----

kb.task @t tolerance(atol 0.0, rtol 0.0) {
  kb.input "x" : tensor<4xf32> dist(normal(0.0, 1.0))
  // expected-error@+1 {{'kb.output' op 'n' has unsupported element type 'si64' (expected f16, bf16, f32, f64, i1, i32 or i64)}}
  kb.output "n" : si64
  kb.reference "return 4"
  kb.payload(%x: tensor<4xf32>, %n: si64) {
    kb.yield %n : si64
  }
}
