// RUN: cat %S/Inputs/global-reduction-tasks.mlir %s > %t.in.mlir
// RUN: kopt %t.in.mlir --pass-pipeline='builtin.module(kb-lower-to-ptx)' -o %t.mlir 2>/dev/null
// RUN: FileCheck %s < %t.mlir
// RUN: %extract-ptx %t.mlir mse_v4 | FileCheck %s --check-prefix=MSE --implicit-check-not=atom
// RUN: %extract-ptx %t.mlir kl_odd | FileCheck %s --check-prefix=KL --implicit-check-not=ld.global.v
// RUN: %extract-ptx %t.mlir frobenius_v4 | FileCheck %s --check-prefix=FRO --implicit-check-not=atom
// RUN: %extract-ptx %t.mlir hinge_broadcast | FileCheck %s --check-prefix=HINGE

// The global-reduction family on the small tasks of Inputs/global-reduction-tasks.mlir: a first
// kernel of blocks_per_sm x 132 blocks (fewer when there is less work) writes one partial per
// block into a scratch buffer; a second, of one block, adds them in a fixed order (no atomics)
// and writes the rank-0 output through its pointer, or the norm into scratch for a third,
// elementwise kernel.

// 1028000 elements: 257000 vectors of 4, 1004 blocks of 256 capped at 4 x 132.
// CHECK-LABEL: kb.candidate @mse_v4 of @mse
// CHECK-SAME:    launch <[<"mse_partials", grid = [528, 1, 1], block = [256, 1, 1], smem = 0, args = ["predictions", "targets", "scratch0"]>, <"mse_total", grid = [1, 1, 1], block = [1024, 1, 1], smem = 0, args = ["out", "scratch0"]>], scratch = [2112]>
kb.candidate @mse_v4 of @mse policy decisions {block = 256, vector = 4, unroll = 4, blocks_per_sm = 4}
// MSE:      .visible .entry mse_partials(
// MSE-NEXT:   .param .u64 .ptr .align 1 mse_partials_param_0,
// MSE-NEXT:   .param .u64 .ptr .align 1 mse_partials_param_1,
// MSE-NEXT:   .param .u64 .ptr .align 1 mse_partials_param_2
// MSE-NEXT: )
// MSE-NEXT: .maxntid 256, 1, 1
// MSE:      .shared .align 16 .b8 {{.*}}[32];
// MSE:      ld.global.v4.b32
// MSE:      ld.global.v4.b32
// MSE-COUNT-5: shfl.sync.bfly.b32
// MSE:      st.shared.b32
// MSE:      bar.sync 0;
// MSE:      ld.shared.b32
// MSE-COUNT-3: shfl.sync.bfly.b32
// MSE:      st.global.b32
// MSE:      .visible .entry mse_total(
// MSE-NEXT:   .param .u64 .ptr .align 1 mse_total_param_0,
// MSE-NEXT:   .param .u64 .ptr .align 1 mse_total_param_1
// MSE-NEXT: )
// MSE-NEXT: .maxntid 1024, 1, 1
// MSE:      ld.global.b32
// MSE-COUNT-5: shfl.sync.bfly.b32
// MSE:      bar.sync 0;
// MSE-COUNT-5: shfl.sync.bfly.b32
// MSE:      st.global.b32

// 131841 elements (odd): scalar loads; 129 blocks of 1024, so the second kernel has 256 threads.
// CHECK-LABEL: kb.candidate @kl_odd of @kl_div
// CHECK-SAME:    launch <[<"kl_div_partials", grid = [129, 1, 1], block = [1024, 1, 1], smem = 0, args = ["predictions", "targets", "scratch0"]>, <"kl_div_total", grid = [1, 1, 1], block = [256, 1, 1], smem = 0, args = ["out", "scratch0"]>], scratch = [516]>
kb.candidate @kl_odd of @kl_div policy decisions {block = 1024, vector = 4, unroll = 2, blocks_per_sm = 1}
// KL:      .visible .entry kl_div_partials(
// KL:      ld.global.b32
// KL:      .visible .entry kl_div_total(

// x / ||x||: the norm's square goes from the second kernel to the third through scratch1.
// CHECK-LABEL: kb.candidate @frobenius_v4 of @frobenius
// CHECK-SAME:    launch <[<"frobenius_partials", grid = [264, 1, 1], block = [128, 1, 1], smem = 0, args = ["x", "scratch0"]>, <"frobenius_total", grid = [1, 1, 1], block = [512, 1, 1], smem = 0, args = ["scratch0", "scratch1"]>, <"frobenius_apply", grid = [264, 1, 1], block = [128, 1, 1], smem = 0, args = ["x", "out", "scratch1"]>], scratch = [1056, 4]>
kb.candidate @frobenius_v4 of @frobenius policy decisions {block = 128, vector = 4, unroll = 1, blocks_per_sm = 2}
// FRO:      .visible .entry frobenius_partials(
// FRO:      ld.global.v4.b32
// FRO:      .visible .entry frobenius_total(
// FRO:      st.global.b32
// FRO:      .visible .entry frobenius_apply(
// FRO-NEXT:   .param .u64 .ptr .align 1 frobenius_apply_param_0,
// FRO-NEXT:   .param .u64 .ptr .align 1 frobenius_apply_param_1,
// FRO-NEXT:   .param .u64 .ptr .align 1 frobenius_apply_param_2
// FRO-NEXT: )
// FRO:      ld.global.b32
// FRO:      sqrt
// FRO:      ld.global.v4.b32
// FRO-COUNT-4: div.rn.f32
// FRO:      st.global.v4.b32

// Targets broadcast along rows of 1030: vectors of 2, the largest that divides 1030.
// CHECK-LABEL: kb.candidate @hinge_broadcast of @hinge
// CHECK-SAME:    launch <[<"hinge_partials", grid = [302, 1, 1], block = [512, 1, 1], smem = 0, args = ["predictions", "targets", "scratch0"]>, <"hinge_total", grid = [1, 1, 1], block = [512, 1, 1], smem = 0, args = ["out", "scratch0"]>], scratch = [1208]>
kb.candidate @hinge_broadcast of @hinge policy decisions {block = 512, vector = 4, unroll = 8, blocks_per_sm = 32}
// HINGE:      .visible .entry hinge_partials(
// HINGE:      ld.global.v2.b32
// HINGE:      ld.global.v2.b32
// HINGE:      shfl.sync.bfly.b32
