// RUN: kopt %s --pass-pipeline='builtin.module(kb-lower-to-ptx)' -o %t.mlir 2>/dev/null
// RUN: %extract-ptx %t.mlir upper | FileCheck %s --check-prefix=UPPER
// RUN: %extract-ptx %t.mlir upper_split | FileCheck %s --check-prefix=SPLIT
// RUN: %extract-ptx %t.mlir full | FileCheck %s --check-prefix=FULL
// RUN: %extract-ptx %t.mlir mixed | FileCheck %s --check-prefix=FULL

// An input drawn upper triangular is zero where k < m (A) and k > n (B): a block of the output
// runs K tiles from its first row's to its last column's, counted at run time from its place in
// the grid, and none where that range is empty (below the diagonal). 200 / 16 = 13 K tiles
// bound the range from above.
kb.task @tri tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "A" : tensor<200x200xf32> dist(upper_triangular(uniform(0.0, 1.0)))
  kb.input "B" : tensor<200x200xf32> dist(upper_triangular(uniform(0.0, 1.0)))
  kb.output "out" : tensor<200x200xf32>
  kb.reference "return torch.matmul(A, B)"
  kb.payload(%A: tensor<200x200xf32>, %B: tensor<200x200xf32>, %out: tensor<200x200xf32>) {
    %zero = arith.constant 0.0 : f32
    %acc = linalg.fill ins(%zero : f32) outs(%out : tensor<200x200xf32>) -> tensor<200x200xf32>
    %c = linalg.matmul ins(%A, %B : tensor<200x200xf32>, tensor<200x200xf32>) outs(%acc : tensor<200x200xf32>) -> tensor<200x200xf32>
    kb.yield %c : tensor<200x200xf32>
  }
}
kb.candidate @upper of @tri policy decisions {block_m = 64, block_n = 64, block_k = 16, cp_async = true, stages = 3}
// UPPER-LABEL: .entry tri(
// UPPER:       %ctaid.x
// UPPER:       min.u64 {{.*}}, 13;
// UPPER:       cp.async
// With split-K, the split's own range is intersected with it.
kb.candidate @upper_split of @tri policy decisions {block_m = 64, block_n = 64, block_k = 16, split_k = 4}
// SPLIT-LABEL: .entry tri(
// SPLIT:       %ctaid.z
// SPLIT:       min.u64
// SPLIT:       {{(red|atom)}}.{{.*}}global.add.f32

// The same product of full inputs runs every K tile.
kb.task @square tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "A" : tensor<200x200xf32> dist(uniform(0.0, 1.0))
  kb.input "B" : tensor<200x200xf32> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<200x200xf32>
  kb.reference "return torch.matmul(A, B)"
  kb.payload(%A: tensor<200x200xf32>, %B: tensor<200x200xf32>, %out: tensor<200x200xf32>) {
    %zero = arith.constant 0.0 : f32
    %acc = linalg.fill ins(%zero : f32) outs(%out : tensor<200x200xf32>) -> tensor<200x200xf32>
    %c = linalg.matmul ins(%A, %B : tensor<200x200xf32>, tensor<200x200xf32>) outs(%acc : tensor<200x200xf32>) -> tensor<200x200xf32>
    kb.yield %c : tensor<200x200xf32>
  }
}
kb.candidate @full of @square policy decisions {block_m = 64, block_n = 64, block_k = 16, cp_async = true, stages = 3}
// FULL-NOT: min.u64

// A structure counts only where every distribution has it: an alternative drawn full may put
// nonzeros anywhere.
kb.task @some_full tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "A" : tensor<200x200xf32> dist(upper_triangular(uniform(0.0, 1.0)), uniform(0.0, 1.0))
  kb.input "B" : tensor<200x200xf32> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<200x200xf32>
  kb.reference "return torch.matmul(A, B)"
  kb.payload(%A: tensor<200x200xf32>, %B: tensor<200x200xf32>, %out: tensor<200x200xf32>) {
    %zero = arith.constant 0.0 : f32
    %acc = linalg.fill ins(%zero : f32) outs(%out : tensor<200x200xf32>) -> tensor<200x200xf32>
    %c = linalg.matmul ins(%A, %B : tensor<200x200xf32>, tensor<200x200xf32>) outs(%acc : tensor<200x200xf32>) -> tensor<200x200xf32>
    kb.yield %c : tensor<200x200xf32>
  }
}
kb.candidate @mixed of @some_full policy decisions {block_m = 64, block_n = 64, block_k = 16, cp_async = true, stages = 3}
