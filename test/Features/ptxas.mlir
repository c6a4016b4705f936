// REQUIRES: ptxas
// RUN: kopt %S/Inputs/kernels.mlir --pass-pipeline='builtin.module(kb-tag-features{ptxas=%ptxas})' | FileCheck %s
// RUN: kopt %S/../gpu/Inputs/adversarial.mlir --pass-pipeline='builtin.module(kb-tag-features{ptxas=%ptxas})' | FileCheck %s --check-prefix=ADV

// With CUDA's ptxas: registers, stack and spills per kernel, as `ptxas -v` reports them. Register
// counts and spill sizes vary with the ptxas release: only their presence or sign is checked.

// CHECK-LABEL: kb.candidate @float4 of @fixture
// CHECK-SAME: ptxas_shared_bytes = 0 : i64, registers = {{[1-9][0-9]*}} : i64
// CHECK-SAME: spill_load_bytes = 0 : i64, spill_store_bytes = 0 : i64, stack_bytes = 0 : i64

// ptxas allocates the two static tiles.
// CHECK-LABEL: kb.candidate @tiled of @fixture
// CHECK-SAME: ptxas_shared_bytes = 2048 : i64

// CHECK-LABEL: kb.candidate @cpasync of @fixture
// CHECK-SAME: ptxas_shared_bytes = 4096 : i64

// The local array is the whole stack frame.
// CHECK-LABEL: kb.candidate @local of @fixture
// CHECK-SAME: stack_bytes = 128 : i64

// 64 live floats under __launch_bounds__(1024, 2) (at most 32 registers): spills.
// CHECK-LABEL: kb.candidate @spill of @fixture
// CHECK-SAME: registers = {{[1-9][0-9]*}} : i64
// CHECK-SAME: spill_load_bytes = {{[1-9][0-9]*}} : i64, spill_store_bytes = {{[1-9][0-9]*}} : i64, stack_bytes = {{[1-9][0-9]*}} : i64

// MLIR's NVPTX output assembles too.
// CHECK-LABEL: kb.candidate @square of @fixture
// CHECK-SAME: registers = {{[1-9][0-9]*}} : i64

// Ten candidates share one PTX text (ptxas runs once for it); each gets its own entry's features.
// ADV-LABEL: kb.candidate @relu_vec4 of @relu_task
// ADV-SAME: global_loads_v4 = 1 : i64
// ADV-SAME: registers = {{[1-9][0-9]*}} : i64
// ADV-LABEL: kb.candidate @cache_across_calls of @relu_task
// ADV-SAME: atomics = 2 : i64, barriers = 2 : i64
// ADV-SAME: ptxas_shared_bytes = 4 : i64
// ADV-SAME: shared_bytes = 4 : i64, shared_dynamic = 0 : i64, shared_loads = 1 : i64, shared_stores = 1 : i64

// A PTX that ptxas rejects (a device-side launch without cudadevrt) is tagged all the same: PTX
// keys and ptxas_error, no ptxas numbers.
// ADV-LABEL: kb.candidate @side_stream of @relu_task
// ADV-SAME: mma_sync = 0 : i64, nondeterministic = 0 : i64, ptxas_error = "ptxas fatal : Unresolved extern function '__cudaCDP2GetParameterBuffer'", shared_bytes = 0 : i64
// ADV-NOT: registers =
// ADV-LABEL: kb.candidate @too_much_smem
