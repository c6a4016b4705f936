// KernelBench level 1, problem 12: Matmul_with_diagonal_matrices.
// diag(A) @ B, computed as A.unsqueeze(1) * B: row i of B scaled by A[i]; M = N = 4096. A =
// torch.rand(N), B = torch.rand(N, M); normal(0, 1) is the signed alternative.
kb.task @matmul_with_diagonal_matrices origin <"KernelBench", level 1, problem 12> tolerance(atol 1.0e-4, rtol 1.0e-4)
    attributes {split = "eval"} {
  kb.input "A" : tensor<4096xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.input "B" : tensor<4096x4096xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.output "out" : tensor<4096x4096xf32>
  kb.reference "return A.unsqueeze(1) * B"
  kb.payload(%A: tensor<4096xf32>, %B: tensor<4096x4096xf32>, %out: tensor<4096x4096xf32>) {
    %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i, j)>,
                                          affine_map<(i, j) -> (i, j)>],
                         iterator_types = ["parallel", "parallel"]}
        ins(%A, %B : tensor<4096xf32>, tensor<4096x4096xf32>) outs(%out : tensor<4096x4096xf32>) {
    ^bb0(%a: f32, %b: f32, %o: f32):
      %y = arith.mulf %a, %b : f32
      linalg.yield %y : f32
    } -> tensor<4096x4096xf32>
    kb.yield %r : tensor<4096x4096xf32>
  }
}
