// RUN: cat %S/../Codegen/Inputs/attention-mma-tasks.mlir %s | kopt - --pass-pipeline='builtin.module(kb-lower-to-ptx,kb-verify{runner="%kopt_runner" timeout=60 cache=none})' -o %t.picked 2>/dev/null
// RUN: FileCheck %s < %t.picked
// RUN: kopt %S/../Codegen/Inputs/attention-mma-tasks.mlir --pass-pipeline='builtin.module(kb-sample{n=16 seed=5 policy=uniform},kb-lower-to-ptx,kb-verify{runner="%kopt_runner" timeout=60 cache=none})' -o %t.drawn 2>/dev/null
// RUN: FileCheck %s --check-prefix=DRAWN < %t.drawn
// RUN: grep 'kb.candidate' %t.drawn | %drop-plain-tf32 | not grep -v 'verdict <correct'

// The attention family's tensor-core kernel on the GPU, at KernelBench's 1e-4 on both input
// distributions kb-verify draws: odd tiles (48 rows, 40 keys, head dims 24 and 40: 16-row,
// 8-key, 8-deep tiles), wide outputs (512 columns over 4 warps, or over blocks with head_split;
// score tiles split among some of a row group's warps), with split_tf32 (correct) and plain
// TF32 (judged: the tolerance decides); causal attention (80 rows and keys, a mask in the
// scores' elementwise op) on both kernels. Then 16 uniform draws of each task (half of them
// with tf32, half unfused: attention-unfused.mlir): all judged, all correct but those whose
// chosen builder is plain TF32 (%drop-plain-tf32).

kb.candidate @odd_split of @attention_odd policy decisions {block_q = 64, block_kv = 64, chunk_e = 32, head_split = 8, tf32 = true, split_tf32 = true}
kb.candidate @odd_plain of @attention_odd policy decisions {block_q = 16, block_kv = 16, chunk_e = 8, tf32 = true}
kb.candidate @wide_split of @attention_wide policy decisions {block_q = 64, block_kv = 16, chunk_e = 32, head_split = 1, tf32 = true, split_tf32 = true}
kb.candidate @wide_split_halves of @attention_wide policy decisions {block_q = 32, block_kv = 64, chunk_e = 8, head_split = 2, tf32 = true, split_tf32 = true}
kb.candidate @wide_split_eighths of @attention_wide policy decisions {block_q = 16, block_kv = 32, chunk_e = 16, head_split = 8, tf32 = true, split_tf32 = true, fast_math = true}
kb.candidate @wide_plain of @attention_wide policy decisions {block_q = 32, block_kv = 32, chunk_e = 32, head_split = 2, tf32 = true}
kb.candidate @causal_split of @attention_causal policy decisions {block_q = 16, block_kv = 16, chunk_e = 32, head_split = 1, tf32 = true, split_tf32 = true}
kb.candidate @causal_split_wide of @attention_causal policy decisions {block_q = 64, block_kv = 64, chunk_e = 8, head_split = 2, tf32 = true, split_tf32 = true}
kb.candidate @causal_simt of @attention_causal policy decisions {block_q = 16, block_kv = 16, chunk_e = 16, head_split = 1, tf32 = false}
kb.candidate @causal_simt_wide of @attention_causal policy decisions {block_q = 64, block_kv = 64, chunk_e = 32, thread_q = 4, thread_kv = 4, head_split = 4, tf32 = false}
// CHECK: kb.candidate @odd_split of @attention_odd {{.*}}verdict <correct
// CHECK: kb.candidate @odd_plain of @attention_odd {{.*}}verdict <{{correct|incorrect}}
// CHECK: kb.candidate @wide_split of @attention_wide {{.*}}verdict <correct
// CHECK: kb.candidate @wide_split_halves of @attention_wide {{.*}}verdict <correct
// CHECK: kb.candidate @wide_split_eighths of @attention_wide {{.*}}verdict <correct
// CHECK: kb.candidate @wide_plain of @attention_wide {{.*}}verdict <{{correct|incorrect}}
// CHECK: kb.candidate @causal_split of @attention_causal {{.*}}verdict <correct
// CHECK: kb.candidate @causal_split_wide of @attention_causal {{.*}}verdict <correct
// CHECK: kb.candidate @causal_simt of @attention_causal {{.*}}verdict <correct
// CHECK: kb.candidate @causal_simt_wide of @attention_causal {{.*}}verdict <correct

// DRAWN-COUNT-16: kb.candidate @attention_odd_s{{[0-9]+}} of @attention_odd {{.*}}verdict <{{correct|incorrect}}
// DRAWN-COUNT-16: kb.candidate @attention_wide_s{{[0-9]+}} of @attention_wide {{.*}}verdict <{{correct|incorrect}}
// DRAWN-COUNT-16: kb.candidate @attention_causal_s{{[0-9]+}} of @attention_causal {{.*}}verdict <{{correct|incorrect}}
