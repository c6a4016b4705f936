// KernelBench level 1, problem 20: LeakyReLU.
// F.leaky_relu(x, negative_slope=0.01): x where x > 0, else 0.01 * x. x = torch.rand(batch_size,
// dim), batch_size = 4096, dim = 393216; normal(0, 1) is the signed alternative. The reference
// calls the aten op torch.leaky_relu (torch.nn.functional does not resolve in TorchScript compiled
// from C++).
kb.task @leaky_relu origin <"KernelBench", level 1, problem 20> tolerance(atol 1.0e-4, rtol 1.0e-4)
    attributes {split = "train"} {
  kb.input "x" : tensor<4096x393216xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.output "out" : tensor<4096x393216xf32>
  kb.reference "return torch.leaky_relu(x, 0.01)"
  kb.payload(%x: tensor<4096x393216xf32>, %out: tensor<4096x393216xf32>) {
    %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                         iterator_types = ["parallel", "parallel"]}
        ins(%x : tensor<4096x393216xf32>) outs(%out : tensor<4096x393216xf32>) {
    ^bb0(%v: f32, %o: f32):
      %zero = arith.constant 0.0 : f32
      %slope = arith.constant 0.01 : f32
      %pos = arith.cmpf ogt, %v, %zero : f32
      %neg = arith.mulf %v, %slope : f32
      %y = arith.select %pos, %v, %neg : f32
      linalg.yield %y : f32
    } -> tensor<4096x393216xf32>
    kb.yield %r : tensor<4096x393216xf32>
  }
}
