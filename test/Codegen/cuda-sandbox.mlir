// RUN: cat %S/Inputs/relu-task.mlir %s | kopt - --pass-pipeline='builtin.module(kb-lower-to-ptx)' 2>/dev/null | FileCheck %s
// RUN: cat %S/Inputs/relu-task.mlir %s | not kopt - --pass-pipeline='builtin.module(kb-lower-to-ptx{cuda-compiler=gcc})' 2>&1 | FileCheck %s --check-prefix=COMPILER
// RUN: cat %S/Inputs/relu-task.mlir %s | not kopt - --pass-pipeline='builtin.module(kb-lower-to-ptx{cuda-time-limit=0})' 2>&1 | FileCheck %s --check-prefix=LIMIT

// A CUDA C++ candidate must not read the host's files: includes that are absolute or climb out
// with '..', computed includes and #embed are refused before any compiler runs (so these need
// none). A kopt-launch line inside a block comment is no launch line.

// CHECK-LABEL: kb.candidate @absolute
// CHECK-SAME:    verdict <compile_error, "absolute.cu:2: #include '/etc/shadow' is absolute or climbs out with '..' (CUDA C++ candidates may include only headers of the compiler's and CUDA's include directories)">
kb.candidate @absolute of @relu server source "// kopt-launch: relu grid(1) block(1) args(x, out)\0A#include \22/etc/shadow\22\0Aextern \22C\22 __global__ void relu(const float *x, float *out) {}\0A"

// CHECK-LABEL: kb.candidate @parent
// CHECK-SAME:    verdict <compile_error, "parent.cu:3: #include '../../../../etc/passwd' is absolute or climbs out with '..'
kb.candidate @parent of @relu server source "// kopt-launch: relu grid(1) block(1) args(x, out)\0A#include <cuda_fp16.h>\0A  # include <../../../../etc/passwd>\0A"

// CHECK-LABEL: kb.candidate @embed
// CHECK-SAME:    verdict <compile_error, "embed.cu:3: #embed is not allowed
kb.candidate @embed of @relu server source "// kopt-launch: relu grid(1) block(1) args(x, out)\0Aconstexpr char data[] = {\0A#embed \22kernel.cu\22\0A};\0A"

// CHECK-LABEL: kb.candidate @computed
// CHECK-SAME:    verdict <compile_error, "computed.cu:3: #include takes \22...\22 or <...>, not a macro
kb.candidate @computed of @relu server source "// kopt-launch: relu grid(1) block(1) args(x, out)\0A#define SECRET \22/etc/shadow\22\0A#include SECRET\0A"

// CHECK-LABEL: kb.candidate @commented
// CHECK-SAME:    verdict <compile_error, "no launch plan
kb.candidate @commented of @relu server source "/* an earlier plan:\0A// kopt-launch: relu grid(1) block(1) args(x, out)\0A*/\0Aextern \22C\22 __global__ void relu(const float *x, float *out) {}\0A"

// COMPILER: error: kb-lower-to-ptx: cuda-compiler is auto, clang, nvrtc or nvcc, not 'gcc'
// LIMIT: error: kb-lower-to-ptx: cuda-time-limit and cuda-memory-limit must be positive
