// KernelBench level 1, problem 41: Max_Pooling_1D.
// nn.MaxPool1d(kernel_size=8, stride=1, padding=4, dilation=3): out[n, c, o] = max over k < 8 of
// x[n, c, o + 3k - 4], the padding never winning (-inf); length 65536 -> 65523. x = torch.rand(64,
// 192, 65536); normal(0, 1) is the signed alternative.
kb.task @max_pooling_1d origin <"KernelBench", level 1, problem 41> tolerance(atol 1.0e-4, rtol 1.0e-4)
    attributes {split = "train"} {
  kb.input "x" : tensor<64x192x65536xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.output "out" : tensor<64x192x65523xf32>
  kb.reference "return torch.max_pool1d(x, [8], [1], [4], [3], False)"
  kb.payload(%x: tensor<64x192x65536xf32>, %out: tensor<64x192x65523xf32>) {
    %ninf = arith.constant 0xFF800000 : f32
    %xp = tensor.pad %x low[0, 0, 4] high[0, 0, 4] {
    ^bb0(%p0: index, %p1: index, %p2: index):
      tensor.yield %ninf : f32
    } : tensor<64x192x65536xf32> to tensor<64x192x65544xf32>
    %window = tensor.empty() : tensor<8xf32>
    %init = linalg.fill ins(%ninf : f32) outs(%out : tensor<64x192x65523xf32>) -> tensor<64x192x65523xf32>
    %r = linalg.pooling_ncw_max {dilations = dense<3> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>}
        ins(%xp, %window : tensor<64x192x65544xf32>, tensor<8xf32>) outs(%init : tensor<64x192x65523xf32>) -> tensor<64x192x65523xf32>
    kb.yield %r : tensor<64x192x65523xf32>
  }
}
