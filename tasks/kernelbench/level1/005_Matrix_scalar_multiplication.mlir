// KernelBench level 1, problem 5: Matrix_scalar_multiplication.
// A * s with M = 16384 * 4, N = 4096 * 4 and the scalar s = 3.14 (a 0-d tensor in the reference). A
// = torch.rand(M, N); normal(0, 1) is the signed alternative for A.
kb.task @matrix_scalar_multiplication origin <"KernelBench", level 1, problem 5> tolerance(atol 1.0e-4, rtol 1.0e-4)
    attributes {split = "eval"} {
  kb.input "A" : tensor<65536x16384xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.input "s" : f32 dist(constant(3.14))
  kb.output "out" : tensor<65536x16384xf32>
  kb.reference "return A * s"
  kb.payload(%A: tensor<65536x16384xf32>, %s: f32, %out: tensor<65536x16384xf32>) {
    %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                         iterator_types = ["parallel", "parallel"]}
        ins(%A : tensor<65536x16384xf32>) outs(%out : tensor<65536x16384xf32>) {
    ^bb0(%a: f32, %o: f32):
      %y = arith.mulf %a, %s : f32
      linalg.yield %y : f32
    } -> tensor<65536x16384xf32>
    kb.yield %r : tensor<65536x16384xf32>
  }
}
