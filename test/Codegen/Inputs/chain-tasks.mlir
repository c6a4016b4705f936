// Small tasks that no family takes whole, each a chain of families (as KernelBench's problems
// 86, 95 and 99): a depthwise convolution feeding a pointwise one (window, window), cross-entropy
// (a row max, a row sum of exponentials that reads the max per row, a global reduction gathering
// each row's target logit), triplet margin (two row sums of squares in one reduction, then a
// global reduction of the hinge).

kb.task @dw_separable tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<2x4x10x12xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.input "dw" : tensor<4x1x3x3xf32> dist(uniform(-0.3, 0.3))
  kb.input "pw" : tensor<6x4x1x1xf32> dist(uniform(-0.5, 0.5))
  kb.output "out" : tensor<2x6x10x12xf32>
  kb.reference "return torch.conv2d(torch.conv2d(x, dw, None, [1, 1], [1, 1], [1, 1], 4), pw)"
  kb.payload(%x: tensor<2x4x10x12xf32>, %dw: tensor<4x1x3x3xf32>, %pw: tensor<6x4x1x1xf32>, %out: tensor<2x6x10x12xf32>) {
    %zero = arith.constant 0.0 : f32
    %xp = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%p0: index, %p1: index, %p2: index, %p3: index):
      tensor.yield %zero : f32
    } : tensor<2x4x10x12xf32> to tensor<2x4x12x14xf32>
    %w = tensor.collapse_shape %dw [[0, 1], [2], [3]] : tensor<4x1x3x3xf32> into tensor<4x3x3xf32>
    %e = tensor.empty() : tensor<2x4x10x12xf32>
    %acc0 = linalg.fill ins(%zero : f32) outs(%e : tensor<2x4x10x12xf32>) -> tensor<2x4x10x12xf32>
    %mid = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
        ins(%xp, %w : tensor<2x4x12x14xf32>, tensor<4x3x3xf32>) outs(%acc0 : tensor<2x4x10x12xf32>) -> tensor<2x4x10x12xf32>
    %acc1 = linalg.fill ins(%zero : f32) outs(%out : tensor<2x6x10x12xf32>) -> tensor<2x6x10x12xf32>
    %r = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
        ins(%mid, %pw : tensor<2x4x10x12xf32>, tensor<6x4x1x1xf32>) outs(%acc1 : tensor<2x6x10x12xf32>) -> tensor<2x6x10x12xf32>
    kb.yield %r : tensor<2x6x10x12xf32>
  }
}

kb.task @cross_entropy tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "logits" : tensor<48x100xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.input "targets" : tensor<48xi64> dist(randint(0.0, 100.0))
  kb.output "out" : tensor<f32>
  kb.reference "logp = torch.log_softmax(logits, dim=1)\nreturn -torch.mean(torch.gather(logp, 1, targets.unsqueeze(1)))"
  kb.payload(%logits: tensor<48x100xf32>, %targets: tensor<48xi64>, %out: tensor<f32>) {
    %ninf = arith.constant 0xFF800000 : f32
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<48xf32>
    %m0 = linalg.fill ins(%ninf : f32) outs(%e : tensor<48xf32>) -> tensor<48xf32>
    %max = linalg.reduce ins(%logits : tensor<48x100xf32>) outs(%m0 : tensor<48xf32>) dimensions = [1]
      (%v: f32, %a: f32) {
        %m = arith.maximumf %v, %a : f32
        linalg.yield %m : f32
      }
    %s0 = linalg.fill ins(%zero : f32) outs(%e : tensor<48xf32>) -> tensor<48xf32>
    %sumexp = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>,
                                               affine_map<(i, j) -> (i)>],
                              iterator_types = ["parallel", "reduction"]}
        ins(%logits, %max : tensor<48x100xf32>, tensor<48xf32>) outs(%s0 : tensor<48xf32>) {
    ^bb0(%v: f32, %m: f32, %a: f32):
      %d = arith.subf %v, %m : f32
      %ex = math.exp %d : f32
      %s = arith.addf %a, %ex : f32
      linalg.yield %s : f32
    } -> tensor<48xf32>
    %e0 = tensor.empty() : tensor<f32>
    %l0 = linalg.fill ins(%zero : f32) outs(%e0 : tensor<f32>) -> tensor<f32>
    %sum = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>,
                                            affine_map<(i) -> ()>],
                           iterator_types = ["reduction"]}
        ins(%targets, %max, %sumexp : tensor<48xi64>, tensor<48xf32>, tensor<48xf32>) outs(%l0 : tensor<f32>) {
    ^bb0(%t: i64, %m: f32, %s: f32, %a: f32):
      %i = linalg.index 0 : index
      %ti = arith.index_cast %t : i64 to index
      %xt = tensor.extract %logits[%i, %ti] : tensor<48x100xf32>
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
      %count = arith.constant 48.0 : f32
      %m = arith.divf %s, %count : f32
      linalg.yield %m : f32
    } -> tensor<f32>
    kb.yield %r : tensor<f32>
  }
}

kb.task @triplet_margin tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "anchor" : tensor<40x96xf32> dist(uniform(0.0, 0.5), normal(0.0, 1.0))
  kb.input "positive" : tensor<40x96xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.input "negative" : tensor<40x96xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.output "out" : tensor<f32>
  kb.reference "return torch.triplet_margin_loss(anchor, positive, negative, 1.0, 2.0, 1e-06, False, 1)"
  kb.payload(%anchor: tensor<40x96xf32>, %positive: tensor<40x96xf32>, %negative: tensor<40x96xf32>, %out: tensor<f32>) {
    %zero = arith.constant 0.0 : f32
    %eps = arith.constant 1.0e-06 : f32
    %margin = arith.constant 1.0 : f32
    %e = tensor.empty() : tensor<40xf32>
    %p0 = linalg.fill ins(%zero : f32) outs(%e : tensor<40xf32>) -> tensor<40xf32>
    %n0 = linalg.fill ins(%zero : f32) outs(%e : tensor<40xf32>) -> tensor<40xf32>
    %sq:2 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>,
                                             affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>,
                                             affine_map<(i, j) -> (i)>],
                            iterator_types = ["parallel", "reduction"]}
        ins(%anchor, %positive, %negative : tensor<40x96xf32>, tensor<40x96xf32>, tensor<40x96xf32>) outs(%p0, %n0 : tensor<40xf32>, tensor<40xf32>) {
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
    } -> (tensor<40xf32>, tensor<40xf32>)
    %e0 = tensor.empty() : tensor<f32>
    %l0 = linalg.fill ins(%zero : f32) outs(%e0 : tensor<f32>) -> tensor<f32>
    %sum = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> ()>],
                           iterator_types = ["reduction"]}
        ins(%sq#0, %sq#1 : tensor<40xf32>, tensor<40xf32>) outs(%l0 : tensor<f32>) {
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
      %count = arith.constant 40.0 : f32
      %m = arith.divf %s, %count : f32
      linalg.yield %m : f32
    } -> tensor<f32>
    kb.yield %r : tensor<f32>
  }
}
