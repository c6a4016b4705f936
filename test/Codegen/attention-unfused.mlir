// RUN: kopt %S/../../tasks/kernelbench/level1/097_ScaledDotProductAttention.mlir --pass-pipeline='builtin.module(kb-sample{n=1 seed=3 policy=uniform})' | FileCheck %s --check-prefix=SPACE
// RUN: cat %S/Inputs/attention-mma-tasks.mlir %s | kopt - --pass-pipeline='builtin.module(kb-lower-to-ptx)' -o %t.mlir 2>/dev/null
// RUN: FileCheck %s < %t.mlir
// RUN: %extract-ptx %t.mlir causal_unfused | FileCheck %s --check-prefix=CAUSAL

// The attention family offers its payloads unfused as well (docs/schedule-spaces.md#attention):
// where the payload is also a chain (Q K^T with the scores' modifier; the softmax; the product
// with V), the task's space is the family's decisions, `unfused` among them, then the chain's
// stages' under s0., s1., s2. (matmul, normalization, matmul), and `unfused` picks which builds
// the candidate.

// SPACE: kb.candidate @scaled_dot_product_attention_s0 of @scaled_dot_product_attention policy decisions {block_kv = {{.*}}, s0.block_k = {{.*}}, s0.wgmma = {{.*}}, s0.wgmma_shared_b = {{.*}}, s1.block = {{.*}}, s1.vector = {{.*}}, s2.block_k = {{.*}}, s2.wgmma = {{.*}}, s2.wgmma_shared_b = {{.*}}, unfused = {{true|false}}, vector = {{.*}}} logprob <sum = {{.*}}, count = 55>

// Unfused, the causal mask goes with the scores' matmul as its epilogue (-inf above the
// diagonal), the softmax reads the scores from scratch0 into scratch1 and the second matmul reads
// them from there; 2 x 80 x 80 scores of 4 bytes each.
// CHECK-LABEL: kb.candidate @causal_unfused of @attention_causal policy
// CHECK-SAME:    launch <[<"attention_causal_stage0", {{.*}}, args = ["Q", "K", "scratch0"]>, <"attention_causal_stage1", {{.*}}, args = ["scratch0", "scratch1"]>, <"attention_causal_stage2", {{.*}}, args = ["V", "out", "scratch1"]>], scratch = [51200, 51200]>
kb.candidate @causal_unfused of @attention_causal policy decisions {unfused = true, s0.tf32 = true, s0.split_tf32 = true, s2.tf32 = true, s2.split_tf32 = true}
// CAUSAL-LABEL: .entry attention_causal_stage0
// CAUSAL:       mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
// CAUSAL:       0fFF800000
// CAUSAL-LABEL: .entry attention_causal_stage1
// CAUSAL-LABEL: .entry attention_causal_stage2
// CAUSAL:       mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32

// The stages' decisions do not apply to the fused kernel: one launch on the task's buffers.
// CHECK-LABEL: kb.candidate @causal_fused of @attention_causal policy
// CHECK-SAME:    launch <[<"attention_causal", {{.*}}, args = ["Q", "K", "V", "out"]>]>
kb.candidate @causal_fused of @attention_causal policy decisions {unfused = false, s0.tf32 = true, s1.block = 64}

// A mask given as an input, read in the scores' modifier: the fused kernels apply the
// modifier's body to each score with the score and its indices as its only inputs, so the
// attention family refuses it; the chain takes it, the mask read by the scores' matmul's
// epilogue: its space is the chain's alone (no `unfused`).
kb.task @given_mask tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "Q" : tensor<2x16x8xf32> dist(uniform(0.0, 1.0))
  kb.input "K" : tensor<2x16x8xf32> dist(uniform(0.0, 1.0))
  kb.input "V" : tensor<2x16x8xf32> dist(uniform(0.0, 1.0))
  kb.input "mask" : tensor<16x16xf32> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<2x16x8xf32>
  kb.reference "return torch.matmul(torch.softmax(torch.matmul(Q, K.transpose(-2, -1)) + mask, dim=-1), V)"
  kb.payload(%Q: tensor<2x16x8xf32>, %K: tensor<2x16x8xf32>, %V: tensor<2x16x8xf32>, %mask: tensor<16x16xf32>, %out: tensor<2x16x8xf32>) {
    %zero = arith.constant 0.0 : f32
    %se = tensor.empty() : tensor<2x16x16xf32>
    %s0 = linalg.fill ins(%zero : f32) outs(%se : tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
    %kt = linalg.batch_matmul indexing_maps = [affine_map<(b, m, n, e) -> (b, m, e)>, affine_map<(b, m, n, e) -> (b, n, e)>,
                                               affine_map<(b, m, n, e) -> (b, m, n)>]
        ins(%Q, %K : tensor<2x16x8xf32>, tensor<2x16x8xf32>) outs(%s0 : tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
    %x = linalg.generic {indexing_maps = [affine_map<(b, m, n) -> (b, m, n)>, affine_map<(b, m, n) -> (b, m, n)>],
                         iterator_types = ["parallel", "parallel", "parallel"]}
        ins(%kt : tensor<2x16x16xf32>) outs(%se : tensor<2x16x16xf32>) {
    ^bb0(%v: f32, %o: f32):
      %m = linalg.index 1 : index
      %n = linalg.index 2 : index
      %w = tensor.extract %mask[%m, %n] : tensor<16x16xf32>
      %y = arith.addf %v, %w : f32
      linalg.yield %y : f32
    } -> tensor<2x16x16xf32>
    %pe = tensor.empty() : tensor<2x16x16xf32>
    %p = linalg.softmax dimension(2) ins(%x : tensor<2x16x16xf32>) outs(%pe : tensor<2x16x16xf32>) -> tensor<2x16x16xf32>
    %o0 = linalg.fill ins(%zero : f32) outs(%out : tensor<2x16x8xf32>) -> tensor<2x16x8xf32>
    %r = linalg.batch_matmul ins(%p, %V : tensor<2x16x16xf32>, tensor<2x16x8xf32>) outs(%o0 : tensor<2x16x8xf32>) -> tensor<2x16x8xf32>
    kb.yield %r : tensor<2x16x8xf32>
  }
}
// CHECK-LABEL: kb.candidate @k_given_mask of @given_mask policy
// CHECK-SAME:    launch <[<"given_mask_stage0", {{.*}}, args = ["Q", "K", "mask", "scratch0"]>, <"given_mask_stage1", {{.*}}, args = ["scratch0", "scratch1"]>, <"given_mask_stage2", {{.*}}, args = ["V", "out", "scratch1"]>], scratch = [2048, 2048]>
// CHECK-NOT:     verdict
kb.candidate @k_given_mask of @given_mask policy decisions {}
