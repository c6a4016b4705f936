// KernelBench level 1, problem 14: Matmul_for_upper_triangular_matrices.
// torch.triu(torch.matmul(A, B)), N = 4096: the upper triangle of A @ B, zeros elsewhere, of
// upper-triangular A and B as KernelBench draws them (torch.triu(torch.rand(N, N)); the
// alternative draws from uniform(-0.5, 1.0)). A kernel may rely on the zeros below their
// diagonals: output tile (i, j) needs only the K range between i and j.
kb.task @matmul_for_upper_triangular_matrices origin <"KernelBench", level 1, problem 14> tolerance(atol 1.0e-4, rtol 1.0e-4)
    attributes {split = "eval"} {
  kb.input "A" : tensor<4096x4096xf32> dist(upper_triangular(uniform(0.0, 1.0)), upper_triangular(uniform(-0.5, 1.0)))
  kb.input "B" : tensor<4096x4096xf32> dist(upper_triangular(uniform(0.0, 1.0)), upper_triangular(uniform(-0.5, 1.0)))
  kb.output "out" : tensor<4096x4096xf32>
  kb.reference "return torch.triu(torch.matmul(A, B))"
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
      %keep = arith.cmpi uge, %j, %i : index
      %y = arith.select %keep, %v, %zero : f32
      linalg.yield %y : f32
    } -> tensor<4096x4096xf32>
    kb.yield %r : tensor<4096x4096xf32>
  }
}
