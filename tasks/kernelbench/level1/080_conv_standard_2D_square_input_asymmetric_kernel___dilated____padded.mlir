// KernelBench level 1, problem 80:
// conv_standard_2D_square_input_asymmetric_kernel___dilated____padded.
// nn.Conv2d(32, 64, kernel_size=(5, 9), padding=(2, 4), dilation=(2, 3), bias=False): a
// convolution, (8, 32, 512, 512) -> (8, 64, 508, 496). x = torch.rand(8, 32, 512, 512); normal(0,
// 1) is the signed alternative. The weight is an input, drawn uniform(0, 1) like the other inputs,
// then as nn initialises it: uniform(-b, b), b = 1 / sqrt(fan_in) = 1 / sqrt(1440).
kb.task @conv_standard_2d_square_input_asymmetric_kernel_dilated_padded origin <"KernelBench", level 1, problem 80> tolerance(atol 1.0e-4, rtol 1.0e-4)
    attributes {split = "train"} {
  kb.input "x" : tensor<8x32x512x512xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.input "weight" : tensor<64x32x5x9xf32> dist(uniform(0.0, 1.0), uniform(-0.026352313834736494, 0.026352313834736494))
  kb.output "out" : tensor<8x64x508x496xf32>
  kb.reference "return torch.conv2d(x, weight, None, [1, 1], [2, 4], [2, 3], 1)"
  kb.payload(%x: tensor<8x32x512x512xf32>, %weight: tensor<64x32x5x9xf32>, %out: tensor<8x64x508x496xf32>) {
    %zero = arith.constant 0.0 : f32
    %xp = tensor.pad %x low[0, 0, 2, 4] high[0, 0, 2, 4] {
    ^bb0(%p0: index, %p1: index, %p2: index, %p3: index):
      tensor.yield %zero : f32
    } : tensor<8x32x512x512xf32> to tensor<8x32x516x520xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%out : tensor<8x64x508x496xf32>) -> tensor<8x64x508x496xf32>
    %c = linalg.conv_2d_nchw_fchw {dilations = dense<[2, 3]> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
        ins(%xp, %weight : tensor<8x32x516x520xf32>, tensor<64x32x5x9xf32>) outs(%acc : tensor<8x64x508x496xf32>) -> tensor<8x64x508x496xf32>
    kb.yield %c : tensor<8x64x508x496xf32>
  }
}
