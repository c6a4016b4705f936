// KernelBench level 1, problem 99: TripletMarginLoss.
// nn.TripletMarginLoss(margin=1.0) (p = 2, eps = 1e-6, no swap, mean): mean over the batch of
// max(margin + d(anchor, positive) - d(anchor, negative), 0), d(a, b) = ||a - b + eps||_2 over
// 8192; a float32 scalar (0-d tensor). anchor = torch.rand(32768, 8192) * scale, positive, negative
// = torch.rand(32768, 8192). KernelBench multiplies the predictions by one torch.rand(()) draw per
// call; the kb distributions cannot express a random scale, so they are drawn uniform(0, 0.5), at
// its mean. normal(0, 1) is the signed alternative for all three. The reference calls the aten op
// torch.triplet_margin_loss(anchor, positive, negative, margin, p, eps, swap, reduction = 1
// (mean)).
kb.task @triplet_margin_loss origin <"KernelBench", level 1, problem 99> tolerance(atol 1.0e-4, rtol 1.0e-4)
    attributes {split = "train"} {
  kb.input "anchor" : tensor<32768x8192xf32> dist(uniform(0.0, 0.5), normal(0.0, 1.0))
  kb.input "positive" : tensor<32768x8192xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.input "negative" : tensor<32768x8192xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.output "out" : tensor<f32>
  kb.reference "return torch.triplet_margin_loss(anchor, positive, negative, 1.0, 2.0, 1e-06, False, 1)"
  kb.payload(%anchor: tensor<32768x8192xf32>, %positive: tensor<32768x8192xf32>, %negative: tensor<32768x8192xf32>, %out: tensor<f32>) {
    %zero = arith.constant 0.0 : f32
    %eps = arith.constant 1.0e-06 : f32
    %margin = arith.constant 1.0 : f32
    %e = tensor.empty() : tensor<32768xf32>
    %p0 = linalg.fill ins(%zero : f32) outs(%e : tensor<32768xf32>) -> tensor<32768xf32>
    %n0 = linalg.fill ins(%zero : f32) outs(%e : tensor<32768xf32>) -> tensor<32768xf32>
    %sq:2 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>,
                                             affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>,
                                             affine_map<(i, j) -> (i)>],
                            iterator_types = ["parallel", "reduction"]}
        ins(%anchor, %positive, %negative : tensor<32768x8192xf32>, tensor<32768x8192xf32>, tensor<32768x8192xf32>) outs(%p0, %n0 : tensor<32768xf32>, tensor<32768xf32>) {
    ^bb0(%a: f32, %p: f32, %n: f32, %sp: f32, %sn: f32):
      %dp = arith.subf %a, %p : f32
      %dpe = arith.addf %dp, %eps : f32
      %dp2 = arith.mulf %dpe, %dpe : f32
      %sp2 = arith.addf %sp, %dp2 : f32
      %dn = arith.subf %a, %n : f32
      %dne = arith.addf %dn, %eps : f32
      %dn2 = arith.mulf %dne, %dne : f32
      %sn2 = arith.addf %sn, %dn2 : f32
      linalg.yield %sp2, %sn2 : f32, f32
    } -> (tensor<32768xf32>, tensor<32768xf32>)
    %e0 = tensor.empty() : tensor<f32>
    %l0 = linalg.fill ins(%zero : f32) outs(%e0 : tensor<f32>) -> tensor<f32>
    %sum = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> ()>],
                           iterator_types = ["reduction"]}
        ins(%sq#0, %sq#1 : tensor<32768xf32>, tensor<32768xf32>) outs(%l0 : tensor<f32>) {
    ^bb0(%sp: f32, %sn: f32, %a: f32):
      %dap = math.sqrt %sp : f32
      %dan = math.sqrt %sn : f32
      %m = arith.addf %margin, %dap : f32
      %d = arith.subf %m, %dan : f32
      %l = arith.maximumf %d, %zero : f32
      %s = arith.addf %a, %l : f32
      linalg.yield %s : f32
    } -> tensor<f32>
    %r = linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []}
        ins(%sum : tensor<f32>) outs(%out : tensor<f32>) {
    ^bb0(%s: f32, %o: f32):
      %count = arith.constant 32768.0 : f32
      %m = arith.divf %s, %count : f32
      linalg.yield %m : f32
    } -> tensor<f32>
    kb.yield %r : tensor<f32>
  }
}
