#map = affine_map<(d0, d1, d2, d3) -> (d0, d1, d2, d3)>
#map1 = affine_map<(d0, d1, d2, d3) -> (d0, d2, d3)>
module {
  kb.task @rms_norm origin <"KernelBench", level 1, problem 36> tolerance(atol 0.0001, rtol 0.0001) attributes {split = "eval"} {
    kb.input "x" : tensor<112x64x512x512xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
    kb.output "out" : tensor<112x64x512x512xf32>
    kb.reference "rms = torch.sqrt(torch.mean(x ** 2, dim=1, keepdim=True) + 1e-05)\0Areturn x / rms"
    kb.payload(%x: tensor<112x64x512x512xf32>, %out: tensor<112x64x512x512xf32>) {
      %cst = arith.constant 0.000000e+00 : f32
      %cst_0 = arith.constant 6.400000e+01 : f32
      %cst_1 = arith.constant 9.99999974E-6 : f32
      %0 = tensor.empty() : tensor<112x512x512xf32>
      %1 = linalg.fill ins(%cst : f32) outs(%0 : tensor<112x512x512xf32>) -> tensor<112x512x512xf32>
      %2 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["parallel", "reduction", "parallel", "parallel"]} ins(%x : tensor<112x64x512x512xf32>) outs(%1 : tensor<112x512x512xf32>) {
      ^bb0(%in: f32, %out_2: f32):
        %4 = arith.mulf %in, %in : f32
        %5 = arith.addf %out_2, %4 : f32
        linalg.yield %5 : f32
      } -> tensor<112x512x512xf32>
      %3 = linalg.generic {indexing_maps = [#map, #map1, #map], iterator_types = ["parallel", "parallel", "parallel", "parallel"]} ins(%x, %2 : tensor<112x64x512x512xf32>, tensor<112x512x512xf32>) outs(%out : tensor<112x64x512x512xf32>) {
      ^bb0(%in: f32, %in_2: f32, %out_3: f32):
        %4 = arith.divf %in_2, %cst_0 : f32
        %5 = arith.addf %4, %cst_1 : f32
        %6 = math.sqrt %5 : f32
        %7 = arith.divf %in, %6 : f32
        linalg.yield %7 : f32
      } -> tensor<112x64x512x512xf32>
      kb.yield %3 : tensor<112x64x512x512xf32>
    }
  }
}

