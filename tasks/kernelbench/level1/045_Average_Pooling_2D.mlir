// KernelBench level 1, problem 45: Average_Pooling_2D.
// nn.AvgPool2d(kernel_size=11) (stride defaults to the kernel size, no padding): the mean of each
// non-overlapping 11x11 window; 2048 x 2048 -> 186 x 186 (the last 2 rows and columns are not
// read). x = torch.rand(16, 64, 2048, 2048); normal(0, 1) is the signed alternative.
kb.task @average_pooling_2d origin <"KernelBench", level 1, problem 45> tolerance(atol 1.0e-4, rtol 1.0e-4)
    attributes {split = "train"} {
  kb.input "x" : tensor<16x64x2048x2048xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.output "out" : tensor<16x64x186x186xf32>
  kb.reference "return torch.avg_pool2d(x, [11, 11], [11, 11], [0, 0], False, True, None)"
  kb.payload(%x: tensor<16x64x2048x2048xf32>, %out: tensor<16x64x186x186xf32>) {
    %zero = arith.constant 0.0 : f32
    %size = arith.constant 121.0 : f32
    %window = tensor.empty() : tensor<11x11xf32>
    %init = linalg.fill ins(%zero : f32) outs(%out : tensor<16x64x186x186xf32>) -> tensor<16x64x186x186xf32>
    %sum = linalg.pooling_nchw_sum {dilations = dense<1> : tensor<2xi64>, strides = dense<11> : tensor<2xi64>}
        ins(%x, %window : tensor<16x64x2048x2048xf32>, tensor<11x11xf32>) outs(%init : tensor<16x64x186x186xf32>) -> tensor<16x64x186x186xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>,
                                          affine_map<(n, c, h, w) -> (n, c, h, w)>],
                         iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
        ins(%sum : tensor<16x64x186x186xf32>) outs(%out : tensor<16x64x186x186xf32>) {
    ^bb0(%v: f32, %o: f32):
      %y = arith.divf %v, %size : f32
      linalg.yield %y : f32
    } -> tensor<16x64x186x186xf32>
    kb.yield %r : tensor<16x64x186x186xf32>
  }
}
