// RUN: kopt %s --pass-pipeline='builtin.module(kb-lower-to-ptx)' 2>/dev/null | FileCheck %s

// Payloads outside the families kopt schedules get compile_error with the located reason; the run
// goes on. Those that reduce go to the reduction family, which says why it cannot take them;
// softmax, two reductions and an elementwise op on the input, is the normalization family's.

kb.task @rowsum tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<32x48xf32> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<32xf32>
  kb.reference "return x.sum(1)"
  kb.payload(%x: tensor<32x48xf32>, %out: tensor<32xf32>) {
    %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
                         iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<32x48xf32>) outs(%out : tensor<32xf32>) {
    ^bb0(%a: f32, %o: f32):
      %s = arith.addf %a, %o : f32
      linalg.yield %s : f32
    } -> tensor<32xf32>
    kb.yield %r : tensor<32xf32>
  }
}
// CHECK-LABEL: kb.candidate @k_rowsum
// CHECK-SAME:    verdict <compile_error, "{{.*}}not-elementwise.mlir:[[# @LINE - 11]]:10: error: not in the reduction family: accumulator #0 does not start from a linalg.fill of a constant or scalar input">
kb.candidate @k_rowsum of @rowsum policy decisions {vector = 4}

kb.task @softmax tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<16x16xf32> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<16x16xf32>
  kb.reference "return torch.softmax(x, 1)"
  kb.payload(%x: tensor<16x16xf32>, %out: tensor<16x16xf32>) {
    %r = linalg.softmax dimension(1) ins(%x : tensor<16x16xf32>) outs(%out : tensor<16x16xf32>) -> tensor<16x16xf32>
    kb.yield %r : tensor<16x16xf32>
  }
}
// CHECK-LABEL: kb.candidate @k_softmax
// CHECK-SAME:    launch <[<"softmax", grid = [1, 1, 1], block = [4, 16, 1], smem = 0, args = ["x", "out"]>]>
kb.candidate @k_softmax of @softmax policy decisions {}

// Elementwise tasks next to them still compile: a rank-0 output is written through its pointer
// (a rank-0 input comes by value); an output that is an input as it is becomes a copy.
kb.task @scalar_out tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<f32> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<f32>
  kb.reference "return x * 2"
  kb.payload(%x: tensor<f32>, %out: tensor<f32>) {
    %r = linalg.add ins(%x, %x : tensor<f32>, tensor<f32>) outs(%out : tensor<f32>) -> tensor<f32>
    kb.yield %r : tensor<f32>
  }
}
// CHECK-LABEL: kb.candidate @k_scalar_out
// CHECK-SAME:    launch <[<"scalar_out", grid = [1, 1, 1], block = [256, 1, 1], smem = 0, args = ["x", "out"]>]>
kb.candidate @k_scalar_out of @scalar_out policy decisions {}

kb.task @copy tolerance(atol 0.0, rtol 0.0) {
  kb.input "x" : tensor<64xf32> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<64xf32>
  kb.reference "return x.clone()"
  kb.payload(%x: tensor<64xf32>, %out: tensor<64xf32>) {
    %r = linalg.copy ins(%x : tensor<64xf32>) outs(%out : tensor<64xf32>) -> tensor<64xf32>
    kb.yield %r : tensor<64xf32>
  }
}
// CHECK-LABEL: kb.candidate @k_copy
// CHECK-SAME:    launch <[<"copy", grid = [1, 1, 1], block = [256, 1, 1], smem = 0, args = ["x", "out"]>]>
kb.candidate @k_copy of @copy policy decisions {}
