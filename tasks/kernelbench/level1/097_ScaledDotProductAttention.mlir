// KernelBench level 1, problem 97: ScaledDotProductAttention.
// F.scaled_dot_product_attention(Q, K, V) (no mask, no dropout, not causal): per (batch, head),
// softmax(Q @ K^T / sqrt(E), dim=-1) @ V with E = 1024; Q, K, V of (32, 32, 512, 1024). Q, K, V =
// torch.rand(32, 32, 512, 1024) each; normal(0, 1) is the signed alternative. The op is
// _scaled_dot_product_attention with another signature in libtorch 1.13 and
// scaled_dot_product_attention in torch 2.x, so the reference is written from primitives (matmul,
// softmax, matmul) to run on both; its eager time is that of those three ops, not of a fused
// kernel.
kb.task @scaled_dot_product_attention origin <"KernelBench", level 1, problem 97> tolerance(atol 1.0e-4, rtol 1.0e-4)
    attributes {split = "train"} {
  kb.input "Q" : tensor<32x32x512x1024xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.input "K" : tensor<32x32x512x1024xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.input "V" : tensor<32x32x512x1024xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.output "out" : tensor<32x32x512x1024xf32>
  kb.reference "scale = 1.0 / (float(Q.size(-1)) ** 0.5)\nattn = torch.softmax(torch.matmul(Q, K.transpose(-2, -1)) * scale, dim=-1)\nreturn torch.matmul(attn, V)"
  kb.payload(%Q: tensor<32x32x512x1024xf32>, %K: tensor<32x32x512x1024xf32>, %V: tensor<32x32x512x1024xf32>, %out: tensor<32x32x512x1024xf32>) {
    %zero = arith.constant 0.0 : f32
    %scale = arith.constant 0.03125 : f32
    %se = tensor.empty() : tensor<32x32x512x512xf32>
    %s0 = linalg.fill ins(%zero : f32) outs(%se : tensor<32x32x512x512xf32>) -> tensor<32x32x512x512xf32>
    %scores = linalg.generic {indexing_maps = [affine_map<(b, h, m, n, e) -> (b, h, m, e)>,
                                               affine_map<(b, h, m, n, e) -> (b, h, n, e)>,
                                               affine_map<(b, h, m, n, e) -> (b, h, m, n)>],
                              iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
        ins(%Q, %K : tensor<32x32x512x1024xf32>, tensor<32x32x512x1024xf32>) outs(%s0 : tensor<32x32x512x512xf32>) {
    ^bb0(%q: f32, %k: f32, %acc: f32):
      %p = arith.mulf %q, %k : f32
      %s = arith.addf %acc, %p : f32
      linalg.yield %s : f32
    } -> tensor<32x32x512x512xf32>
    %scaled = linalg.generic {indexing_maps = [affine_map<(b, h, m, n) -> (b, h, m, n)>,
                                               affine_map<(b, h, m, n) -> (b, h, m, n)>],
                              iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
        ins(%scores : tensor<32x32x512x512xf32>) outs(%se : tensor<32x32x512x512xf32>) {
    ^bb0(%x: f32, %o: f32):
      %y = arith.mulf %x, %scale : f32
      linalg.yield %y : f32
    } -> tensor<32x32x512x512xf32>
    %pe = tensor.empty() : tensor<32x32x512x512xf32>
    %attn = linalg.softmax dimension(3) ins(%scaled : tensor<32x32x512x512xf32>) outs(%pe : tensor<32x32x512x512xf32>) -> tensor<32x32x512x512xf32>
    %o0 = linalg.fill ins(%zero : f32) outs(%out : tensor<32x32x512x1024xf32>) -> tensor<32x32x512x1024xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(b, h, m, e, n) -> (b, h, m, n)>,
                                          affine_map<(b, h, m, e, n) -> (b, h, n, e)>,
                                          affine_map<(b, h, m, e, n) -> (b, h, m, e)>],
                         iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction"]}
        ins(%attn, %V : tensor<32x32x512x512xf32>, tensor<32x32x512x1024xf32>) outs(%o0 : tensor<32x32x512x1024xf32>) {
    ^bb0(%a: f32, %v: f32, %acc: f32):
      %p = arith.mulf %a, %v : f32
      %s = arith.addf %acc, %p : f32
      linalg.yield %s : f32
    } -> tensor<32x32x512x1024xf32>
    kb.yield %r : tensor<32x32x512x1024xf32>
  }
}
