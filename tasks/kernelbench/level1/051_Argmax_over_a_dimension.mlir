// KernelBench level 1, problem 51: Argmax_over_a_dimension.
// torch.argmax(x, dim=1): the int64 index of the largest value over dim 1, (128, 4096, 4095) ->
// (128, 4095); the first such index on ties, and the first NaN if there is one (torch treats NaN as
// the extreme). The payload carries the running value beside the running index; only the index is
// an output. x = torch.rand(128, 4096, 4095); normal(0, 1) is the signed alternative.
kb.task @argmax_over_a_dimension origin <"KernelBench", level 1, problem 51> tolerance(atol 1.0e-4, rtol 1.0e-4)
    attributes {split = "train"} {
  kb.input "x" : tensor<128x4096x4095xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.output "out" : tensor<128x4095xi64>
  kb.reference "return torch.argmax(x, dim=1)"
  kb.payload(%x: tensor<128x4096x4095xf32>, %out: tensor<128x4095xi64>) {
    %init = arith.constant 0xFF800000 : f32
    %zero = arith.constant 0 : i64
    %e = tensor.empty() : tensor<128x4095xf32>
    %v0 = linalg.fill ins(%init : f32) outs(%e : tensor<128x4095xf32>) -> tensor<128x4095xf32>
    %i0 = linalg.fill ins(%zero : i64) outs(%out : tensor<128x4095xi64>) -> tensor<128x4095xi64>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(b, k, j) -> (b, k, j)>, affine_map<(b, k, j) -> (b, j)>,
                                            affine_map<(b, k, j) -> (b, j)>],
                           iterator_types = ["parallel", "reduction", "parallel"]}
        ins(%x : tensor<128x4096x4095xf32>) outs(%v0, %i0 : tensor<128x4095xf32>, tensor<128x4095xi64>) {
    ^bb0(%v: f32, %best: f32, %bi: i64):
      %k = linalg.index 1 : index
      %ki = arith.index_cast %k : index to i64
      %better = arith.cmpf ogt, %v, %best : f32
      %vnan = arith.cmpf uno, %v, %v : f32
      %bnum = arith.cmpf ord, %best, %best : f32
      %firstnan = arith.andi %vnan, %bnum : i1
      %take = arith.ori %better, %firstnan : i1
      %nv = arith.select %take, %v, %best : f32
      %ni = arith.select %take, %ki, %bi : i64
      linalg.yield %nv, %ni : f32, i64
    } -> (tensor<128x4095xf32>, tensor<128x4095xi64>)
    kb.yield %r#1 : tensor<128x4095xi64>
  }
}
