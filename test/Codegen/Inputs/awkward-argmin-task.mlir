// An innermost reduction on which many decisions cannot apply as asked: rows of 37 (odd: no
// vectors; fewer chunks than 1024 lanes), 5 rows, value and index accumulators; a constant as
// the alternative input: all ties, whose first index wins.
kb.task @awkward_argmin tolerance(atol 0.0, rtol 0.0) {
  kb.input "x" : tensor<5x37xf32> dist(uniform(0.0, 1.0), constant(0.5))
  kb.output "out" : tensor<5xi64>
  kb.reference "return torch.argmin(x, dim=1)"
  kb.payload(%x: tensor<5x37xf32>, %out: tensor<5xi64>) {
    %init = arith.constant 0x7F800000 : f32
    %zero = arith.constant 0 : i64
    %e = tensor.empty() : tensor<5xf32>
    %v0 = linalg.fill ins(%init : f32) outs(%e : tensor<5xf32>) -> tensor<5xf32>
    %i0 = linalg.fill ins(%zero : i64) outs(%out : tensor<5xi64>) -> tensor<5xi64>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (i)>,
                                            affine_map<(i, k) -> (i)>],
                           iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<5x37xf32>) outs(%v0, %i0 : tensor<5xf32>, tensor<5xi64>) {
    ^bb0(%v: f32, %best: f32, %bi: i64):
      %k = linalg.index 1 : index
      %ki = arith.index_cast %k : index to i64
      %better = arith.cmpf olt, %v, %best : f32
      %vnan = arith.cmpf uno, %v, %v : f32
      %bnum = arith.cmpf ord, %best, %best : f32
      %firstnan = arith.andi %vnan, %bnum : i1
      %take = arith.ori %better, %firstnan : i1
      %nv = arith.select %take, %v, %best : f32
      %ni = arith.select %take, %ki, %bi : i64
      linalg.yield %nv, %ni : f32, i64
    } -> (tensor<5xf32>, tensor<5xi64>)
    kb.yield %r#1 : tensor<5xi64>
  }
}
