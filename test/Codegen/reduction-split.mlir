// RUN: kopt %s --pass-pipeline='builtin.module(kb-lower-to-ptx)' -o %t.mlir 2>/dev/null
// RUN: FileCheck %s < %t.mlir
// RUN: %extract-ptx %t.mlir rows_split8 | FileCheck %s --check-prefix=ROWS
// RUN: %extract-ptx %t.mlir rows_unsplit | FileCheck %s --check-prefix=UNSPLIT --implicit-check-not=atom
// RUN: %extract-ptx %t.mlir strided_split4 | FileCheck %s --check-prefix=STRIDED
// RUN: %extract-ptx %t.mlir mean_split16 | FileCheck %s --check-prefix=MEAN
// RUN: %extract-ptx %t.mlir max_split8 | FileCheck %s --check-prefix=NOATOM --implicit-check-not=atom
// RUN: %extract-ptx %t.mlir sqrt_split8 | FileCheck %s --check-prefix=NOATOM --implicit-check-not=atom
// RUN: kopt %t.mlir --pass-pipeline='builtin.module(kb-tag-features{ptxas=none})' | FileCheck %s --check-prefix=FEATURES

// The reduction family's `split`: blocks share an output group, each reducing an equal slice of
// the axis, and add their partials into the outputs with float atomics after a first kernel
// zeroes them. Only for f32 sums from zero whose outputs are linear in the sum; else the kernel
// of split = 1.

// torch.sum(x, dim=1) over 8 rows of 32768: few outputs, a long axis.
kb.task @rowsum tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<8x32768xf32> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<8xf32>
  kb.reference "return torch.sum(x, dim=1)"
  kb.payload(%x: tensor<8x32768xf32>, %out: tensor<8xf32>) {
    %zero = arith.constant 0.0 : f32
    %acc = linalg.fill ins(%zero : f32) outs(%out : tensor<8xf32>) -> tensor<8xf32>
    %r = linalg.reduce ins(%x : tensor<8x32768xf32>) outs(%acc : tensor<8xf32>) dimensions = [1]
      (%v: f32, %a: f32) {
        %s = arith.addf %v, %a : f32
        linalg.yield %s : f32
      }
    kb.yield %r : tensor<8xf32>
  }
}

// A block of 256 per row, 8 blocks per row: 64 blocks, each over 1024 vectors of 4 (block i
// takes slice i / 8 of row i mod 8). The zeroing kernel goes first, one thread per output.
// CHECK-LABEL: kb.candidate @rows_split8 of @rowsum
// CHECK-SAME:    launch <[<"rowsum_zero", grid = [1, 1, 1], block = [8, 1, 1], smem = 0, args = ["out"]>, <"rowsum", grid = [64, 1, 1], block = [256, 1, 1], smem = 0, args = ["x", "out"]>]>
// CHECK-NOT:     verdict
kb.candidate @rows_split8 of @rowsum policy decisions {threads_per_output = 1024, block = 256, vector = 4, unroll = 4, shuffle = true, split = 8}
// ROWS:      .visible .entry rowsum_zero(
// ROWS:      st.global.b32 {{.*}}, 0;
// ROWS:      .visible .entry rowsum(
// ROWS:      ld.global.v4.{{[bf]}}32
// ROWS:      shfl.sync.bfly.b32
// ROWS:      atom.global.add.f32
// ROWS-NOT:  st.global

// split = 1 is today's kernel: one launch, stores, no atomics.
// CHECK-LABEL: kb.candidate @rows_unsplit of @rowsum
// CHECK-SAME:    launch <[<"rowsum", grid = [8, 1, 1], block = [256, 1, 1], smem = 0, args = ["x", "out"]>]>
kb.candidate @rows_unsplit of @rowsum policy decisions {threads_per_output = 1024, block = 256, vector = 4, unroll = 4, shuffle = true, split = 1}
// UNSPLIT:     .visible .entry rowsum(
// UNSPLIT:     st.global.{{[bf]}}32

// 16 slices of 32768 / 4 = 8192 vectors would be 512 each: allowed. A row of 64 elements (16
// vectors) is too short for any split: fewer than 32 chunks per slice.
// CHECK-LABEL: kb.candidate @rows_split16 of @rowsum
// CHECK-SAME:    launch <[<"rowsum_zero", {{.*}}>, <"rowsum", grid = [128, 1, 1], block = [256, 1, 1]
kb.candidate @rows_split16 of @rowsum policy decisions {threads_per_output = 1024, block = 256, split = 16}

kb.task @short_rows tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<512x64xf32> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<512xf32>
  kb.reference "return torch.sum(x, dim=1)"
  kb.payload(%x: tensor<512x64xf32>, %out: tensor<512xf32>) {
    %zero = arith.constant 0.0 : f32
    %acc = linalg.fill ins(%zero : f32) outs(%out : tensor<512xf32>) -> tensor<512xf32>
    %r = linalg.reduce ins(%x : tensor<512x64xf32>) outs(%acc : tensor<512xf32>) dimensions = [1]
      (%v: f32, %a: f32) {
        %s = arith.addf %v, %a : f32
        linalg.yield %s : f32
      }
    kb.yield %r : tensor<512xf32>
  }
}

// CHECK-LABEL: kb.candidate @short_split16 of @short_rows
// CHECK-SAME:    launch <[<"short_rows", grid = [32, 1, 1], block = [16, 16, 1]
kb.candidate @short_split16 of @short_rows policy decisions {threads_per_output = 32, block = 256, vector = 4, split = 16}

// torch.sum(x, dim=1) over 2 x 4096 x 64, the axis not innermost (as KernelBench's 47): 128
// outputs, threads along the kept axis, 4 adjacent outputs per thread; 4 slices of 1024.
kb.task @sum_dim1 tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<2x4096x64xf32> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<2x64xf32>
  kb.reference "return torch.sum(x, dim=1)"
  kb.payload(%x: tensor<2x4096x64xf32>, %out: tensor<2x64xf32>) {
    %zero = arith.constant 0.0 : f32
    %acc = linalg.fill ins(%zero : f32) outs(%out : tensor<2x64xf32>) -> tensor<2x64xf32>
    %r = linalg.reduce ins(%x : tensor<2x4096x64xf32>) outs(%acc : tensor<2x64xf32>) dimensions = [1]
      (%v: f32, %a: f32) {
        %s = arith.addf %v, %a : f32
        linalg.yield %s : f32
      }
    kb.yield %r : tensor<2x64xf32>
  }
}

// 32 groups of 4 outputs, 32 per block of (32, 8): one block per slice, 4 slices.
// CHECK-LABEL: kb.candidate @strided_split4 of @sum_dim1
// CHECK-SAME:    launch <[<"sum_dim1_zero", grid = [1, 1, 1], block = [128, 1, 1], smem = 0, args = ["out"]>, <"sum_dim1", grid = [4, 1, 1], block = [32, 8, 1]
kb.candidate @strided_split4 of @sum_dim1 policy decisions {threads_per_output = 128, block = 256, vector = 4, unroll = 2, split = 4}
// STRIDED:     .visible .entry sum_dim1(
// STRIDED:     ld.global.v4.{{[bf]}}32
// STRIDED:     bar.sync
// STRIDED-COUNT-4: atom.global.add.f32

// torch.mean(x, dim=1) over 4 x 65536: the scale applies to each slice's partial before its add.
kb.task @mean tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<4x65536xf32> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<4xf32>
  kb.reference "return torch.mean(x, dim=1)"
  kb.payload(%x: tensor<4x65536xf32>, %out: tensor<4xf32>) {
    %zero = arith.constant 0.0 : f32
    %count = arith.constant 65536.0 : f32
    %e = tensor.empty() : tensor<4xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<4xf32>) -> tensor<4xf32>
    %sum = linalg.reduce ins(%x : tensor<4x65536xf32>) outs(%acc : tensor<4xf32>) dimensions = [1]
      (%v: f32, %a: f32) {
        %s = arith.addf %v, %a : f32
        linalg.yield %s : f32
      }
    %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
                         iterator_types = ["parallel"]}
        ins(%sum : tensor<4xf32>) outs(%out : tensor<4xf32>) {
    ^bb0(%s: f32, %o: f32):
      %m = arith.divf %s, %count : f32
      linalg.yield %m : f32
    } -> tensor<4xf32>
    kb.yield %r : tensor<4xf32>
  }
}

// CHECK-LABEL: kb.candidate @mean_split16 of @mean
// CHECK-SAME:    launch <[<"mean_zero", {{.*}}>, <"mean", grid = [64, 1, 1], block = [256, 1, 1]
kb.candidate @mean_split16 of @mean policy decisions {threads_per_output = 1024, block = 256, split = 16}
// MEAN:      .visible .entry mean(
// MEAN:      {{mul|div}}.{{.*}}f32
// MEAN:      atom.global.add.f32

// torch.amax(x, dim=1): a max is no sum. Falls back to split = 1.
kb.task @rowmax tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<8x32768xf32> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<8xf32>
  kb.reference "return torch.amax(x, dim=1)"
  kb.payload(%x: tensor<8x32768xf32>, %out: tensor<8xf32>) {
    %lowest = arith.constant 0xFF800000 : f32
    %acc = linalg.fill ins(%lowest : f32) outs(%out : tensor<8xf32>) -> tensor<8xf32>
    %r = linalg.reduce ins(%x : tensor<8x32768xf32>) outs(%acc : tensor<8xf32>) dimensions = [1]
      (%v: f32, %a: f32) {
        %m = arith.maximumf %v, %a : f32
        linalg.yield %m : f32
      }
    kb.yield %r : tensor<8xf32>
  }
}

// CHECK-LABEL: kb.candidate @max_split8 of @rowmax
// CHECK-SAME:    launch <[<"rowmax", grid = [8, 1, 1], block = [256, 1, 1], smem = 0, args = ["x", "out"]>]>
kb.candidate @max_split8 of @rowmax policy decisions {threads_per_output = 1024, block = 256, split = 8}
// NOATOM: st.global

// sqrt(sum(x^2)) per row: the epilogue is not linear in the sum. Falls back to split = 1.
kb.task @rownorm tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<8x32768xf32> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<8xf32>
  kb.reference "return torch.sqrt(torch.sum(x * x, dim=1))"
  kb.payload(%x: tensor<8x32768xf32>, %out: tensor<8xf32>) {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<8xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
    %sum = linalg.generic {indexing_maps = [affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (i)>],
                           iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<8x32768xf32>) outs(%acc : tensor<8xf32>) {
    ^bb0(%v: f32, %a: f32):
      %v2 = arith.mulf %v, %v : f32
      %s = arith.addf %a, %v2 : f32
      linalg.yield %s : f32
    } -> tensor<8xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
                         iterator_types = ["parallel"]}
        ins(%sum : tensor<8xf32>) outs(%out : tensor<8xf32>) {
    ^bb0(%s: f32, %o: f32):
      %n = math.sqrt %s : f32
      linalg.yield %n : f32
    } -> tensor<8xf32>
    kb.yield %r : tensor<8xf32>
  }
}

// CHECK-LABEL: kb.candidate @sqrt_split8 of @rownorm
// CHECK-SAME:    launch <[<"rownorm", grid = [8, 1, 1], block = [256, 1, 1], smem = 0, args = ["x", "out"]>]>
kb.candidate @sqrt_split8 of @rownorm policy decisions {threads_per_output = 1024, block = 256, split = 8}

// The PTX features say which kernels add floats in no fixed order.
// FEATURES-LABEL: kb.candidate @rows_split8 of @rowsum
// FEATURES-SAME:    float_atomics = 1 : i64
// FEATURES-SAME:    nondeterministic = 1 : i64
// FEATURES-LABEL: kb.candidate @rows_unsplit of @rowsum
// FEATURES-SAME:    atomics = 0 : i64
// FEATURES-SAME:    float_atomics = 0 : i64
// FEATURES-SAME:    nondeterministic = 0 : i64
// FEATURES-LABEL: kb.candidate @strided_split4 of @sum_dim1
// FEATURES-SAME:    float_atomics = 4 : i64
// FEATURES-SAME:    nondeterministic = 1 : i64
// FEATURES-LABEL: kb.candidate @max_split8 of @rowmax
// FEATURES-SAME:    nondeterministic = 0 : i64
