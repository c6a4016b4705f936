// KernelBench level 1, problem 4: Matrix_vector_multiplication.
// torch.matmul(A, B) of A (M, K) and a column B (K, 1), M = 256 * 8, K = 131072 * 8. A =
// torch.rand(M, K), B = torch.rand(K, 1). uniform(-0.5, 1.0) is the signed alternative: its
// positive mean keeps long sums away from zero, where fp32 rounding in any summation order would
// exceed atol = 1e-4.
kb.task @matrix_vector_multiplication origin <"KernelBench", level 1, problem 4> tolerance(atol 1.0e-4, rtol 1.0e-4)
    attributes {split = "eval"} {
  kb.input "A" : tensor<2048x1048576xf32> dist(uniform(0.0, 1.0), uniform(-0.5, 1.0))
  kb.input "B" : tensor<1048576x1xf32> dist(uniform(0.0, 1.0), uniform(-0.5, 1.0))
  kb.output "out" : tensor<2048x1xf32>
  kb.reference "return torch.matmul(A, B)"
  kb.payload(%A: tensor<2048x1048576xf32>, %B: tensor<1048576x1xf32>, %out: tensor<2048x1xf32>) {
    %zero = arith.constant 0.0 : f32
    %b = tensor.collapse_shape %B [[0, 1]] : tensor<1048576x1xf32> into tensor<1048576xf32>
    %o = tensor.collapse_shape %out [[0, 1]] : tensor<2048x1xf32> into tensor<2048xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%o : tensor<2048xf32>) -> tensor<2048xf32>
    %y = linalg.matvec ins(%A, %b : tensor<2048x1048576xf32>, tensor<1048576xf32>) outs(%acc : tensor<2048xf32>) -> tensor<2048xf32>
    %r = tensor.expand_shape %y [[0, 1]] output_shape [2048, 1] : tensor<2048xf32> into tensor<2048x1xf32>
    kb.yield %r : tensor<2048x1xf32>
  }
}
