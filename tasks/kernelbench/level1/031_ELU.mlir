// KernelBench level 1, problem 31: ELU.
// F.elu(x, alpha=1.0): x where x > 0, else alpha * (exp(x) - 1). x = torch.rand(batch_size, dim),
// batch_size = 4096, dim = 393216; normal(0, 1) is the signed alternative. The reference calls the
// aten op torch.elu.
kb.task @elu origin <"KernelBench", level 1, problem 31> tolerance(atol 1.0e-4, rtol 1.0e-4)
    attributes {split = "train"} {
  kb.input "x" : tensor<4096x393216xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.output "out" : tensor<4096x393216xf32>
  kb.reference "return torch.elu(x, 1.0)"
  kb.payload(%x: tensor<4096x393216xf32>, %out: tensor<4096x393216xf32>) {
    %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                         iterator_types = ["parallel", "parallel"]}
        ins(%x : tensor<4096x393216xf32>) outs(%out : tensor<4096x393216xf32>) {
    ^bb0(%v: f32, %o: f32):
      %zero = arith.constant 0.0 : f32
      %alpha = arith.constant 1.0 : f32
      %pos = arith.cmpf ogt, %v, %zero : f32
      %em1 = math.expm1 %v : f32
      %n = arith.mulf %em1, %alpha : f32
      %y = arith.select %pos, %v, %n : f32
      linalg.yield %y : f32
    } -> tensor<4096x393216xf32>
    kb.yield %r : tensor<4096x393216xf32>
  }
}
