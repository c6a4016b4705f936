// KernelBench level 1, problem 48: Mean_reduction_over_a_dimension.
// torch.mean(x, dim=1): (128, 4096, 4095) -> (128, 4095). x = torch.rand(128, 4096, 4095);
// normal(0, 1) is the signed alternative.
kb.task @mean_reduction_over_a_dimension origin <"KernelBench", level 1, problem 48> tolerance(atol 1.0e-4, rtol 1.0e-4)
    attributes {split = "train"} {
  kb.input "x" : tensor<128x4096x4095xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.output "out" : tensor<128x4095xf32>
  kb.reference "return torch.mean(x, dim=1)"
  kb.payload(%x: tensor<128x4096x4095xf32>, %out: tensor<128x4095xf32>) {
    %zero = arith.constant 0.0 : f32
    %count = arith.constant 4096.0 : f32
    %e = tensor.empty() : tensor<128x4095xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<128x4095xf32>) -> tensor<128x4095xf32>
    %sum = linalg.reduce ins(%x : tensor<128x4096x4095xf32>) outs(%acc : tensor<128x4095xf32>) dimensions = [1]
      (%v: f32, %a: f32) {
        %s = arith.addf %v, %a : f32
        linalg.yield %s : f32
      }
    %r = linalg.generic {indexing_maps = [affine_map<(b, j) -> (b, j)>, affine_map<(b, j) -> (b, j)>],
                         iterator_types = ["parallel", "parallel"]}
        ins(%sum : tensor<128x4095xf32>) outs(%out : tensor<128x4095xf32>) {
    ^bb0(%s: f32, %o: f32):
      %m = arith.divf %s, %count : f32
      linalg.yield %m : f32
    } -> tensor<128x4095xf32>
    kb.yield %r : tensor<128x4095xf32>
  }
}
