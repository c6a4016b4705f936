// KernelBench level 1, problem 18: Matmul_with_transposed_both.
// torch.matmul(A.T, B.T) with M = 1024 * 2, K = 4096 * 2, N = 2048 * 2: a matmul whose operand
// layouts are given by the indexing maps. A = torch.rand(K, M), B = torch.rand(N, K). uniform(-0.5,
// 1.0) is the signed alternative: its positive mean keeps long sums away from zero, where fp32
// rounding in any summation order would exceed atol = 1e-4.
kb.task @matmul_with_transposed_both origin <"KernelBench", level 1, problem 18> tolerance(atol 1.0e-4, rtol 1.0e-4)
    attributes {split = "eval"} {
  kb.input "A" : tensor<8192x2048xf32> dist(uniform(0.0, 1.0), uniform(-0.5, 1.0))
  kb.input "B" : tensor<4096x8192xf32> dist(uniform(0.0, 1.0), uniform(-0.5, 1.0))
  kb.output "out" : tensor<2048x4096xf32>
  kb.reference "return torch.matmul(A.T, B.T)"
  kb.payload(%A: tensor<8192x2048xf32>, %B: tensor<4096x8192xf32>, %out: tensor<2048x4096xf32>) {
    %zero = arith.constant 0.0 : f32
    %acc = linalg.fill ins(%zero : f32) outs(%out : tensor<2048x4096xf32>) -> tensor<2048x4096xf32>
    %r = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>,
                                        affine_map<(m, n, k) -> (n, k)>,
                                        affine_map<(m, n, k) -> (m, n)>]
        ins(%A, %B : tensor<8192x2048xf32>, tensor<4096x8192xf32>) outs(%acc : tensor<2048x4096xf32>) -> tensor<2048x4096xf32>
    kb.yield %r : tensor<2048x4096xf32>
  }
}
