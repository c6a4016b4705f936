// REQUIRES: clang-cuda
// RUN: cat %S/Inputs/relu-task.mlir %S/Inputs/cuda-candidates.mlir | kopt - --pass-pipeline='builtin.module(kb-lower-to-ptx{cuda-compiler=clang})' -o %t.mlir 2>/dev/null
// RUN: FileCheck %s < %t.mlir
// RUN: %extract-ptx %t.mlir valid | FileCheck %s --check-prefix=PTX
// RUN: cat %S/Inputs/relu-task.mlir %S/Inputs/cuda-bomb.mlir | kopt - --pass-pipeline='builtin.module(kb-lower-to-ptx{cuda-compiler=clang cuda-time-limit=1})' 2>/dev/null | FileCheck %s --check-prefix=BOMB

// CUDA C++ candidates compiled with clang (cuda-compiler=clang): the same contract as every compiler.

// CHECK-LABEL: kb.candidate @valid
// CHECK-SAME:    launch <[<"relu", grid = [16000, 1, 1], block = [256, 1, 1], smem = 0, args = ["x", "out", "i64:4096000"]>]>
// CHECK-NOT:     verdict
// PTX:      .target sm_90
// PTX:      .entry relu(

// CHECK-LABEL: kb.candidate @syntax
// CHECK-SAME:    verdict <compile_error, "syntax.cu:2:{{[0-9]+}}: error: {{.*}}

// BOMB: kb.candidate @bomb
// BOMB-SAME: verdict <compile_error, "clang stopped at the time limit of 1 s (kb-lower-to-ptx cuda-time-limit)
