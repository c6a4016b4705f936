// RUN: kopt %s --pass-pipeline='builtin.module(kb-lower-to-ptx)' -o %t.mlir 2>/dev/null
// RUN: FileCheck %s < %t.mlir
// RUN: %extract-ptx %t.mlir block_v4 | FileCheck %s --check-prefix=BLOCK
// RUN: %extract-ptx %t.mlir scalar | FileCheck %s --check-prefix=SCALAR --implicit-check-not=ld.global.v --implicit-check-not=st.global.v
// RUN: %extract-ptx %t.mlir warp_exclusive | FileCheck %s --check-prefix=WARP --implicit-check-not=.shared --implicit-check-not=bar.sync
// RUN: %extract-ptx %t.mlir reverse | FileCheck %s --check-prefix=REVERSE
// RUN: %extract-ptx %t.mlir masked | FileCheck %s --check-prefix=MASKED
// RUN: %extract-ptx %t.mlir prod | FileCheck %s --check-prefix=PROD --implicit-check-not=add.rn.f32
// RUN: %extract-ptx %t.mlir strided | FileCheck %s --check-prefix=STRIDED --implicit-check-not=ld.global.v --implicit-check-not=.shared

// The scan family on the loops of KernelBench's cumsum, cumprod, reverse, exclusive and masked
// cumsum, at small sizes: a block (or a warp) per row walks it in chunks; each thread scans its
// items in registers, shfl.sync.up scans the threads' totals in a warp, shared memory and
// barriers the warps' totals. The bare-pointer parameters are the task's buffers.

// torch.cumsum(x, dim=1): 16 rows of 4096, 4 chunks of 1024 per row.
kb.task @cumsum tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<16x4096xf32> dist(uniform(0.0, 1.0), uniform(-0.5, 1.0))
  kb.output "out" : tensor<16x4096xf32>
  kb.reference "return torch.cumsum(x, dim=1)"
  kb.payload(%x: tensor<16x4096xf32>, %out: tensor<16x4096xf32>) {
    %init = arith.constant 0.0 : f32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %cD = arith.constant 4096 : index
    %e = tensor.empty() : tensor<16xf32>
    %acc0 = linalg.fill ins(%init : f32) outs(%e : tensor<16xf32>) -> tensor<16xf32>
    %res:2 = scf.for %k = %c0 to %cD step %c1 iter_args(%acc = %acc0, %o = %out) -> (tensor<16xf32>, tensor<16x4096xf32>) {
      %col = tensor.extract_slice %x[0, %k] [16, 1] [1, 1] : tensor<16x4096xf32> to tensor<16xf32>
      %next = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
          ins(%col : tensor<16xf32>) outs(%acc : tensor<16xf32>) {
      ^bb0(%v: f32, %a: f32):
        %s = arith.addf %a, %v : f32
        linalg.yield %s : f32
      } -> tensor<16xf32>
      %o2 = tensor.insert_slice %next into %o[0, %k] [16, 1] [1, 1] : tensor<16xf32> into tensor<16x4096xf32>
      scf.yield %next, %o2 : tensor<16xf32>, tensor<16x4096xf32>
    }
    kb.yield %res#1 : tensor<16x4096xf32>
  }
}

// A block of 256 per row, 4 items per thread in one 16-byte load; the 8 warps' totals go through
// shared memory (two sets of 8 slots, used by the chunks in turn) and are scanned by the first warp.
// CHECK-LABEL: kb.candidate @block_v4 of @cumsum
// CHECK-SAME:    launch <[<"cumsum", grid = [16, 1, 1], block = [256, 1, 1], smem = 0, args = ["x", "out"]>]>
// CHECK-NOT:     verdict
kb.candidate @block_v4 of @cumsum policy decisions {block = 256, items_per_thread = 4, vector = 4, warp_per_row = false}
// BLOCK:      .visible .entry cumsum(
// BLOCK-NEXT:   .param .u64 .ptr .align 1 cumsum_param_0,
// BLOCK-NEXT:   .param .u64 .ptr .align 1 cumsum_param_1
// BLOCK-NEXT: )
// BLOCK-NEXT: .maxntid 256, 1, 1
// BLOCK:      .shared .align 16 .b8 __wg_cumsum_0[64];
// BLOCK-DAG:  ld.global.v4.b32
// BLOCK-DAG:  shfl.sync.up.b32 {{.*}}, 16, 0, -1;
// BLOCK-DAG:  st.shared.b32
// BLOCK-DAG:  bar.sync 0;
// BLOCK-DAG:  ld.shared.b32
// BLOCK-DAG:  st.global.v4.b32

// Scalar accesses; two warps, whose totals need 2 x 2 slots.
// CHECK-LABEL: kb.candidate @scalar of @cumsum
// CHECK-SAME:    launch <[<"cumsum", grid = [16, 1, 1], block = [64, 1, 1], smem = 0, args = ["x", "out"]>]>
kb.candidate @scalar of @cumsum policy decisions {block = 64, items_per_thread = 2, vector = 1, warp_per_row = false}
// SCALAR:     .shared .align 16 .b8 __wg_cumsum_0[16];
// SCALAR-DAG: ld.global.b32
// SCALAR-DAG: shfl.sync.up.b32
// SCALAR-DAG: bar.sync 0;
// SCALAR-DAG: st.global.b32

// The exclusive cumsum: rows of 1000, so the last chunk of each row is partial.
kb.task @cumsum_exclusive tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<16x1000xf32> dist(uniform(0.0, 1.0), uniform(-0.5, 1.0))
  kb.output "out" : tensor<16x1000xf32>
  kb.reference "return torch.cat((torch.zeros_like(x[:, :1]), torch.cumsum(x[:, :-1], dim=1)), dim=1)"
  kb.payload(%x: tensor<16x1000xf32>, %out: tensor<16x1000xf32>) {
    %init = arith.constant 0.0 : f32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %cD = arith.constant 1000 : index
    %e = tensor.empty() : tensor<16xf32>
    %acc0 = linalg.fill ins(%init : f32) outs(%e : tensor<16xf32>) -> tensor<16xf32>
    %res:2 = scf.for %k = %c0 to %cD step %c1 iter_args(%acc = %acc0, %o = %out) -> (tensor<16xf32>, tensor<16x1000xf32>) {
      %col = tensor.extract_slice %x[0, %k] [16, 1] [1, 1] : tensor<16x1000xf32> to tensor<16xf32>
      %o2 = tensor.insert_slice %acc into %o[0, %k] [16, 1] [1, 1] : tensor<16xf32> into tensor<16x1000xf32>
      %next = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
          ins(%col : tensor<16xf32>) outs(%acc : tensor<16xf32>) {
      ^bb0(%v: f32, %a: f32):
        %s = arith.addf %a, %v : f32
        linalg.yield %s : f32
      } -> tensor<16xf32>
      scf.yield %next, %o2 : tensor<16xf32>, tensor<16x1000xf32>
    }
    kb.yield %res#1 : tensor<16x1000xf32>
  }
}

// A warp per row, 8 rows per block: shuffles only; the row's total of a chunk comes from lane 31.
// CHECK-LABEL: kb.candidate @warp_exclusive of @cumsum_exclusive
// CHECK-SAME:    launch <[<"cumsum_exclusive", grid = [2, 1, 1], block = [256, 1, 1], smem = 0, args = ["x", "out"]>]>
// CHECK-NOT:     verdict
kb.candidate @warp_exclusive of @cumsum_exclusive policy decisions {block = 256, items_per_thread = 4, vector = 4, warp_per_row = true}
// WARP:     .maxntid 256, 1, 1
// WARP-DAG: ld.global.v4.b32
// WARP-DAG: shfl.sync.up.b32 {{.*}}, 16, 0, -1;
// WARP-DAG: shfl.sync.idx.b32 {{.*}}, 31, 31, -1;
// WARP-DAG: st.global.v4.b32

// The reverse cumsum: logical position j is stored at 4095 - j.
kb.task @cumsum_reverse tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<16x4096xf32> dist(uniform(0.0, 1.0), uniform(-0.5, 1.0))
  kb.output "out" : tensor<16x4096xf32>
  kb.reference "return torch.cumsum(x.flip(1), dim=1).flip(1)"
  kb.payload(%x: tensor<16x4096xf32>, %out: tensor<16x4096xf32>) {
    %init = arith.constant 0.0 : f32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %cD = arith.constant 4096 : index
    %cLast = arith.constant 4095 : index
    %e = tensor.empty() : tensor<16xf32>
    %acc0 = linalg.fill ins(%init : f32) outs(%e : tensor<16xf32>) -> tensor<16xf32>
    %res:2 = scf.for %k = %c0 to %cD step %c1 iter_args(%acc = %acc0, %o = %out) -> (tensor<16xf32>, tensor<16x4096xf32>) {
      %j = arith.subi %cLast, %k : index
      %col = tensor.extract_slice %x[0, %j] [16, 1] [1, 1] : tensor<16x4096xf32> to tensor<16xf32>
      %next = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
          ins(%col : tensor<16xf32>) outs(%acc : tensor<16xf32>) {
      ^bb0(%v: f32, %a: f32):
        %s = arith.addf %a, %v : f32
        linalg.yield %s : f32
      } -> tensor<16xf32>
      %o2 = tensor.insert_slice %next into %o[0, %j] [16, 1] [1, 1] : tensor<16xf32> into tensor<16x4096xf32>
      scf.yield %next, %o2 : tensor<16xf32>, tensor<16x4096xf32>
    }
    kb.yield %res#1 : tensor<16x4096xf32>
  }
}

// A thread's 8 items are the 8 elements before its place from the end of the row: two vectors, the
// later one first, each read (and written) backwards.
// CHECK-LABEL: kb.candidate @reverse of @cumsum_reverse
// CHECK-SAME:    launch <[<"cumsum_reverse", grid = [16, 1, 1], block = [128, 1, 1], smem = 0, args = ["x", "out"]>]>
// CHECK-NOT:     verdict
kb.candidate @reverse of @cumsum_reverse policy decisions {block = 128, items_per_thread = 8, vector = 4, warp_per_row = false}
// REVERSE:     .shared .align 16 .b8 __wg_cumsum_reverse_0[32];
// REVERSE-DAG: ld.global.v4.b32 {{.*}}, [%rd{{[0-9]+}}+-12];
// REVERSE-DAG: ld.global.v4.b32 {{.*}}, [%rd{{[0-9]+}}+-28];
// REVERSE-DAG: shfl.sync.up.b32
// REVERSE-DAG: bar.sync 0;
// REVERSE-DAG: st.global.v4.b32

// torch.cumsum(x * mask, dim=1) with a boolean mask.
kb.task @masked_cumsum tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<16x4096xf32> dist(uniform(0.0, 1.0), uniform(-0.5, 1.0))
  kb.input "mask" : tensor<16x4096xi1> dist(randint(0.0, 2.0))
  kb.output "out" : tensor<16x4096xf32>
  kb.reference "return torch.cumsum(x * mask, dim=1)"
  kb.payload(%x: tensor<16x4096xf32>, %mask: tensor<16x4096xi1>, %out: tensor<16x4096xf32>) {
    %init = arith.constant 0.0 : f32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %cD = arith.constant 4096 : index
    %e = tensor.empty() : tensor<16xf32>
    %acc0 = linalg.fill ins(%init : f32) outs(%e : tensor<16xf32>) -> tensor<16xf32>
    %res:2 = scf.for %k = %c0 to %cD step %c1 iter_args(%acc = %acc0, %o = %out) -> (tensor<16xf32>, tensor<16x4096xf32>) {
      %col = tensor.extract_slice %x[0, %k] [16, 1] [1, 1] : tensor<16x4096xf32> to tensor<16xf32>
      %mcol = tensor.extract_slice %mask[0, %k] [16, 1] [1, 1] : tensor<16x4096xi1> to tensor<16xi1>
      %next = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
          ins(%col, %mcol : tensor<16xf32>, tensor<16xi1>) outs(%acc : tensor<16xf32>) {
      ^bb0(%v: f32, %m: i1, %a: f32):
        %mf = arith.uitofp %m : i1 to f32
        %xm = arith.mulf %v, %mf : f32
        %s = arith.addf %a, %xm : f32
        linalg.yield %s : f32
      } -> tensor<16xf32>
      %o2 = tensor.insert_slice %next into %o[0, %k] [16, 1] [1, 1] : tensor<16xf32> into tensor<16x4096xf32>
      scf.yield %next, %o2 : tensor<16xf32>, tensor<16x4096xf32>
    }
    kb.yield %res#1 : tensor<16x4096xf32>
  }
}

// x in 16-byte loads, the i1 mask a byte at a time; the body's x * mask before the scan.
// CHECK-LABEL: kb.candidate @masked of @masked_cumsum
// CHECK-SAME:    launch <[<"masked_cumsum", grid = [16, 1, 1], block = [256, 1, 1], smem = 0, args = ["x", "mask", "out"]>]>
// CHECK-NOT:     verdict
kb.candidate @masked of @masked_cumsum policy decisions {block = 256, items_per_thread = 4, vector = 4, warp_per_row = false}
// MASKED:      .visible .entry masked_cumsum(
// MASKED-NEXT:   .param .u64 .ptr .align 1 masked_cumsum_param_0,
// MASKED-NEXT:   .param .u64 .ptr .align 1 masked_cumsum_param_1,
// MASKED-NEXT:   .param .u64 .ptr .align 1 masked_cumsum_param_2
// MASKED-NEXT: )
// MASKED-DAG:  ld.global.v4.b32
// MASKED-DAG:  ld.global.b8
// MASKED-DAG:  cvt.rn.f32.u32
// MASKED-DAG:  mul.rn.f32
// MASKED-DAG:  shfl.sync.up.b32
// MASKED-DAG:  bar.sync 0;
// MASKED-DAG:  st.global.v4.b32

// torch.cumprod(x, dim=1).
kb.task @cumprod tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<16x4096xf32> dist(uniform(0.0, 1.0), uniform(-0.5, 1.0))
  kb.output "out" : tensor<16x4096xf32>
  kb.reference "return torch.cumprod(x, dim=1)"
  kb.payload(%x: tensor<16x4096xf32>, %out: tensor<16x4096xf32>) {
    %init = arith.constant 1.0 : f32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %cD = arith.constant 4096 : index
    %e = tensor.empty() : tensor<16xf32>
    %acc0 = linalg.fill ins(%init : f32) outs(%e : tensor<16xf32>) -> tensor<16xf32>
    %res:2 = scf.for %k = %c0 to %cD step %c1 iter_args(%acc = %acc0, %o = %out) -> (tensor<16xf32>, tensor<16x4096xf32>) {
      %col = tensor.extract_slice %x[0, %k] [16, 1] [1, 1] : tensor<16x4096xf32> to tensor<16xf32>
      %next = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
          ins(%col : tensor<16xf32>) outs(%acc : tensor<16xf32>) {
      ^bb0(%v: f32, %a: f32):
        %s = arith.mulf %a, %v : f32
        linalg.yield %s : f32
      } -> tensor<16xf32>
      %o2 = tensor.insert_slice %next into %o[0, %k] [16, 1] [1, 1] : tensor<16xf32> into tensor<16x4096xf32>
      scf.yield %next, %o2 : tensor<16xf32>, tensor<16x4096xf32>
    }
    kb.yield %res#1 : tensor<16x4096xf32>
  }
}

// 32 warps per row (2 x 32 slots); products all the way.
// CHECK-LABEL: kb.candidate @prod of @cumprod
// CHECK-SAME:    launch <[<"cumprod", grid = [16, 1, 1], block = [1024, 1, 1], smem = 0, args = ["x", "out"]>]>
// CHECK-NOT:     verdict
kb.candidate @prod of @cumprod policy decisions {block = 1024, items_per_thread = 2, vector = 2, warp_per_row = false}
// PROD:     .shared .align 16 .b8 __wg_cumprod_0[256];
// PROD-DAG: ld.global.v2.b32
// PROD-DAG: shfl.sync.up.b32
// PROD-DAG: mul.rn.f32
// PROD-DAG: bar.sync 0;
// PROD-DAG: st.global.v2.b32

// torch.cumsum(x, dim=0): the scanned axis is not the contiguous one.
kb.task @cumsum_dim0 tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<300x40xf32> dist(uniform(0.0, 1.0), uniform(-0.5, 1.0))
  kb.output "out" : tensor<300x40xf32>
  kb.reference "return torch.cumsum(x, dim=0)"
  kb.payload(%x: tensor<300x40xf32>, %out: tensor<300x40xf32>) {
    %init = arith.constant 0.0 : f32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %cD = arith.constant 300 : index
    %e = tensor.empty() : tensor<40xf32>
    %acc0 = linalg.fill ins(%init : f32) outs(%e : tensor<40xf32>) -> tensor<40xf32>
    %res:2 = scf.for %k = %c0 to %cD step %c1 iter_args(%acc = %acc0, %o = %out) -> (tensor<40xf32>, tensor<300x40xf32>) {
      %row = tensor.extract_slice %x[%k, 0] [1, 40] [1, 1] : tensor<300x40xf32> to tensor<40xf32>
      %next = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
          ins(%row : tensor<40xf32>) outs(%acc : tensor<40xf32>) {
      ^bb0(%v: f32, %a: f32):
        %s = arith.addf %a, %v : f32
        linalg.yield %s : f32
      } -> tensor<40xf32>
      %o2 = tensor.insert_slice %next into %o[%k, 0] [1, 40] [1, 1] : tensor<40xf32> into tensor<300x40xf32>
      scf.yield %next, %o2 : tensor<40xf32>, tensor<300x40xf32>
    }
    kb.yield %res#1 : tensor<300x40xf32>
  }
}

// A row's elements are 40 apart: scalar accesses whatever `vector` says; a warp is enough for a row
// of 300 in 16-item runs, so the block shrinks to one warp.
// CHECK-LABEL: kb.candidate @strided of @cumsum_dim0
// CHECK-SAME:    launch <[<"cumsum_dim0", grid = [40, 1, 1], block = [32, 1, 1], smem = 0, args = ["x", "out"]>]>
// CHECK-NOT:     verdict
kb.candidate @strided of @cumsum_dim0 policy decisions {block = 512, items_per_thread = 16, vector = 4, warp_per_row = false}
// STRIDED-DAG: ld.global.b32 {{.*}}+160];
// STRIDED-DAG: shfl.sync.up.b32
// STRIDED-DAG: st.global.b32
