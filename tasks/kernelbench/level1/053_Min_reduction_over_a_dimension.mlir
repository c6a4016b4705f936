// KernelBench level 1, problem 53: Min_reduction_over_a_dimension.
// torch.min(x, dim=1)[0]: the values of the minimum over dim 1, (128, 4096, 4095) -> (128, 4095); a
// NaN propagates, as in torch.min. x = torch.rand(128, 4096, 4095); normal(0, 1) is the signed
// alternative.
kb.task @min_reduction_over_a_dimension origin <"KernelBench", level 1, problem 53> tolerance(atol 1.0e-4, rtol 1.0e-4)
    attributes {split = "train"} {
  kb.input "x" : tensor<128x4096x4095xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.output "out" : tensor<128x4095xf32>
  kb.reference "return torch.min(x, dim=1)[0]"
  kb.payload(%x: tensor<128x4096x4095xf32>, %out: tensor<128x4095xf32>) {
    %init = arith.constant 0x7F800000 : f32
    %acc = linalg.fill ins(%init : f32) outs(%out : tensor<128x4095xf32>) -> tensor<128x4095xf32>
    %r = linalg.reduce ins(%x : tensor<128x4096x4095xf32>) outs(%acc : tensor<128x4095xf32>) dimensions = [1]
      (%v: f32, %a: f32) {
        %m = arith.minimumf %v, %a : f32
        linalg.yield %m : f32
      }
    kb.yield %r : tensor<128x4095xf32>
  }
}
