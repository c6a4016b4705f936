// KernelBench level 1, problem 3: Batched_matrix_multiplication.
// torch.bmm(A, B) with batch_size = 128, m = 128 * 4, k = 256 * 4, n = 512 * 4. A =
// torch.rand(batch_size, m, k), B = torch.rand(batch_size, k, n). uniform(-0.5, 1.0) is the signed
// alternative: its positive mean keeps long sums away from zero, where fp32 rounding in any
// summation order would exceed atol = 1e-4.
kb.task @batched_matrix_multiplication origin <"KernelBench", level 1, problem 3> tolerance(atol 1.0e-4, rtol 1.0e-4)
    attributes {split = "train"} {
  kb.input "A" : tensor<128x512x1024xf32> dist(uniform(0.0, 1.0), uniform(-0.5, 1.0))
  kb.input "B" : tensor<128x1024x2048xf32> dist(uniform(0.0, 1.0), uniform(-0.5, 1.0))
  kb.output "out" : tensor<128x512x2048xf32>
  kb.reference "return torch.bmm(A, B)"
  kb.payload(%A: tensor<128x512x1024xf32>, %B: tensor<128x1024x2048xf32>, %out: tensor<128x512x2048xf32>) {
    %zero = arith.constant 0.0 : f32
    %acc = linalg.fill ins(%zero : f32) outs(%out : tensor<128x512x2048xf32>) -> tensor<128x512x2048xf32>
    %r = linalg.batch_matmul ins(%A, %B : tensor<128x512x1024xf32>, tensor<128x1024x2048xf32>) outs(%acc : tensor<128x512x2048xf32>) -> tensor<128x512x2048xf32>
    kb.yield %r : tensor<128x512x2048xf32>
  }
}
