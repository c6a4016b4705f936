// KernelBench level 1, problem 33: BatchNorm.
// nn.BatchNorm2d(64) in training mode (batch statistics): per channel c, with mean and biased
// variance over (batch, height, width), (x - mean) / sqrt(var + 1e-5) * weight[c] + bias[c]; the
// running statistics it would update do not affect the output and are left out. x = torch.rand(64,
// 64, 512, 512); normal(0, 1) is the signed alternative. The affine parameters are inputs, drawn
// like the other inputs (uniform(0, 1), then normal(0, 1)), and also at nn's initial values (weight
// 1, bias 0).
kb.task @batch_norm origin <"KernelBench", level 1, problem 33> tolerance(atol 1.0e-4, rtol 1.0e-4)
    attributes {split = "train"} {
  kb.input "x" : tensor<64x64x512x512xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.input "weight" : tensor<64xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0), constant(1.0))
  kb.input "bias" : tensor<64xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0), constant(0.0))
  kb.output "out" : tensor<64x64x512x512xf32>
  kb.reference "return torch.batch_norm(x, weight, bias, None, None, True, 0.1, 1e-05, True)"
  kb.payload(%x: tensor<64x64x512x512xf32>, %weight: tensor<64xf32>, %bias: tensor<64xf32>, %out: tensor<64x64x512x512xf32>) {
    %zero = arith.constant 0.0 : f32
    %count = arith.constant 16777216.0 : f32
    %eps = arith.constant 1.0e-05 : f32
    %e = tensor.empty() : tensor<64xf32>
    %s0 = linalg.fill ins(%zero : f32) outs(%e : tensor<64xf32>) -> tensor<64xf32>
    %sum = linalg.reduce ins(%x : tensor<64x64x512x512xf32>) outs(%s0 : tensor<64xf32>) dimensions = [0, 2, 3]
      (%v: f32, %a: f32) {
        %s = arith.addf %v, %a : f32
        linalg.yield %s : f32
      }
    %mean = linalg.generic {indexing_maps = [affine_map<(c) -> (c)>, affine_map<(c) -> (c)>],
                            iterator_types = ["parallel"]}
        ins(%sum : tensor<64xf32>) outs(%e : tensor<64xf32>) {
    ^bb0(%s: f32, %o: f32):
      %m = arith.divf %s, %count : f32
      linalg.yield %m : f32
    } -> tensor<64xf32>
    %sq = linalg.generic {indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>,
                                           affine_map<(n, c, h, w) -> (c)>,
                                           affine_map<(n, c, h, w) -> (c)>],
                          iterator_types = ["reduction", "parallel", "reduction", "reduction"]}
        ins(%x, %mean : tensor<64x64x512x512xf32>, tensor<64xf32>) outs(%s0 : tensor<64xf32>) {
    ^bb0(%v: f32, %m: f32, %a: f32):
      %d = arith.subf %v, %m : f32
      %d2 = arith.mulf %d, %d : f32
      %s = arith.addf %a, %d2 : f32
      linalg.yield %s : f32
    } -> tensor<64xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>,
                                          affine_map<(n, c, h, w) -> (c)>, affine_map<(n, c, h, w) -> (c)>,
                                          affine_map<(n, c, h, w) -> (c)>, affine_map<(n, c, h, w) -> (c)>,
                                          affine_map<(n, c, h, w) -> (n, c, h, w)>],
                         iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
        ins(%x, %mean, %sq, %weight, %bias : tensor<64x64x512x512xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>, tensor<64xf32>) outs(%out : tensor<64x64x512x512xf32>) {
    ^bb0(%v: f32, %m: f32, %s: f32, %g: f32, %b: f32, %o: f32):
      %var = arith.divf %s, %count : f32
      %ve = arith.addf %var, %eps : f32
      %inv = math.rsqrt %ve : f32
      %d = arith.subf %v, %m : f32
      %n = arith.mulf %d, %inv : f32
      %sc = arith.mulf %n, %g : f32
      %y = arith.addf %sc, %b : f32
      linalg.yield %y : f32
    } -> tensor<64x64x512x512xf32>
    kb.yield %r : tensor<64x64x512x512xf32>
  }
}
