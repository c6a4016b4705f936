// RUN: kopt %s --split-input-file --verify-diagnostics --pass-pipeline='builtin.module(kb-export-payloads)'
// RUN: kopt %s --split-input-file --pass-pipeline='builtin.module(kb-lower-to-ptx)' 2>/dev/null | FileCheck %s

// A task may declare a scalar output, but a payload computes its outputs into buffers: a scalar
// output is refused, located at the kb.yield, by every pass that prepares the payload.

kb.task @scalar_passthrough tolerance(atol 0.0, rtol 0.0) {
  kb.input "s" : f32 dist(uniform(0.0, 1.0))
  kb.output "y" : f32
  kb.reference "return s"
  kb.payload(%s: f32, %y: f32) {
    // expected-error@+1 {{task @scalar_passthrough: output #0 is a scalar ('f32'); a payload computes its outputs as tensors (declare it as 'tensor<f32>')}}
    kb.yield %s : f32
  }
}
// CHECK-LABEL: kb.candidate @k_passthrough
// CHECK-SAME:    verdict <compile_error, "{{.*}}scalar-output.mlir:13:5: error: task @scalar_passthrough: output #0 is a scalar ('f32')
kb.candidate @k_passthrough of @scalar_passthrough policy decisions {}

// -----

kb.task @scalar_sum tolerance(atol 0.0, rtol 0.0) {
  kb.input "a" : f32 dist(uniform(0.0, 1.0))
  kb.input "b" : f32 dist(uniform(0.0, 1.0))
  kb.output "y" : f32
  kb.reference "return a + b"
  kb.payload(%a: f32, %b: f32, %y: f32) {
    %s = arith.addf %a, %b : f32
    // expected-error@+1 {{output #0 is a scalar}}
    kb.yield %s : f32
  }
}
// CHECK-LABEL: kb.candidate @k_sum
// CHECK-SAME:    verdict <compile_error, "{{.*}}scalar-output.mlir:[[# @LINE - 4]]:5: error: task @scalar_sum: output #0 is a scalar ('f32')
kb.candidate @k_sum of @scalar_sum policy decisions {}
