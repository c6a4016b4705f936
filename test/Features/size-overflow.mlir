// RUN: kopt %s --pass-pipeline='builtin.module(kb-tag-features{ptxas=none})' | FileCheck %s

// Shared and local declarations whose bytes exceed 64 bits (untrusted PTX text): the sizes
// stop at the largest int64 instead of overflowing (before: undefined behaviour, shared_bytes 0),
// in a declaration, in the sum over a kernel's variables and along calls. A negative extent
// is no size, as any other extent that is not a number.

// CHECK-LABEL: kb.candidate @huge_shared
// CHECK-SAME: local_bytes = 9223372036854775807 : i64
// CHECK-SAME: shared_bytes = 9223372036854775807 : i64, shared_dynamic = 0 : i64
// CHECK-LABEL: kb.candidate @negative_extent
// CHECK-SAME: shared_bytes = 0 : i64, shared_dynamic = 1 : i64

kb.task @t tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<4xf32> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<4xf32>
  kb.reference "return x"
  kb.payload(%x: tensor<4xf32>, %out: tensor<4xf32>) {
    kb.yield %x : tensor<4xf32>
  }
}

kb.candidate @huge_shared of @t manual source "k" ptx ".version 8.0\0A.target sm_90\0A.address_size 64\0A.shared .align 8 .b64 big[4611686018427387904][4];\0A.shared .align 8 .v4 .b64 more[4611686018427387904];\0A.func callee()\0A{\0A  .local .align 8 .b8 depot[9223372036854775807];\0A  ret;\0A}\0A.visible .entry k()\0A{\0A  .local .align 8 .b8 own[9223372036854775807];\0A  mov.u64 %rd1, big;\0A  mov.u64 %rd2, more;\0A  call callee, ();\0A  ret;\0A}\0A" launch <[<"k", grid = [1, 1, 1], block = [1, 1, 1], smem = 0, args = ["x"]>]>

kb.candidate @negative_extent of @t manual source "k" ptx ".version 8.0\0A.target sm_90\0A.address_size 64\0A.visible .entry k()\0A{\0A  .shared .align 4 .b32 tile[-4];\0A  ret;\0A}\0A" launch <[<"k", grid = [1, 1, 1], block = [1, 1, 1], smem = 0, args = ["x"]>]>
