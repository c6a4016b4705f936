// KernelBench level 1, problem 11: 4D_tensor_matrix_multiplication.
// torch.einsum("bijl,lk->bijk", A, B) with b = 8, i = 256, j = 512, l = 256, k = 768: one matmul of
// the (b*i*j, l) rows of A with B. A = torch.rand(b, i, j, l), B = torch.rand(l, k). uniform(-0.5,
// 1.0) is the signed alternative: its positive mean keeps long sums away from zero, where fp32
// rounding in any summation order would exceed atol = 1e-4.
kb.task @tensor_4d_matrix_multiplication origin <"KernelBench", level 1, problem 11> tolerance(atol 1.0e-4, rtol 1.0e-4)
    attributes {split = "train"} {
  kb.input "A" : tensor<8x256x512x256xf32> dist(uniform(0.0, 1.0), uniform(-0.5, 1.0))
  kb.input "B" : tensor<256x768xf32> dist(uniform(0.0, 1.0), uniform(-0.5, 1.0))
  kb.output "out" : tensor<8x256x512x768xf32>
  kb.reference "return torch.einsum(\"bijl,lk->bijk\", A, B)"
  kb.payload(%A: tensor<8x256x512x256xf32>, %B: tensor<256x768xf32>, %out: tensor<8x256x512x768xf32>) {
    %zero = arith.constant 0.0 : f32
    %a = tensor.collapse_shape %A [[0, 1, 2], [3]] : tensor<8x256x512x256xf32> into tensor<1048576x256xf32>
    %o = tensor.collapse_shape %out [[0, 1, 2], [3]] : tensor<8x256x512x768xf32> into tensor<1048576x768xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%o : tensor<1048576x768xf32>) -> tensor<1048576x768xf32>
    %y = linalg.matmul ins(%a, %B : tensor<1048576x256xf32>, tensor<256x768xf32>) outs(%acc : tensor<1048576x768xf32>) -> tensor<1048576x768xf32>
    %r = tensor.expand_shape %y [[0, 1, 2], [3]] output_shape [8, 256, 512, 768] : tensor<1048576x768xf32> into tensor<8x256x512x768xf32>
    kb.yield %r : tensor<8x256x512x768xf32>
  }
}
