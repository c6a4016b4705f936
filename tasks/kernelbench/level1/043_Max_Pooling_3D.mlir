// KernelBench level 1, problem 43: Max_Pooling_3D.
// nn.MaxPool3d(kernel_size=3, stride=2, padding=1, dilation=3) (no indices, floor mode): the
// maximum of each dilated 3x3x3 window of x padded by 1 with -inf; 128^3 -> 62^3. x =
// torch.rand(16, 32, 128, 128, 128); normal(0, 1) is the signed alternative.
kb.task @max_pooling_3d origin <"KernelBench", level 1, problem 43> tolerance(atol 1.0e-4, rtol 1.0e-4)
    attributes {split = "train"} {
  kb.input "x" : tensor<16x32x128x128x128xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.output "out" : tensor<16x32x62x62x62xf32>
  kb.reference "return torch.max_pool3d(x, [3, 3, 3], [2, 2, 2], [1, 1, 1], [3, 3, 3], False)"
  kb.payload(%x: tensor<16x32x128x128x128xf32>, %out: tensor<16x32x62x62x62xf32>) {
    %ninf = arith.constant 0xFF800000 : f32
    %xp = tensor.pad %x low[0, 0, 1, 1, 1] high[0, 0, 1, 1, 1] {
    ^bb0(%p0: index, %p1: index, %p2: index, %p3: index, %p4: index):
      tensor.yield %ninf : f32
    } : tensor<16x32x128x128x128xf32> to tensor<16x32x130x130x130xf32>
    %window = tensor.empty() : tensor<3x3x3xf32>
    %init = linalg.fill ins(%ninf : f32) outs(%out : tensor<16x32x62x62x62xf32>) -> tensor<16x32x62x62x62xf32>
    %r = linalg.generic {indexing_maps = [
            affine_map<(n, c, z, y, x, kz, ky, kx) -> (n, c, z * 2 + kz * 3, y * 2 + ky * 3, x * 2 + kx * 3)>,
            affine_map<(n, c, z, y, x, kz, ky, kx) -> (kz, ky, kx)>,
            affine_map<(n, c, z, y, x, kz, ky, kx) -> (n, c, z, y, x)>],
         iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel",
                           "reduction", "reduction", "reduction"]}
        ins(%xp, %window : tensor<16x32x130x130x130xf32>, tensor<3x3x3xf32>) outs(%init : tensor<16x32x62x62x62xf32>) {
    ^bb0(%v: f32, %w: f32, %a: f32):
      %m = arith.maximumf %v, %a : f32
      linalg.yield %m : f32
    } -> tensor<16x32x62x62x62xf32>
    kb.yield %r : tensor<16x32x62x62x62xf32>
  }
}
