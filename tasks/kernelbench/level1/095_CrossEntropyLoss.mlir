// KernelBench level 1, problem 95: CrossEntropyLoss.
// F.cross_entropy(predictions, targets) with mean reduction: -mean over the batch of
// log_softmax(predictions, dim=1)[b, targets[b]]; (32768, 4096) logits, int64 targets in [0, 4096).
// predictions = torch.rand(32768, 4096) (normal(0, 1) as the signed alternative), targets =
// torch.randint(0, 4096, (32768,)). TorchScript on libtorch 1.13 has no cross_entropy or nll_loss
// op, so the reference is written from primitives: log_softmax and gather.
kb.task @cross_entropy_loss origin <"KernelBench", level 1, problem 95> tolerance(atol 1.0e-4, rtol 1.0e-4)
    attributes {split = "eval"} {
  kb.input "predictions" : tensor<32768x4096xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.input "targets" : tensor<32768xi64> dist(randint(0.0, 4096.0))
  kb.output "out" : tensor<f32>
  kb.reference "logp = torch.log_softmax(predictions, dim=1)\nreturn -torch.mean(torch.gather(logp, 1, targets.unsqueeze(1)))"
  kb.payload(%predictions: tensor<32768x4096xf32>, %targets: tensor<32768xi64>, %out: tensor<f32>) {
    %ninf = arith.constant 0xFF800000 : f32
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<32768xf32>
    %m0 = linalg.fill ins(%ninf : f32) outs(%e : tensor<32768xf32>) -> tensor<32768xf32>
    %max = linalg.reduce ins(%predictions : tensor<32768x4096xf32>) outs(%m0 : tensor<32768xf32>) dimensions = [1]
      (%v: f32, %a: f32) {
        %m = arith.maximumf %v, %a : f32
        linalg.yield %m : f32
      }
    %s0 = linalg.fill ins(%zero : f32) outs(%e : tensor<32768xf32>) -> tensor<32768xf32>
    %sumexp = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>,
                                               affine_map<(i, j) -> (i)>],
                              iterator_types = ["parallel", "reduction"]}
        ins(%predictions, %max : tensor<32768x4096xf32>, tensor<32768xf32>) outs(%s0 : tensor<32768xf32>) {
    ^bb0(%v: f32, %m: f32, %a: f32):
      %d = arith.subf %v, %m : f32
      %ex = math.exp %d : f32
      %s = arith.addf %a, %ex : f32
      linalg.yield %s : f32
    } -> tensor<32768xf32>
    %e0 = tensor.empty() : tensor<f32>
    %l0 = linalg.fill ins(%zero : f32) outs(%e0 : tensor<f32>) -> tensor<f32>
    %sum = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>,
                                            affine_map<(i) -> ()>],
                           iterator_types = ["reduction"]}
        ins(%targets, %max, %sumexp : tensor<32768xi64>, tensor<32768xf32>, tensor<32768xf32>) outs(%l0 : tensor<f32>) {
    ^bb0(%t: i64, %m: f32, %s: f32, %a: f32):
      %i = linalg.index 0 : index
      %ti = arith.index_cast %t : i64 to index
      %xt = tensor.extract %predictions[%i, %ti] : tensor<32768x4096xf32>
      %d = arith.subf %xt, %m : f32
      %ls = math.log %s : f32
      %logp = arith.subf %d, %ls : f32
      %nll = arith.negf %logp : f32
      %acc = arith.addf %a, %nll : f32
      linalg.yield %acc : f32
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
