// KernelBench level 1, problem 100: HingeLoss.
// torch.mean(torch.clamp(1 - predictions * targets, min=0)) with predictions (32768, 32768) and
// targets (32768,): the targets broadcast along the last dimension (targets[j] scales column j, as
// in KernelBench, where batch_size = dim); a float32 scalar (0-d tensor). predictions =
// torch.rand(32768, 32768) (normal(0, 1) as the signed alternative). KernelBench's targets are
// random signs, torch.randint(0, 2, (32768,)).float() * 2 - 1, which the kb distributions cannot
// express; they are drawn uniform(-1, 1) (then normal(0, 1)), for which the formula means the same.
kb.task @hinge_loss origin <"KernelBench", level 1, problem 100> tolerance(atol 1.0e-4, rtol 1.0e-4)
    attributes {split = "train"} {
  kb.input "predictions" : tensor<32768x32768xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.input "targets" : tensor<32768xf32> dist(uniform(-1.0, 1.0), normal(0.0, 1.0))
  kb.output "out" : tensor<f32>
  kb.reference "return torch.mean(torch.clamp(1 - predictions * targets, min=0))"
  kb.payload(%predictions: tensor<32768x32768xf32>, %targets: tensor<32768xf32>, %out: tensor<f32>) {
    %zero = arith.constant 0.0 : f32
    %one = arith.constant 1.0 : f32
    %e = tensor.empty() : tensor<f32>
    %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
    %sum = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>,
                                            affine_map<(i, j) -> ()>],
                           iterator_types = ["reduction", "reduction"]}
        ins(%predictions, %targets : tensor<32768x32768xf32>, tensor<32768xf32>) outs(%acc : tensor<f32>) {
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
      %count = arith.constant 1073741824.0 : f32
      %m = arith.divf %s, %count : f32
      linalg.yield %m : f32
    } -> tensor<f32>
    kb.yield %r : tensor<f32>
  }
}
