// KernelBench level 1, problem 1 (Square_matrix_multiplication) at a tolerance that TF32 tensor
// cores meet (atol = rtol = 1e-2; KernelBench's own 1e-4 rejects them for K = 4096).
// torch.matmul(A, B) with N = 2048 * 2. A = torch.rand(4096, 4096), B = torch.rand(4096, 4096).
kb.task @square_matrix_multiplication_tf32 tolerance(atol 1.0e-2, rtol 1.0e-2) {
  kb.input "A" : tensor<4096x4096xf32> dist(uniform(0.0, 1.0), uniform(-0.5, 1.0))
  kb.input "B" : tensor<4096x4096xf32> dist(uniform(0.0, 1.0), uniform(-0.5, 1.0))
  kb.output "out" : tensor<4096x4096xf32>
  kb.reference "return torch.matmul(A, B)"
  kb.payload(%A: tensor<4096x4096xf32>, %B: tensor<4096x4096xf32>, %out: tensor<4096x4096xf32>) {
    %zero = arith.constant 0.0 : f32
    %acc = linalg.fill ins(%zero : f32) outs(%out : tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
    %r = linalg.matmul ins(%A, %B : tensor<4096x4096xf32>, tensor<4096x4096xf32>) outs(%acc : tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
    kb.yield %r : tensor<4096x4096xf32>
  }
}
