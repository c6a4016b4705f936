// RUN: kopt %s | FileCheck %s
// RUN: kopt %s | kopt | FileCheck %s
// RUN: kopt %s > %t.once.mlir
// RUN: kopt %t.once.mlir > %t.twice.mlir
// RUN: diff %t.once.mlir %t.twice.mlir

// kb prints its f64 parameters as plain float literals with the fewest digits that read back to
// the same double: plain notation between 1e-4 and 1e16, always with a '.' (a float literal
// needs one), exponent notation outside that range.

// CHECK-LABEL: kb.task @fmt tolerance(atol 1.0e-05, rtol 0.1) {
// CHECK-NEXT:    kb.input "a" : tensor<4xf32> dist(uniform(-1.0e-10, 1.0e+20), normal(0.30000000000000004, 0.0001))
// CHECK-NEXT:    kb.input "b" : f64 dist(constant(123456.789), constant(-0.0), constant(1.0e+16), constant(9000000000000000.0), constant(9.5e-05), constant(-12.0))
kb.task @fmt tolerance(atol 0.00001, rtol 1.0e-1) {
  kb.input "a" : tensor<4xf32> dist(uniform(-1.0e-10, 100000000000000000000.0), normal(0.30000000000000004, 1.0e-4))
  kb.input "b" : f64 dist(constant(123456.789), constant(-0.0), constant(1.0e16), constant(9.0e15), constant(0.000095), constant(-1.2e1))
  kb.output "o" : tensor<4xf32>
  kb.reference "return a * b"
  kb.payload(%a: tensor<4xf32>, %b: f64, %o: tensor<4xf32>) {
    kb.yield %a : tensor<4xf32>
  }
}

// CHECK: kb.candidate @c0 of @fmt manual source "k" logprob <sum = -0.0001, count = 1> verdict <correct> time <median = 3000.0, q1 = 2999.5, q3 = 3001.25, n = 7> speedup 1.0e-300{{$}}
// CHECK-NEXT: kb.candidate @c1 of @fmt manual source "k" logprob <sum = -1234.5678, count = 999> verdict <correct> time <median = 0.001, q1 = 1.0e-05, q3 = 1.0e+17, n = 1> speedup 0.30000000000000004{{$}}
kb.candidate @c0 of @fmt manual source "k" logprob <sum = -1.0e-4, count = 1> verdict <correct> time <median = 3.0e3, q1 = 2999.5, q3 = 3001.25, n = 7> speedup 1.0e-300
kb.candidate @c1 of @fmt manual source "k" logprob <sum = -1234.5678, count = 999> verdict <correct> time <median = 0.001, q1 = 0.00001, q3 = 1.0e17, n = 1> speedup 0.30000000000000004
