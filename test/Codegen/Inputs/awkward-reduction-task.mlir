// A reduction on which many decisions cannot apply as asked: f16, the reduced axis (37, odd) not
// innermost, 6 contiguous outputs (no vector of 4), the fill a rank-0 input, keepdim, and an
// epilogue; 18 outputs for blocks of up to 1024 threads.
kb.task @awkward_sum tolerance(atol 1.0e-2, rtol 1.0e-2) {
  kb.input "x" : tensor<3x37x6xf16> dist(uniform(-1.0, 1.0))
  kb.input "start" : tensor<f16> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<3x1x6xf16>
  kb.reference "return (start + x.sum(1, keepdim=True)) * 0.5"
  kb.payload(%x: tensor<3x37x6xf16>, %start: tensor<f16>, %out: tensor<3x1x6xf16>) {
    %half = arith.constant 0.5 : f16
    %s0 = tensor.extract %start[] : tensor<f16>
    %e = tensor.empty() : tensor<3x6xf16>
    %acc = linalg.fill ins(%s0 : f16) outs(%e : tensor<3x6xf16>) -> tensor<3x6xf16>
    %sum = linalg.reduce ins(%x : tensor<3x37x6xf16>) outs(%acc : tensor<3x6xf16>) dimensions = [1]
      (%v: f16, %a: f16) {
        %s = arith.addf %v, %a : f16
        linalg.yield %s : f16
      }
    %o = tensor.collapse_shape %out [[0], [1, 2]] : tensor<3x1x6xf16> into tensor<3x6xf16>
    %scaled = linalg.generic {indexing_maps = [affine_map<(b, j) -> (b, j)>, affine_map<(b, j) -> (b, j)>],
                              iterator_types = ["parallel", "parallel"]}
        ins(%sum : tensor<3x6xf16>) outs(%o : tensor<3x6xf16>) {
    ^bb0(%s: f16, %unused: f16):
      %m = arith.mulf %s, %half : f16
      linalg.yield %m : f16
    } -> tensor<3x6xf16>
    %r = tensor.expand_shape %scaled [[0], [1, 2]] output_shape [3, 1, 6] : tensor<3x6xf16> into tensor<3x1x6xf16>
    kb.yield %r : tensor<3x1x6xf16>
  }
}
