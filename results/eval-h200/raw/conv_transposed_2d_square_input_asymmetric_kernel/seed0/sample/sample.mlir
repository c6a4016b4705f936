#map = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d4, d2 - d5 + 2, d3 - d6 + 6)>
#map1 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d4, d1, d5, d6)>
#map2 = affine_map<(d0, d1, d2, d3, d4, d5, d6) -> (d0, d1, d2, d3)>
module {
  kb.task @conv_transposed_2d_square_input_asymmetric_kernel origin <"KernelBench", level 1, problem 65> tolerance(atol 0.0001, rtol 0.0001) attributes {split = "eval"} {
    kb.input "x" : tensor<8x64x512x512xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
    kb.input "weight" : tensor<64x64x3x7xf32> dist(uniform(0.0, 1.0), uniform(-0.02727723627949905, 0.02727723627949905))
    kb.output "out" : tensor<8x64x514x518xf32>
    kb.reference "return torch.conv_transpose2d(x, weight, None, [1, 1], [0, 0], [0, 0], 1, [1, 1])"
    kb.payload(%x: tensor<8x64x512x512xf32>, %weight: tensor<64x64x3x7xf32>, %out: tensor<8x64x514x518xf32>) {
      %cst = arith.constant 0.000000e+00 : f32
      %padded = tensor.pad %x low[0, 0, 2, 6] high[0, 0, 2, 6] {
      ^bb0(%arg0: index, %arg1: index, %arg2: index, %arg3: index):
        tensor.yield %cst : f32
      } : tensor<8x64x512x512xf32> to tensor<8x64x516x524xf32>
      %0 = linalg.fill ins(%cst : f32) outs(%out : tensor<8x64x514x518xf32>) -> tensor<8x64x514x518xf32>
      %1 = linalg.generic {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]} ins(%padded, %weight : tensor<8x64x516x524xf32>, tensor<64x64x3x7xf32>) outs(%0 : tensor<8x64x514x518xf32>) {
      ^bb0(%in: f32, %in_0: f32, %out_1: f32):
        %2 = arith.mulf %in, %in_0 : f32
        %3 = arith.addf %out_1, %2 : f32
        linalg.yield %3 : f32
      } -> tensor<8x64x514x518xf32>
      kb.yield %1 : tensor<8x64x514x518xf32>
    }
  }
}

