// KernelBench level 1, problem 15: Matmul_for_lower_triangular_matrices.
// torch.tril(torch.matmul(A, B)), N = 4096: the lower triangle of A @ B, zeros elsewhere, of
// lower-triangular A and B as KernelBench draws them (torch.tril(torch.rand(N, N)); the
// alternative draws from uniform(-0.5, 1.0)). A kernel may rely on the zeros above their
// diagonals: output tile (i, j) needs only the K range between i and j.
kb.task @matmul_for_lower_triangular_matrices origin <"KernelBench", level 1, problem 15> tolerance(atol 1.0e-4, rtol 1.0e-4)
    attributes {split = "eval"} {
  kb.input "A" : tensor<4096x4096xf32> dist(lower_triangular(uniform(0.0, 1.0)), lower_triangular(uniform(-0.5, 1.0)))
  kb.input "B" : tensor<4096x4096xf32> dist(lower_triangular(uniform(0.0, 1.0)), lower_triangular(uniform(-0.5, 1.0)))
  kb.output "out" : tensor<4096x4096xf32>
  kb.reference "return torch.tril(torch.matmul(A, B))"
  kb.payload(%A: tensor<4096x4096xf32>, %B: tensor<4096x4096xf32>, %out: tensor<4096x4096xf32>) {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<4096x4096xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
    %c = linalg.matmul ins(%A, %B : tensor<4096x4096xf32>, tensor<4096x4096xf32>) outs(%acc : tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                         iterator_types = ["parallel", "parallel"]}
        ins(%c : tensor<4096x4096xf32>) outs(%out : tensor<4096x4096xf32>) {
    ^bb0(%v: f32, %o: f32):
      %i = linalg.index 0 : index
      %j = linalg.index 1 : index
      %keep = arith.cmpi ule, %j, %i : index
      %y = arith.select %keep, %v, %zero : f32
      linalg.yield %y : f32
    } -> tensor<4096x4096xf32>
    kb.yield %r : tensor<4096x4096xf32>
  }
}
