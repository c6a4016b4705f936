// KernelBench level 1, problem 98: KLDivLoss.
// F.kl_div(torch.log(predictions), targets, reduction='batchmean'): the sum over (16384, 16384) of
// xlogy(t, t) - t * log(p) (t = targets, p = predictions; 0 where t = 0), divided by the batch
// size. KernelBench draws rows that are softmax outputs, (torch.rand(...) * scale).softmax(dim=-1)
// and torch.rand(...).softmax(dim=-1), which the kb distributions cannot express; values of the
// same size are drawn instead (softmax of 16384 uniform values, scale at its mean 0.5, lie in
// [4.7e-5, 7.7e-5]; those of the targets in [3.55e-5, 9.66e-5]); uniform(0.01, 1.0) is an
// alternative for both (inputs must be positive: the reference takes their log). The reference uses
// the aten op torch.kl_div with sum reduction (2) and the batch-mean division that F.kl_div
// applies.
kb.task @kl_div_loss origin <"KernelBench", level 1, problem 98> tolerance(atol 1.0e-4, rtol 1.0e-4)
    attributes {split = "eval"} {
  kb.input "predictions" : tensor<16384x16384xf32> dist(uniform(4.7e-05, 7.7e-05), uniform(0.01, 1.0))
  kb.input "targets" : tensor<16384x16384xf32> dist(uniform(3.55e-05, 9.66e-05), uniform(0.01, 1.0))
  kb.output "out" : tensor<f32>
  kb.reference "return torch.kl_div(torch.log(predictions), targets, reduction=2) / predictions.size(0)"
  kb.payload(%predictions: tensor<16384x16384xf32>, %targets: tensor<16384x16384xf32>, %out: tensor<f32>) {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<f32>
    %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
    %sum = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>,
                                            affine_map<(i, j) -> ()>],
                           iterator_types = ["reduction", "reduction"]}
        ins(%predictions, %targets : tensor<16384x16384xf32>, tensor<16384x16384xf32>) outs(%acc : tensor<f32>) {
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
      %count = arith.constant 16384.0 : f32
      %m = arith.divf %s, %count : f32
      linalg.yield %m : f32
    } -> tensor<f32>
    kb.yield %r : tensor<f32>
  }
}
