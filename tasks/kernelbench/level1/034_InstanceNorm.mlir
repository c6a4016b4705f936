// KernelBench level 1, problem 34: InstanceNorm.
// nn.InstanceNorm2d(64): per (sample, channel), (x - mean) / sqrt(var + 1e-5) with mean and biased
// variance over (height, width). InstanceNorm2d is not affine by default (affine=False), so there
// are no parameters. x = torch.rand(112, 64, 512, 512); normal(0, 1) is the signed alternative.
kb.task @instance_norm origin <"KernelBench", level 1, problem 34> tolerance(atol 1.0e-4, rtol 1.0e-4)
    attributes {split = "train"} {
  kb.input "x" : tensor<112x64x512x512xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.output "out" : tensor<112x64x512x512xf32>
  kb.reference "return torch.instance_norm(x, None, None, None, None, True, 0.1, 1e-05, True)"
  kb.payload(%x: tensor<112x64x512x512xf32>, %out: tensor<112x64x512x512xf32>) {
    %zero = arith.constant 0.0 : f32
    %count = arith.constant 262144.0 : f32
    %eps = arith.constant 1.0e-05 : f32
    %e = tensor.empty() : tensor<112x64xf32>
    %s0 = linalg.fill ins(%zero : f32) outs(%e : tensor<112x64xf32>) -> tensor<112x64xf32>
    %sum = linalg.reduce ins(%x : tensor<112x64x512x512xf32>) outs(%s0 : tensor<112x64xf32>) dimensions = [2, 3]
      (%v: f32, %a: f32) {
        %s = arith.addf %v, %a : f32
        linalg.yield %s : f32
      }
    %mean = linalg.generic {indexing_maps = [affine_map<(n, c) -> (n, c)>, affine_map<(n, c) -> (n, c)>],
                            iterator_types = ["parallel", "parallel"]}
        ins(%sum : tensor<112x64xf32>) outs(%e : tensor<112x64xf32>) {
    ^bb0(%s: f32, %o: f32):
      %m = arith.divf %s, %count : f32
      linalg.yield %m : f32
    } -> tensor<112x64xf32>
    %sq = linalg.generic {indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>,
                                           affine_map<(n, c, h, w) -> (n, c)>,
                                           affine_map<(n, c, h, w) -> (n, c)>],
                          iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
        ins(%x, %mean : tensor<112x64x512x512xf32>, tensor<112x64xf32>) outs(%s0 : tensor<112x64xf32>) {
    ^bb0(%v: f32, %m: f32, %a: f32):
      %d = arith.subf %v, %m : f32
      %d2 = arith.mulf %d, %d : f32
      %s = arith.addf %a, %d2 : f32
      linalg.yield %s : f32
    } -> tensor<112x64xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>,
                                          affine_map<(n, c, h, w) -> (n, c)>, affine_map<(n, c, h, w) -> (n, c)>,
                                          affine_map<(n, c, h, w) -> (n, c, h, w)>],
                         iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
        ins(%x, %mean, %sq : tensor<112x64x512x512xf32>, tensor<112x64xf32>, tensor<112x64xf32>) outs(%out : tensor<112x64x512x512xf32>) {
    ^bb0(%v: f32, %m: f32, %s: f32, %o: f32):
      %var = arith.divf %s, %count : f32
      %ve = arith.addf %var, %eps : f32
      %inv = math.rsqrt %ve : f32
      %d = arith.subf %v, %m : f32
      %y = arith.mulf %d, %inv : f32
      linalg.yield %y : f32
    } -> tensor<112x64x512x512xf32>
    kb.yield %r : tensor<112x64x512x512xf32>
  }
}
