// Bidirectional attention with head dim 128: batch 8, 16 heads, 2048 positions. The reference is
// written from primitives (matmul, softmax, matmul), fp32; eager's time is that of those ops.
kb.task @attention_d128 tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "Q" : tensor<8x16x2048x128xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.input "K" : tensor<8x16x2048x128xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.input "V" : tensor<8x16x2048x128xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.output "out" : tensor<8x16x2048x128xf32>
  kb.reference "scale = 1.0 / (float(Q.size(-1)) ** 0.5)\nattn = torch.softmax(torch.matmul(Q, K.transpose(-2, -1)) * scale, dim=-1)\nreturn torch.matmul(attn, V)"
  kb.payload(%Q: tensor<8x16x2048x128xf32>, %K: tensor<8x16x2048x128xf32>, %V: tensor<8x16x2048x128xf32>, %out: tensor<8x16x2048x128xf32>) {
    %zero = arith.constant 0.0 : f32
    %scale = arith.constant 0.08838834764831843 : f32
    %se = tensor.empty() : tensor<8x16x2048x2048xf32>
    %s0 = linalg.fill ins(%zero : f32) outs(%se : tensor<8x16x2048x2048xf32>) -> tensor<8x16x2048x2048xf32>
    %scores = linalg.generic {indexing_maps = [affine_map<(b, h, m, n, e) -> (b, h, m, e)>,
                                               affine_map<(b, h, m, n, e) -> (b, h, n, e)>,
                                               affine_map<(b, h, m, n, e) -> (b, h, m, n)>],
                              iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
        ins(%Q, %K : tensor<8x16x2048x128xf32>, tensor<8x16x2048x128xf32>) outs(%s0 : tensor<8x16x2048x2048xf32>) {
    ^bb0(%q: f32, %k: f32, %acc: f32):
      %p = arith.mulf %q, %k : f32
      %s = arith.addf %acc, %p : f32
      linalg.yield %s : f32
    } -> tensor<8x16x2048x2048xf32>
    %x = linalg.generic {indexing_maps = [affine_map<(b, h, m, n) -> (b, h, m, n)>,
                                          affine_map<(b, h, m, n) -> (b, h, m, n)>],
                         iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
        ins(%scores : tensor<8x16x2048x2048xf32>) outs(%se : tensor<8x16x2048x2048xf32>) {
    ^bb0(%x: f32, %o: f32):
      %y = arith.mulf %x, %scale : f32
      linalg.yield %y : f32
    } -> tensor<8x16x2048x2048xf32>
    %pe = tensor.empty() : tensor<8x16x2048x2048xf32>
    %attn = linalg.softmax dimension(3) ins(%x : tensor<8x16x2048x2048xf32>) outs(%pe : tensor<8x16x2048x2048xf32>) -> tensor<8x16x2048x2048xf32>
    %o0 = linalg.fill ins(%zero : f32) outs(%out : tensor<8x16x2048x128xf32>) -> tensor<8x16x2048x128xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(b, h, m, e, n) -> (b, h, m, n)>,
                                          affine_map<(b, h, m, e, n) -> (b, h, n, e)>,
                                          affine_map<(b, h, m, e, n) -> (b, h, m, e)>],
                         iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
        ins(%attn, %V : tensor<8x16x2048x2048xf32>, tensor<8x16x2048x128xf32>) outs(%o0 : tensor<8x16x2048x128xf32>) {
    ^bb0(%a: f32, %v: f32, %acc: f32):
      %p = arith.mulf %a, %v : f32
      %s = arith.addf %acc, %p : f32
      linalg.yield %s : f32
    } -> tensor<8x16x2048x128xf32>
    kb.yield %r : tensor<8x16x2048x128xf32>
  }
}
