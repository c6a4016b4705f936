// Small tasks of the normalization family, one per shape of KernelBench's level-1 problems
// 23-24 and 33-40 (their payloads, smaller): rows (softmax, log-softmax, L2 norm), all the axes
// but the first (layer norm), (N, H, W) around the kept channel (batch norm), a channel group
// (group norm), and the strided channel axis (RMS norm). Odd extents exercise the fallbacks.

kb.task @softmax tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<64x4000xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.output "out" : tensor<64x4000xf32>
  kb.reference "return torch.softmax(x, dim=1)"
  kb.payload(%x: tensor<64x4000xf32>, %out: tensor<64x4000xf32>) {
    %r = linalg.softmax dimension(1) ins(%x : tensor<64x4000xf32>) outs(%out : tensor<64x4000xf32>) -> tensor<64x4000xf32>
    kb.yield %r : tensor<64x4000xf32>
  }
}

kb.task @log_softmax tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<32x1030xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.output "out" : tensor<32x1030xf32>
  kb.reference "return torch.log_softmax(x, dim=1)"
  kb.payload(%x: tensor<32x1030xf32>, %out: tensor<32x1030xf32>) {
    %ninf = arith.constant 0xFF800000 : f32
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<32xf32>
    %m0 = linalg.fill ins(%ninf : f32) outs(%e : tensor<32xf32>) -> tensor<32xf32>
    %max = linalg.reduce ins(%x : tensor<32x1030xf32>) outs(%m0 : tensor<32xf32>) dimensions = [1]
      (%v: f32, %a: f32) {
        %m = arith.maximumf %v, %a : f32
        linalg.yield %m : f32
      }
    %s0 = linalg.fill ins(%zero : f32) outs(%e : tensor<32xf32>) -> tensor<32xf32>
    %sum = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>,
                                            affine_map<(i, j) -> (i)>],
                           iterator_types = ["parallel", "reduction"]}
        ins(%x, %max : tensor<32x1030xf32>, tensor<32xf32>) outs(%s0 : tensor<32xf32>) {
    ^bb0(%v: f32, %m: f32, %a: f32):
      %d = arith.subf %v, %m : f32
      %ex = math.exp %d : f32
      %s = arith.addf %a, %ex : f32
      linalg.yield %s : f32
    } -> tensor<32xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>,
                                          affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i, j)>],
                         iterator_types = ["parallel", "parallel"]}
        ins(%x, %max, %sum : tensor<32x1030xf32>, tensor<32xf32>, tensor<32xf32>) outs(%out : tensor<32x1030xf32>) {
    ^bb0(%v: f32, %m: f32, %s: f32, %o: f32):
      %d = arith.subf %v, %m : f32
      %l = math.log %s : f32
      %y = arith.subf %d, %l : f32
      linalg.yield %y : f32
    } -> tensor<32x1030xf32>
    kb.yield %r : tensor<32x1030xf32>
  }
}

kb.task @l2_norm tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<48x999xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.output "out" : tensor<48x999xf32>
  kb.reference "return x / torch.norm(x, p=2, dim=1, keepdim=True)"
  kb.payload(%x: tensor<48x999xf32>, %out: tensor<48x999xf32>) {
    %zero = arith.constant 0.0 : f32
    %count = arith.constant 999.0 : f32
    %e = tensor.empty() : tensor<48xf32>
    %s0 = linalg.fill ins(%zero : f32) outs(%e : tensor<48xf32>) -> tensor<48xf32>
    %acc = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
                           iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<48x999xf32>) outs(%s0 : tensor<48xf32>) {
    ^bb0(%v: f32, %a: f32):
      %v2 = arith.mulf %v, %v : f32
      %s = arith.addf %a, %v2 : f32
      linalg.yield %s : f32
    } -> tensor<48xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>,
                                          affine_map<(i, j) -> (i, j)>],
                         iterator_types = ["parallel", "parallel"]}
        ins(%x, %acc : tensor<48x999xf32>, tensor<48xf32>) outs(%out : tensor<48x999xf32>) {
    ^bb0(%v: f32, %s: f32, %o: f32):
      %n = math.sqrt %s : f32
      %y = arith.divf %v, %n : f32
      linalg.yield %y : f32
    } -> tensor<48x999xf32>
    kb.yield %r : tensor<48x999xf32>
  }
}

kb.task @layer_norm tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<4x8x16x16xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.input "weight" : tensor<8x16x16xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.input "bias" : tensor<8x16x16xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.output "out" : tensor<4x8x16x16xf32>
  kb.reference "return torch.layer_norm(x, weight.size(), weight, bias, 1e-05, True)"
  kb.payload(%x: tensor<4x8x16x16xf32>, %weight: tensor<8x16x16xf32>, %bias: tensor<8x16x16xf32>, %out: tensor<4x8x16x16xf32>) {
    %zero = arith.constant 0.0 : f32
    %count = arith.constant 2048.0 : f32
    %eps = arith.constant 1.0e-05 : f32
    %e = tensor.empty() : tensor<4xf32>
    %s0 = linalg.fill ins(%zero : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    %sum = linalg.reduce ins(%x : tensor<4x8x16x16xf32>) outs(%s0 : tensor<4xf32>) dimensions = [1, 2, 3]
      (%v: f32, %a: f32) {
        %s = arith.addf %v, %a : f32
        linalg.yield %s : f32
      }
    %mean = linalg.generic {indexing_maps = [affine_map<(n) -> (n)>, affine_map<(n) -> (n)>],
                            iterator_types = ["parallel"]}
        ins(%sum : tensor<4xf32>) outs(%e : tensor<4xf32>) {
    ^bb0(%s: f32, %o: f32):
      %m = arith.divf %s, %count : f32
      linalg.yield %m : f32
    } -> tensor<4xf32>
    %sq = linalg.generic {indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>,
                                           affine_map<(n, c, h, w) -> (n)>,
                                           affine_map<(n, c, h, w) -> (n)>],
                          iterator_types = ["parallel", "reduction", "reduction", "reduction"]}
        ins(%x, %mean : tensor<4x8x16x16xf32>, tensor<4xf32>) outs(%s0 : tensor<4xf32>) {
    ^bb0(%v: f32, %m: f32, %a: f32):
      %d = arith.subf %v, %m : f32
      %d2 = arith.mulf %d, %d : f32
      %s = arith.addf %a, %d2 : f32
      linalg.yield %s : f32
    } -> tensor<4xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>,
                                          affine_map<(n, c, h, w) -> (n)>, affine_map<(n, c, h, w) -> (n)>,
                                          affine_map<(n, c, h, w) -> (c, h, w)>,
                                          affine_map<(n, c, h, w) -> (c, h, w)>,
                                          affine_map<(n, c, h, w) -> (n, c, h, w)>],
                         iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
        ins(%x, %mean, %sq, %weight, %bias : tensor<4x8x16x16xf32>, tensor<4xf32>, tensor<4xf32>, tensor<8x16x16xf32>, tensor<8x16x16xf32>) outs(%out : tensor<4x8x16x16xf32>) {
    ^bb0(%v: f32, %m: f32, %s: f32, %g: f32, %b: f32, %o: f32):
      %var = arith.divf %s, %count : f32
      %ve = arith.addf %var, %eps : f32
      %inv = math.rsqrt %ve : f32
      %d = arith.subf %v, %m : f32
      %n = arith.mulf %d, %inv : f32
      %sc = arith.mulf %n, %g : f32
      %y = arith.addf %sc, %b : f32
      linalg.yield %y : f32
    } -> tensor<4x8x16x16xf32>
    kb.yield %r : tensor<4x8x16x16xf32>
  }
}

kb.task @batch_norm tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<4x8x6x8xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.input "weight" : tensor<8xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.input "bias" : tensor<8xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.output "out" : tensor<4x8x6x8xf32>
  kb.reference "return torch.batch_norm(x, weight, bias, None, None, True, 0.1, 1e-05, True)"
  kb.payload(%x: tensor<4x8x6x8xf32>, %weight: tensor<8xf32>, %bias: tensor<8xf32>, %out: tensor<4x8x6x8xf32>) {
    %zero = arith.constant 0.0 : f32
    %count = arith.constant 192.0 : f32
    %eps = arith.constant 1.0e-05 : f32
    %e = tensor.empty() : tensor<8xf32>
    %s0 = linalg.fill ins(%zero : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
    %sum = linalg.reduce ins(%x : tensor<4x8x6x8xf32>) outs(%s0 : tensor<8xf32>) dimensions = [0, 2, 3]
      (%v: f32, %a: f32) {
        %s = arith.addf %v, %a : f32
        linalg.yield %s : f32
      }
    %mean = linalg.generic {indexing_maps = [affine_map<(c) -> (c)>, affine_map<(c) -> (c)>],
                            iterator_types = ["parallel"]}
        ins(%sum : tensor<8xf32>) outs(%e : tensor<8xf32>) {
    ^bb0(%s: f32, %o: f32):
      %m = arith.divf %s, %count : f32
      linalg.yield %m : f32
    } -> tensor<8xf32>
    %sq = linalg.generic {indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>,
                                           affine_map<(n, c, h, w) -> (c)>,
                                           affine_map<(n, c, h, w) -> (c)>],
                          iterator_types = ["reduction", "parallel", "reduction", "reduction"]}
        ins(%x, %mean : tensor<4x8x6x8xf32>, tensor<8xf32>) outs(%s0 : tensor<8xf32>) {
    ^bb0(%v: f32, %m: f32, %a: f32):
      %d = arith.subf %v, %m : f32
      %d2 = arith.mulf %d, %d : f32
      %s = arith.addf %a, %d2 : f32
      linalg.yield %s : f32
    } -> tensor<8xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>,
                                          affine_map<(n, c, h, w) -> (c)>, affine_map<(n, c, h, w) -> (c)>,
                                          affine_map<(n, c, h, w) -> (c)>, affine_map<(n, c, h, w) -> (c)>,
                                          affine_map<(n, c, h, w) -> (n, c, h, w)>],
                         iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
        ins(%x, %mean, %sq, %weight, %bias : tensor<4x8x6x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) outs(%out : tensor<4x8x6x8xf32>) {
    ^bb0(%v: f32, %m: f32, %s: f32, %g: f32, %b: f32, %o: f32):
      %var = arith.divf %s, %count : f32
      %ve = arith.addf %var, %eps : f32
      %inv = math.rsqrt %ve : f32
      %d = arith.subf %v, %m : f32
      %n = arith.mulf %d, %inv : f32
      %sc = arith.mulf %n, %g : f32
      %y = arith.addf %sc, %b : f32
      linalg.yield %y : f32
    } -> tensor<4x8x6x8xf32>
    kb.yield %r : tensor<4x8x6x8xf32>
  }
}

kb.task @group_norm tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<2x8x4x4xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.input "weight" : tensor<8xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.input "bias" : tensor<8xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.output "out" : tensor<2x8x4x4xf32>
  kb.reference "return torch.group_norm(x, 4, weight, bias, 1e-05, True)"
  kb.payload(%x: tensor<2x8x4x4xf32>, %weight: tensor<8xf32>, %bias: tensor<8xf32>, %out: tensor<2x8x4x4xf32>) {
    %zero = arith.constant 0.0 : f32
    %count = arith.constant 32.0 : f32
    %eps = arith.constant 1.0e-05 : f32
    %xg = tensor.expand_shape %x [[0], [1, 2], [3], [4]] output_shape [2, 4, 2, 4, 4]
        : tensor<2x8x4x4xf32> into tensor<2x4x2x4x4xf32>
    %wg = tensor.expand_shape %weight [[0, 1]] output_shape [4, 2] : tensor<8xf32> into tensor<4x2xf32>
    %bg = tensor.expand_shape %bias [[0, 1]] output_shape [4, 2] : tensor<8xf32> into tensor<4x2xf32>
    %og = tensor.expand_shape %out [[0], [1, 2], [3], [4]] output_shape [2, 4, 2, 4, 4]
        : tensor<2x8x4x4xf32> into tensor<2x4x2x4x4xf32>
    %e = tensor.empty() : tensor<2x4xf32>
    %s0 = linalg.fill ins(%zero : f32) outs(%e : tensor<2x4xf32>) -> tensor<2x4xf32>
    %sum = linalg.reduce ins(%xg : tensor<2x4x2x4x4xf32>) outs(%s0 : tensor<2x4xf32>) dimensions = [2, 3, 4]
      (%v: f32, %a: f32) {
        %s = arith.addf %v, %a : f32
        linalg.yield %s : f32
      }
    %mean = linalg.generic {indexing_maps = [affine_map<(n, g) -> (n, g)>, affine_map<(n, g) -> (n, g)>],
                            iterator_types = ["parallel", "parallel"]}
        ins(%sum : tensor<2x4xf32>) outs(%e : tensor<2x4xf32>) {
    ^bb0(%s: f32, %o: f32):
      %m = arith.divf %s, %count : f32
      linalg.yield %m : f32
    } -> tensor<2x4xf32>
    %sq = linalg.generic {indexing_maps = [affine_map<(n, g, c, h, w) -> (n, g, c, h, w)>,
                                           affine_map<(n, g, c, h, w) -> (n, g)>,
                                           affine_map<(n, g, c, h, w) -> (n, g)>],
                          iterator_types = ["parallel", "parallel", "reduction", "reduction", "reduction"]}
        ins(%xg, %mean : tensor<2x4x2x4x4xf32>, tensor<2x4xf32>) outs(%s0 : tensor<2x4xf32>) {
    ^bb0(%v: f32, %m: f32, %a: f32):
      %d = arith.subf %v, %m : f32
      %d2 = arith.mulf %d, %d : f32
      %s = arith.addf %a, %d2 : f32
      linalg.yield %s : f32
    } -> tensor<2x4xf32>
    %rg = linalg.generic {indexing_maps = [affine_map<(n, g, c, h, w) -> (n, g, c, h, w)>,
                                           affine_map<(n, g, c, h, w) -> (n, g)>,
                                           affine_map<(n, g, c, h, w) -> (n, g)>,
                                           affine_map<(n, g, c, h, w) -> (g, c)>,
                                           affine_map<(n, g, c, h, w) -> (g, c)>,
                                           affine_map<(n, g, c, h, w) -> (n, g, c, h, w)>],
                          iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel"]}
        ins(%xg, %mean, %sq, %wg, %bg : tensor<2x4x2x4x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<4x2xf32>, tensor<4x2xf32>) outs(%og : tensor<2x4x2x4x4xf32>) {
    ^bb0(%v: f32, %m: f32, %s: f32, %gw: f32, %gb: f32, %o: f32):
      %var = arith.divf %s, %count : f32
      %ve = arith.addf %var, %eps : f32
      %inv = math.rsqrt %ve : f32
      %d = arith.subf %v, %m : f32
      %n = arith.mulf %d, %inv : f32
      %sc = arith.mulf %n, %gw : f32
      %y = arith.addf %sc, %gb : f32
      linalg.yield %y : f32
    } -> tensor<2x4x2x4x4xf32>
    %r = tensor.collapse_shape %rg [[0], [1, 2], [3], [4]] : tensor<2x4x2x4x4xf32> into tensor<2x8x4x4xf32>
    kb.yield %r : tensor<2x8x4x4xf32>
  }
}

kb.task @rms_norm tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<4x16x8x32xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.output "out" : tensor<4x16x8x32xf32>
  kb.reference "rms = torch.sqrt(torch.mean(x ** 2, dim=1, keepdim=True) + 1e-05)\nreturn x / rms"
  kb.payload(%x: tensor<4x16x8x32xf32>, %out: tensor<4x16x8x32xf32>) {
    %zero = arith.constant 0.0 : f32
    %count = arith.constant 16.0 : f32
    %eps = arith.constant 1.0e-05 : f32
    %e = tensor.empty() : tensor<4x8x32xf32>
    %s0 = linalg.fill ins(%zero : f32) outs(%e : tensor<4x8x32xf32>) -> tensor<4x8x32xf32>
    %sq = linalg.generic {indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>,
                                           affine_map<(n, c, h, w) -> (n, h, w)>],
                          iterator_types = ["parallel", "reduction", "parallel", "parallel"]}
        ins(%x : tensor<4x16x8x32xf32>) outs(%s0 : tensor<4x8x32xf32>) {
    ^bb0(%v: f32, %a: f32):
      %v2 = arith.mulf %v, %v : f32
      %s = arith.addf %a, %v2 : f32
      linalg.yield %s : f32
    } -> tensor<4x8x32xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>,
                                          affine_map<(n, c, h, w) -> (n, h, w)>,
                                          affine_map<(n, c, h, w) -> (n, c, h, w)>],
                         iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
        ins(%x, %sq : tensor<4x16x8x32xf32>, tensor<4x8x32xf32>) outs(%out : tensor<4x16x8x32xf32>) {
    ^bb0(%v: f32, %s: f32, %o: f32):
      %ms = arith.divf %s, %count : f32
      %me = arith.addf %ms, %eps : f32
      %rms = math.sqrt %me : f32
      %y = arith.divf %v, %rms : f32
      linalg.yield %y : f32
    } -> tensor<4x16x8x32xf32>
    kb.yield %r : tensor<4x16x8x32xf32>
  }
}

kb.task @instance_norm tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<2x4x12x10xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.output "out" : tensor<2x4x12x10xf32>
  kb.reference "return torch.instance_norm(x, None, None, None, None, True, 0.1, 1e-05, True)"
  kb.payload(%x: tensor<2x4x12x10xf32>, %out: tensor<2x4x12x10xf32>) {
    %zero = arith.constant 0.0 : f32
    %count = arith.constant 120.0 : f32
    %eps = arith.constant 1.0e-05 : f32
    %e = tensor.empty() : tensor<2x4xf32>
    %s0 = linalg.fill ins(%zero : f32) outs(%e : tensor<2x4xf32>) -> tensor<2x4xf32>
    %sum = linalg.reduce ins(%x : tensor<2x4x12x10xf32>) outs(%s0 : tensor<2x4xf32>) dimensions = [2, 3]
      (%v: f32, %a: f32) {
        %s = arith.addf %v, %a : f32
        linalg.yield %s : f32
      }
    %mean = linalg.generic {indexing_maps = [affine_map<(n, c) -> (n, c)>, affine_map<(n, c) -> (n, c)>],
                            iterator_types = ["parallel", "parallel"]}
        ins(%sum : tensor<2x4xf32>) outs(%e : tensor<2x4xf32>) {
    ^bb0(%s: f32, %o: f32):
      %m = arith.divf %s, %count : f32
      linalg.yield %m : f32
    } -> tensor<2x4xf32>
    %sq = linalg.generic {indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>,
                                           affine_map<(n, c, h, w) -> (n, c)>,
                                           affine_map<(n, c, h, w) -> (n, c)>],
                          iterator_types = ["parallel", "parallel", "reduction", "reduction"]}
        ins(%x, %mean : tensor<2x4x12x10xf32>, tensor<2x4xf32>) outs(%s0 : tensor<2x4xf32>) {
    ^bb0(%v: f32, %m: f32, %a: f32):
      %d = arith.subf %v, %m : f32
      %d2 = arith.mulf %d, %d : f32
      %s = arith.addf %a, %d2 : f32
      linalg.yield %s : f32
    } -> tensor<2x4xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(n, c, h, w) -> (n, c, h, w)>,
                                          affine_map<(n, c, h, w) -> (n, c)>, affine_map<(n, c, h, w) -> (n, c)>,
                                          affine_map<(n, c, h, w) -> (n, c, h, w)>],
                         iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
        ins(%x, %mean, %sq : tensor<2x4x12x10xf32>, tensor<2x4xf32>, tensor<2x4xf32>) outs(%out : tensor<2x4x12x10xf32>) {
    ^bb0(%v: f32, %m: f32, %s: f32, %o: f32):
      %var = arith.divf %s, %count : f32
      %ve = arith.addf %var, %eps : f32
      %inv = math.rsqrt %ve : f32
      %d = arith.subf %v, %m : f32
      %y = arith.mulf %d, %inv : f32
      linalg.yield %y : f32
    } -> tensor<2x4x12x10xf32>
    kb.yield %r : tensor<2x4x12x10xf32>
  }
}
