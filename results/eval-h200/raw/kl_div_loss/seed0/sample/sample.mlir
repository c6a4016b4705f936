#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> ()>
#map2 = affine_map<() -> ()>
module {
  kb.task @kl_div_loss origin <"KernelBench", level 1, problem 98> tolerance(atol 0.0001, rtol 0.0001) attributes {split = "eval"} {
    kb.input "predictions" : tensor<16384x16384xf32> dist(uniform(4.7e-05, 7.7e-05), uniform(0.01, 1.0))
    kb.input "targets" : tensor<16384x16384xf32> dist(uniform(3.55e-05, 9.66e-05), uniform(0.01, 1.0))
    kb.output "out" : tensor<f32>
    kb.reference "return torch.kl_div(torch.log(predictions), targets, reduction=2) / predictions.size(0)"
    kb.payload(%predictions: tensor<16384x16384xf32>, %targets: tensor<16384x16384xf32>, %out: tensor<f32>) {
      %cst = arith.constant 0.000000e+00 : f32
      %0 = tensor.empty() : tensor<f32>
      %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<f32>) -> tensor<f32>
      %2 = linalg.generic {indexing_maps = [#map, #map, #map1], iterator_types = ["reduction", "reduction"]} ins(%predictions, %targets : tensor<16384x16384xf32>, tensor<16384x16384xf32>) outs(%1 : tensor<f32>) {
      ^bb0(%in: f32, %in_0: f32, %out_1: f32):
        %4 = math.log %in : f32
        %5 = math.log %in_0 : f32
        %6 = arith.mulf %in_0, %5 : f32
        %7 = arith.cmpf oeq, %in_0, %cst : f32
        %8 = arith.select %7, %cst, %6 : f32
        %9 = arith.mulf %in_0, %4 : f32
        %10 = arith.subf %8, %9 : f32
        %11 = arith.addf %out_1, %10 : f32
        linalg.yield %11 : f32
      } -> tensor<f32>
      %3 = linalg.generic {indexing_maps = [#map2, #map2], iterator_types = []} ins(%2 : tensor<f32>) outs(%out : tensor<f32>) {
      ^bb0(%in: f32, %out_0: f32):
        %cst_1 = arith.constant 1.638400e+04 : f32
        %4 = arith.divf %in, %cst_1 : f32
        linalg.yield %4 : f32
      } -> tensor<f32>
      kb.yield %3 : tensor<f32>
    }
  }
}

