// RUN: kopt %s --pass-pipeline='builtin.module(kb-lower-to-ptx,kb-verify{runner="%kopt_runner" timeout=60 cache=none})' 2>/dev/null | FileCheck %s

// Triangular and diagonal inputs: the matmul kernels run only the K tiles that can hold a
// nonzero product for their output tile (and none for a tile the structure makes zero), and are
// correct on the structured inputs kopt-runner draws, at extents no tile divides, with every
// pipeline (cp.async stages, the register prefetch, one buffer), split-K, the TF32 kernels, a
// transposed operand and a batch.

// KernelBench's 014 at 200: triu(A @ B) of upper-triangular A and B.
kb.task @upper tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "A" : tensor<200x200xf32> dist(upper_triangular(uniform(0.0, 1.0)), upper_triangular(uniform(-0.5, 1.0)))
  kb.input "B" : tensor<200x200xf32> dist(upper_triangular(uniform(0.0, 1.0)), upper_triangular(uniform(-0.5, 1.0)))
  kb.output "out" : tensor<200x200xf32>
  kb.reference "return torch.triu(torch.matmul(A, B))"
  kb.payload(%A: tensor<200x200xf32>, %B: tensor<200x200xf32>, %out: tensor<200x200xf32>) {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<200x200xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<200x200xf32>) -> tensor<200x200xf32>
    %c = linalg.matmul ins(%A, %B : tensor<200x200xf32>, tensor<200x200xf32>) outs(%acc : tensor<200x200xf32>) -> tensor<200x200xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                         iterator_types = ["parallel", "parallel"]}
        ins(%c : tensor<200x200xf32>) outs(%out : tensor<200x200xf32>) {
    ^bb0(%v: f32, %o: f32):
      %i = linalg.index 0 : index
      %j = linalg.index 1 : index
      %keep = arith.cmpi uge, %j, %i : index
      %y = arith.select %keep, %v, %zero : f32
      linalg.yield %y : f32
    } -> tensor<200x200xf32>
    kb.yield %r : tensor<200x200xf32>
  }
}
kb.candidate @upper_async of @upper policy decisions {block_m = 64, block_n = 64, block_k = 16, cp_async = true, stages = 3}
kb.candidate @upper_prefetch of @upper policy decisions {block_m = 32, block_n = 64, block_k = 8, thread_m = 4, thread_n = 4, stages = 2}
kb.candidate @upper_single of @upper policy decisions {block_m = 128, block_n = 32, block_k = 32, vector = 1, stages = 1}
kb.candidate @upper_split of @upper policy decisions {block_m = 32, block_n = 32, block_k = 16, split_k = 4}
// CHECK: kb.candidate @upper_async of @upper {{.*}}verdict <correct
// CHECK: kb.candidate @upper_prefetch of @upper {{.*}}verdict <correct
// CHECK: kb.candidate @upper_single of @upper {{.*}}verdict <correct
// CHECK: kb.candidate @upper_split of @upper {{.*}}verdict <correct

// KernelBench's 015 at 200, with the TF32 kernels at a tolerance that admits them.
kb.task @lower tolerance(atol 1.0e-2, rtol 1.0e-2) {
  kb.input "A" : tensor<200x200xf32> dist(lower_triangular(uniform(0.0, 1.0)))
  kb.input "B" : tensor<200x200xf32> dist(lower_triangular(uniform(0.0, 1.0)))
  kb.output "out" : tensor<200x200xf32>
  kb.reference "return torch.tril(torch.matmul(A, B))"
  kb.payload(%A: tensor<200x200xf32>, %B: tensor<200x200xf32>, %out: tensor<200x200xf32>) {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<200x200xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<200x200xf32>) -> tensor<200x200xf32>
    %c = linalg.matmul ins(%A, %B : tensor<200x200xf32>, tensor<200x200xf32>) outs(%acc : tensor<200x200xf32>) -> tensor<200x200xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                         iterator_types = ["parallel", "parallel"]}
        ins(%c : tensor<200x200xf32>) outs(%out : tensor<200x200xf32>) {
    ^bb0(%v: f32, %o: f32):
      %i = linalg.index 0 : index
      %j = linalg.index 1 : index
      %keep = arith.cmpi uge, %i, %j : index
      %y = arith.select %keep, %v, %zero : f32
      linalg.yield %y : f32
    } -> tensor<200x200xf32>
    kb.yield %r : tensor<200x200xf32>
  }
}
kb.candidate @lower_simt of @lower policy decisions {block_m = 64, block_n = 64, block_k = 16, cp_async = true, stages = 2}
kb.candidate @lower_mma of @lower policy decisions {block_m = 64, block_n = 64, block_k = 16, tf32 = true, stages = 2}
kb.candidate @lower_wgmma of @lower policy decisions {block_m = 64, block_n = 128, block_k = 16, tf32 = true, wgmma = true, stages = 2}
// CHECK: kb.candidate @lower_simt of @lower {{.*}}verdict <correct
// CHECK: kb.candidate @lower_mma of @lower {{.*}}verdict <correct
// CHECK: kb.candidate @lower_wgmma of @lower {{.*}}verdict <correct

// A^T @ B of an upper-triangular A (so the operand is lower triangular in its view) and a full,
// rectangular B; then a diagonal A, batched.
kb.task @transposed tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "A" : tensor<150x150xf32> dist(upper_triangular(uniform(0.0, 1.0)))
  kb.input "B" : tensor<150x203xf32> dist(uniform(-0.5, 1.0))
  kb.output "out" : tensor<150x203xf32>
  kb.reference "return torch.matmul(A.T, B)"
  kb.payload(%A: tensor<150x150xf32>, %B: tensor<150x203xf32>, %out: tensor<150x203xf32>) {
    %zero = arith.constant 0.0 : f32
    %acc = linalg.fill ins(%zero : f32) outs(%out : tensor<150x203xf32>) -> tensor<150x203xf32>
    %c = linalg.generic {indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (k, n)>, affine_map<(m, n, k) -> (m, n)>],
                         iterator_types = ["parallel", "parallel", "reduction"]}
        ins(%A, %B : tensor<150x150xf32>, tensor<150x203xf32>) outs(%acc : tensor<150x203xf32>) {
    ^bb0(%a: f32, %b: f32, %o: f32):
      %p = arith.mulf %a, %b : f32
      %s = arith.addf %o, %p : f32
      linalg.yield %s : f32
    } -> tensor<150x203xf32>
    kb.yield %c : tensor<150x203xf32>
  }
}
kb.candidate @transposed_tile of @transposed policy decisions {block_m = 32, block_n = 64, block_k = 16, cp_async = true, stages = 3}
// CHECK: kb.candidate @transposed_tile of @transposed {{.*}}verdict <correct

kb.task @diagonal tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "A" : tensor<3x130x130xf32> dist(diagonal(uniform(0.0, 1.0)))
  kb.input "B" : tensor<3x130x70xf32> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<3x130x70xf32>
  kb.reference "return torch.bmm(A, B)"
  kb.payload(%A: tensor<3x130x130xf32>, %B: tensor<3x130x70xf32>, %out: tensor<3x130x70xf32>) {
    %zero = arith.constant 0.0 : f32
    %acc = linalg.fill ins(%zero : f32) outs(%out : tensor<3x130x70xf32>) -> tensor<3x130x70xf32>
    %c = linalg.batch_matmul ins(%A, %B : tensor<3x130x130xf32>, tensor<3x130x70xf32>) outs(%acc : tensor<3x130x70xf32>) -> tensor<3x130x70xf32>
    kb.yield %c : tensor<3x130x70xf32>
  }
}
kb.candidate @diagonal_tile of @diagonal policy decisions {block_m = 32, block_n = 32, block_k = 8, stages = 2}
// CHECK: kb.candidate @diagonal_tile of @diagonal {{.*}}verdict <correct
