// f32 sums the reduction family's `split` applies to, or falls back on: a mean over a strided
// axis whose contiguous kept axis is odd (scalar loads), and a sum over rows of 12288.

kb.task @strided_mean tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<6x2048x3xf32> dist(uniform(0.0, 1.0), uniform(-0.5, 1.0))
  kb.output "out" : tensor<6x3xf32>
  kb.reference "return torch.mean(x, dim=1)"
  kb.payload(%x: tensor<6x2048x3xf32>, %out: tensor<6x3xf32>) {
    %zero = arith.constant 0.0 : f32
    %count = arith.constant 2048.0 : f32
    %e = tensor.empty() : tensor<6x3xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<6x3xf32>) -> tensor<6x3xf32>
    %sum = linalg.reduce ins(%x : tensor<6x2048x3xf32>) outs(%acc : tensor<6x3xf32>) dimensions = [1]
      (%v: f32, %a: f32) {
        %s = arith.addf %v, %a : f32
        linalg.yield %s : f32
      }
    %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                         iterator_types = ["parallel", "parallel"]}
        ins(%sum : tensor<6x3xf32>) outs(%out : tensor<6x3xf32>) {
    ^bb0(%s: f32, %o: f32):
      %m = arith.divf %s, %count : f32
      linalg.yield %m : f32
    } -> tensor<6x3xf32>
    kb.yield %r : tensor<6x3xf32>
  }
}

kb.task @row_sum tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<5x12288xf32> dist(uniform(0.0, 1.0), uniform(-0.5, 1.0))
  kb.output "out" : tensor<5xf32>
  kb.reference "return torch.sum(x, dim=1)"
  kb.payload(%x: tensor<5x12288xf32>, %out: tensor<5xf32>) {
    %zero = arith.constant 0.0 : f32
    %acc = linalg.fill ins(%zero : f32) outs(%out : tensor<5xf32>) -> tensor<5xf32>
    %r = linalg.reduce ins(%x : tensor<5x12288xf32>) outs(%acc : tensor<5xf32>) dimensions = [1]
      (%v: f32, %a: f32) {
        %s = arith.addf %v, %a : f32
        linalg.yield %s : f32
      }
    kb.yield %r : tensor<5xf32>
  }
}
