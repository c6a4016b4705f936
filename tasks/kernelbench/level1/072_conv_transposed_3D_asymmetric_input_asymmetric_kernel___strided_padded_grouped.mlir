// KernelBench level 1, problem 72:
// conv_transposed_3D_asymmetric_input_asymmetric_kernel___strided_padded_grouped.
// nn.ConvTranspose3d(32, 32, kernel_size=(3, 5, 7), stride=2, padding=(1, 2, 3), output_padding=1,
// groups=4, bias=False), (8, 32, 12, 24, 48) -> (8, 32, 24, 48, 96): out[n, f, o] = sum over c, k
// of x[n, c, i] * weight[c, f, k] where o = i * stride - padding + k * dilation. In the payload x
// is spread out by the stride (stride - 1 zeros between elements) and padded by dilation * (k - 1)
// - padding (plus output_padding at the end), then correlated with the kernel reversed along each
// axis. Groups: input channels g*8.. feed output channels g*8.., the weight's (in, out / groups,
// k...) layout seen as (groups, in / groups, out / groups, k...). x = torch.rand(8, 32, 12, 24,
// 48); normal(0, 1) is the signed alternative. The weight is an input, drawn uniform(0, 1) like the
// other inputs, then as nn initialises it: uniform(-b, b), b = 1 / sqrt(fan_in), fan_in =
// weight.size(1) * kernel volume = 840.
kb.task @conv_transposed_3d_asymmetric_input_asymmetric_kernel_strided_padded_grouped origin <"KernelBench", level 1, problem 72> tolerance(atol 1.0e-4, rtol 1.0e-4)
    attributes {split = "train"} {
  kb.input "x" : tensor<8x32x12x24x48xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.input "weight" : tensor<32x8x3x5x7xf32> dist(uniform(0.0, 1.0), uniform(-0.03450327796711771, 0.03450327796711771))
  kb.output "out" : tensor<8x32x24x48x96xf32>
  kb.reference "return torch.conv_transpose3d(x, weight, None, [2, 2, 2], [1, 2, 3], [1, 1, 1], 4, [1, 1, 1])"
  kb.payload(%x: tensor<8x32x12x24x48xf32>, %weight: tensor<32x8x3x5x7xf32>, %out: tensor<8x32x24x48x96xf32>) {
    %zero = arith.constant 0.0 : f32
    %xe = tensor.empty() : tensor<8x32x26x52x102xf32>
    %xz = linalg.fill ins(%zero : f32) outs(%xe : tensor<8x32x26x52x102xf32>) -> tensor<8x32x26x52x102xf32>
    %xp = tensor.insert_slice %x into %xz[0, 0, 1, 2, 3] [8, 32, 12, 24, 48] [1, 1, 2, 2, 2]
        : tensor<8x32x12x24x48xf32> into tensor<8x32x26x52x102xf32>
    %xg = tensor.expand_shape %xp [[0], [1, 2], [3], [4], [5]] output_shape [8, 4, 8, 26, 52, 102]
        : tensor<8x32x26x52x102xf32> into tensor<8x4x8x26x52x102xf32>
    %wg = tensor.expand_shape %weight [[0, 1], [2], [3], [4], [5]] output_shape [4, 8, 8, 3, 5, 7]
        : tensor<32x8x3x5x7xf32> into tensor<4x8x8x3x5x7xf32>
    %og = tensor.expand_shape %out [[0], [1, 2], [3], [4], [5]] output_shape [8, 4, 8, 24, 48, 96]
        : tensor<8x32x24x48x96xf32> into tensor<8x4x8x24x48x96xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%og : tensor<8x4x8x24x48x96xf32>) -> tensor<8x4x8x24x48x96xf32>
    %rg = linalg.generic {indexing_maps = [
            affine_map<(n, g, f, z, y, x, c, kz, ky, kx) -> (n, g, c, z - kz + 2, y - ky + 4, x - kx + 6)>,
            affine_map<(n, g, f, z, y, x, c, kz, ky, kx) -> (g, c, f, kz, ky, kx)>,
            affine_map<(n, g, f, z, y, x, c, kz, ky, kx) -> (n, g, f, z, y, x)>],
         iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction", "reduction"]}
        ins(%xg, %wg : tensor<8x4x8x26x52x102xf32>, tensor<4x8x8x3x5x7xf32>) outs(%acc : tensor<8x4x8x24x48x96xf32>) {
    ^bb0(%v: f32, %wv: f32, %a: f32):
      %m = arith.mulf %v, %wv : f32
      %s = arith.addf %a, %m : f32
      linalg.yield %s : f32
    } -> tensor<8x4x8x24x48x96xf32>
    %r = tensor.collapse_shape %rg [[0], [1, 2], [3], [4], [5]] : tensor<8x4x8x24x48x96xf32> into tensor<8x32x24x48x96xf32>
    kb.yield %r : tensor<8x32x24x48x96xf32>
  }
}
