// KernelBench level 1, problem 23: Softmax.
// torch.softmax(x, dim=1) over rows of 393216: exp(x - max) / sum(exp(x - max)). x =
// torch.rand(batch_size, dim), batch_size = 4096, dim = 393216; normal(0, 1) is the signed
// alternative.
kb.task @softmax origin <"KernelBench", level 1, problem 23> tolerance(atol 1.0e-4, rtol 1.0e-4)
    attributes {split = "train"} {
  kb.input "x" : tensor<4096x393216xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.output "out" : tensor<4096x393216xf32>
  kb.reference "return torch.softmax(x, dim=1)"
  kb.payload(%x: tensor<4096x393216xf32>, %out: tensor<4096x393216xf32>) {
    %r = linalg.softmax dimension(1) ins(%x : tensor<4096x393216xf32>) outs(%out : tensor<4096x393216xf32>) -> tensor<4096x393216xf32>
    kb.yield %r : tensor<4096x393216xf32>
  }
}
