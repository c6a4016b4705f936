// RUN: kopt %s --pass-pipeline='builtin.module(kb-lower-to-ptx)' -o %t.mlir 2>/dev/null
// RUN: %extract-ptx %t.mlir three | FileCheck %s --check-prefix=THREE
// RUN: %extract-ptx %t.mlir unbounded | FileCheck %s --check-prefix=UNBOUNDED
// RUN: %extract-ptx %t.mlir reduced | FileCheck %s --check-prefix=REDUCED
// RUN: %extract-ptx %t.mlir split | FileCheck %s --check-prefix=SPLIT
// RUN: %extract-ptx %t.mlir wgmma | FileCheck %s --check-prefix=WGMMA
// RUN: %extract-ptx %t.mlir split_mma | FileCheck %s --check-prefix=SPLITMMA
// RUN: %extract-ptx %t.mlir simt_tile | FileCheck %s --check-prefix=SIMTTILE
// RUN: %extract-ptx %t.mlir split_wgmma | FileCheck %s --check-prefix=SPLITWGMMA

// min_blocks_per_sm bounds the matmul kernel's registers through PTX's .minnctapersm (ptxas keeps
// them within 64K / (blocks x threads)), on the kernel only; 1 sets no bound. Where the bound, or
// a thread's 255 registers, would be fewer than the kernel needs, the planning gives way rather
// than let ptxas spill.

kb.task @mm tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "a" : tensor<256x512xf32> dist(uniform(-1.0, 1.0))
  kb.input "b" : tensor<512x256xf32> dist(uniform(-1.0, 1.0))
  kb.output "c" : tensor<256x256xf32>
  kb.reference "return a @ b"
  kb.payload(%a: tensor<256x512xf32>, %b: tensor<512x256xf32>, %c: tensor<256x256xf32>) {
    %zero = arith.constant 0.0 : f32
    %fill = linalg.fill ins(%zero : f32) outs(%c : tensor<256x256xf32>) -> tensor<256x256xf32>
    %mm = linalg.matmul ins(%a, %b : tensor<256x512xf32>, tensor<512x256xf32>)
                        outs(%fill : tensor<256x256xf32>) -> tensor<256x256xf32>
    kb.yield %mm : tensor<256x256xf32>
  }
}
// 64 x 128 outputs in 8 x 8 thread tiles: 128 threads, three blocks of them.
kb.candidate @three of @mm policy decisions {block_m = 64, block_n = 128, thread_m = 8, thread_n = 8, min_blocks_per_sm = 3}
// THREE-LABEL: .entry mm(
// THREE:       .maxntid 128, 1, 1
// THREE-NEXT:  .minnctapersm 3
kb.candidate @unbounded of @mm policy decisions {block_m = 64, block_n = 128, thread_m = 8, thread_n = 8}
// UNBOUNDED-LABEL: .entry mm(
// UNBOUNDED-NOT:   .minnctapersm
// UNBOUNDED:       fma.rn.f32
// 128 x 128 outputs in 1 x 2 tiles grow to 2 x 8 (1024 threads): two such blocks would fill an
// SM, but leave a thread 32 registers, fewer than its 16 accumulators, its fragments (4 K steps of
// 2 rows and 8 columns) and addresses need (about 88): no bound, rather than spills.
kb.candidate @reduced of @mm policy decisions {block_m = 128, block_n = 128, thread_m = 1, thread_n = 2, min_blocks_per_sm = 4}
// REDUCED-LABEL: .entry mm(
// REDUCED:       .maxntid 1024, 1, 1
// REDUCED-NOT:   .minnctapersm
// Split-K's kernel that initializes the output keeps no bound.
kb.candidate @split of @mm policy decisions {block_m = 64, block_n = 64, thread_m = 8, thread_n = 8, split_k = 4, min_blocks_per_sm = 4}
// SPLIT-LABEL: .entry mm_init(
// SPLIT:       .maxntid 256, 1, 1
// SPLIT-NOT:   .minnctapersm
// SPLIT-LABEL: .entry mm(
// SPLIT:       .maxntid 64, 1, 1
// SPLIT-NEXT:  .minnctapersm 4
// A wgmma's accumulators (64 x block_m / 128 a thread) and operands cannot spill: 256 threads (two
// warpgroups) of block_m 128 and block_k 8 need about 100 registers, which 3 blocks (80) would
// not leave them, so the bound drops to 2 (128 registers); ptxas refused the kernel before.
kb.candidate @wgmma of @mm policy decisions {block_m = 128, block_n = 128, block_k = 8, tf32 = true, wgmma = true, min_blocks_per_sm = 3}
// WGMMA-LABEL: .entry mm(
// WGMMA:       .maxntid 256, 1, 1
// WGMMA-NEXT:  .minnctapersm 2
// WGMMA:       wgmma.mma_async.sync.aligned.m64n128k8.f32.tf32.tf32

// split_tf32 on mma.sync: a 64 x 64 warp tile would hold 256 accumulators a thread (128 and the
// tile's own sums), past the 255 registers a thread may have; the warps' tiles narrow to 64 x 32,
// 8 warps for a 128 x 128 block.
kb.candidate @split_mma of @mm policy decisions {block_m = 128, block_n = 128, block_k = 16, tf32 = true, split_tf32 = true}
// SPLITMMA-LABEL: .entry mm(
// SPLITMMA:       .maxntid 256, 1, 1
// SIMT: a 16 x 16 thread tile would need 256 accumulators: 16 x 8 (128, and 4 K steps of 24
// fragment values), 128 threads for 128 x 128.
kb.candidate @simt_tile of @mm policy decisions {block_m = 128, block_n = 128, thread_m = 16, thread_n = 16}
// SIMTTILE-LABEL: .entry mm(
// SIMTTILE:       .maxntid 128, 1, 1
// split_tf32 on wgmma, one warpgroup of block_m 128 and block_k 32: 64 accumulators, 16 of B's
// fragments, each twice, and 32 more (about 192); 3 blocks would leave 168: 2 (255).
kb.candidate @split_wgmma of @mm policy decisions {block_m = 128, block_n = 64, block_k = 32, tf32 = true, split_tf32 = true, wgmma = true, min_blocks_per_sm = 3}
// SPLITWGMMA-LABEL: .entry mm(
// SPLITWGMMA:       .maxntid 128, 1, 1
// SPLITWGMMA-NEXT:  .minnctapersm 2
