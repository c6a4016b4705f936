// KernelBench level 1, problem 94: MSELoss.
// torch.mean((predictions - targets) ** 2) over (32768, 32768): a float32 scalar (0-d tensor).
// predictions = torch.rand(32768, 32768) * scale, targets = torch.rand(32768, 32768). KernelBench
// multiplies the predictions by one torch.rand(()) draw per call; the kb distributions cannot
// express a random scale, so they are drawn uniform(0, 0.5), at its mean. normal(0, 1) is the
// signed alternative for both.
kb.task @mse_loss origin <"KernelBench", level 1, problem 94> tolerance(atol 1.0e-4, rtol 1.0e-4)
    attributes {split = "train"} {
  kb.input "predictions" : tensor<32768x32768xf32> dist(uniform(0.0, 0.5), normal(0.0, 1.0))
  kb.input "targets" : tensor<32768x32768xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.output "out" : tensor<f32>
  kb.reference "return torch.mean((predictions - targets) ** 2)"
  kb.payload(%predictions: tensor<32768x32768xf32>, %targets: tensor<32768x32768xf32>, %out: tensor<f32>) {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<f32>
    %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
    %sum = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>,
                                            affine_map<(i, j) -> ()>],
                           iterator_types = ["reduction", "reduction"]}
        ins(%predictions, %targets : tensor<32768x32768xf32>, tensor<32768x32768xf32>) outs(%acc : tensor<f32>) {
    ^bb0(%p: f32, %t: f32, %a: f32):
      %d = arith.subf %p, %t : f32
      %d2 = arith.mulf %d, %d : f32
      %s = arith.addf %a, %d2 : f32
      linalg.yield %s : f32
    } -> tensor<f32>
    %r = linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []}
        ins(%sum : tensor<f32>) outs(%out : tensor<f32>) {
    ^bb0(%s: f32, %o: f32):
      %count = arith.constant 1073741824.0 : f32
      %m = arith.divf %s, %count : f32
      linalg.yield %m : f32
    } -> tensor<f32>
    kb.yield %r : tensor<f32>
  }
}
