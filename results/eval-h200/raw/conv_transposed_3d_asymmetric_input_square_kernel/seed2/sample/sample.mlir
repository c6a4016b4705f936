#map = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7, d8) -> (d0, d5, d2 - d6 + 2, d3 - d7 + 2, d4 - d8 + 2)>
#map1 = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7, d8) -> (d5, d1, d6, d7, d8)>
#map2 = affine_map<(d0, d1, d2, d3, d4, d5, d6, d7, d8) -> (d0, d1, d2, d3, d4)>
module {
  kb.task @conv_transposed_3d_asymmetric_input_square_kernel origin <"KernelBench", level 1, problem 70> tolerance(atol 0.0001, rtol 0.0001) attributes {split = "eval"} {
    kb.input "x" : tensor<8x48x96x96x96xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
    kb.input "weight" : tensor<48x24x3x3x3xf32> dist(uniform(0.0, 1.0), uniform(-0.039283710065919304, 0.039283710065919304))
    kb.output "out" : tensor<8x24x98x98x98xf32>
    kb.reference "return torch.conv_transpose3d(x, weight, None, [1, 1, 1], [0, 0, 0], [0, 0, 0], 1, [1, 1, 1])"
    kb.payload(%x: tensor<8x48x96x96x96xf32>, %weight: tensor<48x24x3x3x3xf32>, %out: tensor<8x24x98x98x98xf32>) {
      %cst = arith.constant 0.000000e+00 : f32
      %padded = tensor.pad %x low[0, 0, 2, 2, 2] high[0, 0, 2, 2, 2] {
      ^bb0(%arg0: index, %arg1: index, %arg2: index, %arg3: index, %arg4: index):
        tensor.yield %cst : f32
      } : tensor<8x48x96x96x96xf32> to tensor<8x48x100x100x100xf32>
      %0 = linalg.fill ins(%cst : f32) outs(%out : tensor<8x24x98x98x98xf32>) -> tensor<8x24x98x98x98xf32>
      %1 = linalg.generic {indexing_maps = [#map, #map1, #map2], iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction", "reduction"]} ins(%padded, %weight : tensor<8x48x100x100x100xf32>, tensor<48x24x3x3x3xf32>) outs(%0 : tensor<8x24x98x98x98xf32>) {
      ^bb0(%in: f32, %in_0: f32, %out_1: f32):
        %2 = arith.mulf %in, %in_0 : f32
        %3 = arith.addf %out_1, %2 : f32
        linalg.yield %3 : f32
      } -> tensor<8x24x98x98x98xf32>
      kb.yield %1 : tensor<8x24x98x98x98xf32>
    }
  }
}

