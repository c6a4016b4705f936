// KernelBench level 1, problem 37: FrobeniusNorm.
// x / torch.norm(x, p='fro'): x divided by the square root of the sum of all its squares. x =
// torch.rand(112, 64, 512, 512); normal(0, 1) is the signed alternative. TorchScript compiled from
// C++ (libtorch 1.13) rejects the string p='fro'; torch.norm(x) with its default p = 2 over all
// elements is the same norm.
kb.task @frobenius_norm origin <"KernelBench", level 1, problem 37> tolerance(atol 1.0e-4, rtol 1.0e-4)
    attributes {split = "train"} {
  kb.input "x" : tensor<112x64x512x512xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.output "out" : tensor<112x64x512x512xf32>
  kb.reference "norm = torch.norm(x)\nreturn x / norm"
  kb.payload(%x: tensor<112x64x512x512xf32>, %out: tensor<112x64x512x512xf32>) {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<f32>
    %s0 = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
    %sq = linalg.generic {indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>,
                                           affine_map<(n, c, h, w) -> ()>],
                          iterator_types = ["reduction", "reduction", "reduction", "reduction"]}
        ins(%x : tensor<112x64x512x512xf32>) outs(%s0 : tensor<f32>) {
    ^bb0(%v: f32, %a: f32):
      %v2 = arith.mulf %v, %v : f32
      %s = arith.addf %a, %v2 : f32
      linalg.yield %s : f32
    } -> tensor<f32>
    %r = linalg.generic {indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>,
                                          affine_map<(n, c, h, w) -> ()>,
                                          affine_map<(n, c, h, w) -> (n, c, h, w)>],
                         iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
        ins(%x, %sq : tensor<112x64x512x512xf32>, tensor<f32>) outs(%out : tensor<112x64x512x512xf32>) {
    ^bb0(%v: f32, %s: f32, %o: f32):
      %norm = math.sqrt %s : f32
      %y = arith.divf %v, %norm : f32
      linalg.yield %y : f32
    } -> tensor<112x64x512x512xf32>
    kb.yield %r : tensor<112x64x512x512xf32>
  }
}
