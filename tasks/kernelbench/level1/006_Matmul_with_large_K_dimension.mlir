// KernelBench level 1, problem 6: Matmul_with_large_K_dimension.
// torch.matmul(A, B) with M = N = 256 and K = 131072 * 4. A = torch.rand(256, 524288), B =
// torch.rand(524288, 256). uniform(-0.5, 1.0) is the signed alternative: its positive mean keeps
// long sums away from zero, where fp32 rounding in any summation order would exceed atol = 1e-4.
kb.task @matmul_with_large_k_dimension origin <"KernelBench", level 1, problem 6> tolerance(atol 1.0e-4, rtol 1.0e-4)
    attributes {split = "train"} {
  kb.input "A" : tensor<256x524288xf32> dist(uniform(0.0, 1.0), uniform(-0.5, 1.0))
  kb.input "B" : tensor<524288x256xf32> dist(uniform(0.0, 1.0), uniform(-0.5, 1.0))
  kb.output "out" : tensor<256x256xf32>
  kb.reference "return torch.matmul(A, B)"
  kb.payload(%A: tensor<256x524288xf32>, %B: tensor<524288x256xf32>, %out: tensor<256x256xf32>) {
    %zero = arith.constant 0.0 : f32
    %acc = linalg.fill ins(%zero : f32) outs(%out : tensor<256x256xf32>) -> tensor<256x256xf32>
    %r = linalg.matmul ins(%A, %B : tensor<256x524288xf32>, tensor<524288x256xf32>) outs(%acc : tensor<256x256xf32>) -> tensor<256x256xf32>
    kb.yield %r : tensor<256x256xf32>
  }
}
