// RUN: kopt %s --pass-pipeline='builtin.module(kb-lower-to-ptx)' -o %t.mlir 2>/dev/null
// RUN: FileCheck %s < %t.mlir
// RUN: %extract-ptx %t.mlir sum_lanes | FileCheck %s --check-prefix=LANES
// RUN: %extract-ptx %t.mlir sum_thread | FileCheck %s --check-prefix=THREAD
// RUN: %extract-ptx %t.mlir mean_v4 | FileCheck %s --check-prefix=MEAN
// RUN: %extract-ptx %t.mlir argmin_tree | FileCheck %s --check-prefix=ARGMIN

// The reduction family over an axis that is not innermost, as in KernelBench's problems 47-53
// (dim 1 of 128 x 4096 x 4095, here smaller): threads along the contiguous kept axis (coalesced),
// the reduced axis optionally split over the block's y threads, combined in shared memory.

// torch.sum(x, dim=1, keepdim=True) over 4 x 64 x 127: 508 outputs, 64 each; the contiguous axis
// is odd, so vector loads fall back to single elements.
kb.task @sum_keepdim tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<4x64x127xf32> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<4x1x127xf32>
  kb.reference "return torch.sum(x, dim=1, keepdim=True)"
  kb.payload(%x: tensor<4x64x127xf32>, %out: tensor<4x1x127xf32>) {
    %zero = arith.constant 0.0 : f32
    %o = tensor.collapse_shape %out [[0], [1, 2]] : tensor<4x1x127xf32> into tensor<4x127xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%o : tensor<4x127xf32>) -> tensor<4x127xf32>
    %sum = linalg.reduce ins(%x : tensor<4x64x127xf32>) outs(%acc : tensor<4x127xf32>) dimensions = [1]
      (%v: f32, %a: f32) {
        %s = arith.addf %v, %a : f32
        linalg.yield %s : f32
      }
    %r = tensor.expand_shape %sum [[0], [1, 2]] output_shape [4, 1, 127] : tensor<4x127xf32> into tensor<4x1x127xf32>
    kb.yield %r : tensor<4x1x127xf32>
  }
}

// 8 threads per output (block / 32 at most: 256 / 32), as the block's y; 32 outputs per block
// along x; a shared-memory tree of 3 rounds. 16 of the 508 outputs' threads in the last block
// are spare.
// CHECK-LABEL: kb.candidate @sum_lanes of @sum_keepdim
// CHECK-SAME:    launch <[<"sum_keepdim", grid = [16, 1, 1], block = [32, 8, 1], smem = 0, args = ["x", "out"]>]>
// CHECK-NOT:     verdict
kb.candidate @sum_lanes of @sum_keepdim policy decisions {threads_per_output = 16, block = 256, vector = 4, unroll = 4, shuffle = true}
// LANES:      .visible .entry sum_keepdim(
// LANES-NEXT:   .param .u64 .ptr .align 1 sum_keepdim_param_0,
// LANES-NEXT:   .param .u64 .ptr .align 1 sum_keepdim_param_1
// LANES-NEXT: )
// LANES-NEXT: .maxntid 32, 8, 1
// LANES:      .shared .align 16 .b8 {{.*}}[1024];
// LANES-NOT:  ld.global.v
// LANES-NOT:  shfl
// LANES:      ld.global.{{[bf]}}32
// LANES:      st.shared.{{[bf]}}32
// LANES-COUNT-3: bar.sync 0;
// LANES:      ld.shared.{{[bf]}}32
// LANES:      st.global.{{[bf]}}32

// A thread per output, 8 loads in flight.
// CHECK-LABEL: kb.candidate @sum_thread of @sum_keepdim
// CHECK-SAME:    launch <[<"sum_keepdim", grid = [4, 1, 1], block = [128, 1, 1], smem = 0, args = ["x", "out"]>]>
kb.candidate @sum_thread of @sum_keepdim policy decisions {threads_per_output = 1, block = 128, unroll = 8}
// THREAD-NOT:     .shared
// THREAD-NOT:     bar.sync
// THREAD-COUNT-8: ld.global.{{[bf]}}32
// THREAD:         add.rn.f32

// torch.mean(x, dim=1) over 8 x 32 x 256: the epilogue (a division by the count, which the back
// end makes a multiplication by 1/32) is applied before the store; a thread sums 4 adjacent
// outputs with 16-byte loads.
kb.task @mean tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<8x32x256xf32> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<8x256xf32>
  kb.reference "return torch.mean(x, dim=1)"
  kb.payload(%x: tensor<8x32x256xf32>, %out: tensor<8x256xf32>) {
    %zero = arith.constant 0.0 : f32
    %count = arith.constant 32.0 : f32
    %e = tensor.empty() : tensor<8x256xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<8x256xf32>) -> tensor<8x256xf32>
    %sum = linalg.reduce ins(%x : tensor<8x32x256xf32>) outs(%acc : tensor<8x256xf32>) dimensions = [1]
      (%v: f32, %a: f32) {
        %s = arith.addf %v, %a : f32
        linalg.yield %s : f32
      }
    %r = linalg.generic {indexing_maps = [affine_map<(b, j) -> (b, j)>, affine_map<(b, j) -> (b, j)>],
                         iterator_types = ["parallel", "parallel"]}
        ins(%sum : tensor<8x256xf32>) outs(%out : tensor<8x256xf32>) {
    ^bb0(%s: f32, %o: f32):
      %m = arith.divf %s, %count : f32
      linalg.yield %m : f32
    } -> tensor<8x256xf32>
    kb.yield %r : tensor<8x256xf32>
  }
}
// 512 runs of 4 outputs, 32 per block of 128 (4 threads per output).
// CHECK-LABEL: kb.candidate @mean_v4 of @mean
// CHECK-SAME:    launch <[<"mean", grid = [16, 1, 1], block = [32, 4, 1], smem = 0, args = ["x", "out"]>]>
kb.candidate @mean_v4 of @mean policy decisions {threads_per_output = 4, block = 128, vector = 4, unroll = 2, shuffle = false}
// MEAN:      .shared .align 16 .b8 {{.*}}[2048];
// MEAN:      ld.global.v4.{{[bf]}}32
// MEAN:      bar.sync 0;
// MEAN-COUNT-4: mul.rn.f32 {{.*}}, 0f3D000000;
// MEAN:         st.global.{{[bf]}}32 [{{.*}}+12]

// torch.argmin(x, dim=1) over 4 x 100 x 96: value and index partials in shared memory (f32 and
// i64), combined in index order.
kb.task @argmin tolerance(atol 0.0, rtol 0.0) {
  kb.input "x" : tensor<4x100x96xf32> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<4x96xi64>
  kb.reference "return torch.argmin(x, dim=1)"
  kb.payload(%x: tensor<4x100x96xf32>, %out: tensor<4x96xi64>) {
    %init = arith.constant 0x7F800000 : f32
    %zero = arith.constant 0 : i64
    %e = tensor.empty() : tensor<4x96xf32>
    %v0 = linalg.fill ins(%init : f32) outs(%e : tensor<4x96xf32>) -> tensor<4x96xf32>
    %i0 = linalg.fill ins(%zero : i64) outs(%out : tensor<4x96xi64>) -> tensor<4x96xi64>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(b, k, j) -> (b, k, j)>, affine_map<(b, k, j) -> (b, j)>,
                                            affine_map<(b, k, j) -> (b, j)>],
                           iterator_types = ["parallel", "reduction", "parallel"]}
        ins(%x : tensor<4x100x96xf32>) outs(%v0, %i0 : tensor<4x96xf32>, tensor<4x96xi64>) {
    ^bb0(%v: f32, %best: f32, %bi: i64):
      %k = linalg.index 1 : index
      %ki = arith.index_cast %k : index to i64
      %better = arith.cmpf olt, %v, %best : f32
      %vnan = arith.cmpf uno, %v, %v : f32
      %bnum = arith.cmpf ord, %best, %best : f32
      %firstnan = arith.andi %vnan, %bnum : i1
      %take = arith.ori %better, %firstnan : i1
      %nv = arith.select %take, %v, %best : f32
      %ni = arith.select %take, %ki, %bi : i64
      linalg.yield %nv, %ni : f32, i64
    } -> (tensor<4x96xf32>, tensor<4x96xi64>)
    kb.yield %r#1 : tensor<4x96xi64>
  }
}
// 96 runs of 4 outputs; 4 threads per output.
// CHECK-LABEL: kb.candidate @argmin_tree of @argmin
// CHECK-SAME:    launch <[<"argmin", grid = [1, 1, 1], block = [128, 4, 1], smem = 0, args = ["x", "out"]>]>
kb.candidate @argmin_tree of @argmin policy decisions {threads_per_output = 4, block = 512, vector = 4, unroll = 4}
// ARGMIN:      .shared .align 16 .b8 {{.*}}[8192];
// ARGMIN:      .shared .align 16 .b8 {{.*}}[16384];
// ARGMIN:      ld.global.v4.{{[bf]}}32
// ARGMIN:      st.shared.b64
// ARGMIN:      bar.sync 0;
// ARGMIN:      ld.shared.b64
// ARGMIN-COUNT-4: st.global.b64
