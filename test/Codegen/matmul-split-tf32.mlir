// RUN: kopt %s --pass-pipeline='builtin.module(kb-lower-to-ptx)' -o %t.mlir 2>/dev/null
// RUN: FileCheck %s < %t.mlir
// RUN: %extract-ptx %t.mlir mma | FileCheck %s --check-prefix=MMA
// RUN: %extract-ptx %t.mlir plain_mma | FileCheck %s --check-prefix=PLAIN
// RUN: %extract-ptx %t.mlir wg | FileCheck %s --check-prefix=WG

// split_tf32: every operand element x is split into big (x & 0xFFFFE000, exactly TF32) and
// small (x - big), and each TF32 product becomes three: small x big, big x small, big x big.

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

// mma.sync: a 32 x 32 block is one warp of 2 x 4 m16n8k8 tiles, one K step per 8-deep K tile:
// 8 mma.sync per tile, 24 split, into accumulators that start from zero each K tile and are
// then added to the running ones (32 adds: 8 tiles of 2 x 2). The fragments are split in
// registers: the shared tiles and the launch are those of plain TF32.
// CHECK-LABEL: kb.candidate @mma of @mm policy
// CHECK-SAME:    launch <[<"mm", grid = [128, 1, 1], block = [32, 1, 1], smem = [[SMEM:[0-9]+]], args = ["a", "b", "c"]>]>
kb.candidate @mma of @mm policy decisions {block_m = 32, block_n = 32, block_k = 8, stages = 2, tf32 = true, split_tf32 = true}
// CHECK-LABEL: kb.candidate @plain_mma of @mm policy
// CHECK-SAME:    launch <[<"mm", grid = [128, 1, 1], block = [32, 1, 1], smem = [[SMEM]], args = ["a", "b", "c"]>]>
kb.candidate @plain_mma of @mm policy decisions {block_m = 32, block_n = 32, block_k = 8, stages = 2, tf32 = true}
// MMA:           and.b32 [[BIG:%r[0-9]+]], [[X:%r[0-9]+]], -8192;
// MMA-NEXT:      sub.rn.f32 {{%r[0-9]+}}, [[X]], [[BIG]];
// MMA-COUNT-24:  mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
// MMA-NOT:       mma.sync
// MMA-COUNT-32:  add.rn.f32
// PLAIN-NOT:     and.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, -8192;
// PLAIN-COUNT-8: mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
// PLAIN-NOT:     mma.sync

// wgmma: a 64 x 64 block is one warpgroup and one K step per tile: three m64n64k8 wgmma, the
// first on A's small parts. Shared memory: three buffers of A (64 rows of 32 bytes, 2048 bytes)
// and B (8 x (64 + 8) floats, 2304 bytes), 13056 bytes; then the small tile (2048 bytes) with
// 1 KiB of room to start it at an atom, and 1 KiB to align A's tiles: 17152 bytes.
// Before the products, the threads write A's big parts in place and its small parts to their
// tile, then fence the async proxy and meet at a barrier. The first wgmma of a tile starts its
// accumulators from zero (scale-d 0); the 32 of a thread are added to the running ones after.
// CHECK-LABEL: kb.candidate @wg of @mm policy
// CHECK-SAME:    launch <[<"mm", grid = [32, 1, 1], block = [128, 1, 1], smem = 17152, args = ["a", "b", "c"]>]>
kb.candidate @wg of @mm policy decisions {block_m = 64, block_n = 64, block_k = 8, stages = 2, tf32 = true, wgmma = true, split_tf32 = true}
// WG:           .target sm_90a
// WG:           and.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, -8192;
// WG:           st.shared.v4.b32
// WG:           st.shared.v4.b32
// WG:           fence.proxy.async.shared::cta;
// WG-NEXT:      bar.sync
// WG:           wgmma.fence.sync.aligned;
// WG-COUNT-3:   wgmma.mma_async.sync.aligned.m64n64k8.f32.tf32.tf32
// WG-NOT:       wgmma.mma_async
// WG:           wgmma.commit_group.sync.aligned;
// WG:           wgmma.wait_group.sync.aligned 0;
// WG-COUNT-32:  add.rn.f32
