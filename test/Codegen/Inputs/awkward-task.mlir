// A task on which many decisions cannot apply as asked: f16, a rank-0 and a broadcast operand,
// 6 elements per row (no vector of 4 fits a row), 1 + 2 + ... steps that never divide evenly.
kb.task @awkward tolerance(atol 1.0e-2, rtol 1.0e-2) {
  kb.input "x" : tensor<7x33x6xf16> dist(uniform(-1.0, 1.0))
  kb.input "scale" : tensor<33x1xf16> dist(uniform(0.0, 1.0))
  kb.input "shift" : tensor<f16> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<7x33x6xf16>
  kb.reference "return torch.tanh(x * scale + shift)"
  kb.payload(%x: tensor<7x33x6xf16>, %scale: tensor<33x1xf16>, %shift: tensor<f16>, %out: tensor<7x33x6xf16>) {
    %r = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, j, k)>, affine_map<(i, j, k) -> (j, 0)>,
                                          affine_map<(i, j, k) -> ()>, affine_map<(i, j, k) -> (i, j, k)>],
                         iterator_types = ["parallel", "parallel", "parallel"]}
        ins(%x, %scale, %shift : tensor<7x33x6xf16>, tensor<33x1xf16>, tensor<f16>) outs(%out : tensor<7x33x6xf16>) {
    ^bb0(%a: f16, %s: f16, %t: f16, %o: f16):
      %m = arith.mulf %a, %s : f16
      %p = arith.addf %m, %t : f16
      %y = math.tanh %p : f16
      linalg.yield %y : f16
    } -> tensor<7x33x6xf16>
    kb.yield %r : tensor<7x33x6xf16>
  }
}
