// RUN: cat %S/../Codegen/Inputs/attention-mma-tasks.mlir %S/../Codegen/attention-unfused.mlir %s | kopt - --pass-pipeline='builtin.module(kb-lower-to-ptx,kb-verify{runner="%kopt_runner" timeout=60 cache=none})' -o %t.mlir 2>/dev/null
// RUN: FileCheck %s < %t.mlir

// Attention payloads as chains on the GPU, at KernelBench's 1e-4 on both input distributions:
// the causal one unfused (split_tf32 matmuls around the softmax) and fused beside it, a mask
// given as an input (the chain's only), and the odd shapes (48 rows, 40 keys, head dims 24 and
// 40) and wide outputs (512 columns) unfused with the stages' fp32 and split_tf32 kernels.

kb.candidate @odd_unfused of @attention_odd policy decisions {unfused = true}
kb.candidate @odd_unfused_split of @attention_odd policy decisions {unfused = true, s0.tf32 = true, s0.split_tf32 = true, s1.threads_per_group = 8, s2.tf32 = true, s2.split_tf32 = true, s2.split_k = 4}
kb.candidate @wide_unfused_split of @attention_wide policy decisions {unfused = true, s0.tf32 = true, s0.split_tf32 = true, s2.tf32 = true, s2.split_tf32 = true, s2.wgmma = true}
kb.candidate @causal_split_q64_kv16 of @attention_causal policy decisions {block_q = 64, block_kv = 16, chunk_e = 32, head_split = 1, tf32 = true, split_tf32 = true}
kb.candidate @causal_split_q16_kv64 of @attention_causal policy decisions {block_q = 16, block_kv = 64, chunk_e = 16, head_split = 2, tf32 = true, split_tf32 = true}
kb.candidate @causal_simt_q8_kv64 of @attention_causal policy decisions {block_q = 8, block_kv = 64, chunk_e = 16, head_split = 1, tf32 = false}
// CHECK-DAG: kb.candidate @causal_unfused of @attention_causal {{.*}}verdict <correct
// CHECK-DAG: kb.candidate @causal_fused of @attention_causal {{.*}}verdict <correct
// CHECK-DAG: kb.candidate @k_given_mask of @given_mask {{.*}}verdict <correct
// CHECK-DAG: kb.candidate @odd_unfused of @attention_odd {{.*}}verdict <correct
// CHECK-DAG: kb.candidate @odd_unfused_split of @attention_odd {{.*}}verdict <correct
// CHECK-DAG: kb.candidate @wide_unfused_split of @attention_wide {{.*}}verdict <correct
// CHECK-DAG: kb.candidate @causal_split_q64_kv16 of @attention_causal {{.*}}verdict <correct
// CHECK-DAG: kb.candidate @causal_split_q16_kv64 of @attention_causal {{.*}}verdict <correct
// CHECK-DAG: kb.candidate @causal_simt_q8_kv64 of @attention_causal {{.*}}verdict <correct
