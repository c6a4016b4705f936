// RUN: cat %S/Inputs/relu-task.mlir %s | kopt - --pass-pipeline='builtin.module(kb-lower-to-ptx)' 2>/dev/null | FileCheck %s

// A CUDA C++ candidate without a launch plan, or with a malformed one, is a compile error found
// before clang runs (so these need no clang).

// CHECK-LABEL: kb.candidate @noplan
// CHECK-SAME:    verdict <compile_error, "no launch plan: a CUDA C++ candidate carries a `launch` attribute or one `// kopt-launch: ENTRY grid(X,Y,Z) block(X,Y,Z) smem(BYTES) args(A, B, ...)` line per launch in its source">
kb.candidate @noplan of @relu manual source "extern \22C\22 __global__ void relu(const float *x, float *out) {}\0A"

// CHECK-LABEL: kb.candidate @zero
// CHECK-SAME:    verdict <compile_error, "zero.cu:2: kopt-launch: grid() takes integers >= 1, got '0'">
kb.candidate @zero of @relu manual source "#include <cstdint>\0A// kopt-launch: relu grid(0) block(256) args(x, out)\0A"

// CHECK-LABEL: kb.candidate @stranger
// CHECK-SAME:    verdict <compile_error, "launch 'relu' binds 'y', which is no input or output of the task (x, out)">
kb.candidate @stranger of @relu manual source "// kopt-launch: relu grid(1) block(256) args(x, y)\0A"

// CHECK-LABEL: kb.candidate @huge
// CHECK-SAME:    verdict <compile_error, "launch 'relu': a block holds at most 1024 threads, got 2048 along x">
kb.candidate @huge of @relu manual source "// kopt-launch: relu grid(1) block(2048) args(x, out)\0A"

// Beyond what a launch takes: a 32-bit launch would run one block, or no shared memory at all.
// CHECK-LABEL: kb.candidate @wide_grid
// CHECK-SAME:    verdict <compile_error, "launch 'relu': grid x is 4294967297, over CUDA's limit of 2147483647">
kb.candidate @wide_grid of @relu manual source "// kopt-launch: relu grid(4294967297) block(256) args(x, out)\0A"

// CHECK-LABEL: kb.candidate @smem_4g
// CHECK-SAME:    verdict <compile_error, "launch 'relu': 4294967296 bytes of dynamic shared memory, over CUDA's 32-bit limit of 4294967295">
kb.candidate @smem_4g of @relu manual source "// kopt-launch: relu grid(1) block(256) smem(4294967296) args(x, out)\0A"
