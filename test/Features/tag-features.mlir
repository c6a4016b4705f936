// RUN: kopt %S/Inputs/kernels.mlir --pass-pipeline='builtin.module(kb-tag-features{ptxas=none})' | FileCheck %s
// RUN: kopt %S/Inputs/kernels.mlir --pass-pipeline='builtin.module(kb-tag-features{ptxas=none})' 2>&1 | FileCheck %s --check-prefix=QUIET

// Features of real PTX: clang-22 -O3 sm_90 for the CUDA kernels of Inputs/, MLIR's NVVM path for
// Inputs/mlir-square.mlir (Inputs/gen-kernels.sh). Without ptxas: PTX keys only, and no remark.

// QUIET-NOT: remark
// QUIET-NOT: registers =

// float4 loads and stores in a grid-stride loop: every key, in order.
// CHECK-LABEL: kb.candidate @float4 of @fixture
// CHECK-SAME: features {approx = 0 : i64, atomics = 0 : i64, barriers = 0 : i64, cp_async = 0 : i64, cp_async_bulk = 0 : i64, float_atomics = 0 : i64, fma = 0 : i64, generic_loads = 0 : i64, generic_stores = 0 : i64, global_load_bytes = 16 : i64, global_load_bytes_max = 16 : i64, global_loads = 1 : i64, global_loads_v2 = 0 : i64, global_loads_v4 = 1 : i64, global_store_bytes = 16 : i64, global_store_bytes_max = 16 : i64, global_stores = 1 : i64, global_stores_v2 = 0 : i64, global_stores_v4 = 1 : i64, instructions = 34 : i64, local_bytes = 0 : i64, local_loads = 0 : i64, local_stores = 0 : i64, loops = 1 : i64, mma_sync = 0 : i64, nondeterministic = 0 : i64, shared_bytes = 0 : i64, shared_dynamic = 0 : i64, shared_loads = 0 : i64, shared_stores = 0 : i64, wgmma = 0 : i64}{{$}}

// Two 16x16 float tiles, two __syncthreads per step, the inner product unrolled into 16 FMAs.
// CHECK-LABEL: kb.candidate @tiled of @fixture
// CHECK-SAME: barriers = 2 : i64
// CHECK-SAME: fma = 16 : i64
// CHECK-SAME: global_load_bytes_max = 4 : i64, global_loads = 2 : i64
// CHECK-SAME: loops = 1 : i64
// CHECK-SAME: shared_bytes = 2048 : i64, shared_dynamic = 0 : i64, shared_loads = 32 : i64, shared_stores = 2 : i64

// wmma's TF32 mma in the k loop; its fragment loads are wmma.load through generic addresses.
// CHECK-LABEL: kb.candidate @mma of @fixture
// CHECK-SAME: global_loads = 0 : i64
// CHECK-SAME: loops = 1 : i64, mma_sync = 1 : i64
// CHECK-SAME: wgmma = 0 : i64}

// One 16-byte cp.async into a 4 KiB stage, commit and wait (not counted), one barrier.
// CHECK-LABEL: kb.candidate @cpasync of @fixture
// CHECK-SAME: barriers = 1 : i64, cp_async = 1 : i64, cp_async_bulk = 0 : i64
// CHECK-SAME: global_loads = 0 : i64
// CHECK-SAME: shared_bytes = 4096 : i64, shared_dynamic = 0 : i64, shared_loads = 2 : i64

// A 32-int array indexed by data: 128 bytes of local memory; 32 atomicAdds, unrolled. Integer
// adds, whose order does not change the result: no float atomics, deterministic.
// CHECK-LABEL: kb.candidate @local of @fixture
// CHECK-SAME: atomics = 32 : i64
// CHECK-SAME: float_atomics = 0 : i64
// CHECK-SAME: local_bytes = 128 : i64, local_loads = 33 : i64, local_stores = 2 : i64, loops = 2 : i64
// CHECK-SAME: nondeterministic = 0 : i64

// CHECK-LABEL: kb.candidate @spill of @fixture
// CHECK-SAME: fma = 64 : i64
// CHECK-SAME: global_loads = 128 : i64

// MLIR's NVPTX output: .maxntid after the parameters, memref descriptors, no loop.
// CHECK-LABEL: kb.candidate @square of @fixture
// CHECK-SAME: global_load_bytes_max = 4 : i64, global_loads = 1 : i64
// CHECK-SAME: global_stores = 1 : i64
// CHECK-SAME: instructions = 15 : i64
// CHECK-SAME: loops = 0 : i64
