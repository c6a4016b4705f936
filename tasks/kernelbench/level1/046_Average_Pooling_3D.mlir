// KernelBench level 1, problem 46: Average_Pooling_3D.
// nn.AvgPool3d(kernel_size=3, stride=2, padding=1): the mean of each 3x3x3 window (stride 2) of x
// padded by 1 with zeros that count (count_include_pad); 128x128x256 -> 64x64x128. x =
// torch.rand(16, 32, 128, 128, 256); normal(0, 1) is the signed alternative.
kb.task @average_pooling_3d origin <"KernelBench", level 1, problem 46> tolerance(atol 1.0e-4, rtol 1.0e-4)
    attributes {split = "train"} {
  kb.input "x" : tensor<16x32x128x128x256xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.output "out" : tensor<16x32x64x64x128xf32>
  kb.reference "return torch.avg_pool3d(x, [3, 3, 3], [2, 2, 2], [1, 1, 1], False, True, None)"
  kb.payload(%x: tensor<16x32x128x128x256xf32>, %out: tensor<16x32x64x64x128xf32>) {
    %zero = arith.constant 0.0 : f32
    %size = arith.constant 27.0 : f32
    %xp = tensor.pad %x low[0, 0, 1, 1, 1] high[0, 0, 1, 1, 1] {
    ^bb0(%p0: index, %p1: index, %p2: index, %p3: index, %p4: index):
      tensor.yield %zero : f32
    } : tensor<16x32x128x128x256xf32> to tensor<16x32x130x130x258xf32>
    %window = tensor.empty() : tensor<3x3x3xf32>
    %init = linalg.fill ins(%zero : f32) outs(%out : tensor<16x32x64x64x128xf32>) -> tensor<16x32x64x64x128xf32>
    %sum = linalg.generic {indexing_maps = [
            affine_map<(n, c, z, y, x, kz, ky, kx) -> (n, c, z * 2 + kz, y * 2 + ky, x * 2 + kx)>,
            affine_map<(n, c, z, y, x, kz, ky, kx) -> (kz, ky, kx)>,
            affine_map<(n, c, z, y, x, kz, ky, kx) -> (n, c, z, y, x)>],
         iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel",
                           "reduction", "reduction", "reduction"]}
        ins(%xp, %window : tensor<16x32x130x130x258xf32>, tensor<3x3x3xf32>) outs(%init : tensor<16x32x64x64x128xf32>) {
    ^bb0(%v: f32, %w: f32, %a: f32):
      %t = arith.addf %v, %a : f32
      linalg.yield %t : f32
    } -> tensor<16x32x64x64x128xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(n, c, z, y, x) -> (n, c, z, y, x)>,
                                          affine_map<(n, c, z, y, x) -> (n, c, z, y, x)>],
                         iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]}
        ins(%sum : tensor<16x32x64x64x128xf32>) outs(%out : tensor<16x32x64x64x128xf32>) {
    ^bb0(%v: f32, %o: f32):
      %y = arith.divf %v, %size : f32
      linalg.yield %y : f32
    } -> tensor<16x32x64x64x128xf32>
    kb.yield %r : tensor<16x32x64x64x128xf32>
  }
}
