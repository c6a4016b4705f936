// KernelBench level 1, problem 28: HardSigmoid.
// F.hardsigmoid(x): min(max(x + 3, 0), 6) / 6. x = torch.rand(batch_size, dim), batch_size = 4096,
// dim = 393216; normal(0, 1) is the signed alternative. The reference calls the aten op
// torch.hardsigmoid.
kb.task @hard_sigmoid origin <"KernelBench", level 1, problem 28> tolerance(atol 1.0e-4, rtol 1.0e-4)
    attributes {split = "eval"} {
  kb.input "x" : tensor<4096x393216xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.output "out" : tensor<4096x393216xf32>
  kb.reference "return torch.hardsigmoid(x)"
  kb.payload(%x: tensor<4096x393216xf32>, %out: tensor<4096x393216xf32>) {
    %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                         iterator_types = ["parallel", "parallel"]}
        ins(%x : tensor<4096x393216xf32>) outs(%out : tensor<4096x393216xf32>) {
    ^bb0(%v: f32, %o: f32):
      %zero = arith.constant 0.0 : f32
      %three = arith.constant 3.0 : f32
      %six = arith.constant 6.0 : f32
      %a = arith.addf %v, %three : f32
      %lo = arith.maximumf %a, %zero : f32
      %hi = arith.minimumf %lo, %six : f32
      %y = arith.divf %hi, %six : f32
      linalg.yield %y : f32
    } -> tensor<4096x393216xf32>
    kb.yield %r : tensor<4096x393216xf32>
  }
}
