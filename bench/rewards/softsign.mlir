// Softsign, x / (1 + |x|), on 2048 x 8192 floats (64 MiB each way, about 30 us on an H200): an
// elementwise task small enough that every decision list of its space is measured in a minute.
kb.task @softsign tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<2048x8192xf32> dist(normal(0.0, 1.0), uniform(-10.0, 10.0))
  kb.output "out" : tensor<2048x8192xf32>
  kb.reference "return x / (1 + torch.abs(x))"
  kb.payload(%x: tensor<2048x8192xf32>, %out: tensor<2048x8192xf32>) {
    %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                         iterator_types = ["parallel", "parallel"]}
        ins(%x : tensor<2048x8192xf32>) outs(%out : tensor<2048x8192xf32>) {
    ^bb0(%v: f32, %o: f32):
      %one = arith.constant 1.0 : f32
      %a = math.absf %v : f32
      %d = arith.addf %one, %a : f32
      %y = arith.divf %v, %d : f32
      linalg.yield %y : f32
    } -> tensor<2048x8192xf32>
    kb.yield %r : tensor<2048x8192xf32>
  }
}
