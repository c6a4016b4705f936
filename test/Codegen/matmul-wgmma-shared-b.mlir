// RUN: kopt %s --pass-pipeline='builtin.module(kb-lower-to-ptx)' -o %t.mlir 2>/dev/null
// RUN: FileCheck %s < %t.mlir
// RUN: %extract-ptx %t.mlir in_flight | FileCheck %s --check-prefix=FLIGHT
// RUN: %extract-ptx %t.mlir two_buffers | FileCheck %s --check-prefix=TWO
// RUN: %extract-ptx %t.mlir large | FileCheck %s --check-prefix=LARGE
// RUN: %extract-ptx %t.mlir b_k_major | FileCheck %s --check-prefix=KMAJOR
// RUN: %extract-ptx %t.mlir split | FileCheck %s --check-prefix=SPLIT

// wgmma_shared_b: B's tile in shared memory in the swizzled K-major layout as A's, so that both
// wgmma operands are descriptors, copied with cp.async; a row-major B from a K-major copy in
// scratch that a first launch makes. From 3 buffers on, each K tile's group stays in flight
// (wait_group 1) while the next tile's copies go out after it.

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

// B transposed first, a 32 x 32 square a block (4 x 16 of them), into 256 KiB of scratch that
// the GEMM reads. Three buffers of A (128 rows of 128 bytes) and of B^T (128 rows of 128 bytes),
// plus 1 KiB to align the tiles to a swizzle atom: 3 x 32768 + 1024.
// CHECK-LABEL: kb.candidate @in_flight of @mm policy
// CHECK-SAME:    launch <[<"mm_transpose_b", grid = [64, 1, 1], block = [256, 1, 1], smem = 0, args = ["b", "scratch0"]>,
// CHECK-SAME:    <"mm", grid = [8, 1, 1], block = [256, 1, 1], smem = 99328, args = ["a", "c", "scratch0"]>], scratch = [262144]>
kb.candidate @in_flight of @mm policy decisions {block_m = 128, block_n = 128, block_k = 32, stages = 2, tf32 = true, wgmma = true, wgmma_shared_b = true}
// The transpose: a warp's loads along a row of B (512 columns: rows 8 x 2 KiB apart), all before
// the stores into the square's padded rows (33 elements); then its stores along a row of the
// copy (128 elements: rows 8 x 512 bytes apart).
// FLIGHT:      .entry mm_transpose_b(
// FLIGHT-COUNT-4: ld.global.b32
// FLIGHT:      mad.lo.s64 {{.*}}, 132,
// FLIGHT-COUNT-4: st.shared.b32
// FLIGHT-NEXT: bar.sync
// FLIGHT:      st.global.b32 {{.*}}+4096]
// FLIGHT:      st.global.b32 {{.*}}+8192]
// FLIGHT:      st.global.b32 {{.*}}+12288]
// FLIGHT-NEXT: ret;
// Then the GEMM: A and B by cp.async, B's tiles after A's three. The copies run one tile less
// ahead: with three buffers, each tile's copies are waited for at once.
// FLIGHT:      .entry mm(
// FLIGHT:      cp.async.cg.shared.global [{{.*}}], [{{.*}}], 16;
// FLIGHT:      cp.async.cg.shared.global [{{.*}}+49152], [{{.*}}], 16;
// FLIGHT-NOT:  st.shared
// FLIGHT:      cp.async.commit_group;
// FLIGHT:      cp.async.wait_group{{[[:space:]]+}}0;
// FLIGHT-NEXT: fence.proxy.async.shared::cta;
// FLIGHT-NEXT: bar.sync
// FLIGHT-NOT:  ld.shared
// FLIGHT:      wgmma.fence.sync.aligned;
// FLIGHT-COUNT-4: wgmma.mma_async.sync.aligned.m64n128k8.f32.tf32.tf32 {{{(%r[0-9]+, ){63}%r[0-9]+}}}, %rd{{[0-9]+}}, %rd{{[0-9]+}}, p, 1, 1;
// FLIGHT:      wgmma.commit_group.sync.aligned;
// Then the next tile's copies go out, behind the group left in flight.
// FLIGHT-NEXT: wgmma.wait_group.sync.aligned{{[[:space:]]+}}1;
// FLIGHT-NEXT: cp.async.cg.shared.global
// FLIGHT-NOT:  st.shared
// FLIGHT:      wgmma.wait_group.sync.aligned{{[[:space:]]+}}0;
// FLIGHT:      st.global.b32
// FLIGHT-NOT:  ld.shared

// Two buffers: the copies run one tile ahead, and each tile's group is waited for.
// CHECK-LABEL: kb.candidate @two_buffers of @mm policy
// CHECK-SAME:    smem = 66560,
kb.candidate @two_buffers of @mm policy decisions {block_m = 128, block_n = 128, block_k = 32, stages = 1, tf32 = true, wgmma = true, wgmma_shared_b = true}
// TWO:      .entry mm_transpose_b(
// TWO:      .entry mm(
// TWO-NOT:  st.shared
// TWO:      wgmma.mma_async.sync.aligned.m64n128k8.f32.tf32.tf32 {{.*}}}, %rd{{[0-9]+}}, %rd{{[0-9]+}}, p, 1, 1;
// TWO:      wgmma.commit_group.sync.aligned;
// TWO-NEXT: wgmma.wait_group.sync.aligned{{[[:space:]]+}}0;
// TWO-NOT:  wgmma.wait_group.sync.aligned{{[[:space:]]+}}1;

// 256 x 256 blocks would need 4 warpgroups of 128 accumulators a thread, more registers than an
// SM has: 256 x 128, two warpgroups. 48 KiB a stage, 4 buffers: past the 113 KiB that keeps two
// blocks on an SM, within the 227 KiB one block may have.
// CHECK-LABEL: kb.candidate @large of @mm policy
// CHECK-SAME:    grid = [4, 1, 1], block = [256, 1, 1], smem = 197632,
kb.candidate @large of @mm policy decisions {block_m = 256, block_n = 256, block_k = 32, stages = 3, tf32 = true, wgmma = true, wgmma_shared_b = true}
// Four buffers: the copies run two tiles ahead, so each tile waits for all but the last group.
// LARGE:      cp.async.wait_group{{[[:space:]]+}}1;
// LARGE:      wgmma.mma_async.sync.aligned.m64n256k8.f32.tf32.tf32 {{.*}}}, %rd{{[0-9]+}}, %rd{{[0-9]+}}, p, 1, 1;
// LARGE:      wgmma.wait_group.sync.aligned{{[[:space:]]+}}1;
// LARGE:      wgmma.wait_group.sync.aligned{{[[:space:]]+}}0;

// split_tf32 keeps B's fragments in registers (they are split there).
// CHECK-LABEL: kb.candidate @split of @mm policy
kb.candidate @split of @mm policy decisions {block_m = 128, block_n = 128, block_k = 32, stages = 2, tf32 = true, split_tf32 = true, wgmma = true, wgmma_shared_b = true}
// SPLIT: ld.shared.b32
// SPLIT: wgmma.mma_async.sync.aligned.m64n128k8.f32.tf32.tf32 {{.*}}}, {{{(%r[0-9]+, ){3}%r[0-9]+}}}, %rd{{[0-9]+}}, p, 1, 1;

kb.task @mm_bt tolerance(atol 1.0e-2, rtol 1.0e-2) {
  kb.input "a" : tensor<256x128xf32> dist(uniform(0.0, 1.0))
  kb.input "b" : tensor<512x128xf32> dist(uniform(0.0, 1.0))
  kb.output "c" : tensor<256x512xf32>
  kb.reference "return a @ b.T"
  kb.payload(%a: tensor<256x128xf32>, %b: tensor<512x128xf32>, %c: tensor<256x512xf32>) {
    %zero = arith.constant 0.0 : f32
    %z = linalg.fill ins(%zero : f32) outs(%c : tensor<256x512xf32>) -> tensor<256x512xf32>
    %r = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>, affine_map<(m, n, k) -> (n, k)>,
                                        affine_map<(m, n, k) -> (m, n)>]
        ins(%a, %b : tensor<256x128xf32>, tensor<512x128xf32>) outs(%z : tensor<256x512xf32>) -> tensor<256x512xf32>
    kb.yield %r : tensor<256x512xf32>
  }
}
// A K-major B: read as it lies, no transposing launch.
// CHECK-LABEL: kb.candidate @b_k_major of @mm_bt policy
// CHECK-SAME:    launch <[<"mm_bt", grid = [8, 1, 1], block = [256, 1, 1], smem = 99328, args = ["a", "b", "c"]>]>
kb.candidate @b_k_major of @mm_bt policy decisions {block_m = 128, block_n = 128, block_k = 32, stages = 2, tf32 = true, wgmma = true, wgmma_shared_b = true}
// KMAJOR:     cp.async.cg.shared.global [{{.*}}+49152], [{{.*}}], 16;
// KMAJOR-NOT: st.shared
// KMAJOR:     wgmma.mma_async.sync.aligned.m64n128k8.f32.tf32.tf32 {{.*}}}, %rd{{[0-9]+}}, %rd{{[0-9]+}}, p, 1, 1;
// KMAJOR:     wgmma.wait_group.sync.aligned{{[[:space:]]+}}1;
// KMAJOR-NOT: st.shared

// A row-major B whose copy would pass the 256 MiB a scratch buffer may take (8192 x 16384 f32:
// 512 MiB) stays in registers, read as it lies: no transposing launch, no scratch.
kb.task @mm_wide tolerance(atol 1.0e-2, rtol 1.0e-2) {
  kb.input "a" : tensor<128x8192xf32> dist(uniform(0.0, 1.0))
  kb.input "b" : tensor<8192x16384xf32> dist(uniform(0.0, 1.0))
  kb.output "c" : tensor<128x16384xf32>
  kb.reference "return a @ b"
  kb.payload(%a: tensor<128x8192xf32>, %b: tensor<8192x16384xf32>, %c: tensor<128x16384xf32>) {
    %zero = arith.constant 0.0 : f32
    %z = linalg.fill ins(%zero : f32) outs(%c : tensor<128x16384xf32>) -> tensor<128x16384xf32>
    %r = linalg.matmul ins(%a, %b : tensor<128x8192xf32>, tensor<8192x16384xf32>) outs(%z : tensor<128x16384xf32>) -> tensor<128x16384xf32>
    kb.yield %r : tensor<128x16384xf32>
  }
}
// CHECK-LABEL: kb.candidate @too_wide_to_copy of @mm_wide policy
// CHECK-SAME:    launch <[<"mm_wide", grid = [128, 1, 1], block = [256, 1, 1], smem = {{[0-9]+}}, args = ["a", "b", "c"]>]>
kb.candidate @too_wide_to_copy of @mm_wide policy decisions {block_m = 128, block_n = 128, block_k = 32, stages = 2, tf32 = true, wgmma = true, wgmma_shared_b = true}
