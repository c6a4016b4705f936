// RUN: kopt %s --pass-pipeline='builtin.module(kb-lower-to-ptx)' -o %t.mlir 2>/dev/null
// RUN: FileCheck %s < %t.mlir
// RUN: %extract-ptx %t.mlir gather | FileCheck %s --check-prefix=GATHER
// RUN: kopt %s --pass-pipeline='builtin.module(kb-sample{n=2 seed=1 policy=uniform},kb-lower-to-ptx)' 2>/dev/null | FileCheck %s --check-prefix=FAMILY
// RUN: kopt %S/../../tasks/kernelbench/level1/050_conv_standard_2D__square_input__square_kernel.mlir --pass-pipeline='builtin.module(kb-sample{n=2 seed=1 policy=uniform},kb-lower-to-ptx)' 2>/dev/null | FileCheck %s --check-prefix=TASK

// A convolution with a window runs as an implicit GEMM in the matmul family: M = output
// channels, N = output pixels per image, K = input channels x window offsets; A is the weight,
// B's tiles are gathered from the image, which is read where the payload pads it: no padded
// copy, zeros where a window reads the padding.

// Padding and dilation (as problem 80), a bias in the epilogue.
kb.task @conv2d_pad_dilation tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<2x4x10x12xf32> dist(uniform(0.0, 1.0))
  kb.input "weight" : tensor<6x4x3x3xf32> dist(uniform(-0.2, 0.2))
  kb.input "bias" : tensor<6xf32> dist(uniform(-0.2, 0.2))
  kb.output "out" : tensor<2x6x10x12xf32>
  kb.reference "return torch.conv2d(x, weight, bias, [1, 1], [2, 1], [2, 1], 1)"
  kb.payload(%x: tensor<2x4x10x12xf32>, %weight: tensor<6x4x3x3xf32>, %bias: tensor<6xf32>, %out: tensor<2x6x10x12xf32>) {
    %zero = arith.constant 0.0 : f32
    %xp = tensor.pad %x low[0, 0, 2, 1] high[0, 0, 2, 1] {
    ^bb0(%p0: index, %p1: index, %p2: index, %p3: index):
      tensor.yield %zero : f32
    } : tensor<2x4x10x12xf32> to tensor<2x4x14x14xf32>
    %e = tensor.empty() : tensor<2x6x10x12xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<2x6x10x12xf32>) -> tensor<2x6x10x12xf32>
    %c = linalg.conv_2d_nchw_fchw {dilations = dense<[2, 1]> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
        ins(%xp, %weight : tensor<2x4x14x14xf32>, tensor<6x4x3x3xf32>) outs(%acc : tensor<2x6x10x12xf32>) -> tensor<2x6x10x12xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(n, f, y, x) -> (n, f, y, x)>, affine_map<(n, f, y, x) -> (f)>,
                                          affine_map<(n, f, y, x) -> (n, f, y, x)>],
                         iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
        ins(%c, %bias : tensor<2x6x10x12xf32>, tensor<6xf32>) outs(%out : tensor<2x6x10x12xf32>) {
    ^bb0(%v: f32, %b: f32, %o: f32):
      %y = arith.addf %v, %b : f32
      linalg.yield %y : f32
    } -> tensor<2x6x10x12xf32>
    kb.yield %r : tensor<2x6x10x12xf32>
  }
}

// M = 6 (one 8-row tile), N = 10 x 12 = 120 pixels (four 32-column tiles), 2 images (the grid's
// y); the task's buffers only.
// CHECK-LABEL: kb.candidate @gather of @conv2d_pad_dilation
// CHECK-SAME:    launch <[<"conv2d_pad_dilation", grid = [4, 2, 1], block = [32, 1, 1], smem = 0, args = ["x", "weight", "bias", "out"]>]>
kb.candidate @gather of @conv2d_pad_dilation policy decisions {block_m = 32, block_n = 32, block_k = 8, thread_m = 2, thread_n = 4, cp_async = true, stages = 2}
// A's rows (K = 36 contiguous weights per output channel) in 16-byte copies; B's elements one
// by one, each in the image where its row y + 2 ky - 2 and column x + kx - 1 lie in 10 x 12
// (compared unsigned: a negative one fails too), else a copy of no bytes (zero-fill).
// GATHER:     cp.async.cg.shared.global [{{.*}}], [{{.*}}], 16, %r{{[0-9]+}};
// GATHER:     add.s64 [[ROW:%rd[0-9]+]], {{%rd[0-9]+}}, -2;
// GATHER:     setp.lt.u64 {{%p[0-9]+}}, [[ROW]], 10;
// GATHER:     add.s64 [[COL:%rd[0-9]+]], {{%rd[0-9]+}}, -1;
// GATHER:     setp.lt.u64 {{%p[0-9]+}}, [[COL]], 12;
// GATHER:     selp.b32 [[BYTES:%r[0-9]+]], 4, 0, %p{{[0-9]+}};
// GATHER:     cp.async.ca.shared.global [{{.*}}], [{{.*}}], 4, [[BYTES]];
// GATHER-NOT: cp.async.ca.shared.global [{{.*}}], [{{.*}}], {{8|16}},

// The families: a convolution with a window in NCHW is the matmul family's, one output pixel
// per image included (not a matvec: B is still gathered); depthwise ones, channels-last ones
// (the stores would not run along the pixels), images padded by anything but zeros, and
// convolutions whose body fusion gave more than a multiply-add (relu(x) folded in) are the
// window family's.
// FAMILY-COUNT-2: kb.candidate @conv2d_pad_dilation_s{{[0-9]+}} of @conv2d_pad_dilation policy decisions {block_k =
// FAMILY-COUNT-2: kb.candidate @depthwise_s{{[0-9]+}} of @depthwise policy decisions {block =
// FAMILY-COUNT-2: kb.candidate @channels_last_s{{[0-9]+}} of @channels_last policy decisions {block =
// FAMILY-COUNT-2: kb.candidate @padded_by_one_s{{[0-9]+}} of @padded_by_one policy decisions {block =
// FAMILY-COUNT-2: kb.candidate @one_pixel_s{{[0-9]+}} of @one_pixel policy decisions {block_k = {{.*}} ptx
// FAMILY-COUNT-2: kb.candidate @relu_fused_s{{[0-9]+}} of @relu_fused policy decisions {block =

kb.task @depthwise tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<2x4x10x12xf32> dist(uniform(0.0, 1.0))
  kb.input "weight" : tensor<4x1x3x3xf32> dist(uniform(-0.2, 0.2))
  kb.output "out" : tensor<2x4x8x10xf32>
  kb.reference "return torch.conv2d(x, weight, None, [1, 1], [0, 0], [1, 1], 4)"
  kb.payload(%x: tensor<2x4x10x12xf32>, %weight: tensor<4x1x3x3xf32>, %out: tensor<2x4x8x10xf32>) {
    %zero = arith.constant 0.0 : f32
    %w = tensor.collapse_shape %weight [[0, 1], [2], [3]] : tensor<4x1x3x3xf32> into tensor<4x3x3xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%out : tensor<2x4x8x10xf32>) -> tensor<2x4x8x10xf32>
    %c = linalg.depthwise_conv_2d_nchw_chw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
        ins(%x, %w : tensor<2x4x10x12xf32>, tensor<4x3x3xf32>) outs(%acc : tensor<2x4x8x10xf32>) -> tensor<2x4x8x10xf32>
    kb.yield %c : tensor<2x4x8x10xf32>
  }
}

kb.task @channels_last tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<2x10x12x4xf32> dist(uniform(0.0, 1.0))
  kb.input "weight" : tensor<3x3x4x6xf32> dist(uniform(-0.2, 0.2))
  kb.output "out" : tensor<2x8x10x6xf32>
  kb.reference "return torch.conv2d(x.permute(0, 3, 1, 2), weight.permute(3, 2, 0, 1)).permute(0, 2, 3, 1).contiguous()"
  kb.payload(%x: tensor<2x10x12x4xf32>, %weight: tensor<3x3x4x6xf32>, %out: tensor<2x8x10x6xf32>) {
    %zero = arith.constant 0.0 : f32
    %acc = linalg.fill ins(%zero : f32) outs(%out : tensor<2x8x10x6xf32>) -> tensor<2x8x10x6xf32>
    %c = linalg.conv_2d_nhwc_hwcf {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
        ins(%x, %weight : tensor<2x10x12x4xf32>, tensor<3x3x4x6xf32>) outs(%acc : tensor<2x8x10x6xf32>) -> tensor<2x8x10x6xf32>
    kb.yield %c : tensor<2x8x10x6xf32>
  }
}

kb.task @padded_by_one tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<2x4x10x12xf32> dist(uniform(0.0, 1.0))
  kb.input "weight" : tensor<6x4x3x3xf32> dist(uniform(-0.2, 0.2))
  kb.output "out" : tensor<2x6x10x12xf32>
  kb.reference "return torch.conv2d(torch.nn.functional.pad(x, (1, 1, 1, 1), value=1.0), weight)"
  kb.payload(%x: tensor<2x4x10x12xf32>, %weight: tensor<6x4x3x3xf32>, %out: tensor<2x6x10x12xf32>) {
    %zero = arith.constant 0.0 : f32
    %one = arith.constant 1.0 : f32
    %xp = tensor.pad %x low[0, 0, 1, 1] high[0, 0, 1, 1] {
    ^bb0(%p0: index, %p1: index, %p2: index, %p3: index):
      tensor.yield %one : f32
    } : tensor<2x4x10x12xf32> to tensor<2x4x12x14xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%out : tensor<2x6x10x12xf32>) -> tensor<2x6x10x12xf32>
    %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
        ins(%xp, %weight : tensor<2x4x12x14xf32>, tensor<6x4x3x3xf32>) outs(%acc : tensor<2x6x10x12xf32>) -> tensor<2x6x10x12xf32>
    kb.yield %c : tensor<2x6x10x12xf32>
  }
}

kb.task @one_pixel tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<2x3x3x3xf32> dist(uniform(0.0, 1.0))
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

kb.task @relu_fused tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<2x4x10x12xf32> dist(uniform(-1.0, 1.0))
  kb.input "weight" : tensor<6x4x3x3xf32> dist(uniform(-0.2, 0.2))
  kb.output "out" : tensor<2x6x8x10xf32>
  kb.reference "return torch.conv2d(torch.relu(x), weight)"
  kb.payload(%x: tensor<2x4x10x12xf32>, %weight: tensor<6x4x3x3xf32>, %out: tensor<2x6x8x10xf32>) {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<2x4x10x12xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(n, c, y, x) -> (n, c, y, x)>, affine_map<(n, c, y, x) -> (n, c, y, x)>],
                         iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
        ins(%x : tensor<2x4x10x12xf32>) outs(%e : tensor<2x4x10x12xf32>) {
    ^bb0(%v: f32, %o: f32):
      %m = arith.maximumf %v, %zero : f32
      linalg.yield %m : f32
    } -> tensor<2x4x10x12xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%out : tensor<2x6x8x10xf32>) -> tensor<2x6x8x10xf32>
    %c = linalg.conv_2d_nchw_fchw {dilations = dense<1> : tensor<2xi64>, strides = dense<1> : tensor<2xi64>}
        ins(%r, %weight : tensor<2x4x10x12xf32>, tensor<6x4x3x3xf32>) outs(%acc : tensor<2x6x8x10xf32>) -> tensor<2x6x8x10xf32>
    kb.yield %c : tensor<2x6x8x10xf32>
  }
}

// KernelBench's problem 50 (stride 4, padding 2, 11 x 11, a bias) is the matmul family's.
// TASK-COUNT-2: kb.candidate {{.*}}decisions {block_k = {{.*}}ptx {{.*}}<"conv_standard_2d_square_input_square_kernel{{(_init)?}}"
