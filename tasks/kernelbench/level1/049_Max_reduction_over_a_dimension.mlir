// KernelBench level 1, problem 49: Max_reduction_over_a_dimension.
// torch.max(x, dim=1)[0]: the values of the maximum over dim 1, (128, 4096, 4095) -> (128, 4095); a
// NaN propagates, as in torch.max. x = torch.rand(128, 4096, 4095); normal(0, 1) is the signed
// alternative.
kb.task @max_reduction_over_a_dimension origin <"KernelBench", level 1, problem 49> tolerance(atol 1.0e-4, rtol 1.0e-4)
    attributes {split = "train"} {
  kb.input "x" : tensor<128x4096x4095xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.output "out" : tensor<128x4095xf32>
  kb.reference "return torch.max(x, dim=1)[0]"
  kb.payload(%x: tensor<128x4096x4095xf32>, %out: tensor<128x4095xf32>) {
    %init = arith.constant 0xFF800000 : f32
    %acc = linalg.fill ins(%init : f32) outs(%out : tensor<128x4095xf32>) -> tensor<128x4095xf32>
    %r = linalg.reduce ins(%x : tensor<128x4096x4095xf32>) outs(%acc : tensor<128x4095xf32>) dimensions = [1]
      (%v: f32, %a: f32) {
        %m = arith.maximumf %v, %a : f32
        linalg.yield %m : f32
      }
    kb.yield %r : tensor<128x4095xf32>
  }
}
