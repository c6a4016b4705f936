// KernelBench level 1, problem 75:
// conv_transposed_2D_asymmetric_input_asymmetric_kernel_strided__grouped____padded____dilated.
// nn.ConvTranspose2d(32, 64, kernel_size=(3, 5), stride=(2, 3), padding=(1, 2), dilation=(2, 1),
// groups=4, bias=False), (16, 32, 128, 256) -> (16, 64, 257, 766): out[n, f, o] = sum over c, k of
// x[n, c, i] * weight[c, f, k] where o = i * stride - padding + k * dilation. In the payload x is
// spread out by the stride (stride - 1 zeros between elements) and padded by dilation * (k - 1) -
// padding (plus output_padding at the end), then correlated with the kernel reversed along each
// axis. Groups: input channels g*8.. feed output channels g*16.., the weight's (in, out / groups,
// k...) layout seen as (groups, in / groups, out / groups, k...). x = torch.rand(16, 32, 128, 256);
// normal(0, 1) is the signed alternative. The weight is an input, drawn uniform(0, 1) like the
// other inputs, then as nn initialises it: uniform(-b, b), b = 1 / sqrt(fan_in), fan_in =
// weight.size(1) * kernel volume = 240.
kb.task @conv_transposed_2d_asymmetric_input_asymmetric_kernel_strided_grouped_padded_dilated origin <"KernelBench", level 1, problem 75> tolerance(atol 1.0e-4, rtol 1.0e-4)
    attributes {split = "train"} {
  kb.input "x" : tensor<16x32x128x256xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.input "weight" : tensor<32x16x3x5xf32> dist(uniform(0.0, 1.0), uniform(-0.06454972243679027, 0.06454972243679027))
  kb.output "out" : tensor<16x64x257x766xf32>
  kb.reference "return torch.conv_transpose2d(x, weight, None, [2, 3], [1, 2], [0, 0], 4, [2, 1])"
  kb.payload(%x: tensor<16x32x128x256xf32>, %weight: tensor<32x16x3x5xf32>, %out: tensor<16x64x257x766xf32>) {
    %zero = arith.constant 0.0 : f32
    %xe = tensor.empty() : tensor<16x32x261x770xf32>
    %xz = linalg.fill ins(%zero : f32) outs(%xe : tensor<16x32x261x770xf32>) -> tensor<16x32x261x770xf32>
    %xp = tensor.insert_slice %x into %xz[0, 0, 3, 2] [16, 32, 128, 256] [1, 1, 2, 3]
        : tensor<16x32x128x256xf32> into tensor<16x32x261x770xf32>
    %xg = tensor.expand_shape %xp [[0], [1, 2], [3], [4]] output_shape [16, 4, 8, 261, 770]
        : tensor<16x32x261x770xf32> into tensor<16x4x8x261x770xf32>
    %wg = tensor.expand_shape %weight [[0, 1], [2], [3], [4]] output_shape [4, 8, 16, 3, 5]
        : tensor<32x16x3x5xf32> into tensor<4x8x16x3x5xf32>
    %og = tensor.expand_shape %out [[0], [1, 2], [3], [4]] output_shape [16, 4, 16, 257, 766]
        : tensor<16x64x257x766xf32> into tensor<16x4x16x257x766xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%og : tensor<16x4x16x257x766xf32>) -> tensor<16x4x16x257x766xf32>
    %rg = linalg.generic {indexing_maps = [
            affine_map<(n, g, f, y, x, c, ky, kx) -> (n, g, c, y - ky * 2 + 4, x - kx + 4)>,
            affine_map<(n, g, f, y, x, c, ky, kx) -> (g, c, f, ky, kx)>,
            affine_map<(n, g, f, y, x, c, ky, kx) -> (n, g, f, y, x)>],
         iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
        ins(%xg, %wg : tensor<16x4x8x261x770xf32>, tensor<4x8x16x3x5xf32>) outs(%acc : tensor<16x4x16x257x766xf32>) {
    ^bb0(%v: f32, %wv: f32, %a: f32):
      %m = arith.mulf %v, %wv : f32
      %s = arith.addf %a, %m : f32
      linalg.yield %s : f32
    } -> tensor<16x4x16x257x766xf32>
    %r = tensor.collapse_shape %rg [[0], [1, 2], [3], [4]] : tensor<16x4x16x257x766xf32> into tensor<16x64x257x766xf32>
    kb.yield %r : tensor<16x64x257x766xf32>
  }
}
