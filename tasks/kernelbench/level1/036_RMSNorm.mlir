// KernelBench level 1, problem 36: RMSNorm.
// x / sqrt(mean(x^2 over the 64 features, dim 1) + 1e-5), no weight. x = torch.rand(112, 64, 512,
// 512); normal(0, 1) is the signed alternative.
kb.task @rms_norm origin <"KernelBench", level 1, problem 36> tolerance(atol 1.0e-4, rtol 1.0e-4)
    attributes {split = "eval"} {
  kb.input "x" : tensor<112x64x512x512xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.output "out" : tensor<112x64x512x512xf32>
  kb.reference "rms = torch.sqrt(torch.mean(x ** 2, dim=1, keepdim=True) + 1e-05)\nreturn x / rms"
  kb.payload(%x: tensor<112x64x512x512xf32>, %out: tensor<112x64x512x512xf32>) {
    %zero = arith.constant 0.0 : f32
    %count = arith.constant 64.0 : f32
    %eps = arith.constant 1.0e-05 : f32
    %e = tensor.empty() : tensor<112x512x512xf32>
    %s0 = linalg.fill ins(%zero : f32) outs(%e : tensor<112x512x512xf32>) -> tensor<112x512x512xf32>
    %sq = linalg.generic {indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>,
                                           affine_map<(n, c, h, w) -> (n, h, w)>],
                          iterator_types = ["parallel", "reduction", "parallel", "parallel"]}
        ins(%x : tensor<112x64x512x512xf32>) outs(%s0 : tensor<112x512x512xf32>) {
    ^bb0(%v: f32, %a: f32):
      %v2 = arith.mulf %v, %v : f32
      %s = arith.addf %a, %v2 : f32
      linalg.yield %s : f32
    } -> tensor<112x512x512xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>,
                                          affine_map<(n, c, h, w) -> (n, h, w)>,
                                          affine_map<(n, c, h, w) -> (n, c, h, w)>],
                         iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
        ins(%x, %sq : tensor<112x64x512x512xf32>, tensor<112x512x512xf32>) outs(%out : tensor<112x64x512x512xf32>) {
    ^bb0(%v: f32, %s: f32, %o: f32):
      %ms = arith.divf %s, %count : f32
      %me = arith.addf %ms, %eps : f32
      %rms = math.sqrt %me : f32
      %y = arith.divf %v, %rms : f32
      linalg.yield %y : f32
    } -> tensor<112x64x512x512xf32>
    kb.yield %r : tensor<112x64x512x512xf32>
  }
}
