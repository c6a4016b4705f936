// RUN: kopt %s --pass-pipeline='builtin.module(kb-lower-to-ptx,kb-verify{runner="%kopt_runner" timeout=60 cache=none})' 2>/dev/null | FileCheck %s

// Pointwise (1x1) convolutions run as matmuls: the weight is A (output channels x input
// channels), each image's pixels are B and the output's columns, the images a batch that the
// weight is broadcast along. Extents no tile divides, a bias in the epilogue; the f32 kernel's
// pipelines, split_k (atomic: adding a bias is additive; ordered) and the TF32 kernels.

kb.task @pointwise_bias tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<3x13x9x11xf32> dist(uniform(-1.0, 1.0))
  kb.input "weight" : tensor<17x13x1x1xf32> dist(uniform(-1.0, 1.0))
  kb.input "bias" : tensor<17xf32> dist(uniform(-1.0, 1.0))
  kb.output "out" : tensor<3x17x9x11xf32>
  kb.reference "return torch.conv2d(x, weight, bias)"
  kb.payload(%x: tensor<3x13x9x11xf32>, %weight: tensor<17x13x1x1xf32>, %bias: tensor<17xf32>, %out: tensor<3x17x9x11xf32>) {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<3x17x9x11xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<3x17x9x11xf32>) -> tensor<3x17x9x11xf32>
    %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
        ins(%x, %weight : tensor<3x13x9x11xf32>, tensor<17x13x1x1xf32>) outs(%acc : tensor<3x17x9x11xf32>) -> tensor<3x17x9x11xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(n, f, y, x) -> (n, f, y, x)>, affine_map<(n, f, y, x) -> (f)>,
                                          affine_map<(n, f, y, x) -> (n, f, y, x)>],
                         iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
        ins(%c, %bias : tensor<3x17x9x11xf32>, tensor<17xf32>) outs(%out : tensor<3x17x9x11xf32>) {
    ^bb0(%v: f32, %b: f32, %o: f32):
      %y = arith.addf %v, %b : f32
      linalg.yield %y : f32
    } -> tensor<3x17x9x11xf32>
    kb.yield %r : tensor<3x17x9x11xf32>
  }
}
kb.candidate @bias_async of @pointwise_bias policy decisions {block_m = 32, block_n = 64, block_k = 8, thread_m = 2, thread_n = 4, cp_async = true, stages = 3}
kb.candidate @bias_prefetch of @pointwise_bias policy decisions {block_m = 32, block_n = 32, block_k = 16, thread_m = 4, thread_n = 4, stages = 2}
kb.candidate @bias_atomic of @pointwise_bias policy decisions {block_m = 32, block_n = 32, block_k = 8, split_k = 2}
kb.candidate @bias_ordered of @pointwise_bias policy decisions {block_m = 32, block_n = 32, block_k = 8, split_k = 2, split_k_atomic = false}
// CHECK: kb.candidate @bias_async of @pointwise_bias {{.*}}verdict <correct
// CHECK: kb.candidate @bias_prefetch of @pointwise_bias {{.*}}verdict <correct
// CHECK: kb.candidate @bias_atomic of @pointwise_bias {{.*}}verdict <correct
// CHECK: kb.candidate @bias_ordered of @pointwise_bias {{.*}}verdict <correct

// The TF32 kernels, at a tolerance TF32's rounding of 64-term sums meets; 1-D.
kb.task @pointwise_1d tolerance(atol 1.0e-2, rtol 1.0e-2) {
  kb.input "x" : tensor<5x64x300xf32> dist(uniform(-1.0, 1.0))
  kb.input "weight" : tensor<72x64x1xf32> dist(uniform(-1.0, 1.0))
  kb.output "out" : tensor<5x72x300xf32>
  kb.reference "return torch.conv1d(x, weight)"
  kb.payload(%x: tensor<5x64x300xf32>, %weight: tensor<72x64x1xf32>, %out: tensor<5x72x300xf32>) {
    %zero = arith.constant 0.0 : f32
    %acc = linalg.fill ins(%zero : f32) outs(%out : tensor<5x72x300xf32>) -> tensor<5x72x300xf32>
    %c = linalg.conv_1d_ncw_fcw {dilations = dense<1> : tensor<1xi64>, strides = dense<1> : tensor<1xi64>}
        ins(%x, %weight : tensor<5x64x300xf32>, tensor<72x64x1xf32>) outs(%acc : tensor<5x72x300xf32>) -> tensor<5x72x300xf32>
    kb.yield %c : tensor<5x72x300xf32>
  }
}
kb.candidate @line_simt of @pointwise_1d policy decisions {block_m = 64, block_n = 64, block_k = 16, thread_m = 8, thread_n = 4, cp_async = true, stages = 2}
kb.candidate @line_mma of @pointwise_1d policy decisions {block_m = 64, block_n = 64, block_k = 16, tf32 = true, stages = 2}
kb.candidate @line_wgmma of @pointwise_1d policy decisions {block_m = 64, block_n = 128, block_k = 16, tf32 = true, wgmma = true, stages = 2}
// CHECK: kb.candidate @line_simt of @pointwise_1d {{.*}}verdict <correct
// CHECK: kb.candidate @line_mma of @pointwise_1d {{.*}}verdict <correct
// CHECK: kb.candidate @line_wgmma of @pointwise_1d {{.*}}verdict <correct
