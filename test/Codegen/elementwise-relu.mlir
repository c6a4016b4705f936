// RUN: kopt %s --pass-pipeline='builtin.module(kb-lower-to-ptx)' -o %t.mlir 2>%t.err
// RUN: FileCheck %s < %t.mlir
// RUN: FileCheck %s --check-prefix=PROGRESS < %t.err
// RUN: %extract-ptx %t.mlir v4 | FileCheck %s --check-prefix=V4
// RUN: %extract-ptx %t.mlir v4x4 | FileCheck %s --check-prefix=V4X4
// RUN: %extract-ptx %t.mlir stride | FileCheck %s --check-prefix=STRIDE
// RUN: %extract-ptx %t.mlir scalar | FileCheck %s --check-prefix=SCALAR

// The elementwise schedule space on KernelBench's ReLU (at 1024 x 4096): one PTX kernel per
// decision list, whose parameters are the task's buffers (bare pointers), and its launch plan.

kb.task @relu origin <"KernelBench", level 1, problem 19> tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<1024x4096xf32> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<1024x4096xf32>
  kb.reference "return torch.relu(x)"
  kb.payload(%x: tensor<1024x4096xf32>, %out: tensor<1024x4096xf32>) {
    %zero = arith.constant 0.0 : f32
    %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                         iterator_types = ["parallel", "parallel"]}
        ins(%x : tensor<1024x4096xf32>) outs(%out : tensor<1024x4096xf32>) {
    ^bb0(%in: f32, %o: f32):
      %m = arith.maximumf %in, %zero : f32
      linalg.yield %m : f32
    } -> tensor<1024x4096xf32>
    kb.yield %r : tensor<1024x4096xf32>
  }
}

// 4194304 elements = 1048576 vectors of 4; 256 per block.
// CHECK-LABEL: kb.candidate @v4 of @relu policy
// CHECK-SAME:    ptx "
// CHECK-SAME:    launch <[<"relu", grid = [4096, 1, 1], block = [256, 1, 1], smem = 0, args = ["x", "out"]>]>
// CHECK-NOT:     verdict
kb.candidate @v4 of @relu policy decisions {vector = 4, per_thread = 1, block = 256}
// V4:      .target sm_90
// V4:      .visible .entry relu(
// V4-NEXT:   .param .u64 .ptr .align 1 relu_param_0,
// V4-NEXT:   .param .u64 .ptr .align 1 relu_param_1
// V4-NEXT: )
// V4-NEXT: .maxntid 256, 1, 1
// The NVPTX back end of LLVM 22 writes 32-bit loads and stores as .b32 (older ones: .f32).
// V4:      ld.global.v4.{{[bf]}}32
// V4-COUNT-4: max.NaN.f32
// V4:      st.global.v4.{{[bf]}}32
// V4-NOT:  bra
// V4:      ret;

// 4 vectors of 4 per thread, a block (128 x 16 bytes) apart, all loaded before any store.
// CHECK-LABEL: kb.candidate @v4x4
// CHECK-SAME:    launch <[<"relu", grid = [2048, 1, 1], block = [128, 1, 1], smem = 0, args = ["x", "out"]>]>
kb.candidate @v4x4 of @relu policy decisions {vector = 4, per_thread = 4, block = 128}
// V4X4:      .maxntid 128, 1, 1
// V4X4:      ld.global.v4.{{[bf]}}32 {{.*}}[[[X:%rd[0-9]+]]];
// V4X4-NEXT: ld.global.v4.{{[bf]}}32 {{.*}}[[[X]]+2048];
// V4X4-NEXT: ld.global.v4.{{[bf]}}32 {{.*}}[[[X]]+4096];
// V4X4-NEXT: ld.global.v4.{{[bf]}}32 {{.*}}[[[X]]+6144];
// V4X4-COUNT-4: st.global.v4.{{[bf]}}32
// V4X4-NOT:  bra

// Grid-stride: 2 blocks per SM on 132 SMs loop over the 4096 steps of 512 vectors of 2.
// CHECK-LABEL: kb.candidate @stride
// CHECK-SAME:    launch <[<"relu", grid = [264, 1, 1], block = [512, 1, 1], smem = 0, args = ["x", "out"]>]>
kb.candidate @stride of @relu policy decisions {vector = 2, block = 512, grid_stride = true, blocks_per_sm = 2}
// STRIDE:      mov.u32 {{.*}}%nctaid.x;
// STRIDE:      [[LOOP:\$L__BB0_[0-9]+]]:
// STRIDE:      ld.global.v2.{{[bf]}}32
// STRIDE:      st.global.v2.{{[bf]}}32
// STRIDE:      bra{{.*}} [[LOOP]];
// STRIDE-NEXT: ret;

// CHECK-LABEL: kb.candidate @scalar
// CHECK-SAME:    launch <[<"relu", grid = [4096, 1, 1], block = [1024, 1, 1], smem = 0, args = ["x", "out"]>]>
kb.candidate @scalar of @relu policy decisions {vector = 1, block = 1024}
// SCALAR-NOT: .v2
// SCALAR-NOT: .v4
// SCALAR:     ld.global.{{[bf]}}32
// SCALAR:     st.global.{{[bf]}}32

// No decisions: the defaults (vector 4, one per thread, 256 threads, one-shot).
// CHECK-LABEL: kb.candidate @defaults
// CHECK-SAME:    launch <[<"relu", grid = [4096, 1, 1], block = [256, 1, 1], smem = 0, args = ["x", "out"]>]>
kb.candidate @defaults of @relu policy decisions {}

// PROGRESS: kb-lower-to-ptx: relu {{[1-5]}}/5 {{v4|v4x4|stride|scalar|defaults}} ptx
