// RUN: cat %S/Inputs/relu-task.mlir %s | kopt - --pass-pipeline='builtin.module(kb-lower-to-ptx)' 2>/dev/null | FileCheck %s

// Decision lists that the elementwise space does not have are compile errors of their candidate
// (located at the task); the others compile.

// CHECK-LABEL: kb.candidate @unknown
// CHECK-SAME:    verdict <compile_error, "<stdin>:2:1: error: 'tile' is not a decision of the elementwise space (its decisions: vector, per_thread, block, grid_stride, blocks_per_sm, fast_math)">
kb.candidate @unknown of @relu policy decisions {tile = 4}
// CHECK-LABEL: kb.candidate @outside
// CHECK-SAME:    verdict <compile_error, "<stdin>:2:1: error: decision 'block' = 2048 is not in its domain {64, 128, 256, 512, 1024}">
kb.candidate @outside of @relu policy decisions {block = 2048}
// CHECK-LABEL: kb.candidate @float
// CHECK-SAME:    verdict <compile_error, "decision 'vector' is neither an integer nor a boolean">
kb.candidate @float of @relu policy decisions {vector = 4.0}
// CHECK-LABEL: kb.candidate @fine
// CHECK-SAME:    launch <[<"relu", grid = [8000, 1, 1], block = [128, 1, 1], smem = 0, args = ["x", "out"]>]>
// CHECK-NOT:     verdict
kb.candidate @fine of @relu policy decisions {block = 128, grid_stride = false}
