// RUN: kopt %s --pass-pipeline='builtin.module(kb-lower-to-ptx)' -o %t.mlir 2>/dev/null
// RUN: FileCheck %s < %t.mlir
// RUN: %extract-ptx %t.mlir k_gelu | FileCheck %s --check-prefix=GELU
// RUN: %extract-ptx %t.mlir k_chain | FileCheck %s --check-prefix=CHAIN

// Payloads as tasks are written: math functions (from libdevice, linked in and inlined), named
// linalg ops, elementwise ops on whole tensors and chains of them, which fuse into one kernel
// that writes the output in place.

kb.task @gelu tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<4096x64xf32> dist(normal(0.0, 1.0))
  kb.output "out" : tensor<4096x64xf32>
  kb.reference "return torch.gelu(x)"
  kb.payload(%x: tensor<4096x64xf32>, %out: tensor<4096x64xf32>) {
    %half = arith.constant 0.5 : f32
    %one = arith.constant 1.0 : f32
    %rsqrt2 = arith.constant 0.70710678 : f32
    %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                         iterator_types = ["parallel", "parallel"]}
        ins(%x : tensor<4096x64xf32>) outs(%out : tensor<4096x64xf32>) {
    ^bb0(%a: f32, %o: f32):
      %t = arith.mulf %a, %rsqrt2 : f32
      %e = math.erf %t : f32
      %p = arith.addf %e, %one : f32
      %h = arith.mulf %a, %half : f32
      %y = arith.mulf %h, %p : f32
      linalg.yield %y : f32
    } -> tensor<4096x64xf32>
    kb.yield %r : tensor<4096x64xf32>
  }
}
// CHECK-LABEL: kb.candidate @k_gelu
// CHECK-SAME:    launch <[<"gelu", grid = [256, 1, 1], block = [256, 1, 1], smem = 0, args = ["x", "out"]>]>
kb.candidate @k_gelu of @gelu policy decisions {vector = 4, block = 256}
// GELU:     ld.global.v4.{{[bf]}}32
// GELU-NOT: __nv_erff
// GELU:     st.global.v4.{{[bf]}}32

kb.task @chain tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<256x256xf32> dist(uniform(0.0, 1.0))
  kb.input "y" : tensor<256x256xf32> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<256x256xf32>
  kb.reference "return torch.tanh(x + y)"
  kb.payload(%x: tensor<256x256xf32>, %y: tensor<256x256xf32>, %out: tensor<256x256xf32>) {
    %e = tensor.empty() : tensor<256x256xf32>
    %s = linalg.add ins(%x, %y : tensor<256x256xf32>, tensor<256x256xf32>) outs(%e : tensor<256x256xf32>) -> tensor<256x256xf32>
    %t = math.tanh %s : tensor<256x256xf32>
    %c = linalg.copy ins(%t : tensor<256x256xf32>) outs(%out : tensor<256x256xf32>) -> tensor<256x256xf32>
    kb.yield %c : tensor<256x256xf32>
  }
}
// One launch, no scratch buffer.
// CHECK-LABEL: kb.candidate @k_chain
// CHECK-SAME:    launch <[<"chain", grid = [64, 1, 1], block = [256, 1, 1], smem = 0, args = ["x", "y", "out"]>]>{{$}}
kb.candidate @k_chain of @chain policy decisions {vector = 4}
// CHAIN-COUNT-1: .entry
// CHAIN-COUNT-2: ld.global.v4.{{[bf]}}32
// CHAIN:         st.global.v4.{{[bf]}}32
