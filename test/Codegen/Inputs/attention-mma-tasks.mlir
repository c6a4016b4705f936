// Attention shapes for the tensor-core kernel (tf32), one batch axis each, and a causal mask.

// 48 query rows, 40 keys, head dims 24 (Q, K) and 40 (V): tiles of 16 rows, 8 keys and 8 of the
// head dim whatever the decisions ask, one warp of 40 columns.
kb.task @attention_odd tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "Q" : tensor<3x48x24xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.input "K" : tensor<3x40x24xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.input "V" : tensor<3x40x40xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.output "out" : tensor<3x48x40xf32>
  kb.reference "scale = 1.0 / (float(Q.size(-1)) ** 0.5)\nattn = torch.softmax(torch.matmul(Q, K.transpose(-2, -1)) * scale, dim=-1)\nreturn torch.matmul(attn, V)"
  kb.payload(%Q: tensor<3x48x24xf32>, %K: tensor<3x40x24xf32>, %V: tensor<3x40x40xf32>, %out: tensor<3x48x40xf32>) {
    %zero = arith.constant 0.0 : f32
    %scale = arith.constant 0.20412414523193154 : f32
    %se = tensor.empty() : tensor<3x48x40xf32>
    %s0 = linalg.fill ins(%zero : f32) outs(%se : tensor<3x48x40xf32>) -> tensor<3x48x40xf32>
    %scores = linalg.generic {indexing_maps = [affine_map<(b, m, n, e) -> (b, m, e)>,
                                               affine_map<(b, m, n, e) -> (b, n, e)>,
                                               affine_map<(b, m, n, e) -> (b, m, n)>],
                              iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
        ins(%Q, %K : tensor<3x48x24xf32>, tensor<3x40x24xf32>) outs(%s0 : tensor<3x48x40xf32>) {
    ^bb0(%q: f32, %k: f32, %acc: f32):
      %p = arith.mulf %q, %k : f32
      %s = arith.addf %acc, %p : f32
      linalg.yield %s : f32
    } -> tensor<3x48x40xf32>
    %scaled = linalg.generic {indexing_maps = [affine_map<(b, m, n) -> (b, m, n)>,
                                               affine_map<(b, m, n) -> (b, m, n)>],
                              iterator_types = ["parallel", "parallel", "parallel"]}
        ins(%scores : tensor<3x48x40xf32>) outs(%se : tensor<3x48x40xf32>) {
    ^bb0(%x: f32, %o: f32):
      %y = arith.mulf %x, %scale : f32
      linalg.yield %y : f32
    } -> tensor<3x48x40xf32>
    %pe = tensor.empty() : tensor<3x48x40xf32>
    %attn = linalg.softmax dimension(2) ins(%scaled : tensor<3x48x40xf32>) outs(%pe : tensor<3x48x40xf32>) -> tensor<3x48x40xf32>
    %o0 = linalg.fill ins(%zero : f32) outs(%out : tensor<3x48x40xf32>) -> tensor<3x48x40xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(b, m, e, n) -> (b, m, n)>,
                                          affine_map<(b, m, e, n) -> (b, n, e)>,
                                          affine_map<(b, m, e, n) -> (b, m, e)>],
                         iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
        ins(%attn, %V : tensor<3x48x40xf32>, tensor<3x40x40xf32>) outs(%o0 : tensor<3x48x40xf32>) {
    ^bb0(%a: f32, %v: f32, %acc: f32):
      %p = arith.mulf %a, %v : f32
      %s = arith.addf %acc, %p : f32
      linalg.yield %s : f32
    } -> tensor<3x48x40xf32>
    kb.yield %r : tensor<3x48x40xf32>
  }
}

// 64 query rows, 128 keys, head dims 32 and 512: four warps of 128 columns per 16 rows (or blocks
// of fewer columns with head_split).
kb.task @attention_wide tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "Q" : tensor<2x64x32xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.input "K" : tensor<2x128x32xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.input "V" : tensor<2x128x512xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.output "out" : tensor<2x64x512xf32>
  kb.reference "scale = 1.0 / (float(Q.size(-1)) ** 0.5)\nattn = torch.softmax(torch.matmul(Q, K.transpose(-2, -1)) * scale, dim=-1)\nreturn torch.matmul(attn, V)"
  kb.payload(%Q: tensor<2x64x32xf32>, %K: tensor<2x128x32xf32>, %V: tensor<2x128x512xf32>, %out: tensor<2x64x512xf32>) {
    %zero = arith.constant 0.0 : f32
    %scale = arith.constant 0.17677669529663687 : f32
    %se = tensor.empty() : tensor<2x64x128xf32>
    %s0 = linalg.fill ins(%zero : f32) outs(%se : tensor<2x64x128xf32>) -> tensor<2x64x128xf32>
    %scores = linalg.generic {indexing_maps = [affine_map<(b, m, n, e) -> (b, m, e)>,
                                               affine_map<(b, m, n, e) -> (b, n, e)>,
                                               affine_map<(b, m, n, e) -> (b, m, n)>],
                              iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
        ins(%Q, %K : tensor<2x64x32xf32>, tensor<2x128x32xf32>) outs(%s0 : tensor<2x64x128xf32>) {
    ^bb0(%q: f32, %k: f32, %acc: f32):
      %p = arith.mulf %q, %k : f32
      %s = arith.addf %acc, %p : f32
      linalg.yield %s : f32
    } -> tensor<2x64x128xf32>
    %scaled = linalg.generic {indexing_maps = [affine_map<(b, m, n) -> (b, m, n)>,
                                               affine_map<(b, m, n) -> (b, m, n)>],
                              iterator_types = ["parallel", "parallel", "parallel"]}
        ins(%scores : tensor<2x64x128xf32>) outs(%se : tensor<2x64x128xf32>) {
    ^bb0(%x: f32, %o: f32):
      %y = arith.mulf %x, %scale : f32
      linalg.yield %y : f32
    } -> tensor<2x64x128xf32>
    %pe = tensor.empty() : tensor<2x64x128xf32>
    %attn = linalg.softmax dimension(2) ins(%scaled : tensor<2x64x128xf32>) outs(%pe : tensor<2x64x128xf32>) -> tensor<2x64x128xf32>
    %o0 = linalg.fill ins(%zero : f32) outs(%out : tensor<2x64x512xf32>) -> tensor<2x64x512xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(b, m, e, n) -> (b, m, n)>,
                                          affine_map<(b, m, e, n) -> (b, n, e)>,
                                          affine_map<(b, m, e, n) -> (b, m, e)>],
                         iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
        ins(%attn, %V : tensor<2x64x128xf32>, tensor<2x128x512xf32>) outs(%o0 : tensor<2x64x512xf32>) {
    ^bb0(%a: f32, %v: f32, %acc: f32):
      %p = arith.mulf %a, %v : f32
      %s = arith.addf %acc, %p : f32
      linalg.yield %s : f32
    } -> tensor<2x64x512xf32>
    kb.yield %r : tensor<2x64x512xf32>
  }
}

// Causal attention (a query attends to the keys up to its own position): the scale and the mask
// are one elementwise op on the scores (-inf where key > row), which the kernels apply to each
// score. 80 rows and keys (five 16-row tiles, 16-key tiles), head dims 32 and 64.
kb.task @attention_causal tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "Q" : tensor<2x80x32xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.input "K" : tensor<2x80x32xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.input "V" : tensor<2x80x64xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.output "out" : tensor<2x80x64xf32>
  kb.reference "scale = 1.0 / (float(Q.size(-1)) ** 0.5)\ns = torch.matmul(Q, K.transpose(-2, -1)) * scale\nfuture = torch.triu(torch.ones_like(s), 1) > 0\nattn = torch.softmax(s.masked_fill(future, float('-inf')), dim=-1)\nreturn torch.matmul(attn, V)"
  kb.payload(%Q: tensor<2x80x32xf32>, %K: tensor<2x80x32xf32>, %V: tensor<2x80x64xf32>, %out: tensor<2x80x64xf32>) {
    %zero = arith.constant 0.0 : f32
    %ninf = arith.constant 0xFF800000 : f32
    %scale = arith.constant 0.17677669529663687 : f32
    %se = tensor.empty() : tensor<2x80x80xf32>
    %s0 = linalg.fill ins(%zero : f32) outs(%se : tensor<2x80x80xf32>) -> tensor<2x80x80xf32>
    %scores = linalg.generic {indexing_maps = [affine_map<(b, m, n, e) -> (b, m, e)>,
                                               affine_map<(b, m, n, e) -> (b, n, e)>,
                                               affine_map<(b, m, n, e) -> (b, m, n)>],
                              iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
        ins(%Q, %K : tensor<2x80x32xf32>, tensor<2x80x32xf32>) outs(%s0 : tensor<2x80x80xf32>) {
    ^bb0(%q: f32, %k: f32, %acc: f32):
      %p = arith.mulf %q, %k : f32
      %s = arith.addf %acc, %p : f32
      linalg.yield %s : f32
    } -> tensor<2x80x80xf32>
    %masked = linalg.generic {indexing_maps = [affine_map<(b, m, n) -> (b, m, n)>,
                                               affine_map<(b, m, n) -> (b, m, n)>],
                              iterator_types = ["parallel", "parallel", "parallel"]}
        ins(%scores : tensor<2x80x80xf32>) outs(%se : tensor<2x80x80xf32>) {
    ^bb0(%x: f32, %o: f32):
      %y = arith.mulf %x, %scale : f32
      %row = linalg.index 1 : index
      %key = linalg.index 2 : index
      %future = arith.cmpi ugt, %key, %row : index
      %z = arith.select %future, %ninf, %y : f32
      linalg.yield %z : f32
    } -> tensor<2x80x80xf32>
    %pe = tensor.empty() : tensor<2x80x80xf32>
    %attn = linalg.softmax dimension(2) ins(%masked : tensor<2x80x80xf32>) outs(%pe : tensor<2x80x80xf32>) -> tensor<2x80x80xf32>
    %o0 = linalg.fill ins(%zero : f32) outs(%out : tensor<2x80x64xf32>) -> tensor<2x80x64xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(b, m, e, n) -> (b, m, n)>,
                                          affine_map<(b, m, e, n) -> (b, n, e)>,
                                          affine_map<(b, m, e, n) -> (b, m, e)>],
                         iterator_types = ["parallel", "parallel", "parallel", "reduction"]}
        ins(%attn, %V : tensor<2x80x80xf32>, tensor<2x80x64xf32>) outs(%o0 : tensor<2x80x64xf32>) {
    ^bb0(%a: f32, %v: f32, %acc: f32):
      %p = arith.mulf %a, %v : f32
      %s = arith.addf %acc, %p : f32
      linalg.yield %s : f32
    } -> tensor<2x80x64xf32>
    kb.yield %r : tensor<2x80x64xf32>
  }
}
