// KernelBench level 1, problem 26: GELU.
// F.gelu(x), the exact form: 0.5 * x * (1 + erf(x / sqrt(2))). x = torch.rand(batch_size, dim),
// batch_size = 4096, dim = 393216; normal(0, 1) is the signed alternative. The reference calls the
// aten op torch.gelu (approximate='none').
kb.task @gelu origin <"KernelBench", level 1, problem 26> tolerance(atol 1.0e-4, rtol 1.0e-4)
    attributes {split = "train"} {
  kb.input "x" : tensor<4096x393216xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.output "out" : tensor<4096x393216xf32>
  kb.reference "return torch.gelu(x)"
  kb.payload(%x: tensor<4096x393216xf32>, %out: tensor<4096x393216xf32>) {
    %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                         iterator_types = ["parallel", "parallel"]}
        ins(%x : tensor<4096x393216xf32>) outs(%out : tensor<4096x393216xf32>) {
    ^bb0(%v: f32, %o: f32):
      %half = arith.constant 0.5 : f32
      %one = arith.constant 1.0 : f32
      %rsqrt2 = arith.constant 0.70710678118654752 : f32
      %s = arith.mulf %v, %rsqrt2 : f32
      %e = math.erf %s : f32
      %p = arith.addf %one, %e : f32
      %h = arith.mulf %v, %half : f32
      %y = arith.mulf %h, %p : f32
      linalg.yield %y : f32
    } -> tensor<4096x393216xf32>
    kb.yield %r : tensor<4096x393216xf32>
  }
}
