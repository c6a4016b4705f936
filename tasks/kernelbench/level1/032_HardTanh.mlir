// KernelBench level 1, problem 32: HardTanh.
// F.hardtanh(x, min_val=-1., max_val=1.): x clamped to [-1, 1]. x = torch.rand(batch_size, dim),
// batch_size = 4096, dim = 393216; normal(0, 1) is the signed alternative. The reference calls the
// aten op torch.hardtanh.
kb.task @hard_tanh origin <"KernelBench", level 1, problem 32> tolerance(atol 1.0e-4, rtol 1.0e-4)
    attributes {split = "eval"} {
  kb.input "x" : tensor<4096x393216xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.output "out" : tensor<4096x393216xf32>
  kb.reference "return torch.hardtanh(x, -1.0, 1.0)"
  kb.payload(%x: tensor<4096x393216xf32>, %out: tensor<4096x393216xf32>) {
    %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                         iterator_types = ["parallel", "parallel"]}
        ins(%x : tensor<4096x393216xf32>) outs(%out : tensor<4096x393216xf32>) {
    ^bb0(%v: f32, %o: f32):
      %lo = arith.constant -1.0 : f32
      %hi = arith.constant 1.0 : f32
      %a = arith.maximumf %v, %lo : f32
      %y = arith.minimumf %a, %hi : f32
      linalg.yield %y : f32
    } -> tensor<4096x393216xf32>
    kb.yield %r : tensor<4096x393216xf32>
  }
}
