// RUN: kopt %s --pass-pipeline='builtin.module(kb-lower-to-ptx)' -o %t.mlir 2>/dev/null
// RUN: %extract-ptx %t.mlir three | FileCheck %s --check-prefix=THREE
// RUN: %extract-ptx %t.mlir unbounded | FileCheck %s --check-prefix=UNBOUNDED
// RUN: %extract-ptx %t.mlir reduced | FileCheck %s --check-prefix=REDUCED
// RUN: %extract-ptx %t.mlir split | FileCheck %s --check-prefix=SPLIT
// RUN: %extract-ptx %t.mlir wgmma | FileCheck %s --check-prefix=WGMMA

// min_blocks_per_sm bounds the matmul kernel's registers through PTX's .minnctapersm (ptxas keeps
// them within 64K / (blocks x threads)), on the kernel only; 1 sets no bound.

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
// 128 x 128 outputs in 1 x 2 tiles grow to 2 x 8 (1024 threads): two such blocks fill an SM.
kb.candidate @reduced of @mm policy decisions {block_m = 128, block_n = 128, thread_m = 1, thread_n = 2, min_blocks_per_sm = 4}
// REDUCED-LABEL: .entry mm(
// REDUCED:       .maxntid 1024, 1, 1
// REDUCED-NEXT:  .minnctapersm 2
// Split-K's kernel that initializes the output keeps no bound.
kb.candidate @split of @mm policy decisions {block_m = 64, block_n = 64, thread_m = 8, thread_n = 8, split_k = 4, min_blocks_per_sm = 4}
// SPLIT-LABEL: .entry mm_init(
// SPLIT:       .maxntid 256, 1, 1
// SPLIT-NOT:   .minnctapersm
// SPLIT-LABEL: .entry mm(
// SPLIT:       .maxntid 64, 1, 1
// SPLIT-NEXT:  .minnctapersm 4
// A wgmma's accumulators (64 x block_m / 128 a thread) and operands cannot spill: 256 threads (two
// warpgroups) of block_m 128 need about 96 registers, which 3 blocks (80) would not leave them,
// so the bound drops to 2 (128 registers); ptxas refused the kernel before.
kb.candidate @wgmma of @mm policy decisions {block_m = 128, block_n = 128, block_k = 8, tf32 = true, wgmma = true, min_blocks_per_sm = 3}
// WGMMA-LABEL: .entry mm(
// WGMMA:       .maxntid 256, 1, 1
// WGMMA-NEXT:  .minnctapersm 2
// WGMMA:       wgmma.mma_async.sync.aligned.m64n128k8.f32.tf32.tf32
