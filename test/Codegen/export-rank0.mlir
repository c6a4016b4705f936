// RUN: kopt %s --pass-pipeline='builtin.module(kb-export-payloads)' | FileCheck %s

// A rank-0 input returned as it is: the payload holds no op, so nothing in the input loads the
// dialects whose ops kb-export-payloads builds (tensor.from_elements, linalg.generic, memref);
// the pass declares them.

kb.task @passthrough tolerance(atol 0.0, rtol 0.0) {
  kb.input "x" : tensor<f32> dist(uniform(0.0, 1.0))
  kb.output "y" : tensor<f32>
  kb.reference "return x"
  kb.payload(%x: tensor<f32>, %y: tensor<f32>) {
    kb.yield %x : tensor<f32>
  }
}

// CHECK-LABEL: func.func @passthrough(
// CHECK-SAME:      %[[X:.*]]: f32, %[[Y:.*]]: memref<f32>) {
// CHECK:         {{memref.store|linalg.generic|memref.copy}}
// CHECK:         return{{$}}
