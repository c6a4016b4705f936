// KernelBench level 1, problem 79:
// conv_transposed_1D_asymmetric_input_square_kernel___padded____strided____dilated.
// nn.ConvTranspose1d(32, 64, kernel_size=3, stride=2, padding=1, dilation=2, bias=False), (16, 32,
// 131072) -> (16, 64, 262145): out[n, f, o] = sum over c, k of x[n, c, i] * weight[c, f, k] where o
// = i * stride - padding + k * dilation. In the payload x is spread out by the stride (stride - 1
// zeros between elements) and padded by dilation * (k - 1) - padding (plus output_padding at the
// end), then correlated with the kernel reversed along each axis. x = torch.rand(16, 32, 131072);
// normal(0, 1) is the signed alternative. The weight is an input, drawn uniform(0, 1) like the
// other inputs, then as nn initialises it: uniform(-b, b), b = 1 / sqrt(fan_in), fan_in =
// weight.size(1) * kernel volume = 192.
kb.task @conv_transposed_1d_asymmetric_input_square_kernel_padded_strided_dilated origin <"KernelBench", level 1, problem 79> tolerance(atol 1.0e-4, rtol 1.0e-4)
    attributes {split = "train"} {
  kb.input "x" : tensor<16x32x131072xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.input "weight" : tensor<32x64x3xf32> dist(uniform(0.0, 1.0), uniform(-0.07216878364870323, 0.07216878364870323))
  kb.output "out" : tensor<16x64x262145xf32>
  kb.reference "return torch.conv_transpose1d(x, weight, None, [2], [1], [0], 1, [2])"
  kb.payload(%x: tensor<16x32x131072xf32>, %weight: tensor<32x64x3xf32>, %out: tensor<16x64x262145xf32>) {
    %zero = arith.constant 0.0 : f32
    %xe = tensor.empty() : tensor<16x32x262149xf32>
    %xz = linalg.fill ins(%zero : f32) outs(%xe : tensor<16x32x262149xf32>) -> tensor<16x32x262149xf32>
    %xp = tensor.insert_slice %x into %xz[0, 0, 3] [16, 32, 131072] [1, 1, 2]
        : tensor<16x32x131072xf32> into tensor<16x32x262149xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%out : tensor<16x64x262145xf32>) -> tensor<16x64x262145xf32>
    %r = linalg.generic {indexing_maps = [
            affine_map<(n, f, x, c, kx) -> (n, c, x - kx * 2 + 4)>,
            affine_map<(n, f, x, c, kx) -> (c, f, kx)>,
            affine_map<(n, f, x, c, kx) -> (n, f, x)>],
         iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction"]}
        ins(%xp, %weight : tensor<16x32x262149xf32>, tensor<32x64x3xf32>) outs(%acc : tensor<16x64x262145xf32>) {
    ^bb0(%v: f32, %wv: f32, %a: f32):
      %m = arith.mulf %v, %wv : f32
      %s = arith.addf %a, %m : f32
      linalg.yield %s : f32
    } -> tensor<16x64x262145xf32>
    kb.yield %r : tensor<16x64x262145xf32>
  }
}
