// RUN: cat %S/Inputs/relu-task.mlir %s > %t.in.mlir
// RUN: kopt %t.in.mlir --pass-pipeline='builtin.module(kb-lower-to-ptx{chip=sm_80 sms=108})' -o %t.mlir 2>/dev/null
// RUN: FileCheck %s < %t.mlir
// RUN: %extract-ptx %t.mlir todo | FileCheck %s --check-prefix=SM80
// RUN: not kopt %t.in.mlir --pass-pipeline='builtin.module(kb-lower-to-ptx{chip=sm_999})' 2>&1 | FileCheck %s --check-prefix=CHIP
// RUN: not kopt %t.in.mlir --pass-pipeline='builtin.module(kb-lower-to-ptx{sms=9223372036854775807})' 2>&1 | FileCheck %s --check-prefix=SMS

// The chip and its SM count (1 to 65536, which keeps grid sizes from overflowing) are options; candidates that already have PTX or a verdict are left
// as they are.

// 108 SMs (an A100) x 4 blocks per SM.
// CHECK-LABEL: kb.candidate @todo
// CHECK-SAME:    launch <[<"relu", grid = [432, 1, 1], block = [256, 1, 1]
kb.candidate @todo of @relu policy decisions {grid_stride = true}
// SM80: .target sm_80

// CHECK-LABEL: kb.candidate @lowered
// CHECK-SAME:    ptx "//ptx" launch <[<"k", grid = [1, 1, 1], block = [1, 1, 1], smem = 0, args = ["x", "out"]>]>{{$}}
kb.candidate @lowered of @relu policy decisions {} ptx "//ptx" launch <[<"k", grid = [1, 1, 1], block = [1, 1, 1], smem = 0, args = ["x", "out"]>]>
// CHECK-LABEL: kb.candidate @judged
// CHECK-SAME:    decisions {} verdict <incorrect, "measured elsewhere">{{$}}
kb.candidate @judged of @relu policy decisions {} verdict <incorrect, "measured elsewhere">

// CHIP: error: kb-lower-to-ptx: 'sm_999' is not a chip the NVPTX back end knows (e.g. sm_80, sm_90, sm_90a)
// SMS: error: kb-lower-to-ptx: the number of SMs must be between 1 and 65536, got 9223372036854775807
