// KernelBench level 1, problem 27: SELU.
// torch.selu(x): scale * x where x > 0, else scale * alpha * (exp(x) - 1), with alpha =
// 1.6732632423543772, scale = 1.0507009873554805. x = torch.rand(batch_size, dim), batch_size =
// 4096, dim = 393216; normal(0, 1) is the signed alternative.
kb.task @selu origin <"KernelBench", level 1, problem 27> tolerance(atol 1.0e-4, rtol 1.0e-4)
    attributes {split = "train"} {
  kb.input "x" : tensor<4096x393216xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.output "out" : tensor<4096x393216xf32>
  kb.reference "return torch.selu(x)"
  kb.payload(%x: tensor<4096x393216xf32>, %out: tensor<4096x393216xf32>) {
    %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                         iterator_types = ["parallel", "parallel"]}
        ins(%x : tensor<4096x393216xf32>) outs(%out : tensor<4096x393216xf32>) {
    ^bb0(%v: f32, %o: f32):
      %zero = arith.constant 0.0 : f32
      %scale = arith.constant 1.0507009873554805 : f32
      %sa = arith.constant 1.7580993408473766 : f32
      %pos = arith.cmpf ogt, %v, %zero : f32
      %p = arith.mulf %v, %scale : f32
      %em1 = math.expm1 %v : f32
      %n = arith.mulf %em1, %sa : f32
      %y = arith.select %pos, %p, %n : f32
      linalg.yield %y : f32
    } -> tensor<4096x393216xf32>
    kb.yield %r : tensor<4096x393216xf32>
  }
}
