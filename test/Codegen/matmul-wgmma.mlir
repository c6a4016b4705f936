// RUN: kopt %s --pass-pipeline='builtin.module(kb-lower-to-ptx)' -o %t.mlir 2>/dev/null
// RUN: FileCheck %s < %t.mlir
// RUN: %extract-ptx %t.mlir wg | FileCheck %s --check-prefix=WG
// RUN: %extract-ptx %t.mlir a_transposed | FileCheck %s --check-prefix=MMA
// RUN: %extract-ptx %t.mlir k_odd | FileCheck %s --check-prefix=MMA
// RUN: kopt %s --pass-pipeline='builtin.module(kb-lower-to-ptx{chip=sm_80})' -o %t.sm80.mlir 2>/dev/null
// RUN: %extract-ptx %t.sm80.mlir wg | FileCheck %s --check-prefix=SM80

// wgmma = true with tf32 on Hopper: warpgroups run TF32 wgmma on A's tile in shared memory
// (swizzled K-major) and register fragments of B's, and the PTX targets sm_90a. Where A is not
// K-contiguous, K is no multiple of 4, or the chip has no wgmma, the kernel is mma.sync's.

kb.task @mm tolerance(atol 1.0e-2, rtol 1.0e-2) {
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

// 128 x 128 blocks of two warpgroups (256 threads); three buffers of A (128 rows of 128 bytes)
// and B (32 x (128 + 8) floats), plus 1 KiB to align A's tiles to a swizzle atom: 102400 bytes.
// CHECK-LABEL: kb.candidate @wg of @mm policy
// CHECK-SAME:    launch <[<"mm", grid = [8, 1, 1], block = [256, 1, 1], smem = 102400, args = ["a", "b", "c"]>]>
// CHECK-NOT:     verdict
kb.candidate @wg of @mm policy decisions {block_m = 128, block_n = 128, block_k = 32, stages = 2, tf32 = true, wgmma = true}
// The descriptor's fixed fields: leading byte offset 1 (unused), stride byte offset 1024 >> 4
// (8 rows of 128 bytes), swizzle mode 1 (128 bytes): 1 << 16 | 64 << 32 | 1 << 62.
// WG:      .target sm_90a
// WG:      or.b64 {{.*}}, 4611686293305360384;
// WG:      cp.async.cg.shared.global [{{.*}}], [{{.*}}], 16;
// WG:      cp.async.wait_group{{[[:space:]]+}}1;
// WG-NEXT: fence.proxy.async.shared::cta;
// WG-NEXT: bar.sync
// WG:      ld.shared.b32
// WG:      wgmma.fence.sync.aligned;
// WG-COUNT-4: wgmma.mma_async.sync.aligned.m64n128k8.f32.tf32.tf32 {{{(%r[0-9]+, ){63}%r[0-9]+}}}, {{{(%r[0-9]+, ){3}%r[0-9]+}}}, %rd{{[0-9]+}}, p, 1, 1;
// WG:      wgmma.commit_group.sync.aligned;
// WG-NEXT: wgmma.wait_group.sync.aligned{{[[:space:]]+}}0;
// WG:      st.global.b32
// WG-NOT:  mma.sync
// SM80:     .target sm_80
// SM80:     mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
// SM80-NOT: wgmma

// 256 rows: 128 accumulators a thread leave registers for one block an SM, so the four buffers
// asked for may take more than half of its shared memory: 4 x (32768 + 32 x 136 x 4) + 1024.
// CHECK-LABEL: kb.candidate @rows256 of @mm policy
// CHECK-SAME:    block = [256, 1, 1], smem = 201728,
kb.candidate @rows256 of @mm policy decisions {block_m = 256, block_n = 128, block_k = 32, stages = 3, tf32 = true, wgmma = true}

kb.task @mm_at tolerance(atol 1.0e-2, rtol 1.0e-2) {
  kb.input "a" : tensor<128x256xf32> dist(uniform(0.0, 1.0))
  kb.input "b" : tensor<128x512xf32> dist(uniform(0.0, 1.0))
  kb.output "c" : tensor<256x512xf32>
  kb.reference "return a.T @ b"
  kb.payload(%a: tensor<128x256xf32>, %b: tensor<128x512xf32>, %c: tensor<256x512xf32>) {
    %zero = arith.constant 0.0 : f32
    %z = linalg.fill ins(%zero : f32) outs(%c : tensor<256x512xf32>) -> tensor<256x512xf32>
    %r = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>,
                                        affine_map<(m, n, k) -> (m, n)>]
        ins(%a, %b : tensor<128x256xf32>, tensor<128x512xf32>) outs(%z : tensor<256x512xf32>) -> tensor<256x512xf32>
    kb.yield %r : tensor<256x512xf32>
  }
}
kb.candidate @a_transposed of @mm_at policy decisions {block_m = 128, block_n = 128, block_k = 32, stages = 2, tf32 = true, wgmma = true}

kb.task @mm_k37 tolerance(atol 1.0e-2, rtol 1.0e-2) {
  kb.input "a" : tensor<64x37xf32> dist(uniform(0.0, 1.0))
  kb.input "b" : tensor<37x64xf32> dist(uniform(0.0, 1.0))
  kb.output "c" : tensor<64x64xf32>
  kb.reference "return a @ b"
  kb.payload(%a: tensor<64x37xf32>, %b: tensor<37x64xf32>, %c: tensor<64x64xf32>) {
    %zero = arith.constant 0.0 : f32
    %z = linalg.fill ins(%zero : f32) outs(%c : tensor<64x64xf32>) -> tensor<64x64xf32>
    %r = linalg.matmul ins(%a, %b : tensor<64x37xf32>, tensor<37x64xf32>) outs(%z : tensor<64x64xf32>) -> tensor<64x64xf32>
    kb.yield %r : tensor<64x64xf32>
  }
}
kb.candidate @k_odd of @mm_k37 policy decisions {block_m = 64, block_n = 64, block_k = 16, stages = 2, tf32 = true, wgmma = true}
// MMA:     .target sm_90
// MMA-NOT: .target sm_90a
// MMA:     mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
// MMA-NOT: wgmma
