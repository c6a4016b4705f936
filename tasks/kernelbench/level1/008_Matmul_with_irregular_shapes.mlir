// KernelBench level 1, problem 8: Matmul_with_irregular_shapes.
// torch.matmul(A, B) with the irregular M = 8205, K = 2949, N = 5921. A = torch.rand(8205, 2949), B
// = torch.rand(2949, 5921). uniform(-0.5, 1.0) is the signed alternative: its positive mean keeps
// long sums away from zero, where fp32 rounding in any summation order would exceed atol = 1e-4.
kb.task @matmul_with_irregular_shapes origin <"KernelBench", level 1, problem 8> tolerance(atol 1.0e-4, rtol 1.0e-4)
    attributes {split = "train"} {
  kb.input "A" : tensor<8205x2949xf32> dist(uniform(0.0, 1.0), uniform(-0.5, 1.0))
  kb.input "B" : tensor<2949x5921xf32> dist(uniform(0.0, 1.0), uniform(-0.5, 1.0))
  kb.output "out" : tensor<8205x5921xf32>
  kb.reference "return torch.matmul(A, B)"
  kb.payload(%A: tensor<8205x2949xf32>, %B: tensor<2949x5921xf32>, %out: tensor<8205x5921xf32>) {
    %zero = arith.constant 0.0 : f32
    %acc = linalg.fill ins(%zero : f32) outs(%out : tensor<8205x5921xf32>) -> tensor<8205x5921xf32>
    %r = linalg.matmul ins(%A, %B : tensor<8205x2949xf32>, tensor<2949x5921xf32>) outs(%acc : tensor<8205x5921xf32>) -> tensor<8205x5921xf32>
    kb.yield %r : tensor<8205x5921xf32>
  }
}
