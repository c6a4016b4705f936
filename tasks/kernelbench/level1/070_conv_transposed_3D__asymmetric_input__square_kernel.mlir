// KernelBench level 1, problem 70: conv_transposed_3D__asymmetric_input__square_kernel.
// nn.ConvTranspose3d(48, 24, kernel_size=3, bias=False), (8, 48, 96, 96, 96) -> (8, 24, 98, 98,
// 98): out[n, f, o] = sum over c, k of x[n, c, i] * weight[c, f, k] where o = i * stride - padding
// + k * dilation. In the payload x is padded by dilation * (k - 1) - padding (plus output_padding
// at the end), then correlated with the kernel reversed along each axis. x = torch.rand(8, 48, 96,
// 96, 96); normal(0, 1) is the signed alternative. The weight is an input, drawn uniform(0, 1) like
// the other inputs, then as nn initialises it: uniform(-b, b), b = 1 / sqrt(fan_in), fan_in =
// weight.size(1) * kernel volume = 648.
kb.task @conv_transposed_3d_asymmetric_input_square_kernel origin <"KernelBench", level 1, problem 70> tolerance(atol 1.0e-4, rtol 1.0e-4)
    attributes {split = "eval"} {
  kb.input "x" : tensor<8x48x96x96x96xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.input "weight" : tensor<48x24x3x3x3xf32> dist(uniform(0.0, 1.0), uniform(-0.039283710065919304, 0.039283710065919304))
  kb.output "out" : tensor<8x24x98x98x98xf32>
  kb.reference "return torch.conv_transpose3d(x, weight, None, [1, 1, 1], [0, 0, 0], [0, 0, 0], 1, [1, 1, 1])"
  kb.payload(%x: tensor<8x48x96x96x96xf32>, %weight: tensor<48x24x3x3x3xf32>, %out: tensor<8x24x98x98x98xf32>) {
    %zero = arith.constant 0.0 : f32
    %xp = tensor.pad %x low[0, 0, 2, 2, 2] high[0, 0, 2, 2, 2] {
    ^bb0(%p0: index, %p1: index, %p2: index, %p3: index, %p4: index):
      tensor.yield %zero : f32
    } : tensor<8x48x96x96x96xf32> to tensor<8x48x100x100x100xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%out : tensor<8x24x98x98x98xf32>) -> tensor<8x24x98x98x98xf32>
    %r = linalg.generic {indexing_maps = [
            affine_map<(n, f, z, y, x, c, kz, ky, kx) -> (n, c, z - kz + 2, y - ky + 2, x - kx + 2)>,
            affine_map<(n, f, z, y, x, c, kz, ky, kx) -> (c, f, kz, ky, kx)>,
            affine_map<(n, f, z, y, x, c, kz, ky, kx) -> (n, f, z, y, x)>],
         iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction", "reduction"]}
        ins(%xp, %weight : tensor<8x48x100x100x100xf32>, tensor<48x24x3x3x3xf32>) outs(%acc : tensor<8x24x98x98x98xf32>) {
    ^bb0(%v: f32, %wv: f32, %a: f32):
      %m = arith.mulf %v, %wv : f32
      %s = arith.addf %a, %m : f32
      linalg.yield %s : f32
    } -> tensor<8x24x98x98x98xf32>
    kb.yield %r : tensor<8x24x98x98x98xf32>
  }
}
