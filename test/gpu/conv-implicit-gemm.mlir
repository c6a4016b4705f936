// RUN: kopt %s --pass-pipeline='builtin.module(kb-lower-to-ptx,kb-verify{runner="%kopt_runner" timeout=60 cache=none})' 2>/dev/null | FileCheck %s

// Convolutions with a window run as implicit GEMMs: the weight is A (output channels x input
// channels and window offsets), B's tiles are gathered from the unpadded image, zeros where a
// window reads padding. Padding, dilation and strides (asymmetric), 1-D and 3-D, a bias in the
// epilogue, extents no tile divides; the f32 kernel's pipelines, split_k (atomic and ordered),
// and split_tf32 on both TF32 kernels, at KernelBench's fp32 tolerance. Transposed convolutions
// with stride 1 (the window reversed, the weight [in][out][k...] copied first to [out][in][k...]).
// Transposed convolutions with strides, a GEMM per phase of the output pixels, and grouped
// convolutions, a GEMM per group (at the end).

// Padding and dilation (as problem 80), a bias; K = 4 x 3 x 3 = 36 admits wgmma.
kb.task @conv2d_pad_dilation tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<3x4x10x13xf32> dist(uniform(-1.0, 1.0))
  kb.input "weight" : tensor<7x4x3x3xf32> dist(uniform(-0.2, 0.2))
  kb.input "bias" : tensor<7xf32> dist(uniform(-1.0, 1.0))
  kb.output "out" : tensor<3x7x10x13xf32>
  kb.reference "return torch.conv2d(x, weight, bias, [1, 1], [2, 1], [2, 1], 1)"
  kb.payload(%x: tensor<3x4x10x13xf32>, %weight: tensor<7x4x3x3xf32>, %bias: tensor<7xf32>, %out: tensor<3x7x10x13xf32>) {
    %zero = arith.constant 0.0 : f32
    %xp = tensor.pad %x low[0, 0, 2, 1] high[0, 0, 2, 1] {
    ^bb0(%p0: index, %p1: index, %p2: index, %p3: index):
      tensor.yield %zero : f32
    } : tensor<3x4x10x13xf32> to tensor<3x4x14x15xf32>
    %e = tensor.empty() : tensor<3x7x10x13xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<3x7x10x13xf32>) -> tensor<3x7x10x13xf32>
    %c = linalg.conv_2d_nchw_fchw {dilations = dense<[2, 1]> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
        ins(%xp, %weight : tensor<3x4x14x15xf32>, tensor<7x4x3x3xf32>) outs(%acc : tensor<3x7x10x13xf32>) -> tensor<3x7x10x13xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(n, f, y, x) -> (n, f, y, x)>, affine_map<(n, f, y, x) -> (f)>,
                                          affine_map<(n, f, y, x) -> (n, f, y, x)>],
                         iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
        ins(%c, %bias : tensor<3x7x10x13xf32>, tensor<7xf32>) outs(%out : tensor<3x7x10x13xf32>) {
    ^bb0(%v: f32, %b: f32, %o: f32):
      %y = arith.addf %v, %b : f32
      linalg.yield %y : f32
    } -> tensor<3x7x10x13xf32>
    kb.yield %r : tensor<3x7x10x13xf32>
  }
}
kb.candidate @dilated_async of @conv2d_pad_dilation policy decisions {block_m = 32, block_n = 64, block_k = 8, thread_m = 2, thread_n = 4, cp_async = true, stages = 3}
kb.candidate @dilated_prefetch of @conv2d_pad_dilation policy decisions {block_m = 32, block_n = 32, block_k = 16, thread_m = 4, thread_n = 4, stages = 2}
kb.candidate @dilated_atomic of @conv2d_pad_dilation policy decisions {block_m = 32, block_n = 32, block_k = 8, split_k = 2}
kb.candidate @dilated_ordered of @conv2d_pad_dilation policy decisions {block_m = 32, block_n = 32, block_k = 8, split_k = 2, split_k_atomic = false}
kb.candidate @dilated_mma of @conv2d_pad_dilation policy decisions {block_m = 64, block_n = 64, block_k = 16, tf32 = true, split_tf32 = true, stages = 2}
kb.candidate @dilated_wgmma of @conv2d_pad_dilation policy decisions {block_m = 64, block_n = 128, block_k = 16, tf32 = true, split_tf32 = true, wgmma = true, stages = 2}
// CHECK: kb.candidate @dilated_async of @conv2d_pad_dilation {{.*}}verdict <correct
// CHECK: kb.candidate @dilated_prefetch of @conv2d_pad_dilation {{.*}}verdict <correct
// CHECK: kb.candidate @dilated_atomic of @conv2d_pad_dilation {{.*}}verdict <correct
// CHECK: kb.candidate @dilated_ordered of @conv2d_pad_dilation {{.*}}verdict <correct
// CHECK: kb.candidate @dilated_mma of @conv2d_pad_dilation {{.*}}verdict <correct
// CHECK: kb.candidate @dilated_wgmma of @conv2d_pad_dilation {{.*}}verdict <correct

// Strides and padding that differ by axis, an asymmetric kernel (as problem 50, small).
kb.task @conv2d_strided tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<2x3x23x19xf32> dist(uniform(-1.0, 1.0))
  kb.input "weight" : tensor<8x3x5x3xf32> dist(uniform(-0.2, 0.2))
  kb.output "out" : tensor<2x8x8x10xf32>
  kb.reference "return torch.conv2d(x, weight, None, [3, 2], [2, 1], [1, 1], 1)"
  kb.payload(%x: tensor<2x3x23x19xf32>, %weight: tensor<8x3x5x3xf32>, %out: tensor<2x8x8x10xf32>) {
    %zero = arith.constant 0.0 : f32
    %xp = tensor.pad %x low[0, 0, 2, 1] high[0, 0, 2, 1] {
    ^bb0(%p0: index, %p1: index, %p2: index, %p3: index):
      tensor.yield %zero : f32
    } : tensor<2x3x23x19xf32> to tensor<2x3x27x21xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%out : tensor<2x8x8x10xf32>) -> tensor<2x8x8x10xf32>
    %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<[3, 2]> : tensor<2xi64>}
        ins(%xp, %weight : tensor<2x3x27x21xf32>, tensor<8x3x5x3xf32>) outs(%acc : tensor<2x8x8x10xf32>) -> tensor<2x8x8x10xf32>
    kb.yield %c : tensor<2x8x8x10xf32>
  }
}
kb.candidate @strided_simt of @conv2d_strided policy decisions {block_m = 32, block_n = 32, block_k = 16, thread_m = 4, thread_n = 4, cp_async = true, stages = 2}
kb.candidate @strided_mma of @conv2d_strided policy decisions {block_m = 32, block_n = 64, block_k = 8, tf32 = true, split_tf32 = true, stages = 1}
// CHECK: kb.candidate @strided_simt of @conv2d_strided {{.*}}verdict <correct
// CHECK: kb.candidate @strided_mma of @conv2d_strided {{.*}}verdict <correct

// 1-D, dilated and strided, no padding (as problem 76).
kb.task @conv1d_dilated_strided tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<4x6x50xf32> dist(uniform(-1.0, 1.0))
  kb.input "weight" : tensor<10x6x5xf32> dist(uniform(-0.2, 0.2))
  kb.output "out" : tensor<4x10x14xf32>
  kb.reference "return torch.conv1d(x, weight, None, [3], [0], [2], 1)"
  kb.payload(%x: tensor<4x6x50xf32>, %weight: tensor<10x6x5xf32>, %out: tensor<4x10x14xf32>) {
    %zero = arith.constant 0.0 : f32
    %acc = linalg.fill ins(%zero : f32) outs(%out : tensor<4x10x14xf32>) -> tensor<4x10x14xf32>
    %c = linalg.conv_1d_ncw_fcw {dilations = dense<2> : tensor<1xi64>, strides = dense<3> : tensor<1xi64>}
        ins(%x, %weight : tensor<4x6x50xf32>, tensor<10x6x5xf32>) outs(%acc : tensor<4x10x14xf32>) -> tensor<4x10x14xf32>
    kb.yield %c : tensor<4x10x14xf32>
  }
}
kb.candidate @line_simt of @conv1d_dilated_strided policy decisions {block_m = 32, block_n = 32, block_k = 8, thread_m = 2, thread_n = 2, cp_async = true, stages = 2}
kb.candidate @line_mma of @conv1d_dilated_strided policy decisions {block_m = 32, block_n = 32, block_k = 8, tf32 = true, split_tf32 = true, stages = 2}
// CHECK: kb.candidate @line_simt of @conv1d_dilated_strided {{.*}}verdict <correct
// CHECK: kb.candidate @line_mma of @conv1d_dilated_strided {{.*}}verdict <correct

// 3-D, padded on every axis.
kb.task @conv3d_pad tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<2x3x6x7x8xf32> dist(uniform(-1.0, 1.0))
  kb.input "weight" : tensor<5x3x3x3x3xf32> dist(uniform(-0.2, 0.2))
  kb.output "out" : tensor<2x5x6x7x8xf32>
  kb.reference "return torch.conv3d(x, weight, None, [1, 1, 1], [1, 1, 1], [1, 1, 1], 1)"
  kb.payload(%x: tensor<2x3x6x7x8xf32>, %weight: tensor<5x3x3x3x3xf32>, %out: tensor<2x5x6x7x8xf32>) {
    %zero = arith.constant 0.0 : f32
    %xp = tensor.pad %x low[0, 0, 1, 1, 1] high[0, 0, 1, 1, 1] {
    ^bb0(%p0: index, %p1: index, %p2: index, %p3: index, %p4: index):
      tensor.yield %zero : f32
    } : tensor<2x3x6x7x8xf32> to tensor<2x3x8x9x10xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%out : tensor<2x5x6x7x8xf32>) -> tensor<2x5x6x7x8xf32>
    %c = linalg.conv_3d_ncdhw_fcdhw {dilations = dense<1> : tensor<3xi64>, strides = dense<1> : tensor<3xi64>}
        ins(%xp, %weight : tensor<2x3x8x9x10xf32>, tensor<5x3x3x3x3xf32>) outs(%acc : tensor<2x5x6x7x8xf32>) -> tensor<2x5x6x7x8xf32>
    kb.yield %c : tensor<2x5x6x7x8xf32>
  }
}
kb.candidate @volume_simt of @conv3d_pad policy decisions {block_m = 32, block_n = 64, block_k = 16, thread_m = 4, thread_n = 4, cp_async = true, stages = 3}
kb.candidate @volume_ordered of @conv3d_pad policy decisions {block_m = 32, block_n = 32, block_k = 8, split_k = 4, split_k_atomic = false}
kb.candidate @volume_mma of @conv3d_pad policy decisions {block_m = 32, block_n = 64, block_k = 16, tf32 = true, split_tf32 = true, stages = 2}
// CHECK: kb.candidate @volume_simt of @conv3d_pad {{.*}}verdict <correct
// CHECK: kb.candidate @volume_ordered of @conv3d_pad {{.*}}verdict <correct
// CHECK: kb.candidate @volume_mma of @conv3d_pad {{.*}}verdict <correct

// Padding that differs between the two ends of an axis (H: 1 low, 2 high; W: 3 high only).
kb.task @conv2d_uneven_pad tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<2x3x9x7xf32> dist(uniform(-1.0, 1.0))
  kb.input "weight" : tensor<5x3x3x4xf32> dist(uniform(-0.2, 0.2))
  kb.output "out" : tensor<2x5x10x7xf32>
  kb.reference "return torch.conv2d(torch.constant_pad_nd(x, [0, 3, 1, 2], 0.0), weight)"
  kb.payload(%x: tensor<2x3x9x7xf32>, %weight: tensor<5x3x3x4xf32>, %out: tensor<2x5x10x7xf32>) {
    %zero = arith.constant 0.0 : f32
    %xp = tensor.pad %x low[0, 0, 1, 0] high[0, 0, 2, 3] {
    ^bb0(%p0: index, %p1: index, %p2: index, %p3: index):
      tensor.yield %zero : f32
    } : tensor<2x3x9x7xf32> to tensor<2x3x12x10xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%out : tensor<2x5x10x7xf32>) -> tensor<2x5x10x7xf32>
    %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
        ins(%xp, %weight : tensor<2x3x12x10xf32>, tensor<5x3x3x4xf32>) outs(%acc : tensor<2x5x10x7xf32>) -> tensor<2x5x10x7xf32>
    kb.yield %c : tensor<2x5x10x7xf32>
  }
}
kb.candidate @uneven_simt of @conv2d_uneven_pad policy decisions {block_m = 32, block_n = 32, block_k = 16, thread_m = 4, thread_n = 4, cp_async = true, stages = 2}
kb.candidate @uneven_mma of @conv2d_uneven_pad policy decisions {block_m = 32, block_n = 32, block_k = 8, tf32 = true, split_tf32 = true, stages = 2}
// CHECK: kb.candidate @uneven_simt of @conv2d_uneven_pad {{.*}}verdict <correct
// CHECK: kb.candidate @uneven_mma of @conv2d_uneven_pad {{.*}}verdict <correct

// One output pixel per image: still a GEMM with a gathered B (N = 1), not a matvec.
kb.task @one_pixel tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<2x3x3x3xf32> dist(uniform(-1.0, 1.0))
  kb.input "weight" : tensor<4x3x3x3xf32> dist(uniform(-0.2, 0.2))
  kb.output "out" : tensor<2x4x1x1xf32>
  kb.reference "return torch.conv2d(x, weight)"
  kb.payload(%x: tensor<2x3x3x3xf32>, %weight: tensor<4x3x3x3xf32>, %out: tensor<2x4x1x1xf32>) {
    %zero = arith.constant 0.0 : f32
    %acc = linalg.fill ins(%zero : f32) outs(%out : tensor<2x4x1x1xf32>) -> tensor<2x4x1x1xf32>
    %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
        ins(%x, %weight : tensor<2x3x3x3xf32>, tensor<4x3x3x3xf32>) outs(%acc : tensor<2x4x1x1xf32>) -> tensor<2x4x1x1xf32>
    kb.yield %c : tensor<2x4x1x1xf32>
  }
}
kb.candidate @pixel_simt of @one_pixel policy decisions {block_m = 32, block_n = 32, block_k = 8, thread_m = 2, thread_n = 2, cp_async = true, stages = 2}
kb.candidate @pixel_mma of @one_pixel policy decisions {block_m = 32, block_n = 32, block_k = 8, tf32 = true, split_tf32 = true, stages = 2}
// CHECK: kb.candidate @pixel_simt of @one_pixel {{.*}}verdict <correct
// CHECK: kb.candidate @pixel_mma of @one_pixel {{.*}}verdict <correct

// Transposed, 2-D, padded and dilated by axis, an asymmetric kernel, a bias (as problems 69 and
// 78): the image is read at y - 2 ky + 4 and x - kx + 1 of its padded extent; K = 4 x 3 x 2 = 24.
kb.task @conv_transposed2d tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<2x4x7x9xf32> dist(uniform(-1.0, 1.0))
  kb.input "weight" : tensor<4x6x3x2xf32> dist(uniform(-0.3, 0.3))
  kb.input "bias" : tensor<6xf32> dist(uniform(-1.0, 1.0))
  kb.output "out" : tensor<2x6x9x10xf32>
  kb.reference "return torch.conv_transpose2d(x, weight, bias, [1, 1], [1, 0], [0, 0], 1, [2, 1])"
  kb.payload(%x: tensor<2x4x7x9xf32>, %weight: tensor<4x6x3x2xf32>, %bias: tensor<6xf32>, %out: tensor<2x6x9x10xf32>) {
    %zero = arith.constant 0.0 : f32
    %xp = tensor.pad %x low[0, 0, 3, 1] high[0, 0, 3, 1] {
    ^bb0(%p0: index, %p1: index, %p2: index, %p3: index):
      tensor.yield %zero : f32
    } : tensor<2x4x7x9xf32> to tensor<2x4x13x11xf32>
    %e = tensor.empty() : tensor<2x6x9x10xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<2x6x9x10xf32>) -> tensor<2x6x9x10xf32>
    %c = linalg.generic {indexing_maps = [
            affine_map<(n, f, y, x, c, ky, kx) -> (n, c, y - ky * 2 + 4, x - kx + 1)>,
            affine_map<(n, f, y, x, c, ky, kx) -> (c, f, ky, kx)>,
            affine_map<(n, f, y, x, c, ky, kx) -> (n, f, y, x)>],
         iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
        ins(%xp, %weight : tensor<2x4x13x11xf32>, tensor<4x6x3x2xf32>) outs(%acc : tensor<2x6x9x10xf32>) {
    ^bb0(%v: f32, %wv: f32, %a: f32):
      %m = arith.mulf %v, %wv : f32
      %s = arith.addf %a, %m : f32
      linalg.yield %s : f32
    } -> tensor<2x6x9x10xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(n, f, y, x) -> (n, f, y, x)>, affine_map<(n, f, y, x) -> (f)>,
                                          affine_map<(n, f, y, x) -> (n, f, y, x)>],
                         iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
        ins(%c, %bias : tensor<2x6x9x10xf32>, tensor<6xf32>) outs(%out : tensor<2x6x9x10xf32>) {
    ^bb0(%v: f32, %b: f32, %o: f32):
      %y = arith.addf %v, %b : f32
      linalg.yield %y : f32
    } -> tensor<2x6x9x10xf32>
    kb.yield %r : tensor<2x6x9x10xf32>
  }
}
kb.candidate @transposed_simt of @conv_transposed2d policy decisions {block_m = 32, block_n = 32, block_k = 8, thread_m = 2, thread_n = 4, cp_async = true, stages = 2}
kb.candidate @transposed_ordered of @conv_transposed2d policy decisions {block_m = 32, block_n = 32, block_k = 8, split_k = 2, split_k_atomic = false}
kb.candidate @transposed_mma of @conv_transposed2d policy decisions {block_m = 32, block_n = 64, block_k = 8, tf32 = true, split_tf32 = true, stages = 2}
kb.candidate @transposed_wgmma of @conv_transposed2d policy decisions {block_m = 64, block_n = 128, block_k = 8, tf32 = true, split_tf32 = true, wgmma = true, stages = 2}
// CHECK: kb.candidate @transposed_simt of @conv_transposed2d {{.*}}verdict <correct
// CHECK: kb.candidate @transposed_ordered of @conv_transposed2d {{.*}}verdict <correct
// CHECK: kb.candidate @transposed_mma of @conv_transposed2d {{.*}}verdict <correct
// CHECK: kb.candidate @transposed_wgmma of @conv_transposed2d {{.*}}verdict <correct

// Transposed, 1-D, dilated (as problem 74): x - 3 kx + 9.
kb.task @conv_transposed1d tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<3x5x20xf32> dist(uniform(-1.0, 1.0))
  kb.input "weight" : tensor<5x7x4xf32> dist(uniform(-0.3, 0.3))
  kb.output "out" : tensor<3x7x29xf32>
  kb.reference "return torch.conv_transpose1d(x, weight, None, [1], [0], [0], 1, [3])"
  kb.payload(%x: tensor<3x5x20xf32>, %weight: tensor<5x7x4xf32>, %out: tensor<3x7x29xf32>) {
    %zero = arith.constant 0.0 : f32
    %xp = tensor.pad %x low[0, 0, 9] high[0, 0, 9] {
    ^bb0(%p0: index, %p1: index, %p2: index):
      tensor.yield %zero : f32
    } : tensor<3x5x20xf32> to tensor<3x5x38xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%out : tensor<3x7x29xf32>) -> tensor<3x7x29xf32>
    %r = linalg.generic {indexing_maps = [
            affine_map<(n, f, x, c, kx) -> (n, c, x - kx * 3 + 9)>,
            affine_map<(n, f, x, c, kx) -> (c, f, kx)>,
            affine_map<(n, f, x, c, kx) -> (n, f, x)>],
         iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction"]}
        ins(%xp, %weight : tensor<3x5x38xf32>, tensor<5x7x4xf32>) outs(%acc : tensor<3x7x29xf32>) {
    ^bb0(%v: f32, %wv: f32, %a: f32):
      %m = arith.mulf %v, %wv : f32
      %s = arith.addf %a, %m : f32
      linalg.yield %s : f32
    } -> tensor<3x7x29xf32>
    kb.yield %r : tensor<3x7x29xf32>
  }
}
kb.candidate @transposed_line_simt of @conv_transposed1d policy decisions {block_m = 32, block_n = 32, block_k = 8, thread_m = 2, thread_n = 2, cp_async = true, stages = 2}
kb.candidate @transposed_line_mma of @conv_transposed1d policy decisions {block_m = 32, block_n = 32, block_k = 8, tf32 = true, split_tf32 = true, stages = 2}
// CHECK: kb.candidate @transposed_line_simt of @conv_transposed1d {{.*}}verdict <correct
// CHECK: kb.candidate @transposed_line_mma of @conv_transposed1d {{.*}}verdict <correct

// Transposed, 3-D, torch's padding on two axes (as problems 58 and 70): d - kd + 2, h - kh + 1,
// w - kw + 2, the payload's pad on all three (a table entry of four).
kb.task @conv_transposed3d tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<2x3x4x5x6xf32> dist(uniform(-1.0, 1.0))
  kb.input "weight" : tensor<3x4x3x2x3xf32> dist(uniform(-0.3, 0.3))
  kb.output "out" : tensor<2x4x4x6x6xf32>
  kb.reference "return torch.conv_transpose3d(x, weight, None, [1, 1, 1], [1, 0, 1], [0, 0, 0], 1, [1, 1, 1])"
  kb.payload(%x: tensor<2x3x4x5x6xf32>, %weight: tensor<3x4x3x2x3xf32>, %out: tensor<2x4x4x6x6xf32>) {
    %zero = arith.constant 0.0 : f32
    %xp = tensor.pad %x low[0, 0, 1, 1, 1] high[0, 0, 1, 1, 1] {
    ^bb0(%p0: index, %p1: index, %p2: index, %p3: index, %p4: index):
      tensor.yield %zero : f32
    } : tensor<2x3x4x5x6xf32> to tensor<2x3x6x7x8xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%out : tensor<2x4x4x6x6xf32>) -> tensor<2x4x4x6x6xf32>
    %r = linalg.generic {indexing_maps = [
            affine_map<(n, f, d, h, w, c, kd, kh, kw) -> (n, c, d - kd + 2, h - kh + 1, w - kw + 2)>,
            affine_map<(n, f, d, h, w, c, kd, kh, kw) -> (c, f, kd, kh, kw)>,
            affine_map<(n, f, d, h, w, c, kd, kh, kw) -> (n, f, d, h, w)>],
         iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction", "reduction"]}
        ins(%xp, %weight : tensor<2x3x6x7x8xf32>, tensor<3x4x3x2x3xf32>) outs(%acc : tensor<2x4x4x6x6xf32>) {
    ^bb0(%v: f32, %wv: f32, %a: f32):
      %m = arith.mulf %v, %wv : f32
      %s = arith.addf %a, %m : f32
      linalg.yield %s : f32
    } -> tensor<2x4x4x6x6xf32>
    kb.yield %r : tensor<2x4x4x6x6xf32>
  }
}
kb.candidate @transposed_volume_simt of @conv_transposed3d policy decisions {block_m = 32, block_n = 64, block_k = 16, thread_m = 4, thread_n = 4, cp_async = true, stages = 3}
kb.candidate @transposed_volume_mma of @conv_transposed3d policy decisions {block_m = 32, block_n = 64, block_k = 16, tf32 = true, split_tf32 = true, stages = 2}
// CHECK: kb.candidate @transposed_volume_simt of @conv_transposed3d {{.*}}verdict <correct
// CHECK: kb.candidate @transposed_volume_mma of @conv_transposed3d {{.*}}verdict <correct

// Transposed, 24 output channels (as problems 70, 71 and 78 with 32): wgmma 32 x 128 x 32 with
// split_tf32 takes exactly 48 KiB of dynamic shared memory, which with the PTX's own static byte
// needs the opt-in (kopt-runner sets it for any dynamic size).
kb.task @conv_transposed2d_48k tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<2x4x9x11xf32> dist(uniform(-1.0, 1.0))
  kb.input "weight" : tensor<4x24x3x3xf32> dist(uniform(-0.3, 0.3))
  kb.output "out" : tensor<2x24x11x13xf32>
  kb.reference "return torch.conv_transpose2d(x, weight)"
  kb.payload(%x: tensor<2x4x9x11xf32>, %weight: tensor<4x24x3x3xf32>, %out: tensor<2x24x11x13xf32>) {
    %zero = arith.constant 0.0 : f32
    %xp = tensor.pad %x low[0, 0, 2, 2] high[0, 0, 2, 2] {
    ^bb0(%p0: index, %p1: index, %p2: index, %p3: index):
      tensor.yield %zero : f32
    } : tensor<2x4x9x11xf32> to tensor<2x4x13x15xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%out : tensor<2x24x11x13xf32>) -> tensor<2x24x11x13xf32>
    %r = linalg.generic {indexing_maps = [
            affine_map<(n, f, y, x, c, ky, kx) -> (n, c, y - ky + 2, x - kx + 2)>,
            affine_map<(n, f, y, x, c, ky, kx) -> (c, f, ky, kx)>,
            affine_map<(n, f, y, x, c, ky, kx) -> (n, f, y, x)>],
         iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
        ins(%xp, %weight : tensor<2x4x13x15xf32>, tensor<4x24x3x3xf32>) outs(%acc : tensor<2x24x11x13xf32>) {
    ^bb0(%v: f32, %wv: f32, %a: f32):
      %m = arith.mulf %v, %wv : f32
      %s = arith.addf %a, %m : f32
      linalg.yield %s : f32
    } -> tensor<2x24x11x13xf32>
    kb.yield %r : tensor<2x24x11x13xf32>
  }
}
kb.candidate @transposed_48k of @conv_transposed2d_48k policy decisions {block_m = 128, block_n = 128, block_k = 32, tf32 = true, split_tf32 = true, wgmma = true, stages = 1}
// CHECK: kb.candidate @transposed_48k of @conv_transposed2d_48k {{.*}}smem = 49152{{.*}}verdict <correct

// Transposed convolutions with strides (the input spread out among zeros in the payload) run a
// GEMM per phase of the output pixels, over the taps that land on input elements.

// (The last candidate is the window family's direct kernel, the space's alternative: `direct`.)
// Strides that differ by axis, dilation, output padding, a bias: along y two phases with 2 and 1 taps, along x three with 1, 1 and none (those pixels are the bias alone).
kb.task @conv_transposed2d_strided tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<2x4x5x4xf32> dist(uniform(-1.0, 1.0))
  kb.input "weight" : tensor<4x5x3x2xf32> dist(uniform(-0.3, 0.3))
  kb.input "bias" : tensor<5xf32> dist(uniform(-1.0, 1.0))
  kb.output "out" : tensor<2x5x10x12xf32>
  kb.reference "return torch.conv_transpose2d(x, weight, bias, [2, 3], [1, 0], [1, 0], 1, [1, 2])"
  kb.payload(%x: tensor<2x4x5x4xf32>, %weight: tensor<4x5x3x2xf32>, %bias: tensor<5xf32>, %out: tensor<2x5x10x12xf32>) {
    %zero = arith.constant 0.0 : f32
    %xe = tensor.empty() : tensor<2x4x12x14xf32>
    %xz = linalg.fill ins(%zero : f32) outs(%xe : tensor<2x4x12x14xf32>) -> tensor<2x4x12x14xf32>
    %xp = tensor.insert_slice %x into %xz[0, 0, 1, 2] [2, 4, 5, 4] [1, 1, 2, 3]
        : tensor<2x4x5x4xf32> into tensor<2x4x12x14xf32>
    %e = tensor.empty() : tensor<2x5x10x12xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<2x5x10x12xf32>) -> tensor<2x5x10x12xf32>
    %c = linalg.generic {indexing_maps = [
            affine_map<(n, f, y, x, c, ky, kx) -> (n, c, y - ky + 2, x - kx * 2 + 2)>,
            affine_map<(n, f, y, x, c, ky, kx) -> (c, f, ky, kx)>,
            affine_map<(n, f, y, x, c, ky, kx) -> (n, f, y, x)>],
         iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
        ins(%xp, %weight : tensor<2x4x12x14xf32>, tensor<4x5x3x2xf32>) outs(%acc : tensor<2x5x10x12xf32>) {
    ^bb0(%v: f32, %wv: f32, %a: f32):
      %m = arith.mulf %v, %wv : f32
      %s = arith.addf %a, %m : f32
      linalg.yield %s : f32
    } -> tensor<2x5x10x12xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(n, f, y, x) -> (n, f, y, x)>, affine_map<(n, f, y, x) -> (f)>,
                                          affine_map<(n, f, y, x) -> (n, f, y, x)>],
                         iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
        ins(%c, %bias : tensor<2x5x10x12xf32>, tensor<5xf32>) outs(%out : tensor<2x5x10x12xf32>) {
    ^bb0(%v: f32, %b: f32, %o: f32):
      %y = arith.addf %v, %b : f32
      linalg.yield %y : f32
    } -> tensor<2x5x10x12xf32>
    kb.yield %r : tensor<2x5x10x12xf32>
  }
}
kb.candidate @phased_simt of @conv_transposed2d_strided policy decisions {block_m = 32, block_n = 32, block_k = 8, thread_m = 2, thread_n = 4, cp_async = true, stages = 2}
kb.candidate @phased_prefetch of @conv_transposed2d_strided policy decisions {block_m = 32, block_n = 32, block_k = 8, thread_m = 4, thread_n = 2, stages = 2}
kb.candidate @phased_mma of @conv_transposed2d_strided policy decisions {block_m = 32, block_n = 64, block_k = 8, tf32 = true, split_tf32 = true, stages = 2}
kb.candidate @phased_wgmma of @conv_transposed2d_strided policy decisions {block_m = 64, block_n = 64, block_k = 8, tf32 = true, split_tf32 = true, wgmma = true, stages = 2, split_k = 2}
kb.candidate @phased_direct of @conv_transposed2d_strided policy decisions {direct = true, s0.outputs_x = 4, s0.outputs_channel = 2, s0.block = 64, s0.unroll = 2}
// CHECK: kb.candidate @phased_simt of @conv_transposed2d_strided {{.*}}verdict <correct
// CHECK: kb.candidate @phased_prefetch of @conv_transposed2d_strided {{.*}}verdict <correct
// CHECK: kb.candidate @phased_mma of @conv_transposed2d_strided {{.*}}verdict <correct
// CHECK: kb.candidate @phased_wgmma of @conv_transposed2d_strided {{.*}}verdict <correct
// CHECK: kb.candidate @phased_direct of @conv_transposed2d_strided {{.*}}verdict <correct

// 1-D as problem 79 (stride 2, dilation 2): one phase has every tap, the other none.
kb.task @conv_transposed1d_strided tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<3x4x20xf32> dist(uniform(-1.0, 1.0))
  kb.input "weight" : tensor<4x6x3xf32> dist(uniform(-0.3, 0.3))
  kb.output "out" : tensor<3x6x41xf32>
  kb.reference "return torch.conv_transpose1d(x, weight, None, [2], [1], [0], 1, [2])"
  kb.payload(%x: tensor<3x4x20xf32>, %weight: tensor<4x6x3xf32>, %out: tensor<3x6x41xf32>) {
    %zero = arith.constant 0.0 : f32
    %xe = tensor.empty() : tensor<3x4x45xf32>
    %xz = linalg.fill ins(%zero : f32) outs(%xe : tensor<3x4x45xf32>) -> tensor<3x4x45xf32>
    %xp = tensor.insert_slice %x into %xz[0, 0, 3] [3, 4, 20] [1, 1, 2]
        : tensor<3x4x20xf32> into tensor<3x4x45xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%out : tensor<3x6x41xf32>) -> tensor<3x6x41xf32>
    %c = linalg.generic {indexing_maps = [
            affine_map<(n, f, x, c, kx) -> (n, c, x - kx * 2 + 4)>,
            affine_map<(n, f, x, c, kx) -> (c, f, kx)>,
            affine_map<(n, f, x, c, kx) -> (n, f, x)>],
         iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction"]}
        ins(%xp, %weight : tensor<3x4x45xf32>, tensor<4x6x3xf32>) outs(%acc : tensor<3x6x41xf32>) {
    ^bb0(%v: f32, %wv: f32, %a: f32):
      %m = arith.mulf %v, %wv : f32
      %s = arith.addf %a, %m : f32
      linalg.yield %s : f32
    } -> tensor<3x6x41xf32>
    kb.yield %c : tensor<3x6x41xf32>
  }
}
kb.candidate @strided1d_simt of @conv_transposed1d_strided policy decisions {block_m = 32, block_n = 32, block_k = 8, thread_m = 2, thread_n = 4, cp_async = true, stages = 3}
kb.candidate @strided1d_wgmma of @conv_transposed1d_strided policy decisions {block_m = 64, block_n = 64, block_k = 8, tf32 = true, split_tf32 = true, wgmma = true, stages = 2}
// CHECK: kb.candidate @strided1d_simt of @conv_transposed1d_strided {{.*}}verdict <correct
// CHECK: kb.candidate @strided1d_wgmma of @conv_transposed1d_strided {{.*}}verdict <correct

// 1-D, stride 3 and a kernel of 4: phases of 2, 1 and 1 taps; K = 3 x 2 = 6 (no wgmma).
kb.task @conv_transposed1d_stride3 tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<2x3x9xf32> dist(uniform(-1.0, 1.0))
  kb.input "weight" : tensor<3x5x4xf32> dist(uniform(-0.3, 0.3))
  kb.output "out" : tensor<2x5x26xf32>
  kb.reference "return torch.conv_transpose1d(x, weight, None, [3], [2], [2], 1, [1])"
  kb.payload(%x: tensor<2x3x9xf32>, %weight: tensor<3x5x4xf32>, %out: tensor<2x5x26xf32>) {
    %zero = arith.constant 0.0 : f32
    %xe = tensor.empty() : tensor<2x3x29xf32>
    %xz = linalg.fill ins(%zero : f32) outs(%xe : tensor<2x3x29xf32>) -> tensor<2x3x29xf32>
    %xp = tensor.insert_slice %x into %xz[0, 0, 1] [2, 3, 9] [1, 1, 3]
        : tensor<2x3x9xf32> into tensor<2x3x29xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%out : tensor<2x5x26xf32>) -> tensor<2x5x26xf32>
    %c = linalg.generic {indexing_maps = [
            affine_map<(n, f, x, c, kx) -> (n, c, x - kx + 3)>,
            affine_map<(n, f, x, c, kx) -> (c, f, kx)>,
            affine_map<(n, f, x, c, kx) -> (n, f, x)>],
         iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction"]}
        ins(%xp, %weight : tensor<2x3x29xf32>, tensor<3x5x4xf32>) outs(%acc : tensor<2x5x26xf32>) {
    ^bb0(%v: f32, %wv: f32, %a: f32):
      %m = arith.mulf %v, %wv : f32
      %s = arith.addf %a, %m : f32
      linalg.yield %s : f32
    } -> tensor<2x5x26xf32>
    kb.yield %c : tensor<2x5x26xf32>
  }
}
kb.candidate @stride3_simt of @conv_transposed1d_stride3 policy decisions {block_m = 32, block_n = 32, block_k = 8, thread_m = 2, thread_n = 2, cp_async = true, stages = 2}
kb.candidate @stride3_mma of @conv_transposed1d_stride3 policy decisions {block_m = 32, block_n = 32, block_k = 8, tf32 = true, split_tf32 = true, stages = 2}
// CHECK: kb.candidate @stride3_simt of @conv_transposed1d_stride3 {{.*}}verdict <correct
// CHECK: kb.candidate @stride3_mma of @conv_transposed1d_stride3 {{.*}}verdict <correct

// 3-D, strides 2, 1 and 3: the middle axis is only padded (no phases along it).
kb.task @conv_transposed3d_strided tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<2x4x4x3x5xf32> dist(uniform(-1.0, 1.0))
  kb.input "weight" : tensor<4x3x3x3x3xf32> dist(uniform(-0.3, 0.3))
  kb.output "out" : tensor<2x3x7x5x16xf32>
  kb.reference "return torch.conv_transpose3d(x, weight, None, [2, 1, 3], [1, 1, 0], [0, 0, 1], 1, [1, 2, 1])"
  kb.payload(%x: tensor<2x4x4x3x5xf32>, %weight: tensor<4x3x3x3x3xf32>, %out: tensor<2x3x7x5x16xf32>) {
    %zero = arith.constant 0.0 : f32
    %xe = tensor.empty() : tensor<2x4x9x9x18xf32>
    %xz = linalg.fill ins(%zero : f32) outs(%xe : tensor<2x4x9x9x18xf32>) -> tensor<2x4x9x9x18xf32>
    %xp = tensor.insert_slice %x into %xz[0, 0, 1, 3, 2] [2, 4, 4, 3, 5] [1, 1, 2, 1, 3]
        : tensor<2x4x4x3x5xf32> into tensor<2x4x9x9x18xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%out : tensor<2x3x7x5x16xf32>) -> tensor<2x3x7x5x16xf32>
    %c = linalg.generic {indexing_maps = [
            affine_map<(n, f, z, y, x, c, kz, ky, kx) -> (n, c, z - kz + 2, y - ky * 2 + 4, x - kx + 2)>,
            affine_map<(n, f, z, y, x, c, kz, ky, kx) -> (c, f, kz, ky, kx)>,
            affine_map<(n, f, z, y, x, c, kz, ky, kx) -> (n, f, z, y, x)>],
         iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction", "reduction"]}
        ins(%xp, %weight : tensor<2x4x9x9x18xf32>, tensor<4x3x3x3x3xf32>) outs(%acc : tensor<2x3x7x5x16xf32>) {
    ^bb0(%v: f32, %wv: f32, %a: f32):
      %m = arith.mulf %v, %wv : f32
      %s = arith.addf %a, %m : f32
      linalg.yield %s : f32
    } -> tensor<2x3x7x5x16xf32>
    kb.yield %c : tensor<2x3x7x5x16xf32>
  }
}
kb.candidate @strided3d_simt of @conv_transposed3d_strided policy decisions {block_m = 32, block_n = 64, block_k = 16, thread_m = 4, thread_n = 4, cp_async = true, stages = 2}
kb.candidate @strided3d_wgmma of @conv_transposed3d_strided policy decisions {block_m = 64, block_n = 128, block_k = 8, tf32 = true, split_tf32 = true, wgmma = true, stages = 2}
// CHECK: kb.candidate @strided3d_simt of @conv_transposed3d_strided {{.*}}verdict <correct
// CHECK: kb.candidate @strided3d_wgmma of @conv_transposed3d_strided {{.*}}verdict <correct

// 2-D as problem 81 (stride 5, dilation 2): at most one tap per phase and axis, 16 of the 25 phases read no input.
kb.task @conv_transposed2d_stride5 tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<2x4x6x5xf32> dist(uniform(-1.0, 1.0))
  kb.input "weight" : tensor<4x8x3x3xf32> dist(uniform(-0.3, 0.3))
  kb.output "out" : tensor<2x8x28x23xf32>
  kb.reference "return torch.conv_transpose2d(x, weight, None, [5, 5], [1, 1], [0, 0], 1, [2, 2])"
  kb.payload(%x: tensor<2x4x6x5xf32>, %weight: tensor<4x8x3x3xf32>, %out: tensor<2x8x28x23xf32>) {
    %zero = arith.constant 0.0 : f32
    %xe = tensor.empty() : tensor<2x4x32x27xf32>
    %xz = linalg.fill ins(%zero : f32) outs(%xe : tensor<2x4x32x27xf32>) -> tensor<2x4x32x27xf32>
    %xp = tensor.insert_slice %x into %xz[0, 0, 3, 3] [2, 4, 6, 5] [1, 1, 5, 5]
        : tensor<2x4x6x5xf32> into tensor<2x4x32x27xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%out : tensor<2x8x28x23xf32>) -> tensor<2x8x28x23xf32>
    %c = linalg.generic {indexing_maps = [
            affine_map<(n, f, y, x, c, ky, kx) -> (n, c, y - ky * 2 + 4, x - kx * 2 + 4)>,
            affine_map<(n, f, y, x, c, ky, kx) -> (c, f, ky, kx)>,
            affine_map<(n, f, y, x, c, ky, kx) -> (n, f, y, x)>],
         iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
        ins(%xp, %weight : tensor<2x4x32x27xf32>, tensor<4x8x3x3xf32>) outs(%acc : tensor<2x8x28x23xf32>) {
    ^bb0(%v: f32, %wv: f32, %a: f32):
      %m = arith.mulf %v, %wv : f32
      %s = arith.addf %a, %m : f32
      linalg.yield %s : f32
    } -> tensor<2x8x28x23xf32>
    kb.yield %c : tensor<2x8x28x23xf32>
  }
}
kb.candidate @stride5_simt of @conv_transposed2d_stride5 policy decisions {block_m = 32, block_n = 32, block_k = 8, thread_m = 2, thread_n = 4, cp_async = true, stages = 2}
kb.candidate @stride5_wgmma of @conv_transposed2d_stride5 policy decisions {block_m = 64, block_n = 64, block_k = 8, tf32 = true, split_tf32 = true, wgmma = true, stages = 2}
// CHECK: kb.candidate @stride5_simt of @conv_transposed2d_stride5 {{.*}}verdict <correct
// CHECK: kb.candidate @stride5_wgmma of @conv_transposed2d_stride5 {{.*}}verdict <correct

// Grouped convolutions: the group is the batch's innermost part (the grid's y), the only one
// the filter has.

// Grouped (4 groups of 2 input and 3 output channels) and strided, as problem 75: a GEMM per image, group and phase.
kb.task @conv_transposed2d_grouped tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<2x8x5x6xf32> dist(uniform(-1.0, 1.0))
  kb.input "weight" : tensor<8x3x3x2xf32> dist(uniform(-0.3, 0.3))
  kb.output "out" : tensor<2x12x12x17xf32>
  kb.reference "return torch.conv_transpose2d(x, weight, None, [2, 3], [1, 0], [1, 0], 4, [2, 1])"
  kb.payload(%x: tensor<2x8x5x6xf32>, %weight: tensor<8x3x3x2xf32>, %out: tensor<2x12x12x17xf32>) {
    %zero = arith.constant 0.0 : f32
    %xe = tensor.empty() : tensor<2x8x16x18xf32>
    %xz = linalg.fill ins(%zero : f32) outs(%xe : tensor<2x8x16x18xf32>) -> tensor<2x8x16x18xf32>
    %xp = tensor.insert_slice %x into %xz[0, 0, 3, 1] [2, 8, 5, 6] [1, 1, 2, 3]
        : tensor<2x8x5x6xf32> into tensor<2x8x16x18xf32>
    %xg = tensor.expand_shape %xp [[0], [1, 2], [3], [4]] output_shape [2, 4, 2, 16, 18]
        : tensor<2x8x16x18xf32> into tensor<2x4x2x16x18xf32>
    %wg = tensor.expand_shape %weight [[0, 1], [2], [3], [4]] output_shape [4, 2, 3, 3, 2]
        : tensor<8x3x3x2xf32> into tensor<4x2x3x3x2xf32>
    %og = tensor.expand_shape %out [[0], [1, 2], [3], [4]] output_shape [2, 4, 3, 12, 17]
        : tensor<2x12x12x17xf32> into tensor<2x4x3x12x17xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%og : tensor<2x4x3x12x17xf32>) -> tensor<2x4x3x12x17xf32>
    %rg = linalg.generic {indexing_maps = [
            affine_map<(n, g, f, y, x, c, ky, kx) -> (n, g, c, y - ky * 2 + 4, x - kx + 1)>,
            affine_map<(n, g, f, y, x, c, ky, kx) -> (g, c, f, ky, kx)>,
            affine_map<(n, g, f, y, x, c, ky, kx) -> (n, g, f, y, x)>],
         iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
        ins(%xg, %wg : tensor<2x4x2x16x18xf32>, tensor<4x2x3x3x2xf32>) outs(%acc : tensor<2x4x3x12x17xf32>) {
    ^bb0(%v: f32, %wv: f32, %a: f32):
      %m = arith.mulf %v, %wv : f32
      %s = arith.addf %a, %m : f32
      linalg.yield %s : f32
    } -> tensor<2x4x3x12x17xf32>
    %r = tensor.collapse_shape %rg [[0], [1, 2], [3], [4]] : tensor<2x4x3x12x17xf32> into tensor<2x12x12x17xf32>
    kb.yield %r : tensor<2x12x12x17xf32>
  }
}
kb.candidate @grouped_simt of @conv_transposed2d_grouped policy decisions {block_m = 32, block_n = 32, block_k = 8, thread_m = 2, thread_n = 4, cp_async = true, stages = 2}
kb.candidate @grouped_mma of @conv_transposed2d_grouped policy decisions {block_m = 32, block_n = 64, block_k = 8, tf32 = true, split_tf32 = true, stages = 2}
kb.candidate @grouped_wgmma of @conv_transposed2d_grouped policy decisions {block_m = 64, block_n = 64, block_k = 8, tf32 = true, split_tf32 = true, wgmma = true, stages = 2}
// CHECK: kb.candidate @grouped_simt of @conv_transposed2d_grouped {{.*}}verdict <correct
// CHECK: kb.candidate @grouped_mma of @conv_transposed2d_grouped {{.*}}verdict <correct
// CHECK: kb.candidate @grouped_wgmma of @conv_transposed2d_grouped {{.*}}verdict <correct

// Grouped, strided and padded in 3-D, as problem 72.
kb.task @conv_transposed3d_grouped tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<2x8x3x4x3xf32> dist(uniform(-1.0, 1.0))
  kb.input "weight" : tensor<8x4x3x2x3xf32> dist(uniform(-0.3, 0.3))
  kb.output "out" : tensor<2x8x6x9x5xf32>
  kb.reference "return torch.conv_transpose3d(x, weight, None, [2, 2, 2], [1, 0, 1], [1, 1, 0], 2, [1, 1, 1])"
  kb.payload(%x: tensor<2x8x3x4x3xf32>, %weight: tensor<8x4x3x2x3xf32>, %out: tensor<2x8x6x9x5xf32>) {
    %zero = arith.constant 0.0 : f32
    %xe = tensor.empty() : tensor<2x8x8x10x7xf32>
    %xz = linalg.fill ins(%zero : f32) outs(%xe : tensor<2x8x8x10x7xf32>) -> tensor<2x8x8x10x7xf32>
    %xp = tensor.insert_slice %x into %xz[0, 0, 1, 1, 1] [2, 8, 3, 4, 3] [1, 1, 2, 2, 2]
        : tensor<2x8x3x4x3xf32> into tensor<2x8x8x10x7xf32>
    %xg = tensor.expand_shape %xp [[0], [1, 2], [3], [4], [5]] output_shape [2, 2, 4, 8, 10, 7]
        : tensor<2x8x8x10x7xf32> into tensor<2x2x4x8x10x7xf32>
    %wg = tensor.expand_shape %weight [[0, 1], [2], [3], [4], [5]] output_shape [2, 4, 4, 3, 2, 3]
        : tensor<8x4x3x2x3xf32> into tensor<2x4x4x3x2x3xf32>
    %og = tensor.expand_shape %out [[0], [1, 2], [3], [4], [5]] output_shape [2, 2, 4, 6, 9, 5]
        : tensor<2x8x6x9x5xf32> into tensor<2x2x4x6x9x5xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%og : tensor<2x2x4x6x9x5xf32>) -> tensor<2x2x4x6x9x5xf32>
    %rg = linalg.generic {indexing_maps = [
            affine_map<(n, g, f, z, y, x, c, kz, ky, kx) -> (n, g, c, z - kz + 2, y - ky + 1, x - kx + 2)>,
            affine_map<(n, g, f, z, y, x, c, kz, ky, kx) -> (g, c, f, kz, ky, kx)>,
            affine_map<(n, g, f, z, y, x, c, kz, ky, kx) -> (n, g, f, z, y, x)>],
         iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction", "reduction"]}
        ins(%xg, %wg : tensor<2x2x4x8x10x7xf32>, tensor<2x4x4x3x2x3xf32>) outs(%acc : tensor<2x2x4x6x9x5xf32>) {
    ^bb0(%v: f32, %wv: f32, %a: f32):
      %m = arith.mulf %v, %wv : f32
      %s = arith.addf %a, %m : f32
      linalg.yield %s : f32
    } -> tensor<2x2x4x6x9x5xf32>
    %r = tensor.collapse_shape %rg [[0], [1, 2], [3], [4], [5]] : tensor<2x2x4x6x9x5xf32> into tensor<2x8x6x9x5xf32>
    kb.yield %r : tensor<2x8x6x9x5xf32>
  }
}
kb.candidate @grouped3d_simt of @conv_transposed3d_grouped policy decisions {block_m = 32, block_n = 64, block_k = 16, thread_m = 4, thread_n = 4, cp_async = true, stages = 2}
kb.candidate @grouped3d_wgmma of @conv_transposed3d_grouped policy decisions {block_m = 64, block_n = 128, block_k = 8, tf32 = true, split_tf32 = true, wgmma = true, stages = 2}
// CHECK: kb.candidate @grouped3d_simt of @conv_transposed3d_grouped {{.*}}verdict <correct
// CHECK: kb.candidate @grouped3d_wgmma of @conv_transposed3d_grouped {{.*}}verdict <correct

// Grouped with stride 1: no phases, the filter copied per group.
kb.task @conv_transposed2d_grouped_unit_stride tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<2x4x5x5xf32> dist(uniform(-1.0, 1.0))
  kb.input "weight" : tensor<4x3x3x3xf32> dist(uniform(-0.3, 0.3))
  kb.output "out" : tensor<2x6x5x7xf32>
  kb.reference "return torch.conv_transpose2d(x, weight, None, [1, 1], [1, 0], [0, 0], 2, [1, 1])"
  kb.payload(%x: tensor<2x4x5x5xf32>, %weight: tensor<4x3x3x3xf32>, %out: tensor<2x6x5x7xf32>) {
    %zero = arith.constant 0.0 : f32
    %xe = tensor.empty() : tensor<2x4x7x9xf32>
    %xz = linalg.fill ins(%zero : f32) outs(%xe : tensor<2x4x7x9xf32>) -> tensor<2x4x7x9xf32>
    %xp = tensor.insert_slice %x into %xz[0, 0, 1, 2] [2, 4, 5, 5] [1, 1, 1, 1]
        : tensor<2x4x5x5xf32> into tensor<2x4x7x9xf32>
    %xg = tensor.expand_shape %xp [[0], [1, 2], [3], [4]] output_shape [2, 2, 2, 7, 9]
        : tensor<2x4x7x9xf32> into tensor<2x2x2x7x9xf32>
    %wg = tensor.expand_shape %weight [[0, 1], [2], [3], [4]] output_shape [2, 2, 3, 3, 3]
        : tensor<4x3x3x3xf32> into tensor<2x2x3x3x3xf32>
    %og = tensor.expand_shape %out [[0], [1, 2], [3], [4]] output_shape [2, 2, 3, 5, 7]
        : tensor<2x6x5x7xf32> into tensor<2x2x3x5x7xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%og : tensor<2x2x3x5x7xf32>) -> tensor<2x2x3x5x7xf32>
    %rg = linalg.generic {indexing_maps = [
            affine_map<(n, g, f, y, x, c, ky, kx) -> (n, g, c, y - ky + 2, x - kx + 2)>,
            affine_map<(n, g, f, y, x, c, ky, kx) -> (g, c, f, ky, kx)>,
            affine_map<(n, g, f, y, x, c, ky, kx) -> (n, g, f, y, x)>],
         iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
        ins(%xg, %wg : tensor<2x2x2x7x9xf32>, tensor<2x2x3x3x3xf32>) outs(%acc : tensor<2x2x3x5x7xf32>) {
    ^bb0(%v: f32, %wv: f32, %a: f32):
      %m = arith.mulf %v, %wv : f32
      %s = arith.addf %a, %m : f32
      linalg.yield %s : f32
    } -> tensor<2x2x3x5x7xf32>
    %r = tensor.collapse_shape %rg [[0], [1, 2], [3], [4]] : tensor<2x2x3x5x7xf32> into tensor<2x6x5x7xf32>
    kb.yield %r : tensor<2x6x5x7xf32>
  }
}
kb.candidate @grouped_unit_simt of @conv_transposed2d_grouped_unit_stride policy decisions {block_m = 32, block_n = 32, block_k = 8, thread_m = 2, thread_n = 4, cp_async = true, stages = 2}
kb.candidate @grouped_unit_ordered of @conv_transposed2d_grouped_unit_stride policy decisions {block_m = 32, block_n = 32, block_k = 8, split_k = 2, split_k_atomic = false}
// CHECK: kb.candidate @grouped_unit_simt of @conv_transposed2d_grouped_unit_stride {{.*}}verdict <correct
// CHECK: kb.candidate @grouped_unit_ordered of @conv_transposed2d_grouped_unit_stride {{.*}}verdict <correct

// A grouped standard convolution (3 groups, strides 1 and 2, padded).
kb.task @conv2d_grouped tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<2x6x7x8xf32> dist(uniform(-1.0, 1.0))
  kb.input "weight" : tensor<9x2x3x3xf32> dist(uniform(-0.3, 0.3))
  kb.output "out" : tensor<2x9x7x4xf32>
  kb.reference "return torch.conv2d(x, weight, None, [1, 2], [1, 1], [1, 1], 3)"
  kb.payload(%x: tensor<2x6x7x8xf32>, %weight: tensor<9x2x3x3xf32>, %out: tensor<2x9x7x4xf32>) {
    %zero = arith.constant 0.0 : f32
    %xp = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%p0: index, %p1: index, %p2: index, %p3: index):
      tensor.yield %zero : f32
    } : tensor<2x6x7x8xf32> to tensor<2x6x9x10xf32>
    %xg = tensor.expand_shape %xp [[0], [1, 2], [3], [4]] output_shape [2, 3, 2, 9, 10]
        : tensor<2x6x9x10xf32> into tensor<2x3x2x9x10xf32>
    %wg = tensor.expand_shape %weight [[0, 1], [2], [3], [4]] output_shape [3, 3, 2, 3, 3]
        : tensor<9x2x3x3xf32> into tensor<3x3x2x3x3xf32>
    %og = tensor.expand_shape %out [[0], [1, 2], [3], [4]] output_shape [2, 3, 3, 7, 4]
        : tensor<2x9x7x4xf32> into tensor<2x3x3x7x4xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%og : tensor<2x3x3x7x4xf32>) -> tensor<2x3x3x7x4xf32>
    %rg = linalg.generic {indexing_maps = [
            affine_map<(n, g, f, y, x, c, ky, kx) -> (n, g, c, y + ky, x * 2 + kx)>,
            affine_map<(n, g, f, y, x, c, ky, kx) -> (g, f, c, ky, kx)>,
            affine_map<(n, g, f, y, x, c, ky, kx) -> (n, g, f, y, x)>],
         iterator_types = ["parallel", "parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
        ins(%xg, %wg : tensor<2x3x2x9x10xf32>, tensor<3x3x2x3x3xf32>) outs(%acc : tensor<2x3x3x7x4xf32>) {
    ^bb0(%v: f32, %wv: f32, %a: f32):
      %m = arith.mulf %v, %wv : f32
      %s = arith.addf %a, %m : f32
      linalg.yield %s : f32
    } -> tensor<2x3x3x7x4xf32>
    %r = tensor.collapse_shape %rg [[0], [1, 2], [3], [4]] : tensor<2x3x3x7x4xf32> into tensor<2x9x7x4xf32>
    kb.yield %r : tensor<2x9x7x4xf32>
  }
}
kb.candidate @conv_grouped_simt of @conv2d_grouped policy decisions {block_m = 32, block_n = 32, block_k = 8, thread_m = 2, thread_n = 4, cp_async = true, stages = 2}
kb.candidate @conv_grouped_atomic of @conv2d_grouped policy decisions {block_m = 32, block_n = 32, block_k = 8, split_k = 2}
kb.candidate @conv_grouped_mma of @conv2d_grouped policy decisions {block_m = 32, block_n = 64, block_k = 8, tf32 = true, split_tf32 = true, stages = 2}
// CHECK: kb.candidate @conv_grouped_simt of @conv2d_grouped {{.*}}verdict <correct
// CHECK: kb.candidate @conv_grouped_atomic of @conv2d_grouped {{.*}}verdict <correct
// CHECK: kb.candidate @conv_grouped_mma of @conv2d_grouped {{.*}}verdict <correct
