// KernelBench level 1, problem 44: Average_Pooling_1D.
// nn.AvgPool1d(kernel_size=8, stride=1, padding=4): the mean of each window of 8 of x padded by 4
// with zeros that count (count_include_pad); length 65536 -> 65537. x = torch.rand(64, 128, 65536);
// normal(0, 1) is the signed alternative.
kb.task @average_pooling_1d origin <"KernelBench", level 1, problem 44> tolerance(atol 1.0e-4, rtol 1.0e-4)
    attributes {split = "train"} {
  kb.input "x" : tensor<64x128x65536xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.output "out" : tensor<64x128x65537xf32>
  kb.reference "return torch.avg_pool1d(x, [8], [1], [4], False, True)"
  kb.payload(%x: tensor<64x128x65536xf32>, %out: tensor<64x128x65537xf32>) {
    %zero = arith.constant 0.0 : f32
    %size = arith.constant 8.0 : f32
    %xp = tensor.pad %x low[0, 0, 4] high[0, 0, 4] {
    ^bb0(%p0: index, %p1: index, %p2: index):
      tensor.yield %zero : f32
    } : tensor<64x128x65536xf32> to tensor<64x128x65544xf32>
    %window = tensor.empty() : tensor<8xf32>
    %init = linalg.fill ins(%zero : f32) outs(%out : tensor<64x128x65537xf32>) -> tensor<64x128x65537xf32>
    %sum = linalg.pooling_ncw_sum {dilations = dense<1> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>}
        ins(%xp, %window : tensor<64x128x65544xf32>, tensor<8xf32>) outs(%init : tensor<64x128x65537xf32>) -> tensor<64x128x65537xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(n, c, l) -> (n, c, l)>, affine_map<(n, c, l) -> (n, c, l)>],
                         iterator_types = ["parallel", "parallel", "parallel"]}
        ins(%sum : tensor<64x128x65537xf32>) outs(%out : tensor<64x128x65537xf32>) {
    ^bb0(%v: f32, %o: f32):
      %y = arith.divf %v, %size : f32
      linalg.yield %y : f32
    } -> tensor<64x128x65537xf32>
    kb.yield %r : tensor<64x128x65537xf32>
  }
}
