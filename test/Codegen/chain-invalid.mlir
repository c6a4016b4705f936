// RUN: kopt %s --pass-pipeline='builtin.module(kb-lower-to-ptx)' 2>/dev/null | FileCheck %s

// A payload no family takes whole, whose every cut leaves a stage no family takes (a column sum
// read through a transposed map), keeps the diagnostic of the family expected to take it whole.

kb.task @uncut tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<64x8xf32> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<f32>
  kb.reference "return x.sum(0).max()"
  kb.payload(%x: tensor<64x8xf32>, %out: tensor<f32>) {
    %zero = arith.constant 0.0 : f32
    %ninf = arith.constant 0xFF800000 : f32
    %e = tensor.empty() : tensor<8xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
    %cols = linalg.generic {indexing_maps = [affine_map<(i, k) -> (k, i)>, affine_map<(i, k) -> (i)>],
                            iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<64x8xf32>) outs(%acc : tensor<8xf32>) {
    ^bb0(%v: f32, %a: f32):
      %s = arith.addf %v, %a : f32
      linalg.yield %s : f32
    } -> tensor<8xf32>
    %m0 = linalg.fill ins(%ninf : f32) outs(%out : tensor<f32>) -> tensor<f32>
    %r = linalg.reduce ins(%cols : tensor<8xf32>) outs(%m0 : tensor<f32>) dimensions = [0]
      (%v: f32, %a: f32) {
        %m = arith.maximumf %v, %a : f32
        linalg.yield %m : f32
      }
    kb.yield %r : tensor<f32>
  }
}
// CHECK-LABEL: kb.candidate @c of @uncut
// CHECK-SAME:    verdict <compile_error, "{{.*}}chain-invalid.mlir:[[# @LINE - 22]]:3: error: not in the global reduction family: 2 ops reduce, and the family schedules one">
kb.candidate @c of @uncut policy decisions {}
