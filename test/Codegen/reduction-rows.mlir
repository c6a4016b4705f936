// RUN: kopt %s --pass-pipeline='builtin.module(kb-lower-to-ptx)' -o %t.mlir 2>/dev/null
// RUN: FileCheck %s < %t.mlir
// RUN: %extract-ptx %t.mlir warp_v4 | FileCheck %s --check-prefix=WARP
// RUN: %extract-ptx %t.mlir block_shuffle | FileCheck %s --check-prefix=BLOCKSHFL
// RUN: %extract-ptx %t.mlir block_tree | FileCheck %s --check-prefix=TREE
// RUN: %extract-ptx %t.mlir thread_row | FileCheck %s --check-prefix=THREAD
// RUN: %extract-ptx %t.mlir odd_rows | FileCheck %s --check-prefix=ODD
// RUN: %extract-ptx %t.mlir argmax_warp | FileCheck %s --check-prefix=ARGMAX

// The reduction family over the innermost (contiguous) axis: a thread, a warp or a block per row,
// vector loads along the row, partials combined by warp shuffles or a shared-memory tree.

// torch.sum(x, dim=1): 512 rows of 1024.
kb.task @rowsum tolerance(atol 1.0e-3, rtol 1.0e-4) {
  kb.input "x" : tensor<512x1024xf32> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<512xf32>
  kb.reference "return torch.sum(x, dim=1)"
  kb.payload(%x: tensor<512x1024xf32>, %out: tensor<512xf32>) {
    %zero = arith.constant 0.0 : f32
    %acc = linalg.fill ins(%zero : f32) outs(%out : tensor<512xf32>) -> tensor<512xf32>
    %r = linalg.reduce ins(%x : tensor<512x1024xf32>) outs(%acc : tensor<512xf32>) dimensions = [1]
      (%v: f32, %a: f32) {
        %s = arith.addf %v, %a : f32
        linalg.yield %s : f32
      }
    kb.yield %r : tensor<512xf32>
  }
}

// A warp per row (8 rows per block of 256), 16-byte loads, butterfly shuffles; the bare-pointer
// parameters are the task's buffers.
// CHECK-LABEL: kb.candidate @warp_v4 of @rowsum
// CHECK-SAME:    launch <[<"rowsum", grid = [64, 1, 1], block = [32, 8, 1], smem = 0, args = ["x", "out"]>]>
// CHECK-NOT:     verdict
kb.candidate @warp_v4 of @rowsum policy decisions {threads_per_output = 32, block = 256, vector = 4, unroll = 4, shuffle = true}
// WARP:      .visible .entry rowsum(
// WARP-NEXT:   .param .u64 .ptr .align 1 rowsum_param_0,
// WARP-NEXT:   .param .u64 .ptr .align 1 rowsum_param_1
// WARP-NEXT: )
// WARP-NEXT: .maxntid 32, 8, 1
// WARP-NOT:  .shared
// WARP:      ld.global.v4.{{[bf]}}32
// WARP-COUNT-5: shfl.sync.bfly.b32
// WARP-NOT:  bar.sync
// WARP:      st.global.{{[bf]}}32

// A block of 512 per row: shuffles within each warp, then the 16 warps' results through shared
// memory and shuffles again.
// CHECK-LABEL: kb.candidate @block_shuffle of @rowsum
// CHECK-SAME:    launch <[<"rowsum", grid = [512, 1, 1], block = [256, 1, 1], smem = 0, args = ["x", "out"]>]>
kb.candidate @block_shuffle of @rowsum policy decisions {threads_per_output = 1024, block = 256, vector = 4, unroll = 1, shuffle = true}
// BLOCKSHFL:     .shared .align 16 .b8 {{.*}}[32];
// BLOCKSHFL:     ld.global.v4.{{[bf]}}32
// BLOCKSHFL-COUNT-5: shfl.sync.bfly.b32
// BLOCKSHFL:     st.shared.{{[bf]}}32
// BLOCKSHFL:     bar.sync 0;
// BLOCKSHFL:     ld.shared.{{[bf]}}32
// BLOCKSHFL-COUNT-3: shfl.sync.bfly.b32

// The same as a shared-memory tree: a barrier per round, 8 rounds for 256 threads.
// CHECK-LABEL: kb.candidate @block_tree of @rowsum
// CHECK-SAME:    launch <[<"rowsum", grid = [512, 1, 1], block = [256, 1, 1], smem = 0, args = ["x", "out"]>]>
kb.candidate @block_tree of @rowsum policy decisions {threads_per_output = 1024, block = 256, vector = 2, unroll = 2, shuffle = false}
// TREE:      .shared .align 16 .b8 {{.*}}[1024];
// TREE-NOT:  shfl
// TREE:      ld.global.v2.{{[bf]}}32
// TREE:      st.shared.{{[bf]}}32
// TREE-COUNT-8: bar.sync 0;
// TREE-NOT:  shfl
// TREE:      st.global.{{[bf]}}32

// A thread per row: no combining at all.
// CHECK-LABEL: kb.candidate @thread_row of @rowsum
// CHECK-SAME:    launch <[<"rowsum", grid = [4, 1, 1], block = [1, 128, 1], smem = 0, args = ["x", "out"]>]>
kb.candidate @thread_row of @rowsum policy decisions {threads_per_output = 1, block = 128, vector = 4, unroll = 8}
// THREAD-NOT: .shared
// THREAD-NOT: shfl
// THREAD-NOT: bar.sync
// THREAD-COUNT-8: ld.global.v4.{{[bf]}}32

// keepdim max over rows of 30 (f16): vectors of 2 divide 30, 4 does not; 16 lanes fit 15 chunks
// as 8; 7 rows leave spare threads in the one block.
kb.task @maxrows tolerance(atol 1.0e-3, rtol 1.0e-3) {
  kb.input "x" : tensor<7x30xf16> dist(uniform(-1.0, 1.0))
  kb.output "out" : tensor<7x1xf16>
  kb.reference "return torch.amax(x, dim=1, keepdim=True)"
  kb.payload(%x: tensor<7x30xf16>, %out: tensor<7x1xf16>) {
    %init = arith.constant 0xFC00 : f16
    %o = tensor.collapse_shape %out [[0, 1]] : tensor<7x1xf16> into tensor<7xf16>
    %acc = linalg.fill ins(%init : f16) outs(%o : tensor<7xf16>) -> tensor<7xf16>
    %r = linalg.reduce ins(%x : tensor<7x30xf16>) outs(%acc : tensor<7xf16>) dimensions = [1]
      (%v: f16, %a: f16) {
        %m = arith.maximumf %v, %a : f16
        linalg.yield %m : f16
      }
    %e = tensor.expand_shape %r [[0, 1]] output_shape [7, 1] : tensor<7xf16> into tensor<7x1xf16>
    kb.yield %e : tensor<7x1xf16>
  }
}
// CHECK-LABEL: kb.candidate @odd_rows of @maxrows
// CHECK-SAME:    launch <[<"maxrows", grid = [1, 1, 1], block = [8, 8, 1], smem = 0, args = ["x", "out"]>]>
kb.candidate @odd_rows of @maxrows policy decisions {threads_per_output = 16, block = 64, vector = 4, unroll = 2, shuffle = true}
// f16 values travel through the shuffles as 32-bit words.
// ODD:       ld.global.v2.b16
// ODD-COUNT-3: shfl.sync.bfly.b32
// ODD:       st.global.b16

// argmax over rows: value and index partials (f32 and i64) combine in index order; the i64
// index travels as two 32-bit shuffles.
kb.task @argmax_rows tolerance(atol 0.0, rtol 0.0) {
  kb.input "x" : tensor<64x1000xf32> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<64xi64>
  kb.reference "return torch.argmax(x, dim=1)"
  kb.payload(%x: tensor<64x1000xf32>, %out: tensor<64xi64>) {
    %init = arith.constant 0xFF800000 : f32
    %zero = arith.constant 0 : i64
    %e = tensor.empty() : tensor<64xf32>
    %v0 = linalg.fill ins(%init : f32) outs(%e : tensor<64xf32>) -> tensor<64xf32>
    %i0 = linalg.fill ins(%zero : i64) outs(%out : tensor<64xi64>) -> tensor<64xi64>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (i)>,
                                            affine_map<(i, k) -> (i)>],
                           iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<64x1000xf32>) outs(%v0, %i0 : tensor<64xf32>, tensor<64xi64>) {
    ^bb0(%v: f32, %best: f32, %bi: i64):
      %k = linalg.index 1 : index
      %ki = arith.index_cast %k : index to i64
      %better = arith.cmpf ogt, %v, %best : f32
      %vnan = arith.cmpf uno, %v, %v : f32
      %bnum = arith.cmpf ord, %best, %best : f32
      %firstnan = arith.andi %vnan, %bnum : i1
      %take = arith.ori %better, %firstnan : i1
      %nv = arith.select %take, %v, %best : f32
      %ni = arith.select %take, %ki, %bi : i64
      linalg.yield %nv, %ni : f32, i64
    } -> (tensor<64xf32>, tensor<64xi64>)
    kb.yield %r#1 : tensor<64xi64>
  }
}
// CHECK-LABEL: kb.candidate @argmax_warp of @argmax_rows
// CHECK-SAME:    launch <[<"argmax_rows", grid = [32, 1, 1], block = [32, 2, 1], smem = 0, args = ["x", "out"]>]>
kb.candidate @argmax_warp of @argmax_rows policy decisions {threads_per_output = 32, block = 64, vector = 4, unroll = 2, shuffle = true}
// ARGMAX:      ld.global.v4.{{[bf]}}32
// ARGMAX-COUNT-4: setp.gt.f32
// ARGMAX:      shfl.sync.bfly.b32
// ARGMAX:      st.global.b64
