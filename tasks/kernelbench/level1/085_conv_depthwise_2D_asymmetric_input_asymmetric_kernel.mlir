// KernelBench level 1, problem 85: conv_depthwise_2D_asymmetric_input_asymmetric_kernel.
// nn.Conv2d(128, 128, kernel_size=(3, 7), groups=128, bias=False): a depthwise convolution, (32,
// 128, 128, 256) -> (32, 128, 126, 250). x = torch.rand(32, 128, 128, 256); normal(0, 1) is the
// signed alternative. The weight is an input, drawn uniform(0, 1) like the other inputs, then as nn
// initialises it: uniform(-b, b), b = 1 / sqrt(fan_in) = 1 / sqrt(21).
kb.task @conv_depthwise_2d_asymmetric_input_asymmetric_kernel origin <"KernelBench", level 1, problem 85> tolerance(atol 1.0e-4, rtol 1.0e-4)
    attributes {split = "train"} {
  kb.input "x" : tensor<32x128x128x256xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.input "weight" : tensor<128x1x3x7xf32> dist(uniform(0.0, 1.0), uniform(-0.2182178902359924, 0.2182178902359924))
  kb.output "out" : tensor<32x128x126x250xf32>
  kb.reference "return torch.conv2d(x, weight, None, [1, 1], [0, 0], [1, 1], 128)"
  kb.payload(%x: tensor<32x128x128x256xf32>, %weight: tensor<128x1x3x7xf32>, %out: tensor<32x128x126x250xf32>) {
    %zero = arith.constant 0.0 : f32
    %wc = tensor.collapse_shape %weight [[0, 1], [2], [3]] : tensor<128x1x3x7xf32> into tensor<128x3x7xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%out : tensor<32x128x126x250xf32>) -> tensor<32x128x126x250xf32>
    %c = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
        ins(%x, %wc : tensor<32x128x128x256xf32>, tensor<128x3x7xf32>) outs(%acc : tensor<32x128x126x250xf32>) -> tensor<32x128x126x250xf32>
    kb.yield %c : tensor<32x128x126x250xf32>
  }
}
