// KernelBench level 1, problem 13: Matmul_for_symmetric_matrices.
// torch.matmul(A, B), N = 4096, of symmetric A and B as KernelBench draws them: (R + R.T) / 2 of
// R = torch.rand(N, N) (the alternative draws R from uniform(-0.5, 1.0)). A kernel may rely on
// the symmetry, e.g. read B's rows in place of its columns.
kb.task @matmul_for_symmetric_matrices origin <"KernelBench", level 1, problem 13> tolerance(atol 1.0e-4, rtol 1.0e-4)
    attributes {split = "train"} {
  kb.input "A" : tensor<4096x4096xf32> dist(symmetric(uniform(0.0, 1.0)), symmetric(uniform(-0.5, 1.0)))
  kb.input "B" : tensor<4096x4096xf32> dist(symmetric(uniform(0.0, 1.0)), symmetric(uniform(-0.5, 1.0)))
  kb.output "out" : tensor<4096x4096xf32>
  kb.reference "return torch.matmul(A, B)"
  kb.payload(%A: tensor<4096x4096xf32>, %B: tensor<4096x4096xf32>, %out: tensor<4096x4096xf32>) {
    %zero = arith.constant 0.0 : f32
    %acc = linalg.fill ins(%zero : f32) outs(%out : tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
    %r = linalg.matmul ins(%A, %B : tensor<4096x4096xf32>, tensor<4096x4096xf32>) outs(%acc : tensor<4096x4096xf32>) -> tensor<4096x4096xf32>
    kb.yield %r : tensor<4096x4096xf32>
  }
}
