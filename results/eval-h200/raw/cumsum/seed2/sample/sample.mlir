#map = affine_map<(d0) -> (d0)>
module {
  kb.task @cumsum origin <"KernelBench", level 1, problem 89> tolerance(atol 0.0001, rtol 0.0001) attributes {split = "eval"} {
    kb.input "x" : tensor<32768x32768xf32> dist(uniform(0.0, 1.0), uniform(-0.5, 1.0))
    kb.output "out" : tensor<32768x32768xf32>
    kb.reference "return torch.cumsum(x, dim=1)"
    kb.payload(%x: tensor<32768x32768xf32>, %out: tensor<32768x32768xf32>) {
      %cst = arith.constant 0.000000e+00 : f32
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %c32768 = arith.constant 32768 : index
      %0 = tensor.empty() : tensor<32768xf32>
      %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<32768xf32>) -> tensor<32768xf32>
      %2:2 = scf.for %arg0 = %c0 to %c32768 step %c1 iter_args(%arg1 = %1, %arg2 = %out) -> (tensor<32768xf32>, tensor<32768x32768xf32>) {
        %extracted_slice = tensor.extract_slice %x[0, %arg0] [32768, 1] [1, 1] : tensor<32768x32768xf32> to tensor<32768xf32>
        %3 = linalg.generic {indexing_maps = [#map, #map], iterator_types = ["parallel"]} ins(%extracted_slice : tensor<32768xf32>) outs(%arg1 : tensor<32768xf32>) {
        ^bb0(%in: f32, %out_0: f32):
          %4 = arith.addf %out_0, %in : f32
          linalg.yield %4 : f32
        } -> tensor<32768xf32>
        %inserted_slice = tensor.insert_slice %3 into %arg2[0, %arg0] [32768, 1] [1, 1] : tensor<32768xf32> into tensor<32768x32768xf32>
        scf.yield %3, %inserted_slice : tensor<32768xf32>, tensor<32768x32768xf32>
      }
      kb.yield %2#1 : tensor<32768x32768xf32>
    }
  }
}

