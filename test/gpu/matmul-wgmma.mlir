// RUN: kopt %S/Inputs/wgmma-tasks.mlir --pass-pipeline='builtin.module(kb-lower-to-ptx,kb-verify{runner="%kopt_runner" timeout=60 cache=none})' 2>/dev/null | FileCheck %s

// TF32 wgmma kernels (sm_90a) of every block shape and swizzle width are correct on the edges:
// ragged extents, B transposed, a batch, fewer rows than one wgmma's N, a 1000-deep K; with B's
// fragments in registers and with B's tile in shared memory (wgmma_shared_b, groups in flight),
// split-K among them.

// CHECK-COUNT-11: kb.candidate @ragged_{{.*}} of @ragged {{.*}}verdict <correct
// CHECK-COUNT-11: kb.candidate @b_transposed_{{.*}} of @b_transposed {{.*}}verdict <correct
// CHECK-COUNT-11: kb.candidate @batched_{{.*}} of @batched {{.*}}verdict <correct
// CHECK-COUNT-11: kb.candidate @few_rows_{{.*}} of @few_rows {{.*}}verdict <correct
// CHECK-COUNT-11: kb.candidate @long_k_{{.*}} of @long_k {{.*}}verdict <correct
// CHECK-NOT: verdict
