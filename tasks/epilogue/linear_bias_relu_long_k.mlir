// A linear layer with few outputs and long inputs: relu(x @ W.T + b) at 128 x 384 outputs over
// K = 32768. Its 12 to 48 output tiles leave most of 132 SMs idle unless blocks split K; the ReLU
// is not additive, so the splits' partials must be added in order before it (ordered split-K).
// Eager runs addmm, then the ReLU as a second kernel.
kb.task @linear_bias_relu_long_k tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<128x32768xf32> dist(uniform(-1.0, 1.0))
  kb.input "W" : tensor<384x32768xf32> dist(uniform(-0.01, 0.01))
  kb.input "b" : tensor<384xf32> dist(uniform(-0.1, 0.1))
  kb.output "out" : tensor<128x384xf32>
  kb.reference "return torch.relu(torch.addmm(b, x, W.t()))"
  kb.payload(%x: tensor<128x32768xf32>, %W: tensor<384x32768xf32>, %b: tensor<384xf32>, %out: tensor<128x384xf32>) {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<128x384xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<128x384xf32>) -> tensor<128x384xf32>
    %xw = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (m, k)>,
                                         affine_map<(m, n, k) -> (n, k)>,
                                         affine_map<(m, n, k) -> (m, n)>]
        ins(%x, %W : tensor<128x32768xf32>, tensor<384x32768xf32>) outs(%acc : tensor<128x384xf32>) -> tensor<128x384xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>,
                                          affine_map<(i, j) -> (i, j)>],
                         iterator_types = ["parallel", "parallel"]}
        ins(%xw, %b : tensor<128x384xf32>, tensor<384xf32>) outs(%out : tensor<128x384xf32>) {
    ^bb0(%v: f32, %bias: f32, %o: f32):
      %s = arith.addf %v, %bias : f32
      %y = arith.maximumf %s, %zero : f32
      linalg.yield %y : f32
    } -> tensor<128x384xf32>
    kb.yield %r : tensor<128x384xf32>
  }
}
