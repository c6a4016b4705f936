// KernelBench level 1, problem 10: 3D_tensor_matrix_multiplication.
// torch.matmul(A, B) of A (N, M, K) and B (K, L), N = 16, M = 1024, K = 2048, L = 768: one matmul
// of the (N*M, K) rows of A with B. A = torch.rand(N, M, K), B = torch.rand(K, L). uniform(-0.5,
// 1.0) is the signed alternative: its positive mean keeps long sums away from zero, where fp32
// rounding in any summation order would exceed atol = 1e-4.
kb.task @tensor_3d_matrix_multiplication origin <"KernelBench", level 1, problem 10> tolerance(atol 1.0e-4, rtol 1.0e-4)
    attributes {split = "train"} {
  kb.input "A" : tensor<16x1024x2048xf32> dist(uniform(0.0, 1.0), uniform(-0.5, 1.0))
  kb.input "B" : tensor<2048x768xf32> dist(uniform(0.0, 1.0), uniform(-0.5, 1.0))
  kb.output "out" : tensor<16x1024x768xf32>
  kb.reference "return torch.matmul(A, B)"
  kb.payload(%A: tensor<16x1024x2048xf32>, %B: tensor<2048x768xf32>, %out: tensor<16x1024x768xf32>) {
    %zero = arith.constant 0.0 : f32
    %a = tensor.collapse_shape %A [[0, 1], [2]] : tensor<16x1024x2048xf32> into tensor<16384x2048xf32>
    %o = tensor.collapse_shape %out [[0, 1], [2]] : tensor<16x1024x768xf32> into tensor<16384x768xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%o : tensor<16384x768xf32>) -> tensor<16384x768xf32>
    %y = linalg.matmul ins(%a, %B : tensor<16384x2048xf32>, tensor<2048x768xf32>) outs(%acc : tensor<16384x768xf32>) -> tensor<16384x768xf32>
    %r = tensor.expand_shape %y [[0, 1], [2]] output_shape [16, 1024, 768] : tensor<16384x768xf32> into tensor<16x1024x768xf32>
    kb.yield %r : tensor<16x1024x768xf32>
  }
}
