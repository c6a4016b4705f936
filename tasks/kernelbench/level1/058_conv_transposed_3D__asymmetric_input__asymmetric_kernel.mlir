// KernelBench level 1, problem 58: conv_transposed_3D__asymmetric_input__asymmetric_kernel.
// nn.ConvTranspose3d(32, 16, kernel_size=(3, 5, 7), bias=False), (16, 32, 16, 32, 64) -> (16, 16,
// 18, 36, 70): out[n, f, o] = sum over c, k of x[n, c, i] * weight[c, f, k] where o = i * stride -
// padding + k * dilation. In the payload x is padded by dilation * (k - 1) - padding (plus
// output_padding at the end), then correlated with the kernel reversed along each axis. x =
// torch.rand(16, 32, 16, 32, 64); normal(0, 1) is the signed alternative. The weight is an input,
// drawn uniform(0, 1) like the other inputs, then as nn initialises it: uniform(-b, b), b = 1 /
// sqrt(fan_in), fan_in = weight.size(1) * kernel volume = 1680.
kb.task @conv_transposed_3d_asymmetric_input_asymmetric_kernel origin <"KernelBench", level 1, problem 58> tolerance(atol 1.0e-4, rtol 1.0e-4)
    attributes {split = "train"} {
  kb.input "x" : tensor<16x32x16x32x64xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.input "weight" : tensor<32x16x3x5x7xf32> dist(uniform(0.0, 1.0), uniform(-0.024397501823713332, 0.024397501823713332))
  kb.output "out" : tensor<16x16x18x36x70xf32>
  kb.reference "return torch.conv_transpose3d(x, weight, None, [1, 1, 1], [0, 0, 0], [0, 0, 0], 1, [1, 1, 1])"
  kb.payload(%x: tensor<16x32x16x32x64xf32>, %weight: tensor<32x16x3x5x7xf32>, %out: tensor<16x16x18x36x70xf32>) {
    %zero = arith.constant 0.0 : f32
    %xp = tensor.pad %x low[0, 0, 2, 4, 6] high[0, 0, 2, 4, 6] {
    ^bb0(%p0: index, %p1: index, %p2: index, %p3: index, %p4: index):
      tensor.yield %zero : f32
    } : tensor<16x32x16x32x64xf32> to tensor<16x32x20x40x76xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%out : tensor<16x16x18x36x70xf32>) -> tensor<16x16x18x36x70xf32>
    %r = linalg.generic {indexing_maps = [
            affine_map<(n, f, z, y, x, c, kz, ky, kx) -> (n, c, z - kz + 2, y - ky + 4, x - kx + 6)>,
            affine_map<(n, f, z, y, x, c, kz, ky, kx) -> (c, f, kz, ky, kx)>,
            affine_map<(n, f, z, y, x, c, kz, ky, kx) -> (n, f, z, y, x)>],
         iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction", "reduction"]}
        ins(%xp, %weight : tensor<16x32x20x40x76xf32>, tensor<32x16x3x5x7xf32>) outs(%acc : tensor<16x16x18x36x70xf32>) {
    ^bb0(%v: f32, %wv: f32, %a: f32):
      %m = arith.mulf %v, %wv : f32
      %s = arith.addf %a, %m : f32
      linalg.yield %s : f32
    } -> tensor<16x16x18x36x70xf32>
    kb.yield %r : tensor<16x16x18x36x70xf32>
  }
}
