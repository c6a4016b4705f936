// KernelBench level 1, problem 40: LayerNorm.
// nn.LayerNorm((64, 256, 256)): per sample, (x - mean) / sqrt(var + 1e-5) with mean and biased
// variance over its last three dimensions, then * weight + bias elementwise over those dimensions.
// x = torch.rand(16, 64, 256, 256); normal(0, 1) is the signed alternative. The affine parameters
// are inputs, drawn like the other inputs (uniform(0, 1), then normal(0, 1)), and also at nn's
// initial values (weight 1, bias 0). The reference takes the normalized shape from the weight
// (weight.size()) instead of writing it out.
kb.task @layer_norm origin <"KernelBench", level 1, problem 40> tolerance(atol 1.0e-4, rtol 1.0e-4)
    attributes {split = "train"} {
  kb.input "x" : tensor<16x64x256x256xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.input "weight" : tensor<64x256x256xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0), constant(1.0))
  kb.input "bias" : tensor<64x256x256xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0), constant(0.0))
  kb.output "out" : tensor<16x64x256x256xf32>
  kb.reference "return torch.layer_norm(x, weight.size(), weight, bias, 1e-05, True)"
  kb.payload(%x: tensor<16x64x256x256xf32>, %weight: tensor<64x256x256xf32>, %bias: tensor<64x256x256xf32>, %out: tensor<16x64x256x256xf32>) {
    %zero = arith.constant 0.0 : f32
    %count = arith.constant 4194304.0 : f32
    %eps = arith.constant 1.0e-05 : f32
    %e = tensor.empty() : tensor<16xf32>
    %s0 = linalg.fill ins(%zero : f32) outs(%e : tensor<16xf32>) -> tensor<16xf32>
    %sum = linalg.reduce ins(%x : tensor<16x64x256x256xf32>) outs(%s0 : tensor<16xf32>) dimensions = [1, 2, 3]
      (%v: f32, %a: f32) {
        %s = arith.addf %v, %a : f32
        linalg.yield %s : f32
      }
    %mean = linalg.generic {indexing_maps = [affine_map<(n) -> (n)>, affine_map<(n) -> (n)>],
                            iterator_types = ["parallel"]}
        ins(%sum : tensor<16xf32>) outs(%e : tensor<16xf32>) {
    ^bb0(%s: f32, %o: f32):
      %m = arith.divf %s, %count : f32
      linalg.yield %m : f32
    } -> tensor<16xf32>
    %sq = linalg.generic {indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>,
                                           affine_map<(n, c, h, w) -> (n)>,
                                           affine_map<(n, c, h, w) -> (n)>],
                          iterator_types = ["parallel", "reduction", "reduction", "reduction"]}
        ins(%x, %mean : tensor<16x64x256x256xf32>, tensor<16xf32>) outs(%s0 : tensor<16xf32>) {
    ^bb0(%v: f32, %m: f32, %a: f32):
      %d = arith.subf %v, %m : f32
      %d2 = arith.mulf %d, %d : f32
      %s = arith.addf %a, %d2 : f32
      linalg.yield %s : f32
    } -> tensor<16xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>,
                                          affine_map<(n, c, h, w) -> (n)>, affine_map<(n, c, h, w) -> (n)>,
                                          affine_map<(n, c, h, w) -> (c, h, w)>,
                                          affine_map<(n, c, h, w) -> (c, h, w)>,
                                          affine_map<(n, c, h, w) -> (n, c, h, w)>],
                         iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
        ins(%x, %mean, %sq, %weight, %bias : tensor<16x64x256x256xf32>, tensor<16xf32>, tensor<16xf32>, tensor<64x256x256xf32>, tensor<64x256x256xf32>) outs(%out : tensor<16x64x256x256xf32>) {
    ^bb0(%v: f32, %m: f32, %s: f32, %g: f32, %b: f32, %o: f32):
      %var = arith.divf %s, %count : f32
      %ve = arith.addf %var, %eps : f32
      %inv = math.rsqrt %ve : f32
      %d = arith.subf %v, %m : f32
      %n = arith.mulf %d, %inv : f32
      %sc = arith.mulf %n, %g : f32
      %y = arith.addf %sc, %b : f32
      linalg.yield %y : f32
    } -> tensor<16x64x256x256xf32>
    kb.yield %r : tensor<16x64x256x256xf32>
  }
}
