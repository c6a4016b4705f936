// Causal self-attention as a GPT-style model runs it: batch 16, 16 heads, 1024 positions, head
// dim 64; a query attends to the keys up to its own position (scale and mask in one elementwise
// op on the scores). The reference is written from primitives (matmul, masked_fill, softmax,
// matmul), fp32; eager's time is that of those ops.
kb.task @causal_attention_d64 tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "Q" : tensor<16x16x1024x64xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.input "K" : tensor<16x16x1024x64xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.input "V" : tensor<16x16x1024x64xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.output "out" : tensor<16x16x1024x64xf32>
  kb.reference "scale = 1.0 / (float(Q.size(-1)) ** 0.5)\ns = torch.matmul(Q, K.transpose(-2, -1)) * scale\nfuture = torch.triu(torch.ones_like(s), 1) > 0\nattn = torch.softmax(s.masked_fill(future, float('-inf')), dim=-1)\nreturn torch.matmul(attn, V)"
  kb.payload(%Q: tensor<16x16x1024x64xf32>, %K: tensor<16x16x1024x64xf32>, %V: tensor<16x16x1024x64xf32>, %out: tensor<16x16x1024x64xf32>) {
    %zero = arith.constant 0.0 : f32
    %ninf = arith.constant 0xFF800000 : f32
    %scale = arith.constant 0.125 : f32
    %se = tensor.empty() : tensor<16x16x1024x1024xf32>
    %s0 = linalg.fill ins(%zero : f32) outs(%se : tensor<16x16x1024x1024xf32>) -> tensor<16x16x1024x1024xf32>
    %scores = linalg.generic {indexing_maps = [affine_map<(b, h, m, n, e) -> (b, h, m, e)>,
                                               affine_map<(b, h, m, n, e) -> (b, h, n, e)>,
                                               affine_map<(b, h, m, n, e) -> (b, h, m, n)>],
                              iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
        ins(%Q, %K : tensor<16x16x1024x64xf32>, tensor<16x16x1024x64xf32>) outs(%s0 : tensor<16x16x1024x1024xf32>) {
    ^bb0(%q: f32, %k: f32, %acc: f32):
      %p = arith.mulf %q, %k : f32
      %s = arith.addf %acc, %p : f32
      linalg.yield %s : f32
    } -> tensor<16x16x1024x1024xf32>
    %x = linalg.generic {indexing_maps = [affine_map<(b, h, m, n) -> (b, h, m, n)>,
                                          affine_map<(b, h, m, n) -> (b, h, m, n)>],
                         iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
        ins(%scores : tensor<16x16x1024x1024xf32>) outs(%se : tensor<16x16x1024x1024xf32>) {
    ^bb0(%x: f32, %o: f32):
      %y = arith.mulf %x, %scale : f32
      %row = linalg.index 2 : index
      %key = linalg.index 3 : index
      %future = arith.cmpi ugt, %key, %row : index
      %z = arith.select %future, %ninf, %y : f32
      linalg.yield %z : f32
    } -> tensor<16x16x1024x1024xf32>
    %pe = tensor.empty() : tensor<16x16x1024x1024xf32>
    %attn = linalg.softmax dimension(3) ins(%x : tensor<16x16x1024x1024xf32>) outs(%pe : tensor<16x16x1024x1024xf32>) -> tensor<16x16x1024x1024xf32>
    %o0 = linalg.fill ins(%zero : f32) outs(%out : tensor<16x16x1024x64xf32>) -> tensor<16x16x1024x64xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(b, h, m, e, n) -> (b, h, m, n)>,
                                          affine_map<(b, h, m, e, n) -> (b, h, n, e)>,
                                          affine_map<(b, h, m, e, n) -> (b, h, m, e)>],
                         iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
        ins(%attn, %V : tensor<16x16x1024x1024xf32>, tensor<16x16x1024x64xf32>) outs(%o0 : tensor<16x16x1024x64xf32>) {
    ^bb0(%a: f32, %v: f32, %acc: f32):
      %p = arith.mulf %a, %v : f32
      %s = arith.addf %acc, %p : f32
      linalg.yield %s : f32
    } -> tensor<16x16x1024x64xf32>
    kb.yield %r : tensor<16x16x1024x64xf32>
  }
}
