// A linear layer and its activation: relu(x @ W.T + b), PyTorch's Linear then ReLU, at extents no
// tile divides (6001 rows, 1001 features). Eager runs the GEMM with its bias (addmm, as F.linear does) and the ReLU
// as separate kernels, the second reading and writing the 24 MB output again; a matmul whose
// epilogue reads the bias and applies the ReLU stores each output once.
kb.task @linear_bias_relu tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<6001x128xf32> dist(uniform(-1.0, 1.0))
  kb.input "W" : tensor<1001x128xf32> dist(uniform(-0.1, 0.1))
  kb.input "b" : tensor<1001xf32> dist(uniform(-0.1, 0.1))
  kb.output "out" : tensor<6001x1001xf32>
  kb.reference "return torch.relu(torch.addmm(b, x, W.t()))"
  kb.payload(%x: tensor<6001x128xf32>, %W: tensor<1001x128xf32>, %b: tensor<1001xf32>, %out: tensor<6001x1001xf32>) {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<6001x1001xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<6001x1001xf32>) -> tensor<6001x1001xf32>
    %xw = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                                         affine_map<(m, n, k) -> (n, k)>,
                                         affine_map<(m, n, k) -> (m, n)>]
        ins(%x, %W : tensor<6001x128xf32>, tensor<1001x128xf32>) outs(%acc : tensor<6001x1001xf32>) -> tensor<6001x1001xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>,
                                          affine_map<(i, j) -> (i, j)>],
                         iterator_types = ["parallel", "parallel"]}
        ins(%xw, %b : tensor<6001x1001xf32>, tensor<1001xf32>) outs(%out : tensor<6001x1001xf32>) {
    ^bb0(%v: f32, %bias: f32, %o: f32):
      %s = arith.addf %v, %bias : f32
      %y = arith.maximumf %s, %zero : f32
      linalg.yield %y : f32
    } -> tensor<6001x1001xf32>
    kb.yield %r : tensor<6001x1001xf32>
  }
}
