// KernelBench level 1, problem 22: Tanh.
// torch.tanh(x). x = torch.rand(batch_size, dim), batch_size = 4096, dim = 393216; normal(0, 1) is
// the signed alternative.
kb.task @tanh origin <"KernelBench", level 1, problem 22> tolerance(atol 1.0e-4, rtol 1.0e-4)
    attributes {split = "train"} {
  kb.input "x" : tensor<4096x393216xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.output "out" : tensor<4096x393216xf32>
  kb.reference "return torch.tanh(x)"
  kb.payload(%x: tensor<4096x393216xf32>, %out: tensor<4096x393216xf32>) {
    %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                         iterator_types = ["parallel", "parallel"]}
        ins(%x : tensor<4096x393216xf32>) outs(%out : tensor<4096x393216xf32>) {
    ^bb0(%v: f32, %o: f32):
      %y = math.tanh %v : f32
      linalg.yield %y : f32
    } -> tensor<4096x393216xf32>
    kb.yield %r : tensor<4096x393216xf32>
  }
}
