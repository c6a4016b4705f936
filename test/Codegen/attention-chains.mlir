// RUN: kopt %s --pass-pipeline='builtin.module(kb-lower-to-ptx)' 2>/dev/null | FileCheck %s

// Payloads with two products that are not softmax(Q K^T * scale) V over the keys are no
// attention, but chains of other families' kernels (docs/schedule-spaces.md#chains); a mask given
// as an input is also the chain's (attention-unfused.mlir).

// (Q K^T) V without the softmax: the first product goes through scratch to the second.
kb.task @no_softmax tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "Q" : tensor<2x16x8xf32> dist(uniform(0.0, 1.0))
  kb.input "K" : tensor<2x16x8xf32> dist(uniform(0.0, 1.0))
  kb.input "V" : tensor<2x16x8xf32> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<2x16x8xf32>
  kb.reference "return torch.matmul(torch.matmul(Q, K.transpose(-2, -1)), V)"
  kb.payload(%Q: tensor<2x16x8xf32>, %K: tensor<2x16x8xf32>, %V: tensor<2x16x8xf32>, %out: tensor<2x16x8xf32>) {
    %zero = arith.constant 0.0 : f32
    %se = tensor.empty() : tensor<2x16x16xf32>
    %s0 = linalg.fill ins(%zero : f32) outs(%se : tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
    %kt = linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, e) -> (b, m, e)>, affine_map<(b, m, n, e) -> (b, n, e)>,
                                               affine_map<(b, m, n, e) -> (b, m, n)>]
        ins(%Q, %K : tensor<2x16x8xf32>, tensor<2x16x8xf32>) outs(%s0 : tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
    %o0 = linalg.fill ins(%zero : f32) outs(%out : tensor<2x16x8xf32>) -> tensor<2x16x8xf32>
    %r = linalg.batch_matmul ins(%kt, %V : tensor<2x16x16xf32>, tensor<2x16x8xf32>) outs(%o0 : tensor<2x16x8xf32>) -> tensor<2x16x8xf32>
    kb.yield %r : tensor<2x16x8xf32>
  }
}
// CHECK-LABEL: kb.candidate @k_no_softmax
// CHECK-SAME:    launch <[<"no_softmax_stage0", {{.*}}, args = ["Q", "K", "scratch0"]>, <"no_softmax_stage1", {{.*}}, args = ["V", "out", "scratch0"]>], scratch = [2048]>
// CHECK-NOT:     verdict
kb.candidate @k_no_softmax of @no_softmax policy decisions {}

// The softmax runs over the query rows (dim 1), not over the keys.
kb.task @softmax_over_rows tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "Q" : tensor<2x16x8xf32> dist(uniform(0.0, 1.0))
  kb.input "K" : tensor<2x16x8xf32> dist(uniform(0.0, 1.0))
  kb.input "V" : tensor<2x16x8xf32> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<2x16x8xf32>
  kb.reference "return torch.matmul(torch.softmax(torch.matmul(Q, K.transpose(-2, -1)), dim=1), V)"
  kb.payload(%Q: tensor<2x16x8xf32>, %K: tensor<2x16x8xf32>, %V: tensor<2x16x8xf32>, %out: tensor<2x16x8xf32>) {
    %zero = arith.constant 0.0 : f32
    %se = tensor.empty() : tensor<2x16x16xf32>
    %s0 = linalg.fill ins(%zero : f32) outs(%se : tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
    %kt = linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, e) -> (b, m, e)>, affine_map<(b, m, n, e) -> (b, n, e)>,
                                               affine_map<(b, m, n, e) -> (b, m, n)>]
        ins(%Q, %K : tensor<2x16x8xf32>, tensor<2x16x8xf32>) outs(%s0 : tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
    %pe = tensor.empty() : tensor<2x16x16xf32>
    %p = linalg.softmax dimension(1) ins(%kt : tensor<2x16x16xf32>) outs(%pe : tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
    %o0 = linalg.fill ins(%zero : f32) outs(%out : tensor<2x16x8xf32>) -> tensor<2x16x8xf32>
    %r = linalg.batch_matmul ins(%p, %V : tensor<2x16x16xf32>, tensor<2x16x8xf32>) outs(%o0 : tensor<2x16x8xf32>) -> tensor<2x16x8xf32>
    kb.yield %r : tensor<2x16x8xf32>
  }
}
// CHECK-LABEL: kb.candidate @k_softmax_over_rows
// CHECK-SAME:    launch <[<"softmax_over_rows_stage0", {{.*}}, args = ["Q", "K", "scratch0"]>, <"softmax_over_rows_stage1", {{.*}}, args = ["scratch0", "scratch1"]>, <"softmax_over_rows_stage2", {{.*}}, args = ["V", "out", "scratch1"]>], scratch = [2048, 2048]>
// CHECK-NOT:     verdict
kb.candidate @k_softmax_over_rows of @softmax_over_rows policy decisions {}
