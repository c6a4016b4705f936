// RUN: kopt %s --pass-pipeline='builtin.module(kb-lower-to-ptx)' -o %t.mlir 2>/dev/null
// RUN: FileCheck %s < %t.mlir
// RUN: %extract-ptx %t.mlir k_matvec | FileCheck %s --check-prefix=MATVEC
// RUN: %extract-ptx %t.mlir k_triu | FileCheck %s --check-prefix=TRIU

// The payloads of the matmul family: batched, a 3-D tensor times a matrix (collapsed views), a
// matvec through reshapes (a warp per row), an irregular matmul with a triu epilogue; and the
// contractions it rejects, each with a located reason.

kb.task @bmm tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "a" : tensor<4x64x32xf32> dist(uniform(0.0, 1.0))
  kb.input "b" : tensor<4x32x64xf32> dist(uniform(0.0, 1.0))
  kb.output "c" : tensor<4x64x64xf32>
  kb.reference "return torch.bmm(a, b)"
  kb.payload(%a: tensor<4x64x32xf32>, %b: tensor<4x32x64xf32>, %c: tensor<4x64x64xf32>) {
    %zero = arith.constant 0.0 : f32
    %z = linalg.fill ins(%zero : f32) outs(%c : tensor<4x64x64xf32>) -> tensor<4x64x64xf32>
    %r = linalg.batch_matmul ins(%a, %b : tensor<4x64x32xf32>, tensor<4x32x64xf32>) outs(%z : tensor<4x64x64xf32>) -> tensor<4x64x64xf32>
    kb.yield %r : tensor<4x64x64xf32>
  }
}
// The batch is the grid's y.
// CHECK-LABEL: kb.candidate @k_bmm
// CHECK-SAME:    launch <[<"bmm", grid = [1, 4, 1], block = [256, 1, 1], smem = 0, args = ["a", "b", "c"]>]>
kb.candidate @k_bmm of @bmm policy decisions {block_m = 64, block_n = 64, thread_m = 4, thread_n = 4}

kb.task @tensor3d tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "a" : tensor<2x48x64xf32> dist(uniform(0.0, 1.0))
  kb.input "b" : tensor<64x32xf32> dist(uniform(0.0, 1.0))
  kb.output "c" : tensor<2x48x32xf32>
  kb.reference "return torch.matmul(a, b)"
  kb.payload(%a: tensor<2x48x64xf32>, %b: tensor<64x32xf32>, %c: tensor<2x48x32xf32>) {
    %zero = arith.constant 0.0 : f32
    %a2 = tensor.collapse_shape %a [[0, 1], [2]] : tensor<2x48x64xf32> into tensor<96x64xf32>
    %c2 = tensor.collapse_shape %c [[0, 1], [2]] : tensor<2x48x32xf32> into tensor<96x32xf32>
    %z = linalg.fill ins(%zero : f32) outs(%c2 : tensor<96x32xf32>) -> tensor<96x32xf32>
    %y = linalg.matmul ins(%a2, %b : tensor<96x64xf32>, tensor<64x32xf32>) outs(%z : tensor<96x32xf32>) -> tensor<96x32xf32>
    %r = tensor.expand_shape %y [[0, 1], [2]] output_shape [2, 48, 32] : tensor<96x32xf32> into tensor<2x48x32xf32>
    kb.yield %r : tensor<2x48x32xf32>
  }
}
// M = 2 x 48 rows in blocks of 64 (the last one guarded).
// CHECK-LABEL: kb.candidate @k_tensor3d
// CHECK-SAME:    launch <[<"tensor3d", grid = [2, 1, 1], block = [64, 1, 1], smem = 0, args = ["a", "b", "c"]>]>
kb.candidate @k_tensor3d of @tensor3d policy decisions {block_m = 64, block_n = 32, thread_m = 8, thread_n = 4}

kb.task @matvec tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "a" : tensor<100x1024xf32> dist(uniform(0.0, 1.0))
  kb.input "x" : tensor<1024x1xf32> dist(uniform(0.0, 1.0))
  kb.output "y" : tensor<100x1xf32>
  kb.reference "return a @ x"
  kb.payload(%a: tensor<100x1024xf32>, %x: tensor<1024x1xf32>, %y: tensor<100x1xf32>) {
    %zero = arith.constant 0.0 : f32
    %v = tensor.collapse_shape %x [[0, 1]] : tensor<1024x1xf32> into tensor<1024xf32>
    %o = tensor.collapse_shape %y [[0, 1]] : tensor<100x1xf32> into tensor<100xf32>
    %z = linalg.fill ins(%zero : f32) outs(%o : tensor<100xf32>) -> tensor<100xf32>
    %r = linalg.matvec ins(%a, %v : tensor<100x1024xf32>, tensor<1024xf32>) outs(%z : tensor<100xf32>) -> tensor<100xf32>
    %e = tensor.expand_shape %r [[0, 1]] output_shape [100, 1] : tensor<100xf32> into tensor<100x1xf32>
    kb.yield %e : tensor<100x1xf32>
  }
}
// block_m = 128: 8 warps, a row each; 16-byte loads along K, a shuffle reduction.
// CHECK-LABEL: kb.candidate @k_matvec
// CHECK-SAME:    launch <[<"matvec", grid = [13, 1, 1], block = [256, 1, 1], smem = 0, args = ["a", "x", "y"]>]>
kb.candidate @k_matvec of @matvec policy decisions {block_m = 128, block_k = 16, vector = 4}
// MATVEC:     ld.global.v4.{{[bf]}}32
// MATVEC:     shfl.sync.bfly.b32
// MATVEC-NOT: bar.sync

kb.task @triu tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "a" : tensor<70x45xf32> dist(uniform(0.0, 1.0))
  kb.input "b" : tensor<45x70xf32> dist(uniform(0.0, 1.0))
  kb.output "c" : tensor<70x70xf32>
  kb.reference "return torch.triu(a @ b)"
  kb.payload(%a: tensor<70x45xf32>, %b: tensor<45x70xf32>, %c: tensor<70x70xf32>) {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<70x70xf32>
    %z = linalg.fill ins(%zero : f32) outs(%e : tensor<70x70xf32>) -> tensor<70x70xf32>
    %p = linalg.matmul ins(%a, %b : tensor<70x45xf32>, tensor<45x70xf32>) outs(%z : tensor<70x70xf32>) -> tensor<70x70xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                         iterator_types = ["parallel", "parallel"]}
        ins(%p : tensor<70x70xf32>) outs(%c : tensor<70x70xf32>) {
    ^bb0(%v: f32, %o: f32):
      %i = linalg.index 0 : index
      %j = linalg.index 1 : index
      %keep = arith.cmpi uge, %j, %i : index
      %y = arith.select %keep, %v, %zero : f32
      linalg.yield %y : f32
    } -> tensor<70x70xf32>
    kb.yield %r : tensor<70x70xf32>
  }
}
// Odd extents: scalar accesses, every edge guarded; the mask applies before the stores, and no
// temporary buffer is left (the kernel's only parameters are the task's buffers).
// CHECK-LABEL: kb.candidate @k_triu
// CHECK-SAME:    launch <[<"triu", grid = [9, 1, 1], block = [64, 1, 1], smem = 0, args = ["a", "b", "c"]>]>
kb.candidate @k_triu of @triu policy decisions {block_m = 32, block_n = 32, block_k = 16, thread_m = 4, thread_n = 4, cp_async = true}
// TRIU:     cp.async.ca.shared.global [{{.*}}], [{{.*}}], 4, {{%r[0-9]+}};
// TRIU:     selp.{{[bf]}}32
// TRIU-NOT: st.global.v

kb.task @imatmul tolerance(atol 0.0, rtol 0.0) {
  kb.input "a" : tensor<16x16xi32> dist(randint(0.0, 4.0))
  kb.input "b" : tensor<16x16xi32> dist(randint(0.0, 4.0))
  kb.output "c" : tensor<16x16xi32>
  kb.reference "return a @ b"
  kb.payload(%a: tensor<16x16xi32>, %b: tensor<16x16xi32>, %c: tensor<16x16xi32>) {
    %zero = arith.constant 0 : i32
    %z = linalg.fill ins(%zero : i32) outs(%c : tensor<16x16xi32>) -> tensor<16x16xi32>
    %r = linalg.matmul ins(%a, %b : tensor<16x16xi32>, tensor<16x16xi32>) outs(%z : tensor<16x16xi32>) -> tensor<16x16xi32>
    kb.yield %r : tensor<16x16xi32>
  }
}
// CHECK-LABEL: kb.candidate @k_imatmul
// CHECK-SAME:    verdict <compile_error, "{{.*}}matmul-payloads.mlir:[[# @LINE - 5]]:10: error: not in the matmul family: operand #0 is not a buffer of f32">
kb.candidate @k_imatmul of @imatmul policy decisions {}

kb.task @accumulate tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "a" : tensor<16x16xf32> dist(uniform(0.0, 1.0))
  kb.input "b" : tensor<16x16xf32> dist(uniform(0.0, 1.0))
  kb.input "c0" : tensor<16x16xf32> dist(uniform(0.0, 1.0))
  kb.output "c" : tensor<16x16xf32>
  kb.reference "return c0 + a @ b"
  kb.payload(%a: tensor<16x16xf32>, %b: tensor<16x16xf32>, %c0: tensor<16x16xf32>, %c: tensor<16x16xf32>) {
    %r = linalg.matmul ins(%a, %b : tensor<16x16xf32>, tensor<16x16xf32>) outs(%c0 : tensor<16x16xf32>) -> tensor<16x16xf32>
    kb.yield %r : tensor<16x16xf32>
  }
}
// CHECK-LABEL: kb.candidate @k_accumulate
// CHECK-SAME:    verdict <compile_error, "{{.*}}matmul-payloads.mlir:[[# @LINE - 5]]:10: error: {{.*}}">
kb.candidate @k_accumulate of @accumulate policy decisions {}

kb.task @vecmat tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<32xf32> dist(uniform(0.0, 1.0))
  kb.input "a" : tensor<32x64xf32> dist(uniform(0.0, 1.0))
  kb.output "y" : tensor<64xf32>
  kb.reference "return x @ a"
  kb.payload(%x: tensor<32xf32>, %a: tensor<32x64xf32>, %y: tensor<64xf32>) {
    %zero = arith.constant 0.0 : f32
    %z = linalg.fill ins(%zero : f32) outs(%y : tensor<64xf32>) -> tensor<64xf32>
    %r = linalg.vecmat ins(%x, %a : tensor<32xf32>, tensor<32x64xf32>) outs(%z : tensor<64xf32>) -> tensor<64xf32>
    kb.yield %r : tensor<64xf32>
  }
}
// CHECK-LABEL: kb.candidate @k_vecmat
// CHECK-SAME:    verdict <compile_error, "{{.*}}matmul-payloads.mlir:[[# @LINE - 5]]:10: error: not in the matmul family: it has no M or no K dimension (a vector-matrix product is not supported)">
kb.candidate @k_vecmat of @vecmat policy decisions {}
