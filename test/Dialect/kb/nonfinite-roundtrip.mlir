// RUN: kopt %s --mlir-very-unsafe-disable-verifier-on-parsing --mlir-print-assume-verified | FileCheck %s
// RUN: kopt %s --mlir-very-unsafe-disable-verifier-on-parsing --mlir-print-assume-verified | kopt --mlir-very-unsafe-disable-verifier-on-parsing --mlir-print-assume-verified | FileCheck %s

// The verifiers refuse non-finite values, but IR that holds them (an unverified stage, a dump
// after a failure) still prints as text kopt reads back: the value's bits as one hexadecimal
// float literal, 0x and 16 digits.

// CHECK: kb.task @t tolerance(atol 0x7FF0000000000000, rtol 0x7FF8000000000000)
kb.task @t tolerance(atol 0x7FF0000000000000, rtol 0x7FF8000000000000) {
  kb.input "x" : tensor<4xf32> dist(normal(0.0, 1.0))
  kb.output "y" : tensor<4xf32>
  kb.reference "return x"
  kb.payload(%x: tensor<4xf32>, %y: tensor<4xf32>) {
    kb.yield %x : tensor<4xf32>
  }
}
// CHECK: kb.candidate @c of @t manual source "k" speedup 0xFFF0000000000000{{$}}
kb.candidate @c of @t manual source "k" speedup 0xFFF0000000000000
// CHECK: kb.candidate @d of @t manual source "k" speedup 0xFFF8000000000000{{$}}
kb.candidate @d of @t manual source "k" speedup 0xFFF8000000000000
