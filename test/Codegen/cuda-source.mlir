// REQUIRES: clang-cuda
// RUN: cat %S/Inputs/relu-task.mlir %s | kopt - --pass-pipeline='builtin.module(kb-lower-to-ptx)' -o %t.mlir 2>/dev/null
// RUN: FileCheck %s < %t.mlir
// RUN: %extract-ptx %t.mlir comment | FileCheck %s --check-prefix=PTX

// CUDA C++ candidates compile with clang; the plan comes from the candidate's `launch`, else from
// its `// kopt-launch:` comments; clang's errors become the verdict.

// CHECK-LABEL: kb.candidate @comment
// CHECK-SAME:    launch <[<"relu", grid = [16000, 1, 1], block = [256, 1, 1], smem = 0, args = ["x", "out", "i64:4096000"]>]>
// CHECK-NOT:     verdict
kb.candidate @comment of @relu manual source "// kopt-launch: relu grid(16000) block(256) args(x, out, i64:4096000)\0Aextern \22C\22 __global__ void relu(const float *x, float *out, long n) {\0A  long i = blockIdx.x * (long)blockDim.x + threadIdx.x;\0A  if (i < n) out[i] = fmaxf(x[i], 0.f);\0A}\0A"
// PTX:      .target sm_90
// PTX:      .entry relu(
// PTX-NEXT:   .param .u64 .ptr .align 1 relu_param_0,
// PTX-NEXT:   .param .u64 .ptr .align 1 relu_param_1,
// PTX-NEXT:   .param .u64 relu_param_2

// The candidate's own plan.
// CHECK-LABEL: kb.candidate @planned
// CHECK-SAME:    launch <[<"half", grid = [8000, 1, 1], block = [512, 1, 1], smem = 0, args = ["x", "out"]>]>
// CHECK-NOT:     verdict
kb.candidate @planned of @relu replay source "extern \22C\22 __global__ void half(const float *x, float *out) {\0A  long i = blockIdx.x * (long)blockDim.x + threadIdx.x;\0A  out[i] = fmaxf(x[i], 0.f);\0A}\0A"
    launch <[<"half", grid = [8000, 1, 1], block = [512, 1, 1], smem = 0, args = ["x", "out"]>]>

// CHECK-LABEL: kb.candidate @syntax
// CHECK-SAME:    verdict <compile_error, "syntax.cu:2:{{[0-9]+}}: error: {{.*}}generated when compiling for sm_90.">
kb.candidate @syntax of @relu server source "// kopt-launch: relu grid(1) block(1) args(x, out)\0Aextern \22C\22 __global__ void relu(const float *x, float *out {}\0A"

// CHECK-LABEL: kb.candidate @entry
// CHECK-SAME:    verdict <compile_error, "launch entry 'relu_v2' is not a kernel of the PTX (its kernels: relu); entries are `extern \22C\22 __global__` functions">
kb.candidate @entry of @relu manual source "// kopt-launch: relu_v2 grid(1) block(1) args(x, out)\0Aextern \22C\22 __global__ void relu(const float *x, float *out) {}\0A"
