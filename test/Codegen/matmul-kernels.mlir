// RUN: kopt %s --pass-pipeline='builtin.module(kb-lower-to-ptx)' -o %t.mlir 2>/dev/null
// RUN: FileCheck %s < %t.mlir
// RUN: %extract-ptx %t.mlir prefetch | FileCheck %s --check-prefix=PREFETCH
// RUN: %extract-ptx %t.mlir async | FileCheck %s --check-prefix=ASYNC
// RUN: %extract-ptx %t.mlir async | FileCheck %s --check-prefix=CONTIGUOUS
// RUN: %extract-ptx %t.mlir strided_rows | FileCheck %s --check-prefix=STRIDED
// RUN: %extract-ptx %t.mlir warp_cols | FileCheck %s --check-prefix=WARPS
// RUN: %extract-ptx %t.mlir async | FileCheck %s --check-prefix=ROW-BY-ROW
// RUN: %extract-ptx %t.mlir wide | FileCheck %s --check-prefix=WIDE
// RUN: %extract-ptx %t.mlir scalar | FileCheck %s --check-prefix=SCALAR
// RUN: %extract-ptx %t.mlir transposed_b | FileCheck %s --check-prefix=TRANSPOSED

// The matmul schedule space on a 256 x 512 x 128 matmul: shared-memory tiles (ld.shared and
// bar.sync), register tiles of fma.rn.f32, 16-byte global and shared accesses where `vector` is
// 4, cp.async copies, and the task's buffers as bare pointers.

kb.task @mm tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "a" : tensor<256x128xf32> dist(uniform(0.0, 1.0))
  kb.input "b" : tensor<128x512xf32> dist(uniform(0.0, 1.0))
  kb.output "c" : tensor<256x512xf32>
  kb.reference "return a @ b"
  kb.payload(%a: tensor<256x128xf32>, %b: tensor<128x512xf32>, %c: tensor<256x512xf32>) {
    %zero = arith.constant 0.0 : f32
    %z = linalg.fill ins(%zero : f32) outs(%c : tensor<256x512xf32>) -> tensor<256x512xf32>
    %r = linalg.matmul ins(%a, %b : tensor<256x128xf32>, tensor<128x512xf32>) outs(%z : tensor<256x512xf32>) -> tensor<256x512xf32>
    kb.yield %r : tensor<256x512xf32>
  }
}

// 128 x 128 blocks of 16 x 16 threads with 8 x 8 tiles; A (row-major) and B tiles through
// registers into the other of two shared buffers while this tile's FMAs run: one barrier per K
// tile in the loop.
// CHECK-LABEL: kb.candidate @prefetch of @mm policy
// CHECK-SAME:    launch <[<"mm", grid = [8, 1, 1], block = [256, 1, 1], smem = 0, args = ["a", "b", "c"]>]>
// CHECK-NOT:     verdict
kb.candidate @prefetch of @mm policy decisions {block_m = 128, block_n = 128, block_k = 8, thread_m = 8, thread_n = 8, vector = 4, unroll_k = 4, stages = 2, cp_async = false}
// PREFETCH:      .visible .entry mm(
// PREFETCH-NEXT:   .param .u64 .ptr .align 1 mm_param_0,
// PREFETCH-NEXT:   .param .u64 .ptr .align 1 mm_param_1,
// PREFETCH-NEXT:   .param .u64 .ptr .align 1 mm_param_2
// PREFETCH-NEXT: )
// PREFETCH-NEXT: .maxntid 256, 1, 1
// PREFETCH-DAG:  .shared .align 16 .b8 __wg_mm_0[{{[0-9]+}}];
// PREFETCH-DAG:  .shared .align 16 .b8 __wg_mm_1[{{[0-9]+}}];
// PREFETCH:      ld.global.v4.{{[bf]}}32
// PREFETCH:      st.shared.v4.{{[bf]}}32
// PREFETCH:      bar.sync
// PREFETCH:      ld.shared.v4.{{[bf]}}32
// PREFETCH:      fma.rn.f32
// PREFETCH:      st.shared.v4.{{[bf]}}32
// PREFETCH:      st.global.v4.{{[bf]}}32
// PREFETCH-NOT:  cp.async

// Three stages of cp.async.cg (16 bytes) in commit groups, one in flight while waiting.
// CHECK-LABEL: kb.candidate @async of @mm policy
// CHECK-SAME:    launch <[<"mm", grid = [32, 1, 1], block = [256, 1, 1], smem = 0, args = ["a", "b", "c"]>]>
kb.candidate @async of @mm policy decisions {block_m = 64, block_n = 64, block_k = 16, thread_m = 4, thread_n = 4, vector = 4, unroll_k = 8, stages = 3, cp_async = true}
// ASYNC:     cp.async.cg.shared.global [{{.*}}], [{{.*}}], 16;
// ASYNC:     cp.async.commit_group;
// ASYNC:     cp.async.wait_group{{[[:space:]]+}}1;
// ASYNC:     bar.sync
// ASYNC:     ld.shared.v4.{{[bf]}}32
// ASYNC:     fma.rn.f32
// ASYNC-NOT: st.shared

// 256 x 128 blocks of 16 x 8 thread tiles, three stages of 16 K: (256 x 20 + 16 x 128) x 4 bytes
// a stage, 84 KiB in all, past the 48 KiB a kernel may declare statically: the tiles are views
// of dynamic shared memory, which the plan sizes.
// CHECK-LABEL: kb.candidate @wide of @mm policy
// CHECK-SAME:    launch <[<"mm", grid = [4, 1, 1], block = [256, 1, 1], smem = 86016, args = ["a", "b", "c"]>]>
kb.candidate @wide of @mm policy decisions {block_m = 256, block_n = 128, block_k = 16, thread_m = 16, thread_n = 8, vector = 4, unroll_k = 4, stages = 3, cp_async = true}
// WIDE-NOT:  .shared .align {{[0-9]+}} .b8 __wg_
// WIDE:      .shared .align 16 .b8 __dynamic_shmem__{{[0-9]+}};
// WIDE:      cp.async.cg.shared.global [{{.*}}], [{{.*}}], 16;
// WIDE:      cp.async.wait_group{{[[:space:]]+}}1;
// WIDE:      ld.shared.v4.{{[bf]}}32
// WIDE:      fma.rn.f32

// vector = 1: scalar global accesses (the back end may still merge adjacent shared ones).
// CHECK-LABEL: kb.candidate @scalar of @mm policy
// CHECK-SAME:    launch <[<"mm", grid = [128, 1, 1], block = [256, 1, 1], smem = 0, args = ["a", "b", "c"]>]>
kb.candidate @scalar of @mm policy decisions {block_m = 32, block_n = 32, block_k = 8, thread_m = 2, thread_n = 2, vector = 1, unroll_k = 2, stages = 1, cp_async = false}
// SCALAR:     ld.global.{{[bf]}}32
// SCALAR:     st.shared.{{[bf]}}32
// SCALAR:     bar.sync
// SCALAR:     ld.shared.{{[bf]}}32
// SCALAR:     fma.rn.f32
// SCALAR-NOT: ld.global.v
// SCALAR-NOT: st.global.v

kb.task @mm_bt tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "a" : tensor<64x96xf32> dist(uniform(0.0, 1.0))
  kb.input "b" : tensor<80x96xf32> dist(uniform(0.0, 1.0))
  kb.output "c" : tensor<64x80xf32>
  kb.reference "return a @ b.T"
  kb.payload(%a: tensor<64x96xf32>, %b: tensor<80x96xf32>, %c: tensor<64x80xf32>) {
    %zero = arith.constant 0.0 : f32
    %z = linalg.fill ins(%zero : f32) outs(%c : tensor<64x80xf32>) -> tensor<64x80xf32>
    %r = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>,
                                        affine_map<(m, n, k) -> (m, n)>]
        ins(%a, %b : tensor<64x96xf32>, tensor<80x96xf32>) outs(%z : tensor<64x80xf32>) -> tensor<64x80xf32>
    kb.yield %r : tensor<64x80xf32>
  }
}

// B transposed: its tile is kept K-contiguous (16-byte copies along K) and read along K; N = 80
// is not a multiple of the 64-column block, so the last column of blocks guards its accesses.
// CHECK-LABEL: kb.candidate @transposed_b of @mm_bt policy
// CHECK-SAME:    launch <[<"mm_bt", grid = [2, 1, 1], block = [256, 1, 1], smem = 0, args = ["a", "b", "c"]>]>
kb.candidate @transposed_b of @mm_bt policy decisions {block_m = 64, block_n = 64, block_k = 16, thread_m = 4, thread_n = 4, vector = 4, unroll_k = 4, stages = 2, cp_async = true}
// TRANSPOSED:     cp.async.cg.shared.global [{{.*}}], [{{.*}}], 16, {{%r[0-9]+}};
// TRANSPOSED:     setp.{{.*}}
// TRANSPOSED:     ld.shared.v4.{{[bf]}}32

// strided_rows on A's tile along K (a, row-major), 64 x 64 blocks of 16 x 16 threads with 4 x 4
// tiles: a thread's rows are 16 apart (16 x 80 bytes in the padded tile) instead of 4
// consecutive ones (80 bytes apart, @async above); the fragments still read 4 K values at a time.
// CHECK-LABEL: kb.candidate @strided_rows of @mm policy
kb.candidate @strided_rows of @mm policy decisions {block_m = 64, block_n = 64, block_k = 16, thread_m = 4, thread_n = 4, vector = 4, unroll_k = 8, stages = 3, cp_async = true, strided_rows = true}
// CONTIGUOUS:  ld.shared.v4.{{[bf]}}32 {{{.*}}}, [{{%rd[0-9]+}}+80];
// STRIDED-NOT: ld.shared.v4.{{[bf]}}32 {{{.*}}}, [{{%rd[0-9]+}}+80];
// STRIDED:     ld.shared.v4.{{[bf]}}32 {{{.*}}}, [{{%rd[0-9]+}}+1280];

// warp_cols = 8 on the 16 x 16 threads of @async: a warp spans 8 thread columns and 4 thread rows
// (a 16 x 32 output tile, reading 8 distinct B fragments instead of 16), so a thread's column is
// its lane mod 8 plus its warp's place; @async lays warps out row by row (16 columns, 2 rows).
// CHECK-LABEL: kb.candidate @warp_cols of @mm policy
// CHECK-SAME:    launch <[<"mm", grid = [32, 1, 1], block = [256, 1, 1], smem = 0, args = ["a", "b", "c"]>]>
kb.candidate @warp_cols of @mm policy decisions {block_m = 64, block_n = 64, block_k = 16, thread_m = 4, thread_n = 4, vector = 4, unroll_k = 8, stages = 3, cp_async = true, warp_cols = 8}
// WARPS:           and.b64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, 7;
// ROW-BY-ROW-NOT:  and.b64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, 7;
