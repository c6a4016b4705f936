// KernelBench level 1, problem 38: L1Norm.
// x / torch.mean(torch.abs(x), dim=1, keepdim=True): each row divided by its mean absolute value. x
// = torch.rand(32768, 65535); normal(0, 1) is the signed alternative.
kb.task @l1_norm origin <"KernelBench", level 1, problem 38> tolerance(atol 1.0e-4, rtol 1.0e-4)
    attributes {split = "train"} {
  kb.input "x" : tensor<32768x65535xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.output "out" : tensor<32768x65535xf32>
  kb.reference "return x / torch.mean(torch.abs(x), dim=1, keepdim=True)"
  kb.payload(%x: tensor<32768x65535xf32>, %out: tensor<32768x65535xf32>) {
    %zero = arith.constant 0.0 : f32
    %count = arith.constant 65535.0 : f32
    %e = tensor.empty() : tensor<32768xf32>
    %s0 = linalg.fill ins(%zero : f32) outs(%e : tensor<32768xf32>) -> tensor<32768xf32>
    %acc = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
                           iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<32768x65535xf32>) outs(%s0 : tensor<32768xf32>) {
    ^bb0(%v: f32, %a: f32):
      %av = math.absf %v : f32
      %s = arith.addf %a, %av : f32
      linalg.yield %s : f32
    } -> tensor<32768xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>,
                                          affine_map<(i, j) -> (i, j)>],
                         iterator_types = ["parallel", "parallel"]}
        ins(%x, %acc : tensor<32768x65535xf32>, tensor<32768xf32>) outs(%out : tensor<32768x65535xf32>) {
    ^bb0(%v: f32, %s: f32, %o: f32):
      %m = arith.divf %s, %count : f32
      %y = arith.divf %v, %m : f32
      linalg.yield %y : f32
    } -> tensor<32768x65535xf32>
    kb.yield %r : tensor<32768x65535xf32>
  }
}
