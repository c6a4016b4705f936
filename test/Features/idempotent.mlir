// RUN: kopt %s --pass-pipeline='builtin.module(kb-tag-features{ptxas=none})' -verify-diagnostics -o %t.once.mlir
// RUN: kopt %t.once.mlir --pass-pipeline='builtin.module(kb-tag-features{ptxas=none})' -o %t.twice.mlir
// RUN: diff %t.once.mlir %t.twice.mlir
// RUN: FileCheck %s < %t.once.mlir

// Candidates that already have features keep them; those without PTX get none; a launch entry
// the PTX does not define is warned about, and every entry of the PTX is tagged instead.

kb.task @t tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<4xf32> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<4xf32>
  kb.reference "return x"
  kb.payload(%x: tensor<4xf32>, %out: tensor<4xf32>) {
    kb.yield %x : tensor<4xf32>
  }
}

// CHECK-LABEL: kb.candidate @tagged
// CHECK-SAME: features {hand_written = 1 : i64}{{$}}
kb.candidate @tagged of @t policy decisions {v = 0} ptx ".visible .entry k()\0A{\0A\09bar.sync 0;\0A\09ret;\0A}\0A"
    launch <[<"k", grid = [1, 1, 1], block = [4, 1, 1], smem = 0, args = ["x", "out"]>]>
    features {hand_written = 1}

// CHECK-LABEL: kb.candidate @no_ptx
// CHECK-NOT: features
kb.candidate @no_ptx of @t policy decisions {v = 1}

// The launch plan picks `second` out of two entries; a dynamic shared array it names.
// CHECK-LABEL: kb.candidate @picks_entry
// CHECK-SAME: barriers = 0 : i64
// CHECK-SAME: instructions = 2 : i64
// CHECK-SAME: shared_bytes = 0 : i64, shared_dynamic = 1 : i64
kb.candidate @picks_entry of @t policy decisions {v = 2} ptx ".target sm_90\0A.extern .shared .align 16 .b8 smem[];\0A.visible .entry first()\0A{\0A\09bar.sync 0;\0A\09ret;\0A}\0A.visible .entry second()\0A{\0A\09mov.u64 %rd1, smem;\0A\09ret;\0A}\0A"
    launch <[<"second", grid = [1, 1, 1], block = [4, 1, 1], smem = 1024, args = ["x", "out"]>]>

// Two launches: counts add up over both entries.
// CHECK-LABEL: kb.candidate @both_entries
// CHECK-SAME: barriers = 1 : i64
// CHECK-SAME: instructions = 4 : i64
kb.candidate @both_entries of @t policy decisions {v = 3} ptx ".target sm_90\0A.extern .shared .align 16 .b8 smem[];\0A.visible .entry first()\0A{\0A\09bar.sync 0;\0A\09ret;\0A}\0A.visible .entry second()\0A{\0A\09mov.u64 %rd1, smem;\0A\09ret;\0A}\0A"
    launch <[<"first", grid = [1, 1, 1], block = [4, 1, 1], smem = 0, args = ["x", "out"]>,
             <"second", grid = [1, 1, 1], block = [4, 1, 1], smem = 1024, args = ["x", "out"]>]>

// CHECK-LABEL: kb.candidate @missing_entry
// CHECK-SAME: barriers = 1 : i64
// CHECK-SAME: instructions = 2 : i64
// expected-warning @below {{candidate @missing_entry launches 'gone', which its PTX does not define}}
kb.candidate @missing_entry of @t policy decisions {v = 4} ptx ".visible .entry k()\0A{\0A\09bar.sync 0;\0A\09ret;\0A}\0A"
    launch <[<"gone", grid = [1, 1, 1], block = [4, 1, 1], smem = 0, args = ["x", "out"]>]>

// Text that is no PTX: tagged with zeros, never an error.
// CHECK-LABEL: kb.candidate @not_ptx
// CHECK-SAME: instructions = 0 : i64
kb.candidate @not_ptx of @t policy decisions {v = 5} ptx "FAKE correct"
