// RUN: kopt %s --pass-pipeline='builtin.module(kb-lower-to-ptx)' 2>/dev/null | FileCheck %s

// Windowed payloads the family cannot schedule get compile_error with the located reason, never
// a kernel that writes past its output: the output must be indexed by every parallel loop and
// by nothing else.

// Max pooling 1-D whose last loop is parallel but not an index of the output (a mutated
// pooling task): 48 results for an output of 16.
kb.task @unindexed_parallel tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<2x10x3xf32> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<2x8xf32>
  kb.reference "return torch.max_pool1d(x.amax(2), 3, 1)"
  kb.payload(%x: tensor<2x10x3xf32>, %out: tensor<2x8xf32>) {
    %lowest = arith.constant -3.4e38 : f32
    %acc = linalg.fill ins(%lowest : f32) outs(%out : tensor<2x8xf32>) -> tensor<2x8xf32>
    %window = tensor.empty() : tensor<3xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(n, x, e, k) -> (n, x + k, e)>,
                                          affine_map<(n, x, e, k) -> (k)>,
                                          affine_map<(n, x, e, k) -> (n, x)>],
                         iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
        ins(%x, %window : tensor<2x10x3xf32>, tensor<3xf32>) outs(%acc : tensor<2x8xf32>) {
    ^bb0(%v: f32, %w: f32, %a: f32):
      %m = arith.maximumf %v, %a : f32
      linalg.yield %m : f32
    } -> tensor<2x8xf32>
    kb.yield %r : tensor<2x8xf32>
  }
}
// CHECK-LABEL: kb.candidate @k_unindexed_parallel
// CHECK-SAME:    verdict <compile_error, "{{.*}}window-invalid.mlir:[[# @LINE - 13]]:10: error: not in the window family: output #0 is not indexed by the parallel loops, each once">
kb.candidate @k_unindexed_parallel of @unindexed_parallel policy decisions {}

// The output indexed by the reduced loop as well: more output indices than parallel loops.
kb.task @reduced_in_output tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<2x10xf32> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<2x8x3xf32>
  kb.reference "return x.unfold(1, 3, 1)"
  kb.payload(%x: tensor<2x10xf32>, %out: tensor<2x8x3xf32>) {
    %lowest = arith.constant -3.4e38 : f32
    %acc = linalg.fill ins(%lowest : f32) outs(%out : tensor<2x8x3xf32>) -> tensor<2x8x3xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(n, x, k) -> (n, x + k)>,
                                          affine_map<(n, x, k) -> (n, x, k)>],
                         iterator_types = ["parallel", "parallel", "reduction"]}
        ins(%x : tensor<2x10xf32>) outs(%acc : tensor<2x8x3xf32>) {
    ^bb0(%v: f32, %a: f32):
      %m = arith.maximumf %v, %a : f32
      linalg.yield %m : f32
    } -> tensor<2x8x3xf32>
    kb.yield %r : tensor<2x8x3xf32>
  }
}
// CHECK-LABEL: kb.candidate @k_reduced_in_output
// CHECK-SAME:    verdict <compile_error, "{{.*}}window-invalid.mlir:[[# @LINE - 12]]:10: error: not in the window family: output #0 is not indexed by the parallel loops, each once">
kb.candidate @k_reduced_in_output of @reduced_in_output policy decisions {}
