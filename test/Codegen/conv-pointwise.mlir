// RUN: kopt %s --pass-pipeline='builtin.module(kb-lower-to-ptx)' 2>/dev/null | FileCheck %s
// RUN: kopt %S/../../tasks/kernelbench/level1/087_conv_pointwise_2D.mlir 2>/dev/null --pass-pipeline='builtin.module(kb-sample{n=4 seed=1 policy=uniform},kb-lower-to-ptx)' | FileCheck %s --check-prefix=TASK

// A 1x1 convolution is a matmul: the matmul family takes it (its decisions), C = W X per image,
// the images a batch (the grid's y) along which the weight is broadcast; with `direct`, the
// window family's kernel.
// TASK-COUNT-4: kb.candidate {{.*}}decisions {block_k = {{.*}}ptx {{.*}}<"conv_pointwise_2d{{(_init|_stage0)?}}"

kb.task @pointwise tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<3x13x9x11xf32> dist(uniform(-1.0, 1.0))
  kb.input "weight" : tensor<17x13x1x1xf32> dist(uniform(-1.0, 1.0))
  kb.output "out" : tensor<3x17x9x11xf32>
  kb.reference "return torch.conv2d(x, weight)"
  kb.payload(%x: tensor<3x13x9x11xf32>, %weight: tensor<17x13x1x1xf32>, %out: tensor<3x17x9x11xf32>) {
    %zero = arith.constant 0.0 : f32
    %acc = linalg.fill ins(%zero : f32) outs(%out : tensor<3x17x9x11xf32>) -> tensor<3x17x9x11xf32>
    %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
        ins(%x, %weight : tensor<3x13x9x11xf32>, tensor<17x13x1x1xf32>) outs(%acc : tensor<3x17x9x11xf32>) -> tensor<3x17x9x11xf32>
    kb.yield %c : tensor<3x17x9x11xf32>
  }
}
// M = 17 output channels (one 32-row tile), N = 99 pixels (two 64-column tiles), 3 images.
kb.candidate @tiles of @pointwise policy decisions {block_m = 32, block_n = 64, block_k = 8, thread_m = 2, thread_n = 4}
// CHECK: kb.candidate @tiles of @pointwise {{.*}}grid = [2, 3, 1], block = [256, 1, 1]{{.*}}args = ["x", "weight", "out"]

// Strided, the input's pixels are no loop dimension: the convolution stays one, an implicit
// GEMM that gathers every other pixel of the image (B's copies of single elements), after the
// launch that tabulates the K indices (13 channels, two 8-row K tiles: 16 entries of 4 bytes).
kb.task @pointwise_strided tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<3x13x9x11xf32> dist(uniform(-1.0, 1.0))
  kb.input "weight" : tensor<17x13x1x1xf32> dist(uniform(-1.0, 1.0))
  kb.output "out" : tensor<3x17x5x6xf32>
  kb.reference "return torch.conv2d(x, weight, None, [2, 2])"
  kb.payload(%x: tensor<3x13x9x11xf32>, %weight: tensor<17x13x1x1xf32>, %out: tensor<3x17x5x6xf32>) {
    %zero = arith.constant 0.0 : f32
    %acc = linalg.fill ins(%zero : f32) outs(%out : tensor<3x17x5x6xf32>) -> tensor<3x17x5x6xf32>
    %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<2> : tensor<2xi64>}
        ins(%x, %weight : tensor<3x13x9x11xf32>, tensor<17x13x1x1xf32>) outs(%acc : tensor<3x17x5x6xf32>) -> tensor<3x17x5x6xf32>
    kb.yield %c : tensor<3x17x5x6xf32>
  }
}
kb.candidate @strided of @pointwise_strided policy decisions {block_m = 32, block_n = 32, block_k = 8, thread_m = 2, thread_n = 4, cp_async = true}
// CHECK: kb.candidate @strided of @pointwise_strided {{.*}}launch <[<"pointwise_strided_gather", grid = [1, 1, 1], block = [256, 1, 1], smem = 0, args = ["scratch0"]>, <"pointwise_strided", grid = [1, 3, 1], block = [128, 1, 1], smem = 0, args = ["x", "weight", "out", "scratch0"]>], scratch = [64]>
