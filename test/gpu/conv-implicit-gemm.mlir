// RUN: kopt %s --pass-pipeline='builtin.module(kb-lower-to-ptx,kb-verify{runner="%kopt_runner" timeout=60 cache=none})' 2>/dev/null | FileCheck %s

// Convolutions with a window run as implicit GEMMs: the weight is A (output channels x input
// channels and window offsets), B's tiles are gathered from the unpadded image, zeros where a
// window reads padding. Padding, dilation and strides (asymmetric), 1-D and 3-D, a bias in the
// epilogue, extents no tile divides; the f32 kernel's pipelines, split_k (atomic and ordered),
// and split_tf32 on both TF32 kernels, at KernelBench's fp32 tolerance. Transposed convolutions
// with stride 1 (the window reversed, the weight [in][out][k...] copied first to [out][in][k...]).

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
