// RUN: kopt %s --split-input-file --verify-diagnostics

// XFAIL: *
// BUG: isSupportedElementType (KbOps.cpp) tests type.isInteger(32) / isInteger(64) / isInteger(1),
// which ignore signedness, so ui32, si32, ui64, si64 and ui1 are accepted although the diagnostic
// promises only "f16, bf16, f32, f64, i1, i32 or i64" (signless), and arith/linalg payloads
// cannot compute on signed or unsigned integers. Each split below is accepted today.

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
