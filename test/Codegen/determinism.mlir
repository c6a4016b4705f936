// RUN: cat %S/Inputs/relu-task.mlir %s > %t.in.mlir
// RUN: kopt %t.in.mlir --pass-pipeline='builtin.module(kb-lower-to-ptx{threads=1})' -o %t.1.mlir 2>/dev/null
// RUN: kopt %t.in.mlir --pass-pipeline='builtin.module(kb-lower-to-ptx{threads=2})' -o %t.2.mlir 2>/dev/null
// RUN: kopt %t.in.mlir --pass-pipeline='builtin.module(kb-lower-to-ptx)' -o %t.0.mlir 2>%t.progress
// RUN: diff %t.1.mlir %t.2.mlir
// RUN: diff %t.1.mlir %t.0.mlir
// RUN: FileCheck %s < %t.1.mlir
// RUN: FileCheck %s --check-prefix=PROGRESS < %t.progress

// The output does not depend on the number of threads; candidates with identical decisions
// compile once and get the same result, in candidate order.

// CHECK:      kb.candidate @a of @relu policy decisions {block = 512 : i64, vector = 2 : i64} ptx "[[PTX:[^"]+]]" launch <[<"relu", grid = [4000, 1, 1], block = [512, 1, 1]
// CHECK-NEXT: kb.candidate @b of @relu policy decisions {block = 64 : i64} ptx
// CHECK-NEXT: kb.candidate @c of @relu policy decisions {block = 512 : i64, vector = 2 : i64} ptx "[[PTX]]" launch <[<"relu", grid = [4000, 1, 1], block = [512, 1, 1]
// CHECK-NEXT: kb.candidate @d of @relu policy decisions {grid_stride = true} ptx
// CHECK-NEXT: kb.candidate @e of @relu policy decisions {block = 64 : i64} ptx
kb.candidate @a of @relu policy decisions {vector = 2, block = 512}
kb.candidate @b of @relu policy decisions {block = 64}
kb.candidate @c of @relu policy decisions {block = 512, vector = 2}
kb.candidate @d of @relu policy decisions {grid_stride = true}
kb.candidate @e of @relu policy decisions {block = 64}

// Three distinct decision lists: three compilations.
// PROGRESS-COUNT-3: kb-lower-to-ptx: relu {{[1-3]}}/3 {{[abd]}} ptx
// PROGRESS-NOT:     kb-lower-to-ptx
