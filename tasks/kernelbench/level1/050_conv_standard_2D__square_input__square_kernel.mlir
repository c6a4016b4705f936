// KernelBench level 1, problem 50: conv_standard_2D__square_input__square_kernel.
// nn.Conv2d(3, 96, kernel_size=11, stride=4, padding=2, bias=True): a convolution, (256, 3, 224,
// 224) -> (256, 96, 55, 55). x = torch.rand(256, 3, 224, 224); normal(0, 1) is the signed
// alternative. The weight and bias are inputs, drawn uniform(0, 1) like the other inputs, then as
// nn initialises them: uniform(-b, b), b = 1 / sqrt(fan_in) = 1 / sqrt(363).
kb.task @conv_standard_2d_square_input_square_kernel origin <"KernelBench", level 1, problem 50> tolerance(atol 1.0e-4, rtol 1.0e-4)
    attributes {split = "train"} {
  kb.input "x" : tensor<256x3x224x224xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.input "weight" : tensor<96x3x11x11xf32> dist(uniform(0.0, 1.0), uniform(-0.0524863881081478, 0.0524863881081478))
  kb.input "bias" : tensor<96xf32> dist(uniform(0.0, 1.0), uniform(-0.0524863881081478, 0.0524863881081478))
  kb.output "out" : tensor<256x96x55x55xf32>
  kb.reference "return torch.conv2d(x, weight, bias, [4, 4], [2, 2], [1, 1], 1)"
  kb.payload(%x: tensor<256x3x224x224xf32>, %weight: tensor<96x3x11x11xf32>, %bias: tensor<96xf32>, %out: tensor<256x96x55x55xf32>) {
    %zero = arith.constant 0.0 : f32
    %xp = tensor.pad %x low[0, 0, 2, 2] high[0, 0, 2, 2] {
    ^bb0(%p0: index, %p1: index, %p2: index, %p3: index):
      tensor.yield %zero : f32
    } : tensor<256x3x224x224xf32> to tensor<256x3x228x228xf32>
    %e = tensor.empty() : tensor<256x96x55x55xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<256x96x55x55xf32>) -> tensor<256x96x55x55xf32>
    %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<4> : tensor<2xi64>}
        ins(%xp, %weight : tensor<256x3x228x228xf32>, tensor<96x3x11x11xf32>) outs(%acc : tensor<256x96x55x55xf32>) -> tensor<256x96x55x55xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(n, f, y, x) -> (n, f, y, x)>, affine_map<(n, f, y, x) -> (f)>,
                                          affine_map<(n, f, y, x) -> (n, f, y, x)>],
                         iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
        ins(%c, %bias : tensor<256x96x55x55xf32>, tensor<96xf32>) outs(%out : tensor<256x96x55x55xf32>) {
    ^bb0(%v: f32, %b: f32, %o: f32):
      %y = arith.addf %v, %b : f32
      linalg.yield %y : f32
    } -> tensor<256x96x55x55xf32>
    kb.yield %r : tensor<256x96x55x55xf32>
  }
}
