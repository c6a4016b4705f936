// Small tasks of the global-reduction family, with extents that leave tails and vector
// fallbacks: the mean squared error of 1000 x 1028 (a multiple of 4 but not of any grid),
// the KL divergence of 513 x 257 (odd: scalar loads), x / ||x|| over 8 x 16 x 33 x 32 (a third
// kernel), and a hinge loss whose targets broadcast along rows of 1030 (vectors of 2).

kb.task @mse tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "predictions" : tensor<1000x1028xf32> dist(uniform(0.0, 0.5), normal(0.0, 1.0))
  kb.input "targets" : tensor<1000x1028xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.output "out" : tensor<f32>
  kb.reference "return torch.mean((predictions - targets) ** 2)"
  kb.payload(%predictions: tensor<1000x1028xf32>, %targets: tensor<1000x1028xf32>, %out: tensor<f32>) {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<f32>
    %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
    %sum = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>,
                                            affine_map<(i, j) -> ()>],
                           iterator_types = ["reduction", "reduction"]}
        ins(%predictions, %targets : tensor<1000x1028xf32>, tensor<1000x1028xf32>) outs(%acc : tensor<f32>) {
    ^bb0(%p: f32, %t: f32, %a: f32):
      %d = arith.subf %p, %t : f32
      %d2 = arith.mulf %d, %d : f32
      %s = arith.addf %a, %d2 : f32
      linalg.yield %s : f32
    } -> tensor<f32>
    %r = linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []}
        ins(%sum : tensor<f32>) outs(%out : tensor<f32>) {
    ^bb0(%s: f32, %o: f32):
      %count = arith.constant 1028000.0 : f32
      %m = arith.divf %s, %count : f32
      linalg.yield %m : f32
    } -> tensor<f32>
    kb.yield %r : tensor<f32>
  }
}

kb.task @kl_div tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "predictions" : tensor<513x257xf32> dist(uniform(0.01, 1.0))
  kb.input "targets" : tensor<513x257xf32> dist(uniform(0.01, 1.0))
  kb.output "out" : tensor<f32>
  kb.reference "return torch.kl_div(torch.log(predictions), targets, reduction=2) / predictions.size(0)"
  kb.payload(%predictions: tensor<513x257xf32>, %targets: tensor<513x257xf32>, %out: tensor<f32>) {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<f32>
    %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
    %sum = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>,
                                            affine_map<(i, j) -> ()>],
                           iterator_types = ["reduction", "reduction"]}
        ins(%predictions, %targets : tensor<513x257xf32>, tensor<513x257xf32>) outs(%acc : tensor<f32>) {
    ^bb0(%p: f32, %t: f32, %a: f32):
      %logp = math.log %p : f32
      %logt = math.log %t : f32
      %tlogt = arith.mulf %t, %logt : f32
      %tzero = arith.cmpf oeq, %t, %zero : f32
      %xlogy = arith.select %tzero, %zero, %tlogt : f32
      %tlogp = arith.mulf %t, %logp : f32
      %term = arith.subf %xlogy, %tlogp : f32
      %s = arith.addf %a, %term : f32
      linalg.yield %s : f32
    } -> tensor<f32>
    %r = linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []}
        ins(%sum : tensor<f32>) outs(%out : tensor<f32>) {
    ^bb0(%s: f32, %o: f32):
      %count = arith.constant 513.0 : f32
      %m = arith.divf %s, %count : f32
      linalg.yield %m : f32
    } -> tensor<f32>
    kb.yield %r : tensor<f32>
  }
}

kb.task @frobenius tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<8x16x33x32xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.output "out" : tensor<8x16x33x32xf32>
  kb.reference "norm = torch.norm(x)\nreturn x / norm"
  kb.payload(%x: tensor<8x16x33x32xf32>, %out: tensor<8x16x33x32xf32>) {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<f32>
    %s0 = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
    %sq = linalg.generic {indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>,
                                           affine_map<(n, c, h, w) -> ()>],
                          iterator_types = ["reduction", "reduction", "reduction", "reduction"]}
        ins(%x : tensor<8x16x33x32xf32>) outs(%s0 : tensor<f32>) {
    ^bb0(%v: f32, %a: f32):
      %v2 = arith.mulf %v, %v : f32
      %s = arith.addf %a, %v2 : f32
      linalg.yield %s : f32
    } -> tensor<f32>
    %r = linalg.generic {indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>,
                                          affine_map<(n, c, h, w) -> ()>,
                                          affine_map<(n, c, h, w) -> (n, c, h, w)>],
                         iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
        ins(%x, %sq : tensor<8x16x33x32xf32>, tensor<f32>) outs(%out : tensor<8x16x33x32xf32>) {
    ^bb0(%v: f32, %s: f32, %o: f32):
      %norm = math.sqrt %s : f32
      %y = arith.divf %v, %norm : f32
      linalg.yield %y : f32
    } -> tensor<8x16x33x32xf32>
    kb.yield %r : tensor<8x16x33x32xf32>
  }
}

kb.task @hinge tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "predictions" : tensor<300x1030xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.input "targets" : tensor<1030xf32> dist(uniform(-1.0, 1.0), normal(0.0, 1.0))
  kb.output "out" : tensor<f32>
  kb.reference "return torch.mean(torch.clamp(1 - predictions * targets, min=0))"
  kb.payload(%predictions: tensor<300x1030xf32>, %targets: tensor<1030xf32>, %out: tensor<f32>) {
    %zero = arith.constant 0.0 : f32
    %one = arith.constant 1.0 : f32
    %e = tensor.empty() : tensor<f32>
    %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
    %sum = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>,
                                            affine_map<(i, j) -> ()>],
                           iterator_types = ["reduction", "reduction"]}
        ins(%predictions, %targets : tensor<300x1030xf32>, tensor<1030xf32>) outs(%acc : tensor<f32>) {
    ^bb0(%p: f32, %t: f32, %a: f32):
      %pt = arith.mulf %p, %t : f32
      %m = arith.subf %one, %pt : f32
      %h = arith.maximumf %m, %zero : f32
      %s = arith.addf %a, %h : f32
      linalg.yield %s : f32
    } -> tensor<f32>
    %r = linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []}
        ins(%sum : tensor<f32>) outs(%out : tensor<f32>) {
    ^bb0(%s: f32, %o: f32):
      %count = arith.constant 309000.0 : f32
      %m = arith.divf %s, %count : f32
      linalg.yield %m : f32
    } -> tensor<f32>
    kb.yield %r : tensor<f32>
  }
}
