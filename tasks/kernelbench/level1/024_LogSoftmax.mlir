// KernelBench level 1, problem 24: LogSoftmax.
// torch.log_softmax(x, dim=1) over rows of 393216: x - max - log(sum(exp(x - max))). x =
// torch.rand(batch_size, dim), batch_size = 4096, dim = 393216; normal(0, 1) is the signed
// alternative.
kb.task @log_softmax origin <"KernelBench", level 1, problem 24> tolerance(atol 1.0e-4, rtol 1.0e-4)
    attributes {split = "train"} {
  kb.input "x" : tensor<4096x393216xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.output "out" : tensor<4096x393216xf32>
  kb.reference "return torch.log_softmax(x, dim=1)"
  kb.payload(%x: tensor<4096x393216xf32>, %out: tensor<4096x393216xf32>) {
    %ninf = arith.constant 0xFF800000 : f32
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<4096xf32>
    %m0 = linalg.fill ins(%ninf : f32) outs(%e : tensor<4096xf32>) -> tensor<4096xf32>
    %max = linalg.reduce ins(%x : tensor<4096x393216xf32>) outs(%m0 : tensor<4096xf32>) dimensions = [1]
      (%v: f32, %a: f32) {
        %m = arith.maximumf %v, %a : f32
        linalg.yield %m : f32
      }
    %s0 = linalg.fill ins(%zero : f32) outs(%e : tensor<4096xf32>) -> tensor<4096xf32>
    %sum = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>,
                                            affine_map<(i, j) -> (i)>],
                           iterator_types = ["parallel", "reduction"]}
        ins(%x, %max : tensor<4096x393216xf32>, tensor<4096xf32>) outs(%s0 : tensor<4096xf32>) {
    ^bb0(%v: f32, %m: f32, %a: f32):
      %d = arith.subf %v, %m : f32
      %ex = math.exp %d : f32
      %s = arith.addf %a, %ex : f32
      linalg.yield %s : f32
    } -> tensor<4096xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>,
                                          affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i, j)>],
                         iterator_types = ["parallel", "parallel"]}
        ins(%x, %max, %sum : tensor<4096x393216xf32>, tensor<4096xf32>, tensor<4096xf32>) outs(%out : tensor<4096x393216xf32>) {
    ^bb0(%v: f32, %m: f32, %s: f32, %o: f32):
      %d = arith.subf %v, %m : f32
      %l = math.log %s : f32
      %y = arith.subf %d, %l : f32
      linalg.yield %y : f32
    } -> tensor<4096x393216xf32>
    kb.yield %r : tensor<4096x393216xf32>
  }
}
