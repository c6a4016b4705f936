// RUN: kopt %s --pass-pipeline='builtin.module(kb-lower-to-ptx)' -o %t.mlir 2>/dev/null
// RUN: FileCheck %s < %t.mlir
// RUN: %extract-ptx %t.mlir gather | FileCheck %s --check-prefix=GATHER
// RUN: %extract-ptx %t.mlir transposed | FileCheck %s --check-prefix=TRANSPOSED
// RUN: %extract-ptx %t.mlir phased | FileCheck %s --check-prefix=PHASED
// RUN: %extract-ptx %t.mlir grouped | FileCheck %s --check-prefix=GROUPED
// RUN: kopt %s --pass-pipeline='builtin.module(kb-sample{n=2 seed=1 policy=uniform},kb-lower-to-ptx)' 2>/dev/null | FileCheck %s --check-prefix=FAMILY
// RUN: kopt %S/../../tasks/kernelbench/level1/050_conv_standard_2D__square_input__square_kernel.mlir --pass-pipeline='builtin.module(kb-sample{n=4 seed=1 policy=uniform},kb-lower-to-ptx)' 2>/dev/null | FileCheck %s --check-prefix=TASK
// RUN: kopt %S/../../tasks/kernelbench/level1/069_conv_transposed_2D__asymmetric_input__asymmetric_kernel.mlir --pass-pipeline='builtin.module(kb-sample{n=4 seed=1 policy=uniform},kb-lower-to-ptx)' 2>/dev/null | FileCheck %s --check-prefix=TASK-TRANSPOSED
// RUN: kopt %S/../../tasks/kernelbench/level1/081_conv_transposed_2D_asymmetric_input_square_kernel___dilated____padded____strided.mlir --pass-pipeline='builtin.module(kb-sample{n=4 seed=1 policy=uniform},kb-lower-to-ptx)' 2>/dev/null | FileCheck %s --check-prefix=TASK-PHASED
// RUN: kopt %S/../../tasks/kernelbench/level1/075_conv_transposed_2D_asymmetric_input_asymmetric_kernel_strided__grouped____padded____dilated.mlir --pass-pipeline='builtin.module(kb-sample{n=4 seed=1 policy=uniform},kb-lower-to-ptx)' 2>/dev/null | FileCheck %s --check-prefix=TASK-GROUPED

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
// y). A first launch tabulates the K indices (36, five 8-row tiles: 40 entries of 16 bytes) in
// scratch.
// CHECK-LABEL: kb.candidate @gather of @conv2d_pad_dilation
// CHECK-SAME:    launch <[<"conv2d_pad_dilation_gather", grid = [1, 1, 1], block = [256, 1, 1], smem = 0, args = ["scratch0"]>, <"conv2d_pad_dilation", grid = [4, 2, 1], block = [32, 1, 1], smem = 0, args = ["x", "weight", "bias", "out", "scratch0"]>], scratch = [640]>
kb.candidate @gather of @conv2d_pad_dilation policy decisions {block_m = 32, block_n = 32, block_k = 8, thread_m = 2, thread_n = 4, cp_async = true, stages = 2}
// With `direct`, the window family builds it (a chain of one stage: its direct kernel).
// CHECK-LABEL: kb.candidate @direct of @conv2d_pad_dilation
// CHECK-SAME:    launch <[<"conv2d_pad_dilation_stage0", grid = [3, 1, 1], block = [64, 1, 1], smem = 0, args = ["x", "weight", "bias", "out"]>]>
kb.candidate @direct of @conv2d_pad_dilation policy decisions {direct = true, s0.outputs_x = 4, s0.outputs_channel = 2, s0.block = 64, s0.unroll = 2}
// The table: K index k (past 35: the last) decodes to channel c = k / 9, ky, kx; its entry is
// the offset c * 120 + (2 ky - 2) * 12 + kx - 1 in the image, then its parts of the row and the
// column, 2 ky - 2 and kx - 1, in one 16-byte store.
// GATHER-LABEL: .visible .entry conv2d_pad_dilation_gather(
// GATHER:         setp.gt.u32 {{%p[0-9]+}}, {{%r[0-9]+}}, 39;
// GATHER:         min.u64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, 35;
// GATHER:         mul.wide.u32 {{%rd[0-9]+}}, {{%r[0-9]+}}, 120;
// GATHER:         add.s64 [[ROW:%rd[0-9]+]], {{%rd[0-9]+}}, -2;
// GATHER:         add.s64 [[COL:%rd[0-9]+]], {{%rd[0-9]+}}, -1;
// GATHER:         mad.lo.s64 [[OFFSET:%rd[0-9]+]], [[ROW]], 12, {{%rd[0-9]+}};
// GATHER:         cvt.u32.u64 [[OFFSET32:%r[0-9]+]], [[OFFSET]];
// GATHER:         cvt.u32.u64 [[ROW32:%r[0-9]+]], [[ROW]];
// GATHER:         cvt.u32.u64 [[COL32:%r[0-9]+]], [[COL]];
// GATHER:         st.global.v4.b32 [{{%rd[0-9]+}}], {[[OFFSET32]], [[ROW32]], [[COL32]], 0};
// A's rows (K = 36 contiguous weights per output channel) in 16-byte copies; B's elements one
// by one: the K index's entry in one 16-byte load, its row and column parts added to the pixel's,
// inside 10 x 12 (compared unsigned: a negative one fails too), else a copy of no bytes
// (zero-fill); no division per element.
// GATHER-LABEL: .visible .entry conv2d_pad_dilation(
// GATHER:     cp.async.cg.shared.global [{{.*}}], [{{.*}}], 16, %r{{[0-9]+}};
// GATHER:     ld.global.v4.b32 {[[E0:%r[0-9]+]], [[E1:%r[0-9]+]], [[E2:%r[0-9]+]], {{%r[0-9]+}}}, [{{%rd[0-9]+}}];
// GATHER-NEXT: add.s32 [[Y:%r[0-9]+]], [[E1]], {{%r[0-9]+}};
// GATHER-NEXT: setp.lt.u32 {{%p[0-9]+}}, [[Y]], 10;
// GATHER-NEXT: add.s32 [[X:%r[0-9]+]], [[E2]], {{%r[0-9]+}};
// GATHER-NEXT: setp.lt.u32 {{%p[0-9]+}}, [[X]], 12;
// GATHER:     add.s32 {{%r[0-9]+}}, [[E0]], {{%r[0-9]+}};
// GATHER:     selp.b32 [[BYTES:%r[0-9]+]], 4, 0, %p{{[0-9]+}};
// GATHER-NEXT: cp.async.ca.shared.global [{{.*}}], [{{.*}}], 4, [[BYTES]];
// GATHER-NOT: {{div|rem|mul.hi}}
// GATHER-NOT: cp.async.ca.shared.global [{{.*}}], [{{.*}}], {{8|16}},

// A transposed convolution with stride 1 (as problem 69): the image, padded by the window less
// the padding, is read at y - ky + 1 and x - kx + 3 (the window reversed), and the weight is
// [in][out][ky][kx]: K (in, ky, kx) is not one run of it. A first launch copies the weight to
// scratch as [out][in][ky][kx] (A as a plain convolution reads it); the GEMM reads the copy.
kb.task @conv_transposed2d tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<2x3x5x7xf32> dist(uniform(-1.0, 1.0))
  kb.input "weight" : tensor<3x5x2x4xf32> dist(uniform(-0.3, 0.3))
  kb.output "out" : tensor<2x5x6x8xf32>
  kb.reference "return torch.conv_transpose2d(x, weight, None, [1, 1], [0, 1], [0, 0], 1, [1, 1])"
  kb.payload(%x: tensor<2x3x5x7xf32>, %weight: tensor<3x5x2x4xf32>, %out: tensor<2x5x6x8xf32>) {
    %zero = arith.constant 0.0 : f32
    %xp = tensor.pad %x low[0, 0, 1, 2] high[0, 0, 1, 2] {
    ^bb0(%p0: index, %p1: index, %p2: index, %p3: index):
      tensor.yield %zero : f32
    } : tensor<2x3x5x7xf32> to tensor<2x3x7x11xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%out : tensor<2x5x6x8xf32>) -> tensor<2x5x6x8xf32>
    %r = linalg.generic {indexing_maps = [
            affine_map<(n, f, y, x, c, ky, kx) -> (n, c, y - ky + 1, x - kx + 3)>,
            affine_map<(n, f, y, x, c, ky, kx) -> (c, f, ky, kx)>,
            affine_map<(n, f, y, x, c, ky, kx) -> (n, f, y, x)>],
         iterator_types = ["parallel", "parallel", "parallel", "parallel", "reduction", "reduction", "reduction"]}
        ins(%xp, %weight : tensor<2x3x7x11xf32>, tensor<3x5x2x4xf32>) outs(%acc : tensor<2x5x6x8xf32>) {
    ^bb0(%v: f32, %wv: f32, %a: f32):
      %m = arith.mulf %v, %wv : f32
      %s = arith.addf %a, %m : f32
      linalg.yield %s : f32
    } -> tensor<2x5x6x8xf32>
    kb.yield %r : tensor<2x5x6x8xf32>
  }
}

// The copy: 120 weights, a thread each, scratch of 480 bytes that the GEMM reads in the
// weight's place; then the K table (24 entries).
// CHECK-LABEL: kb.candidate @transposed of @conv_transposed2d
// CHECK-SAME:    launch <[<"conv_transposed2d_filter", grid = [1, 1, 1], block = [256, 1, 1], smem = 0, args = ["weight", "scratch0"]>, <"conv_transposed2d_gather", grid = [1, 1, 1], block = [256, 1, 1], smem = 0, args = ["scratch1"]>, <"conv_transposed2d", grid = [2, 2, 1], block = [32, 1, 1], smem = 0, args = ["x", "out", "scratch0", "scratch1"]>], scratch = [480, 384]>
kb.candidate @transposed of @conv_transposed2d policy decisions {block_m = 32, block_n = 32, block_k = 8, thread_m = 2, thread_n = 4, cp_async = true, stages = 2}
// With ordered split-K: the copy, the table (K = 24 in 3 tiles of 8, 2 splits of 2 tiles: 32
// entries, those past K repeating the last), the GEMM, the sum of the splits' partials; scratch
// in that order.
// CHECK-LABEL: kb.candidate @transposed_ordered of @conv_transposed2d
// CHECK-SAME:    launch <[<"conv_transposed2d_filter", {{.*}}args = ["weight", "scratch0"]>, <"conv_transposed2d_gather", {{.*}}args = ["scratch1"]>, <"conv_transposed2d", grid = [2, 2, 2], {{.*}}args = ["x", "out", "scratch0", "scratch1", "scratch2"]>, <"conv_transposed2d_sum", {{.*}}args = ["out", "scratch2"]>], scratch = [480, 512, 3840]>
kb.candidate @transposed_ordered of @conv_transposed2d policy decisions {block_m = 32, block_n = 32, block_k = 8, thread_m = 2, thread_n = 4, split_k = 2, split_k_atomic = false}
// The copy's thread t reads weight[c][f][ky][kx] (c: 160 bytes apart, f: 32) and writes it to
// [f][c][ky][kx] (f: 96 bytes apart, c: 32).
// TRANSPOSED-LABEL: .visible .entry conv_transposed2d_filter(
// TRANSPOSED:         setp.gt.u32 {{%p[0-9]+}}, {{%r[0-9]+}}, 119;
// TRANSPOSED:         mul.wide.u32 {{%rd[0-9]+}}, [[C:%r[0-9]+]], 160;
// TRANSPOSED:         mul.wide.u32 {{%rd[0-9]+}}, [[F:%r[0-9]+]], 32;
// TRANSPOSED:         ld.global.b32 [[W:%r[0-9]+]],
// TRANSPOSED:         mul.wide.u32 {{%rd[0-9]+}}, [[F]], 96;
// TRANSPOSED:         mul.wide.u32 {{%rd[0-9]+}}, [[C]], 32;
// TRANSPOSED:         st.global.b32 [{{%rd[0-9]+}}], [[W]];
// The GEMM gathers the image at row y - ky and column x - kx + 1 (the table's parts: -ky and
// 1 - kx), inside 5 x 7.
// TRANSPOSED-LABEL: .visible .entry conv_transposed2d_gather(
// TRANSPOSED:         bfe.s64 {{%rd[0-9]+}}, {{%rd[0-9]+}}, 2, 1;
// TRANSPOSED:         sub.s64 {{%rd[0-9]+}}, 1, {{%rd[0-9]+}};
// TRANSPOSED-LABEL: .visible .entry conv_transposed2d(
// TRANSPOSED:         ld.global.v4.b32
// TRANSPOSED-NEXT:    add.s32 [[Y:%r[0-9]+]],
// TRANSPOSED-NEXT:    setp.lt.u32 {{%p[0-9]+}}, [[Y]], 5;
// TRANSPOSED-NEXT:    add.s32 [[X:%r[0-9]+]],
// TRANSPOSED-NEXT:    setp.lt.u32 {{%p[0-9]+}}, [[X]], 7;
// TRANSPOSED:         cp.async.ca.shared.global [{{.*}}], [{{.*}}], 4, {{%r[0-9]+}};

// A transposed convolution with strides reads its input spread out among zeros (inserted with
// strides, as the payload says it). Along y (stride 2, dilation 1, 3 taps) the output's pixels
// fall into 2 phases of 2 and 1 taps; along x (stride 3, dilation 2, 2 taps) into 3 of 1, none
// and 1. Each of the 6 phases is a GEMM over the input as it lies: M = 5, N = 5 x 4 (the pixels
// of a phase), K = 4 channels x 2 x 1 tap slots = 8; the grid's x counts the phases.
// CHECK-LABEL: kb.candidate @phased of @conv_transposed2d_strided
// CHECK-SAME:    launch <[<"conv_transposed2d_strided_filter", grid = [1, 1, 1], block = [256, 1, 1], smem = 0, args = ["weight", "scratch0"]>, <"conv_transposed2d_strided_gather", grid = [1, 1, 1], block = [256, 1, 1], smem = 0, args = ["scratch1"]>, <"conv_transposed2d_strided", grid = [6, 2, 1], block = [32, 1, 1], smem = 0, args = ["x", "bias", "out", "scratch0", "scratch1"]>], scratch = [960, 768]>
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
kb.candidate @phased of @conv_transposed2d_strided policy decisions {block_m = 32, block_n = 32, block_k = 8, thread_m = 2, thread_n = 4, cp_async = true, stages = 2}
// The filter copy: one per phase, 6 x 5 x 8 elements, zero where a tap slot is empty.
// PHASED-LABEL: .visible .entry conv_transposed2d_strided_filter(
// PHASED:         setp.gt.u32 {{%p[0-9]+}}, {{%r[0-9]+}}, 239;
// PHASED:         ld.global.b32 [[W:%r[0-9]+]],
// PHASED:         st.global.b32 [{{%rd[0-9]+}}], [[W]];
// The tables, 6 x 8 entries: an empty slot's parts put every position below zero.
// PHASED-LABEL: .visible .entry conv_transposed2d_strided_gather(
// PHASED:         setp.gt.u32 {{%p[0-9]+}}, {{%r[0-9]+}}, 47;
// PHASED:         selp.b32 {{%r[0-9]+}}, {{%r[0-9]+}}, -1073741824,
// PHASED:         st.global.v4.b32
// The GEMM: a thread's output columns j, j + 1, ... (through the bias) are pixels 3 apart
// along x.
// PHASED-LABEL: .visible .entry conv_transposed2d_strided(
// PHASED:         st.global.b32 {{\[}}[[OUT:%rd[0-9]+]]],
// PHASED-NEXT:    ld.global.b32
// PHASED-NEXT:    add.rn.f32
// PHASED-NEXT:    st.global.b32 {{\[}}[[OUT]]+12],

// A grouped convolution (3 groups of 2 input and 3 output channels; the payload splits the
// channels with reshapes, the pad after the split) is a GEMM per image and group: the grid's y
// counts both, the group innermost, and the filter (copied with its output channels first) is
// read at the group alone. M = 3, N = 7 x 4, K = 2 x 3 x 3.
// CHECK-LABEL: kb.candidate @grouped of @conv2d_grouped
// CHECK-SAME:    launch <[<"conv2d_grouped_filter", grid = [1, 1, 1], block = [256, 1, 1], smem = 0, args = ["weight", "scratch0"]>, <"conv2d_grouped_gather", grid = [1, 1, 1], block = [256, 1, 1], smem = 0, args = ["scratch1"]>, <"conv2d_grouped", grid = [1, 6, 1], block = [16, 1, 1], smem = 0, args = ["x", "out", "scratch0", "scratch1"]>], scratch = [648, 384]>
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
kb.candidate @grouped of @conv2d_grouped policy decisions {block_m = 32, block_n = 32, block_k = 8, thread_m = 2, thread_n = 4, cp_async = true, stages = 2}
// The group is the grid's y modulo 3 (y below 6: y or y - 3).
// GROUPED-LABEL: .visible .entry conv2d_grouped(
// GROUPED:         mov.u32 [[Y:%r[0-9]+]], %ctaid.y;
// GROUPED:         setp.lt.u32 {{%p[0-9]+}}, [[Y]], 3;

// Groups without an image index (the group is all of the batch) and strides: the filter copy
// holds a filter per phase and group, 2 x 2 x 3 x 4 floats (192 bytes).
// CHECK-LABEL: kb.candidate @groups_only of @conv_transposed1d_groups
// CHECK-SAME:    launch <[<"conv_transposed1d_groups_filter", grid = [1, 1, 1], block = [256, 1, 1], smem = 0, args = ["weight", "scratch0"]>, <"conv_transposed1d_groups_gather", grid = [1, 1, 1], block = [256, 1, 1], smem = 0, args = ["scratch1"]>, <"conv_transposed1d_groups", grid = [2, 2, 1], block = [4, 1, 1], smem = 0, args = ["x", "out", "scratch0", "scratch1"]>], scratch = [192, 64]>
kb.task @conv_transposed1d_groups tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<4x5xf32> dist(uniform(-1.0, 1.0))
  kb.input "weight" : tensor<4x3x3xf32> dist(uniform(-0.3, 0.3))
  kb.output "out" : tensor<6x11xf32>
  kb.reference "return torch.conv_transpose1d(x[None], weight, None, 2, 0, 0, 2, 1)[0]"
  kb.payload(%x: tensor<4x5xf32>, %weight: tensor<4x3x3xf32>, %out: tensor<6x11xf32>) {
    %zero = arith.constant 0.0 : f32
    %xe = tensor.empty() : tensor<4x13xf32>
    %xz = linalg.fill ins(%zero : f32) outs(%xe : tensor<4x13xf32>) -> tensor<4x13xf32>
    %xp = tensor.insert_slice %x into %xz[0, 2] [4, 5] [1, 2] : tensor<4x5xf32> into tensor<4x13xf32>
    %xg = tensor.expand_shape %xp [[0, 1], [2]] output_shape [2, 2, 13] : tensor<4x13xf32> into tensor<2x2x13xf32>
    %wg = tensor.expand_shape %weight [[0, 1], [2], [3]] output_shape [2, 2, 3, 3] : tensor<4x3x3xf32> into tensor<2x2x3x3xf32>
    %og = tensor.expand_shape %out [[0, 1], [2]] output_shape [2, 3, 11] : tensor<6x11xf32> into tensor<2x3x11xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%og : tensor<2x3x11xf32>) -> tensor<2x3x11xf32>
    %rg = linalg.generic {indexing_maps = [
            affine_map<(g, f, y, c, k) -> (g, c, y - k + 2)>,
            affine_map<(g, f, y, c, k) -> (g, c, f, k)>,
            affine_map<(g, f, y, c, k) -> (g, f, y)>],
         iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction"]}
        ins(%xg, %wg : tensor<2x2x13xf32>, tensor<2x2x3x3xf32>) outs(%acc : tensor<2x3x11xf32>) {
    ^bb0(%v: f32, %wv: f32, %a: f32):
      %m = arith.mulf %v, %wv : f32
      %s = arith.addf %a, %m : f32
      linalg.yield %s : f32
    } -> tensor<2x3x11xf32>
    %r = tensor.collapse_shape %rg [[0, 1], [2]] : tensor<2x3x11xf32> into tensor<6x11xf32>
    kb.yield %r : tensor<6x11xf32>
  }
}
kb.candidate @groups_only of @conv_transposed1d_groups policy decisions {block_m = 32, block_n = 32, block_k = 8, thread_m = 2, thread_n = 4, cp_async = true, stages = 2}

// A spread input that a strided window reads (pixel x 2) is not a transposed convolution's:
// the window family's.
kb.task @spread_strided tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<2x3x9xf32> dist(uniform(-1.0, 1.0))
  kb.input "weight" : tensor<3x4x3xf32> dist(uniform(-0.3, 0.3))
  kb.output "out" : tensor<2x4x9xf32>
  kb.reference "return torch.conv_transpose1d(x, weight, None, [2], [1], [0], 1, [1])[:, :, ::2]"
  kb.payload(%x: tensor<2x3x9xf32>, %weight: tensor<3x4x3xf32>, %out: tensor<2x4x9xf32>) {
    %zero = arith.constant 0.0 : f32
    %xe = tensor.empty() : tensor<2x3x19xf32>
    %xz = linalg.fill ins(%zero : f32) outs(%xe : tensor<2x3x19xf32>) -> tensor<2x3x19xf32>
    %xp = tensor.insert_slice %x into %xz[0, 0, 1] [2, 3, 9] [1, 1, 2]
        : tensor<2x3x9xf32> into tensor<2x3x19xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%out : tensor<2x4x9xf32>) -> tensor<2x4x9xf32>
    %c = linalg.generic {indexing_maps = [
            affine_map<(n, f, x, c, kx) -> (n, c, x * 2 - kx + 2)>,
            affine_map<(n, f, x, c, kx) -> (c, f, kx)>,
            affine_map<(n, f, x, c, kx) -> (n, f, x)>],
         iterator_types = ["parallel", "parallel", "parallel", "reduction", "reduction"]}
        ins(%xp, %weight : tensor<2x3x19xf32>, tensor<3x4x3xf32>) outs(%acc : tensor<2x4x9xf32>) {
    ^bb0(%v: f32, %wv: f32, %a: f32):
      %m = arith.mulf %v, %wv : f32
      %s = arith.addf %a, %m : f32
      linalg.yield %s : f32
    } -> tensor<2x4x9xf32>
    kb.yield %c : tensor<2x4x9xf32>
  }
}

// The families: a convolution with a window in NCHW is the matmul family's, one output pixel
// per image included (not a matvec: B is still gathered); depthwise ones, channels-last ones
// (the stores would not run along the pixels), images padded by anything but zeros, and
// convolutions whose body fusion gave more than a multiply-add (relu(x) folded in) are the
// window family's.
// FAMILY-COUNT-2: kb.candidate @conv2d_pad_dilation_s{{[0-9]+}} of @conv2d_pad_dilation policy decisions {block_k =
// FAMILY-COUNT-2: kb.candidate @conv_transposed2d_strided_s{{[0-9]+}} of @conv_transposed2d_strided policy decisions {block_k =
// FAMILY-COUNT-2: kb.candidate @conv2d_grouped_s{{[0-9]+}} of @conv2d_grouped policy decisions {block_k =
// FAMILY-COUNT-2: kb.candidate @spread_strided_s{{[0-9]+}} of @spread_strided policy decisions {block =
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

// KernelBench's problem 50 (stride 4, padding 2, 11 x 11, a bias) is the matmul family's, and
// its space is also the window family's (`direct`, with the s0.* decisions): four draws build
// both kernels.
// TASK-DAG: kb.candidate {{.*}}decisions {block_k = {{.*}}direct = false{{.*}}ptx {{.*}}<"conv_standard_2d_square_input_square_kernel_gather"
// TASK-DAG: kb.candidate {{.*}}decisions {block_k = {{.*}}direct = true{{.*}}ptx {{.*}}<"conv_standard_2d_square_input_square_kernel_stage0"

// So is problem 69 (stride 1, the weight copied first).
// TASK-TRANSPOSED-DAG: kb.candidate {{.*}}decisions {block_k = {{.*}}direct = false{{.*}}ptx {{.*}}<"conv_transposed_2d_asymmetric_input_asymmetric_kernel_filter"
// TASK-TRANSPOSED-DAG: kb.candidate {{.*}}decisions {block_k = {{.*}}direct = true{{.*}}ptx {{.*}}<"conv_transposed_2d_asymmetric_input_asymmetric_kernel_stage0"

// So are those with strides (problem 81: stride 5, 25 phases).
// TASK-PHASED-DAG: kb.candidate {{.*}}decisions {block_k = {{.*}}direct = false{{.*}}ptx {{.*}}<"conv_transposed_2d_asymmetric_input_square_kernel_dilated_padded_strided_filter"{{.*}}<"conv_transposed_2d_asymmetric_input_square_kernel_dilated_padded_strided_gather"
// TASK-PHASED-DAG: kb.candidate {{.*}}decisions {block_k = {{.*}}direct = true{{.*}}ptx {{.*}}<"conv_transposed_2d_asymmetric_input_square_kernel_dilated_padded_strided_stage0"

// And grouped ones (problem 75: 4 groups, strides 2 and 3): a GEMM per image, group and phase.
// TASK-GROUPED-DAG: kb.candidate {{.*}}decisions {block_k = {{.*}}direct = false{{.*}}ptx {{.*}}<"conv_transposed_2d_asymmetric_input_asymmetric_kernel_strided_grouped_padded_dilated_filter"{{.*}}grid = [{{[0-9]+}}, 64, 1]
// TASK-GROUPED-DAG: kb.candidate {{.*}}decisions {block_k = {{.*}}direct = true{{.*}}ptx {{.*}}<"conv_transposed_2d_asymmetric_input_asymmetric_kernel_strided_grouped_padded_dilated_stage0"
