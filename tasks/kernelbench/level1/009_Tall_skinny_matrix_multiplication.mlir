// KernelBench level 1, problem 9: Tall_skinny_matrix_multiplication.
// torch.matmul(A, B) of a tall (M, N) and a wide (N, M) matrix, M = 16384 * 2, N = 16 * 2: the
// output is M x M. A = torch.rand(32768, 32), B = torch.rand(32, 32768). uniform(-0.5, 1.0) is the
// signed alternative: its positive mean keeps long sums away from zero, where fp32 rounding in any
// summation order would exceed atol = 1e-4.
kb.task @tall_skinny_matrix_multiplication origin <"KernelBench", level 1, problem 9> tolerance(atol 1.0e-4, rtol 1.0e-4)
    attributes {split = "train"} {
  kb.input "A" : tensor<32768x32xf32> dist(uniform(0.0, 1.0), uniform(-0.5, 1.0))
  kb.input "B" : tensor<32x32768xf32> dist(uniform(0.0, 1.0), uniform(-0.5, 1.0))
  kb.output "out" : tensor<32768x32768xf32>
  kb.reference "return torch.matmul(A, B)"
  kb.payload(%A: tensor<32768x32xf32>, %B: tensor<32x32768xf32>, %out: tensor<32768x32768xf32>) {
    %zero = arith.constant 0.0 : f32
    %acc = linalg.fill ins(%zero : f32) outs(%out : tensor<32768x32768xf32>) -> tensor<32768x32768xf32>
    %r = linalg.matmul ins(%A, %B : tensor<32768x32xf32>, tensor<32x32768xf32>) outs(%acc : tensor<32768x32768xf32>) -> tensor<32768x32768xf32>
    kb.yield %r : tensor<32768x32768xf32>
  }
}
