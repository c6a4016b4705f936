// KernelBench level 1, problem 47: Sum_reduction_over_a_dimension.
// torch.sum(x, dim=1, keepdim=True): (128, 4096, 4095) -> (128, 1, 4095). x = torch.rand(128, 4096,
// 4095); uniform(-0.5, 1.0) is the signed alternative: its positive mean keeps long sums away from
// zero, where fp32 rounding in any summation order would exceed atol = 1e-4.
kb.task @sum_reduction_over_a_dimension origin <"KernelBench", level 1, problem 47> tolerance(atol 1.0e-4, rtol 1.0e-4)
    attributes {split = "train"} {
  kb.input "x" : tensor<128x4096x4095xf32> dist(uniform(0.0, 1.0), uniform(-0.5, 1.0))
  kb.output "out" : tensor<128x1x4095xf32>
  kb.reference "return torch.sum(x, dim=1, keepdim=True)"
  kb.payload(%x: tensor<128x4096x4095xf32>, %out: tensor<128x1x4095xf32>) {
    %zero = arith.constant 0.0 : f32
    %o = tensor.collapse_shape %out [[0], [1, 2]] : tensor<128x1x4095xf32> into tensor<128x4095xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%o : tensor<128x4095xf32>) -> tensor<128x4095xf32>
    %sum = linalg.reduce ins(%x : tensor<128x4096x4095xf32>) outs(%acc : tensor<128x4095xf32>) dimensions = [1]
      (%v: f32, %a: f32) {
        %s = arith.addf %v, %a : f32
        linalg.yield %s : f32
      }
    %r = tensor.expand_shape %sum [[0], [1, 2]] output_shape [128, 1, 4095] : tensor<128x4095xf32> into tensor<128x1x4095xf32>
    kb.yield %r : tensor<128x1x4095xf32>
  }
}
