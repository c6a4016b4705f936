// KernelBench level 1, problem 42: Max_Pooling_2D.
// nn.MaxPool2d(kernel_size=4, stride=1, padding=1, dilation=1): the maximum of each 4x4 window of x
// padded by 1 with -inf; 512 x 512 -> 511 x 511. x = torch.rand(32, 64, 512, 512); normal(0, 1) is
// the signed alternative.
kb.task @max_pooling_2d origin <"KernelBench", level 1, problem 42> tolerance(atol 1.0e-4, rtol 1.0e-4)
    attributes {split = "train"} {
  kb.input "x" : tensor<32x64x512x512xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.output "out" : tensor<32x64x511x511xf32>
  kb.reference "return torch.max_pool2d(x, [4, 4], [1, 1], [1, 1], [1, 1], False)"
  kb.payload(%x: tensor<32x64x512x512xf32>, %out: tensor<32x64x511x511xf32>) {
    %ninf = arith.constant 0xFF800000 : f32
    %xp = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%p0: index, %p1: index, %p2: index, %p3: index):
      tensor.yield %ninf : f32
    } : tensor<32x64x512x512xf32> to tensor<32x64x514x514xf32>
    %window = tensor.empty() : tensor<4x4xf32>
    %init = linalg.fill ins(%ninf : f32) outs(%out : tensor<32x64x511x511xf32>) -> tensor<32x64x511x511xf32>
    %r = linalg.pooling_nchw_max {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
        ins(%xp, %window : tensor<32x64x514x514xf32>, tensor<4x4xf32>) outs(%init : tensor<32x64x511x511xf32>) -> tensor<32x64x511x511xf32>
    kb.yield %r : tensor<32x64x511x511xf32>
  }
}
