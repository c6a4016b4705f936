// KernelBench level 1, problem 91: cumsum_reverse.
// torch.cumsum(x.flip(1), dim=1).flip(1): the reverse cumulative sum, out[i, j] = sum of x[i, k]
// for k >= j. x = torch.rand(32768, 32768) (batch_size = 32768, input_shape = (32768,), dim = 1).
// uniform(-0.5, 1.0) is the signed alternative: its positive mean keeps long sums away from zero,
// where fp32 rounding in any summation order would exceed atol = 1e-4. The payload is the scan
// itself: a loop over the columns carrying the running sum of each row.
kb.task @cumsum_reverse origin <"KernelBench", level 1, problem 91> tolerance(atol 1.0e-4, rtol 1.0e-4)
    attributes {split = "train"} {
  kb.input "x" : tensor<32768x32768xf32> dist(uniform(0.0, 1.0), uniform(-0.5, 1.0))
  kb.output "out" : tensor<32768x32768xf32>
  kb.reference "return torch.cumsum(x.flip(1), dim=1).flip(1)"
  kb.payload(%x: tensor<32768x32768xf32>, %out: tensor<32768x32768xf32>) {
    %init = arith.constant 0.0 : f32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %cD = arith.constant 32768 : index
    %cLast = arith.constant 32767 : index
    %e = tensor.empty() : tensor<32768xf32>
    %acc0 = linalg.fill ins(%init : f32) outs(%e : tensor<32768xf32>) -> tensor<32768xf32>
    %res:2 = scf.for %k = %c0 to %cD step %c1 iter_args(%acc = %acc0, %o = %out) -> (tensor<32768xf32>, tensor<32768x32768xf32>) {
      %j = arith.subi %cLast, %k : index
      %col = tensor.extract_slice %x[0, %j] [32768, 1] [1, 1] : tensor<32768x32768xf32> to tensor<32768xf32>
      %next = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
                             iterator_types = ["parallel"]}
          ins(%col : tensor<32768xf32>) outs(%acc : tensor<32768xf32>) {
      ^bb0(%v: f32, %a: f32):
        %s = arith.addf %a, %v : f32
        linalg.yield %s : f32
      } -> tensor<32768xf32>
      %o2 = tensor.insert_slice %next into %o[0, %j] [32768, 1] [1, 1] : tensor<32768xf32> into tensor<32768x32768xf32>
      scf.yield %next, %o2 : tensor<32768xf32>, tensor<32768x32768xf32>
    }
    kb.yield %res#1 : tensor<32768x32768xf32>
  }
}
