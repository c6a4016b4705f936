// RUN: cat %S/Inputs/attention-mma-tasks.mlir %s | kopt - --pass-pipeline='builtin.module(kb-lower-to-ptx)' -o %t.mlir 2>/dev/null
// RUN: FileCheck %s < %t.mlir
// RUN: %extract-ptx %t.mlir wide_split | FileCheck %s --check-prefix=SPLIT
// RUN: %extract-ptx %t.mlir wide_split | grep -c 'mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32' | FileCheck %s --check-prefix=SPLIT-MMAS
// RUN: %extract-ptx %t.mlir wide_plain | grep -c 'mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32' | FileCheck %s --check-prefix=PLAIN-MMAS
// RUN: %extract-ptx %t.mlir wide_split | not grep 'ld.global.[bf]32'
// RUN: %extract-ptx %t.mlir odd_fallback | not grep mma.sync
// RUN: %extract-ptx %t.mlir causal_split | FileCheck %s --check-prefix=CAUSAL
// RUN: %extract-ptx %t.mlir causal_simt | FileCheck %s --check-prefix=CAUSAL

// The attention family's tensor-core kernel (tf32): warps of 16 query rows, the output's
// columns split among a row group's warps (up to 128 each), m16n8k8 mma.sync for Q K^T and for
// the exponentials times V, the score tile and the rows' rescaling factors in shared memory.

// attention_wide (64 rows, 128 keys, head dims 32 and 512): 64 rows = 4 row groups of 4 warps of
// 128 columns, 512 threads; the 16-key score tile is split between 2 of a row group's 4 warps.
// Shared: scores 64 x (16 + 4), rescaling factors 64, then the larger of the Q and K chunks
// ((64 + 16) x (32 + 4)) and the V rows (16 x (512 + 8)): 5120 + 256 + 33280 bytes.
// CHECK-LABEL: kb.candidate @wide_split of @attention_wide policy
// CHECK-SAME:    launch <[<"attention_wide", grid = [2, 1, 1], block = [512, 1, 1], smem = 0, args = ["Q", "K", "V", "out"]>]>
kb.candidate @wide_split of @attention_wide policy decisions {block_q = 64, block_kv = 16, chunk_e = 32, head_split = 1, tf32 = true, split_tf32 = true}
// SPLIT:      .maxntid 512, 1, 1
// SPLIT:      .shared .align 16 .b8 __wg_attention_wide_0[38656];
// SPLIT-DAG:  ld.global.v4.{{[bf]}}32
// SPLIT-DAG:  st.shared.v4.{{[bf]}}32
// SPLIT-DAG:  and.b32 {{.*}}, -8192;
// SPLIT-DAG:  shfl.sync.bfly.b32
// SPLIT-DAG:  st.shared.v2.{{[bf]}}32
// SPLIT-DAG:  st.global.v2.{{[bf]}}32
// Per 8 of the head dim, a score warp's one 8-key tile; per 8 keys, a warp's 16 output tiles;
// three products each: 3 x (32 / 8 x 1 + 16 / 8 x 16) (the loops over chunks and V rows run
// once).
// SPLIT-MMAS: 108

// Plain TF32, two blocks per query tile (256 columns: 2 warps), 32-key tiles (16 keys a warp):
// 32 / 8 x 2 + 32 / 8 x 16 products.
// CHECK-LABEL: kb.candidate @wide_plain of @attention_wide policy
// CHECK-SAME:    launch <[<"attention_wide", grid = [8, 1, 1], block = [128, 1, 1], smem = 0, args = ["Q", "K", "V", "out"]>]>
kb.candidate @wide_plain of @attention_wide policy decisions {block_q = 32, block_kv = 32, chunk_e = 32, head_split = 2, tf32 = true}
// PLAIN-MMAS: 72

// attention_odd (48 rows, 40 keys, head dims 24 and 40): whatever is asked, 16 rows, 8 keys and 8
// of the head dim a tile (the largest powers of two that divide), one warp of 40 columns.
// CHECK-LABEL: kb.candidate @odd_split of @attention_odd policy
// CHECK-SAME:    launch <[<"attention_odd", grid = [9, 1, 1], block = [32, 1, 1], smem = 0, args = ["Q", "K", "V", "out"]>]>
kb.candidate @odd_split of @attention_odd policy decisions {block_q = 64, block_kv = 64, chunk_e = 32, head_split = 8, tf32 = true, split_tf32 = true}

// Without tf32 the f32 kernel runs (no tensor cores).
// CHECK-LABEL: kb.candidate @odd_fallback of @attention_odd policy
kb.candidate @odd_fallback of @attention_odd policy decisions {block_q = 16, block_kv = 16, chunk_e = 8, tf32 = false}

// attention_causal: the modifier's body (the scale, then -inf where key > row) applied to each
// score before it is stored to the score tile, by both kernels; a max of -inf (a row masked so
// far) subtracts 0 instead.
// CHECK-LABEL: kb.candidate @causal_split of @attention_causal policy
// CHECK-SAME:    launch <[<"attention_causal", grid = [10, 1, 1], block = [32, 1, 1], smem = 0, args = ["Q", "K", "V", "out"]>]>
kb.candidate @causal_split of @attention_causal policy decisions {block_q = 16, block_kv = 16, chunk_e = 32, head_split = 1, tf32 = true, split_tf32 = true}
// CHECK-LABEL: kb.candidate @causal_simt of @attention_causal policy
kb.candidate @causal_simt of @attention_causal policy decisions {block_q = 16, block_kv = 16, chunk_e = 16, head_split = 1, tf32 = false}
// CAUSAL-DAG: setp.gt.u{{32|64}}
// CAUSAL-DAG: selp.f32 {{.*}}0fFF800000
// CAUSAL-DAG: setp.{{eq|neu}}.f32 {{.*}}0fFF800000
