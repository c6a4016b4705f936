// REQUIRES: clang-cuda
// RUN: cat %S/Inputs/relu-task.mlir %s | kopt - --pass-pipeline='builtin.module(kb-replay{samples=%S/Inputs/relu-samples.jsonl},kb-lower-to-ptx)' -o %t.mlir 2>/dev/null
// RUN: FileCheck %s < %t.mlir
// RUN: %extract-ptx %t.mlir relu_r0 | FileCheck %s --check-prefix=PTX

// Replayed samples go through kb-lower-to-ptx like any CUDA C++ candidate: the good kernels get
// PTX and their `// kopt-launch:` plans, the syntax error gets compile_error, and the sample
// without code keeps its parse_error.

// CHECK-LABEL: kb.candidate @relu_r0 of @relu replay
// CHECK-SAME:    logprob <sum = -2.0, count = 4> ptx "
// CHECK-SAME:    launch <[<"relu", grid = [16384, 1, 1], block = [256, 1, 1], smem = 0, args = ["x", "out", "i64:4194304"]>]>
// CHECK-NOT:     verdict
// CHECK-LABEL: kb.candidate @relu_r1 of @relu replay
// CHECK-SAME:    ptx "
// CHECK-SAME:    launch <[<"relu4", grid = [4096, 1, 1], block = [256, 1, 1], smem = 0, args = ["x", "out"]>]>
// CHECK-NOT:     verdict
// CHECK-LABEL: kb.candidate @relu_r2 of @relu replay
// CHECK-NOT:     ptx
// CHECK-SAME:    verdict <parse_error, "no code block and no __global__ function in the sample's text">{{$}}
// CHECK-LABEL: kb.candidate @relu_r3 of @relu replay
// CHECK-NOT:     ptx
// CHECK-SAME:    verdict <compile_error, "relu_r3.cu:2:{{[0-9]+}}: error: {{.*}}">{{$}}

// PTX:      .target sm_90
// PTX:      .entry relu(
// PTX-NEXT:   .param .u64 .ptr .align 1 relu_param_0,
// PTX-NEXT:   .param .u64 .ptr .align 1 relu_param_1,
// PTX-NEXT:   .param .u64 relu_param_2
