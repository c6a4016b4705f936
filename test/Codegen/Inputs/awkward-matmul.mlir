// A matmul most decision lists cannot apply to as they are asked: A transposed, B transposed,
// odd extents (no vector width but 1 along K), tiles larger than the problem.
kb.task @awkward_mm tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "a" : tensor<37x50xf32> dist(uniform(0.0, 1.0))
  kb.input "b" : tensor<66x37xf32> dist(uniform(0.0, 1.0))
  kb.output "c" : tensor<50x66xf32>
  kb.reference "return a.T @ b.T"
  kb.payload(%a: tensor<37x50xf32>, %b: tensor<66x37xf32>, %c: tensor<50x66xf32>) {
    %zero = arith.constant 0.0 : f32
    %z = linalg.fill ins(%zero : f32) outs(%c : tensor<50x66xf32>) -> tensor<50x66xf32>
    %r = linalg.matmul indexing_maps = [affine_map<(m, n, k) -> (k, m)>, affine_map<(m, n, k) -> (n, k)>,
                                        affine_map<(m, n, k) -> (m, n)>]
        ins(%a, %b : tensor<37x50xf32>, tensor<66x37xf32>) outs(%z : tensor<50x66xf32>) -> tensor<50x66xf32>
    kb.yield %r : tensor<50x66xf32>
  }
}
