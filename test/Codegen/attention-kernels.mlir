// RUN: cat %S/Inputs/attention-task.mlir %s | kopt - --pass-pipeline='builtin.module(kb-lower-to-ptx)' -o %t.mlir 2>/dev/null
// RUN: FileCheck %s < %t.mlir
// RUN: %extract-ptx %t.mlir tiles | FileCheck %s --check-prefix=TILES
// RUN: %extract-ptx %t.mlir split | FileCheck %s --check-prefix=SPLIT
// RUN: %extract-ptx %t.mlir tiles | grep -c st.global | FileCheck %s --check-prefix=STORES-TILES
// RUN: %extract-ptx %t.mlir split | grep -c st.global | FileCheck %s --check-prefix=STORES-SPLIT
// RUN: %extract-ptx %t.mlir tiles | not grep 'ld.global.[bf]32'

// The attention schedule space on 2 x 2 x 64 x 64 attention: one fused kernel whose scores stay
// on chip. Q and K chunks and V rows go through shared memory (ld.shared, bar.sync), a row's
// lanes combine its max and sum with butterfly shuffles, exponentials are ex2 (libdevice's
// expf), and the only global stores are the output's, one per vector of a thread's columns
// (counted: the kernel's stores are unrolled).

// 32 query rows per block in 16 row groups of 16 lanes (2 rows x 2 keys of each 32-key score
// tile per thread): 256 threads, 2 x 2 x 2 query tiles. 16-byte accesses throughout; each thread
// stores 2 rows x 1 vector of 4 columns.
// CHECK-LABEL: kb.candidate @tiles of @attention_small policy
// CHECK-SAME:    launch <[<"attention_small", grid = [8, 1, 1], block = [256, 1, 1], smem = 0, args = ["Q", "K", "V", "out"]>]>
// CHECK-NOT:     verdict
kb.candidate @tiles of @attention_small policy decisions {block_q = 32, block_kv = 32, chunk_e = 16, thread_q = 2, thread_kv = 2, head_split = 1, vector = 4}
// TILES:      .visible .entry attention_small(
// TILES-NEXT:   .param .u64 .ptr .align 1 attention_small_param_0,
// TILES-NEXT:   .param .u64 .ptr .align 1 attention_small_param_1,
// TILES-NEXT:   .param .u64 .ptr .align 1 attention_small_param_2,
// TILES-NEXT:   .param .u64 .ptr .align 1 attention_small_param_3
// TILES-NEXT: )
// TILES-NEXT: .maxntid 256, 1, 1
// TILES:      .shared .align 16 .b8 __wg_attention_small_0[12416];
// TILES-DAG:  ld.global.v4.{{[bf]}}32
// TILES-DAG:  st.shared.v4.{{[bf]}}32
// TILES-DAG:  bar.sync
// TILES-DAG:  ld.shared.v4.{{[bf]}}32
// TILES-DAG:  fma.rn.f32
// TILES-DAG:  shfl.sync.bfly.b32 {{.*}}, 8, 31, -1;
// TILES-DAG:  ex2.approx
// TILES-DAG:  st.shared.{{[bf]}}32
// TILES-DAG:  div.rn.f32
// TILES-DAG:  st.global.v4.{{[bf]}}32
// STORES-TILES: 2

// 4 blocks per query tile, 16 columns each: with 16 lanes a row, one column a lane, so V and the
// output go one element at a time (vector = 2 applies to Q and K only); a thread stores once.
// CHECK-LABEL: kb.candidate @split of @attention_small policy
// CHECK-SAME:    launch <[<"attention_small", grid = [64, 1, 1], block = [256, 1, 1], smem = 0, args = ["Q", "K", "V", "out"]>]>
// CHECK-NOT:     verdict
kb.candidate @split of @attention_small policy decisions {block_q = 16, block_kv = 64, chunk_e = 8, thread_q = 1, thread_kv = 4, head_split = 4, vector = 2}
// SPLIT-DAG:  ld.global.v2.{{[bf]}}32
// SPLIT-DAG:  ld.global.{{[bf]}}32
// SPLIT-DAG:  bar.sync
// SPLIT-DAG:  shfl.sync.bfly.b32
// SPLIT-DAG:  st.global.{{[bf]}}32
// STORES-SPLIT: 1
