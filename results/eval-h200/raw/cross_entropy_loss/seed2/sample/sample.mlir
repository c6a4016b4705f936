#map = affine_map<(d0, d1) -> (d0, d1)>
#map1 = affine_map<(d0, d1) -> (d0)>
#map2 = affine_map<(d0) -> (d0)>
#map3 = affine_map<(d0) -> ()>
#map4 = affine_map<() -> ()>
module {
  kb.task @cross_entropy_loss origin <"KernelBench", level 1, problem 95> tolerance(atol 0.0001, rtol 0.0001) attributes {split = "eval"} {
    kb.input "predictions" : tensor<32768x4096xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
    kb.input "targets" : tensor<32768xi64> dist(randint(0.0, 4096.0))
    kb.output "out" : tensor<f32>
    kb.reference "logp = torch.log_softmax(predictions, dim=1)\0Areturn -torch.mean(torch.gather(logp, 1, targets.unsqueeze(1)))"
    kb.payload(%predictions: tensor<32768x4096xf32>, %targets: tensor<32768xi64>, %out: tensor<f32>) {
      %cst = arith.constant 0xFF800000 : f32
      %cst_0 = arith.constant 0.000000e+00 : f32
      %0 = tensor.empty() : tensor<32768xf32>
      %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<32768xf32>) -> tensor<32768xf32>
      %reduced = linalg.reduce ins(%predictions : tensor<32768x4096xf32>) outs(%1 : tensor<32768xf32>) dimensions = [1] 
        (%in: f32, %init: f32) {
          %8 = arith.maximumf %in, %init : f32
          linalg.yield %8 : f32
        }
      %2 = linalg.fill ins(%cst_0 : f32) outs(%0 : tensor<32768xf32>) -> tensor<32768xf32>
      %3 = linalg.generic {indexing_maps = [#map, #map1, #map1], iterator_types = ["parallel", "reduction"]} ins(%predictions, %reduced : tensor<32768x4096xf32>, tensor<32768xf32>) outs(%2 : tensor<32768xf32>) {
      ^bb0(%in: f32, %in_1: f32, %out_2: f32):
        %8 = arith.subf %in, %in_1 : f32
        %9 = math.exp %8 : f32
        %10 = arith.addf %out_2, %9 : f32
        linalg.yield %10 : f32
      } -> tensor<32768xf32>
      %4 = tensor.empty() : tensor<f32>
      %5 = linalg.fill ins(%cst_0 : f32) outs(%4 : tensor<f32>) -> tensor<f32>
      %6 = linalg.generic {indexing_maps = [#map2, #map2, #map2, #map3], iterator_types = ["reduction"]} ins(%targets, %reduced, %3 : tensor<32768xi64>, tensor<32768xf32>, tensor<32768xf32>) outs(%5 : tensor<f32>) {
      ^bb0(%in: i64, %in_1: f32, %in_2: f32, %out_3: f32):
        %8 = linalg.index 0 : index
        %9 = arith.index_cast %in : i64 to index
        %extracted = tensor.extract %predictions[%8, %9] : tensor<32768x4096xf32>
        %10 = arith.subf %extracted, %in_1 : f32
        %11 = math.log %in_2 : f32
        %12 = arith.subf %10, %11 : f32
        %13 = arith.subf %out_3, %12 : f32
        linalg.yield %13 : f32
      } -> tensor<f32>
      %7 = linalg.generic {indexing_maps = [#map4, #map4], iterator_types = []} ins(%6 : tensor<f32>) outs(%out : tensor<f32>) {
      ^bb0(%in: f32, %out_1: f32):
        %cst_2 = arith.constant 3.276800e+04 : f32
        %8 = arith.divf %in, %cst_2 : f32
        linalg.yield %8 : f32
      } -> tensor<f32>
      kb.yield %7 : tensor<f32>
    }
  }
}

