// KernelBench level 1, problem 74: conv_transposed_1D_dilated.
// nn.ConvTranspose1d(32, 64, kernel_size=5, dilation=3, bias=False), (32, 32, 131072) -> (32, 64,
// 131084): out[n, f, o] = sum over c, k of x[n, c, i] * weight[c, f, k] where o = i * stride -
// padding + k * dilation. In the payload x is padded by dilation * (k - 1) - padding (plus
// output_padding at the end), then correlated with the kernel reversed along each axis. x =
// torch.rand(32, 32, 131072); normal(0, 1) is the signed alternative. The weight is an input, drawn
// uniform(0, 1) like the other inputs, then as nn initialises it: uniform(-b, b), b = 1 /
// sqrt(fan_in), fan_in = weight.size(1) * kernel volume = 320.
kb.task @conv_transposed_1d_dilated origin <"KernelBench", level 1, problem 74> tolerance(atol 1.0e-4, rtol 1.0e-4)
    attributes {split = "train"} {
  kb.input "x" : tensor<32x32x131072xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.input "weight" : tensor<32x64x5xf32> dist(uniform(0.0, 1.0), uniform(-0.05590169943749474, 0.05590169943749474))
  kb.output "out" : tensor<32x64x131084xf32>
  kb.reference "return torch.conv_transpose1d(x, weight, None, [1], [0], [0], 1, [3])"
  kb.payload(%x: tensor<32x32x131072xf32>, %weight: tensor<32x64x5xf32>, %out: tensor<32x64x131084xf32>) {
    %zero = arith.constant 0.0 : f32
    %xp = tensor.pad %x low[0, 0, 12] high[0, 0, 12] {
    ^bb0(%p0: index, %p1: index, %p2: index):
      tensor.yield %zero : f32
    } : tensor<32x32x131072xf32> to tensor<32x32x131096xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%out : tensor<32x64x131084xf32>) -> tensor<32x64x131084xf32>
    %r = linalg.generic {indexing_maps = [
            affine_map<(n, f, x, c, kx) -> (n, c, x - kx * 3 + 12)>,
            affine_map<(n, f, x, c, kx) -> (c, f, kx)>,
            affine_map<(n, f, x, c, kx) -> (n, f, x)>],
         iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction"]}
        ins(%xp, %weight : tensor<32x32x131096xf32>, tensor<32x64x5xf32>) outs(%acc : tensor<32x64x131084xf32>) {
    ^bb0(%v: f32, %wv: f32, %a: f32):
      %m = arith.mulf %v, %wv : f32
      %s = arith.addf %a, %m : f32
      linalg.yield %s : f32
    } -> tensor<32x64x131084xf32>
    kb.yield %r : tensor<32x64x131084xf32>
  }
}
