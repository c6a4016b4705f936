// RUN: kopt %s --pass-pipeline='builtin.module(kb-lower-to-ptx)' -o %t.mlir 2>/dev/null
// RUN: FileCheck %s < %t.mlir
// RUN: %extract-ptx %t.mlir split | FileCheck %s --check-prefix=SPLIT
// RUN: %extract-ptx %t.mlir unsplit | FileCheck %s --check-prefix=UNSPLIT
// RUN: %extract-ptx %t.mlir split_tf32 | FileCheck %s --check-prefix=SPLIT-TF32
// RUN: %extract-ptx %t.mlir split_triu | FileCheck %s --check-prefix=SPLIT-TRIU
// RUN: %extract-ptx %t.mlir split_ordered | FileCheck %s --check-prefix=ORDERED
// RUN: %extract-ptx %t.mlir split_relu | FileCheck %s --check-prefix=ORDERED-RELU
// RUN: %extract-ptx %t.mlir split_matvec | FileCheck %s --check-prefix=NO-SPLIT

// split_k: blocks along the grid's z share an output tile, each over a run of K tiles. Atomic
// (split_k_atomic, the default), they add their results into the output with float atomics after
// a kernel that initializes it (the first launch of the plan). Ordered (split_k_atomic = false,
// and for an epilogue that is not additive in the accumulator), they store partial tiles to
// scratch, which a last kernel adds in split order. split_k falls back to 1 for a matvec, and
// shrinks so that every split has a K tile.

kb.task @long_k tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "a" : tensor<64x4096xf32> dist(uniform(0.0, 1.0))
  kb.input "b" : tensor<4096x64xf32> dist(uniform(0.0, 1.0))
  kb.output "c" : tensor<64x64xf32>
  kb.reference "return a @ b"
  kb.payload(%a: tensor<64x4096xf32>, %b: tensor<4096x64xf32>, %c: tensor<64x64xf32>) {
    %zero = arith.constant 0.0 : f32
    %z = linalg.fill ins(%zero : f32) outs(%c : tensor<64x64xf32>) -> tensor<64x64xf32>
    %r = linalg.matmul ins(%a, %b : tensor<64x4096xf32>, tensor<4096x64xf32>) outs(%z : tensor<64x64xf32>) -> tensor<64x64xf32>
    kb.yield %r : tensor<64x64xf32>
  }
}

// One 64 x 64 tile, K in 128 tiles of 32: 8 splits of 16 tiles along z. The output is
// initialized by 16 blocks of 256 threads (64 x 64 elements) that read nothing.
// CHECK-LABEL: kb.candidate @split of @long_k policy
// CHECK-SAME:    launch <[<"long_k_init", grid = [16, 1, 1], block = [256, 1, 1], smem = 0, args = ["c"]>, <"long_k", grid = [1, 1, 8], block = [64, 1, 1], smem = {{[0-9]+}}, args = ["a", "b", "c"]>]>
kb.candidate @split of @long_k policy decisions {block_m = 64, block_n = 64, block_k = 32, split_k = 8}
// The init kernel stores the fill value; the matmul adds its partial tile with reductions (the
// atomics' result is unused), starting from zero, and stores nothing.
// SPLIT-LABEL: .entry long_k_init(
// SPLIT:       st.global.{{[bf]}}32
// SPLIT-LABEL: .entry long_k(
// SPLIT:       %ctaid.z
// SPLIT:       fma.rn.f32
// SPLIT:       {{(red|atom)}}.{{.*}}global.add.f32
// SPLIT-NOT:   st.global

// Ordered: no init kernel; the 8 splits store their 64 x 64 partials to scratch (8 x 16 KiB),
// and long_k_sum adds them to the fill value in split order, a thread per output.
// CHECK-LABEL: kb.candidate @split_ordered of @long_k policy
// CHECK-SAME:    launch <[<"long_k", grid = [1, 1, 8], block = [64, 1, 1], smem = {{[0-9]+}}, args = ["a", "b", "scratch0"]>, <"long_k_sum", grid = [16, 1, 1], block = [256, 1, 1], smem = 0, args = ["c", "scratch0"]>], scratch = [131072]>
kb.candidate @split_ordered of @long_k policy decisions {block_m = 64, block_n = 64, block_k = 32, split_k = 8, split_k_atomic = false}
// ORDERED-LABEL:   .entry long_k(
// ORDERED:         %ctaid.z
// ORDERED:         fma.rn.f32
// ORDERED-NOT:     {{(red|atom)}}.{{.*}}global.add.f32
// ORDERED:         st.global.v4.{{[bf]}}32
// ORDERED-NOT:     {{(red|atom)}}.{{.*}}global.add.f32
// ORDERED-LABEL:   .entry long_k_sum(
// ORDERED-COUNT-8: add.rn.f32
// ORDERED-NOT:     add.rn.f32
// ORDERED:         st.global.b32

// The same decisions with split_k = 1: one launch, plain stores.
// CHECK-LABEL: kb.candidate @unsplit of @long_k policy
// CHECK-SAME:    launch <[<"long_k", grid = [1, 1, 1], block = [64, 1, 1], smem = {{[0-9]+}}, args = ["a", "b", "c"]>]>
kb.candidate @unsplit of @long_k policy decisions {block_m = 64, block_n = 64, block_k = 32}
// UNSPLIT-NOT: .entry long_k_init
// UNSPLIT-NOT: {{(red|atom)}}.{{.*}}global.add.f32
// UNSPLIT:     st.global.v4.{{[bf]}}32

// TF32 mma.sync tiles split too, and K = 4096 / 8 = 512 tiles of 8 give at most 16 splits of 32.
// CHECK-LABEL: kb.candidate @split_tf32 of @long_k policy
// CHECK-SAME:    launch <[<"long_k_init", grid = [16, 1, 1], block = [256, 1, 1], smem = 0, args = ["c"]>, <"long_k", grid = [1, 1, 16], block = [32, 1, 1], smem = {{[0-9]+}}, args = ["a", "b", "c"]>]>
kb.candidate @split_tf32 of @long_k policy decisions {block_m = 64, block_n = 64, block_k = 8, tf32 = true, split_k = 16}
// SPLIT-TF32-LABEL: .entry long_k(
// SPLIT-TF32:       mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
// SPLIT-TF32:       {{(red|atom)}}.{{.*}}global.add.f32
// SPLIT-TF32-NOT:   st.global

// K no tile divides: 100 = 7 tiles of 16 (the last partial). split_k = 16 becomes 7 splits of a
// tile; split_k = 4 becomes 4 splits of 2 tiles (the last split has 1).
kb.task @short_k tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "a" : tensor<40x100xf32> dist(uniform(0.0, 1.0))
  kb.input "b" : tensor<100x24xf32> dist(uniform(0.0, 1.0))
  kb.output "c" : tensor<40x24xf32>
  kb.reference "return a @ b"
  kb.payload(%a: tensor<40x100xf32>, %b: tensor<100x24xf32>, %c: tensor<40x24xf32>) {
    %zero = arith.constant 0.0 : f32
    %z = linalg.fill ins(%zero : f32) outs(%c : tensor<40x24xf32>) -> tensor<40x24xf32>
    %r = linalg.matmul ins(%a, %b : tensor<40x100xf32>, tensor<100x24xf32>) outs(%z : tensor<40x24xf32>) -> tensor<40x24xf32>
    kb.yield %r : tensor<40x24xf32>
  }
}
// CHECK-LABEL: kb.candidate @split_past_k of @short_k policy
// CHECK-SAME:    launch <[<"short_k_init", grid = [4, 1, 1], {{.*}}>, <"short_k", grid = [1, 1, 7],
kb.candidate @split_past_k of @short_k policy decisions {block_m = 64, block_n = 32, block_k = 16, split_k = 16}
// CHECK-LABEL: kb.candidate @split_uneven of @short_k policy
// CHECK-SAME:    launch <[<"short_k_init", grid = [4, 1, 1], {{.*}}>, <"short_k", grid = [1, 1, 4],
kb.candidate @split_uneven of @short_k policy decisions {block_m = 64, block_n = 32, block_k = 16, split_k = 4}

// triu is additive in the accumulator (a select against zero): split, and the init kernel
// writes the mask of the fill value.
kb.task @triu tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "a" : tensor<70x450xf32> dist(uniform(0.0, 1.0))
  kb.input "b" : tensor<450x70xf32> dist(uniform(0.0, 1.0))
  kb.output "c" : tensor<70x70xf32>
  kb.reference "return torch.triu(a @ b)"
  kb.payload(%a: tensor<70x450xf32>, %b: tensor<450x70xf32>, %c: tensor<70x70xf32>) {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<70x70xf32>
    %z = linalg.fill ins(%zero : f32) outs(%e : tensor<70x70xf32>) -> tensor<70x70xf32>
    %p = linalg.matmul ins(%a, %b : tensor<70x450xf32>, tensor<450x70xf32>) outs(%z : tensor<70x70xf32>) -> tensor<70x70xf32>
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
// 70 x 70 = 4900 outputs: 20 init blocks, the last partly guarded.
// CHECK-LABEL: kb.candidate @split_triu of @triu policy
// CHECK-SAME:    launch <[<"triu_init", grid = [20, 1, 1], block = [256, 1, 1], smem = 0, args = ["c"]>, <"triu", grid = [9, 1, 4],
kb.candidate @split_triu of @triu policy decisions {block_m = 32, block_n = 32, block_k = 16, split_k = 4}
// SPLIT-TRIU-LABEL: .entry triu_init(
// SPLIT-TRIU:       st.global.{{[bf]}}32
// SPLIT-TRIU-LABEL: .entry triu(
// SPLIT-TRIU:       {{(red|atom)}}.{{.*}}global.add.f32

// A ReLU is not additive (max(x + y, 0) is not max(x, 0) + max(y, 0)): the splits are ordered,
// and the ReLU applies once, to the sum of the partials.
kb.task @relu tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "a" : tensor<64x512xf32> dist(uniform(-1.0, 1.0))
  kb.input "b" : tensor<512x64xf32> dist(uniform(-1.0, 1.0))
  kb.output "c" : tensor<64x64xf32>
  kb.reference "return torch.relu(a @ b)"
  kb.payload(%a: tensor<64x512xf32>, %b: tensor<512x64xf32>, %c: tensor<64x64xf32>) {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<64x64xf32>
    %z = linalg.fill ins(%zero : f32) outs(%e : tensor<64x64xf32>) -> tensor<64x64xf32>
    %p = linalg.matmul ins(%a, %b : tensor<64x512xf32>, tensor<512x64xf32>) outs(%z : tensor<64x64xf32>) -> tensor<64x64xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                         iterator_types = ["parallel", "parallel"]}
        ins(%p : tensor<64x64xf32>) outs(%c : tensor<64x64xf32>) {
    ^bb0(%v: f32, %o: f32):
      %y = arith.maximumf %v, %zero : f32
      linalg.yield %y : f32
    } -> tensor<64x64xf32>
    kb.yield %r : tensor<64x64xf32>
  }
}
// CHECK-LABEL: kb.candidate @split_relu of @relu policy
// CHECK-SAME:    launch <[<"relu", grid = [1, 1, 8], block = [64, 1, 1], smem = {{[0-9]+}}, args = ["a", "b", "scratch0"]>, <"relu_sum", grid = [16, 1, 1], {{.*}}args = ["c", "scratch0"]>], scratch = [131072]>
kb.candidate @split_relu of @relu policy decisions {block_m = 64, block_n = 64, block_k = 32, split_k = 8}
// ORDERED-RELU-LABEL: .entry relu_sum(
// ORDERED-RELU-COUNT-8: add.rn.f32
// ORDERED-RELU-NEXT:  max.NaN.f32
// ORDERED-RELU:       st.global.b32

// A matvec keeps its warp-per-row kernel: split_k does not apply.
kb.task @matvec tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "a" : tensor<64x4096xf32> dist(uniform(0.0, 1.0))
  kb.input "x" : tensor<4096x1xf32> dist(uniform(0.0, 1.0))
  kb.output "y" : tensor<64x1xf32>
  kb.reference "return a @ x"
  kb.payload(%a: tensor<64x4096xf32>, %x: tensor<4096x1xf32>, %y: tensor<64x1xf32>) {
    %zero = arith.constant 0.0 : f32
    %z = linalg.fill ins(%zero : f32) outs(%y : tensor<64x1xf32>) -> tensor<64x1xf32>
    %r = linalg.matmul ins(%a, %x : tensor<64x4096xf32>, tensor<4096x1xf32>) outs(%z : tensor<64x1xf32>) -> tensor<64x1xf32>
    kb.yield %r : tensor<64x1xf32>
  }
}
// CHECK-LABEL: kb.candidate @split_matvec of @matvec policy
// CHECK-SAME:    launch <[<"matvec", {{[^>]*}}>]>
kb.candidate @split_matvec of @matvec policy decisions {split_k = 16}
// The kernel is the matvec's own, which stores its results.
// NO-SPLIT:     .entry matvec(
// NO-SPLIT-NOT: {{(red|atom)}}.{{.*}}global.add.f32
// NO-SPLIT:     st.global
// NO-SPLIT-NOT: {{(red|atom)}}.{{.*}}global.add.f32
