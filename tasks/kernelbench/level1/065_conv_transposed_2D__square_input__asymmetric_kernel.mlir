// KernelBench level 1, problem 65: conv_transposed_2D__square_input__asymmetric_kernel.
// nn.ConvTranspose2d(64, 64, kernel_size=(3, 7), bias=False), (8, 64, 512, 512) -> (8, 64, 514,
// 518): out[n, f, o] = sum over c, k of x[n, c, i] * weight[c, f, k] where o = i * stride - padding
// + k * dilation. In the payload x is padded by dilation * (k - 1) - padding (plus output_padding
// at the end), then correlated with the kernel reversed along each axis. x = torch.rand(8, 64, 512,
// 512); normal(0, 1) is the signed alternative. The weight is an input, drawn uniform(0, 1) like
// the other inputs, then as nn initialises it: uniform(-b, b), b = 1 / sqrt(fan_in), fan_in =
// weight.size(1) * kernel volume = 1344.
kb.task @conv_transposed_2d_square_input_asymmetric_kernel origin <"KernelBench", level 1, problem 65> tolerance(atol 1.0e-4, rtol 1.0e-4)
    attributes {split = "eval"} {
  kb.input "x" : tensor<8x64x512x512xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.input "weight" : tensor<64x64x3x7xf32> dist(uniform(0.0, 1.0), uniform(-0.02727723627949905, 0.02727723627949905))
  kb.output "out" : tensor<8x64x514x518xf32>
  kb.reference "return torch.conv_transpose2d(x, weight, None, [1, 1], [0, 0], [0, 0], 1, [1, 1])"
  kb.payload(%x: tensor<8x64x512x512xf32>, %weight: tensor<64x64x3x7xf32>, %out: tensor<8x64x514x518xf32>) {
    %zero = arith.constant 0.0 : f32
    %xp = tensor.pad %x low[0, 0, 2, 6] high[0, 0, 2, 6] {
    ^bb0(%p0: index, %p1: index, %p2: index, %p3: index):
      tensor.yield %zero : f32
    } : tensor<8x64x512x512xf32> to tensor<8x64x516x524xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%out : tensor<8x64x514x518xf32>) -> tensor<8x64x514x518xf32>
    %r = linalg.generic {indexing_maps = [
            affine_map<(n, f, y, x, c, ky, kx) -> (n, c, y - ky + 2, x - kx + 6)>,
            affine_map<(n, f, y, x, c, ky, kx) -> (c, f, ky, kx)>,
            affine_map<(n, f, y, x, c, ky, kx) -> (n, f, y, x)>],
         iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
        ins(%xp, %weight : tensor<8x64x516x524xf32>, tensor<64x64x3x7xf32>) outs(%acc : tensor<8x64x514x518xf32>) {
    ^bb0(%v: f32, %wv: f32, %a: f32):
      %m = arith.mulf %v, %wv : f32
      %s = arith.addf %a, %m : f32
      linalg.yield %s : f32
    } -> tensor<8x64x514x518xf32>
    kb.yield %r : tensor<8x64x514x518xf32>
  }
}
