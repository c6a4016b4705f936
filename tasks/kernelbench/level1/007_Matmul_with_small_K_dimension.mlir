// KernelBench level 1, problem 7: Matmul_with_small_K_dimension.
// torch.matmul(A, B) with M = N = 16384 * 2 and K = 32 * 2. A = torch.rand(32768, 64), B =
// torch.rand(64, 32768). uniform(-0.5, 1.0) is the signed alternative: its positive mean keeps long
// sums away from zero, where fp32 rounding in any summation order would exceed atol = 1e-4.
kb.task @matmul_with_small_k_dimension origin <"KernelBench", level 1, problem 7> tolerance(atol 1.0e-4, rtol 1.0e-4)
    attributes {split = "train"} {
  kb.input "A" : tensor<32768x64xf32> dist(uniform(0.0, 1.0), uniform(-0.5, 1.0))
  kb.input "B" : tensor<64x32768xf32> dist(uniform(0.0, 1.0), uniform(-0.5, 1.0))
  kb.output "out" : tensor<32768x32768xf32>
  kb.reference "return torch.matmul(A, B)"
  kb.payload(%A: tensor<32768x64xf32>, %B: tensor<64x32768xf32>, %out: tensor<32768x32768xf32>) {
    %zero = arith.constant 0.0 : f32
    %acc = linalg.fill ins(%zero : f32) outs(%out : tensor<32768x32768xf32>) -> tensor<32768x32768xf32>
    %r = linalg.matmul ins(%A, %B : tensor<32768x64xf32>, tensor<64x32768xf32>) outs(%acc : tensor<32768x32768xf32>) -> tensor<32768x32768xf32>
    kb.yield %r : tensor<32768x32768xf32>
  }
}
