// KernelBench level 1, problem 35: GroupNorm.
// nn.GroupNorm(num_groups=8, num_channels=64): channels split into 8 groups of 8; per (sample,
// group), (x - mean) / sqrt(var + 1e-5) with mean and biased variance over (channels of the group,
// height, width), then * weight[c] + bias[c]. x = torch.rand(112, 64, 512, 512); normal(0, 1) is
// the signed alternative. The affine parameters are inputs, drawn like the other inputs (uniform(0,
// 1), then normal(0, 1)), and also at nn's initial values (weight 1, bias 0).
kb.task @group_norm origin <"KernelBench", level 1, problem 35> tolerance(atol 1.0e-4, rtol 1.0e-4)
    attributes {split = "train"} {
  kb.input "x" : tensor<112x64x512x512xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.input "weight" : tensor<64xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0), constant(1.0))
  kb.input "bias" : tensor<64xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0), constant(0.0))
  kb.output "out" : tensor<112x64x512x512xf32>
  kb.reference "return torch.group_norm(x, 8, weight, bias, 1e-05, True)"
  kb.payload(%x: tensor<112x64x512x512xf32>, %weight: tensor<64xf32>, %bias: tensor<64xf32>, %out: tensor<112x64x512x512xf32>) {
    %zero = arith.constant 0.0 : f32
    %count = arith.constant 2097152.0 : f32
    %eps = arith.constant 1.0e-05 : f32
    %xg = tensor.expand_shape %x [[0], [1, 2], [3], [4]] output_shape [112, 8, 8, 512, 512]
        : tensor<112x64x512x512xf32> into tensor<112x8x8x512x512xf32>
    %wg = tensor.expand_shape %weight [[0, 1]] output_shape [8, 8] : tensor<64xf32> into tensor<8x8xf32>
    %bg = tensor.expand_shape %bias [[0, 1]] output_shape [8, 8] : tensor<64xf32> into tensor<8x8xf32>
    %og = tensor.expand_shape %out [[0], [1, 2], [3], [4]] output_shape [112, 8, 8, 512, 512]
        : tensor<112x64x512x512xf32> into tensor<112x8x8x512x512xf32>
    %e = tensor.empty() : tensor<112x8xf32>
    %s0 = linalg.fill ins(%zero : f32) outs(%e : tensor<112x8xf32>) -> tensor<112x8xf32>
    %sum = linalg.reduce ins(%xg : tensor<112x8x8x512x512xf32>) outs(%s0 : tensor<112x8xf32>) dimensions = [2, 3, 4]
      (%v: f32, %a: f32) {
        %s = arith.addf %v, %a : f32
        linalg.yield %s : f32
      }
    %mean = linalg.generic {indexing_maps = [affine_map<(n, g) -> (n, g)>, affine_map<(n, g) -> (n, g)>],
                            iterator_types = ["parallel", "parallel"]}
        ins(%sum : tensor<112x8xf32>) outs(%e : tensor<112x8xf32>) {
    ^bb0(%s: f32, %o: f32):
      %m = arith.divf %s, %count : f32
      linalg.yield %m : f32
    } -> tensor<112x8xf32>
    %sq = linalg.generic {indexing_maps = [affine_map<(n, g, c, h, w) -> (n, g, c, h, w)>,
                                           affine_map<(n, g, c, h, w) -> (n, g)>,
                                           affine_map<(n, g, c, h, w) -> (n, g)>],
                          iterator_types = ["parallel", "parallel", "reduction", "reduction", "reduction"]}
        ins(%xg, %mean : tensor<112x8x8x512x512xf32>, tensor<112x8xf32>) outs(%s0 : tensor<112x8xf32>) {
    ^bb0(%v: f32, %m: f32, %a: f32):
      %d = arith.subf %v, %m : f32
      %d2 = arith.mulf %d, %d : f32
      %s = arith.addf %a, %d2 : f32
      linalg.yield %s : f32
    } -> tensor<112x8xf32>
    %rg = linalg.generic {indexing_maps = [affine_map<(n, g, c, h, w) -> (n, g, c, h, w)>,
                                           affine_map<(n, g, c, h, w) -> (n, g)>,
                                           affine_map<(n, g, c, h, w) -> (n, g)>,
                                           affine_map<(n, g, c, h, w) -> (g, c)>,
                                           affine_map<(n, g, c, h, w) -> (g, c)>,
                                           affine_map<(n, g, c, h, w) -> (n, g, c, h, w)>],
                          iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]}
        ins(%xg, %mean, %sq, %wg, %bg : tensor<112x8x8x512x512xf32>, tensor<112x8xf32>, tensor<112x8xf32>, tensor<8x8xf32>, tensor<8x8xf32>) outs(%og : tensor<112x8x8x512x512xf32>) {
    ^bb0(%v: f32, %m: f32, %s: f32, %gw: f32, %gb: f32, %o: f32):
      %var = arith.divf %s, %count : f32
      %ve = arith.addf %var, %eps : f32
      %inv = math.rsqrt %ve : f32
      %d = arith.subf %v, %m : f32
      %n = arith.mulf %d, %inv : f32
      %sc = arith.mulf %n, %gw : f32
      %y = arith.addf %sc, %gb : f32
      linalg.yield %y : f32
    } -> tensor<112x8x8x512x512xf32>
    %r = tensor.collapse_shape %rg [[0], [1, 2], [3], [4]] : tensor<112x8x8x512x512xf32> into tensor<112x64x512x512xf32>
    kb.yield %r : tensor<112x64x512x512xf32>
  }
}
