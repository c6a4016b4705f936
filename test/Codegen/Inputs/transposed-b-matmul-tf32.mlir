// KernelBench level 1, problem 17 (Matmul_with_transposed_B) at a tolerance that TF32 tensor
// cores meet (atol = rtol = 1e-2; KernelBench's own 1e-4 rejects them for K = 8192).
// torch.matmul(A, B.T), M = 2048, N = 4096, K = 8192: B is K-contiguous, so both wgmma operands
// reach shared memory by cp.async (wgmma_shared_b), where problem 1's B is transposed on the way.
kb.task @transposed_b_matmul_tf32 tolerance(atol 1.0e-2, rtol 1.0e-2) {
  kb.input "A" : tensor<2048x8192xf32> dist(uniform(0.0, 1.0), uniform(-0.5, 1.0))
  kb.input "B" : tensor<4096x8192xf32> dist(uniform(0.0, 1.0), uniform(-0.5, 1.0))
  kb.output "out" : tensor<2048x4096xf32>
  kb.reference "return torch.matmul(A, B.T)"
  kb.payload(%A: tensor<2048x8192xf32>, %B: tensor<4096x8192xf32>, %out: tensor<2048x4096xf32>) {
    %zero = arith.constant 0.0 : f32
    %acc = linalg.fill ins(%zero : f32) outs(%out : tensor<2048x4096xf32>) -> tensor<2048x4096xf32>
    %r = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                                        affine_map<(m, n, k) -> (n, k)>,
                                        affine_map<(m, n, k) -> (m, n)>]
        ins(%A, %B : tensor<2048x8192xf32>, tensor<4096x8192xf32>) outs(%acc : tensor<2048x4096xf32>) -> tensor<2048x4096xf32>
    kb.yield %r : tensor<2048x4096xf32>
  }
}
