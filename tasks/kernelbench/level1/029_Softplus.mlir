// KernelBench level 1, problem 29: Softplus.
// F.softplus(x) with beta = 1, threshold = 20: log(1 + exp(x)), or x where x > 20. x =
// torch.rand(batch_size, dim), batch_size = 4096, dim = 393216; normal(0, 1) is the signed
// alternative. The reference calls the aten op torch.softplus (beta 1, threshold 20 by default).
kb.task @softplus origin <"KernelBench", level 1, problem 29> tolerance(atol 1.0e-4, rtol 1.0e-4)
    attributes {split = "eval"} {
  kb.input "x" : tensor<4096x393216xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.output "out" : tensor<4096x393216xf32>
  kb.reference "return torch.softplus(x)"
  kb.payload(%x: tensor<4096x393216xf32>, %out: tensor<4096x393216xf32>) {
    %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                         iterator_types = ["parallel", "parallel"]}
        ins(%x : tensor<4096x393216xf32>) outs(%out : tensor<4096x393216xf32>) {
    ^bb0(%v: f32, %o: f32):
      %threshold = arith.constant 20.0 : f32
      %big = arith.cmpf ogt, %v, %threshold : f32
      %e = math.exp %v : f32
      %l = math.log1p %e : f32
      %y = arith.select %big, %v, %l : f32
      linalg.yield %y : f32
    } -> tensor<4096x393216xf32>
    kb.yield %r : tensor<4096x393216xf32>
  }
}
