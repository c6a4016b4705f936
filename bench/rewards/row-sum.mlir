// torch.sum(x, dim=1) on 4096 x 4096 floats (64 MiB read, about 20 us on an H200): an axis
// reduction small enough that every decision list of its space is measured in a minute.
kb.task @row_sum tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<4096x4096xf32> dist(uniform(0.0, 1.0), uniform(-0.5, 1.0))
  kb.output "out" : tensor<4096xf32>
  kb.reference "return torch.sum(x, dim=1)"
  kb.payload(%x: tensor<4096x4096xf32>, %out: tensor<4096xf32>) {
    %zero = arith.constant 0.0 : f32
    %acc = linalg.fill ins(%zero : f32) outs(%out : tensor<4096xf32>) -> tensor<4096xf32>
    %sum = linalg.reduce ins(%x : tensor<4096x4096xf32>) outs(%acc : tensor<4096xf32>) dimensions = [1]
      (%v: f32, %a: f32) {
        %s = arith.addf %v, %a : f32
        linalg.yield %s : f32
      }
    kb.yield %sum : tensor<4096xf32>
  }
}
