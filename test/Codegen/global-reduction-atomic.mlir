// RUN: cat %S/Inputs/global-reduction-tasks.mlir %s > %t.in.mlir
// RUN: kopt %t.in.mlir --pass-pipeline='builtin.module(kb-lower-to-ptx)' -o %t.mlir 2>/dev/null
// RUN: FileCheck %s < %t.mlir
// RUN: %extract-ptx %t.mlir mse_atomic | FileCheck %s --check-prefix=MSE
// RUN: %extract-ptx %t.mlir mse_ordered | FileCheck %s --check-prefix=ORDERED --implicit-check-not=atom
// RUN: %extract-ptx %t.mlir norm_atomic | FileCheck %s --check-prefix=ORDERED --implicit-check-not=atom
// RUN: %extract-ptx %t.mlir frobenius_atomic | FileCheck %s --check-prefix=ORDERED --implicit-check-not=atom
// RUN: kopt %t.mlir --pass-pipeline='builtin.module(kb-tag-features{ptxas=none})' | FileCheck %s --check-prefix=FEATURES

// The global-reduction family's `atomic`: a one-thread kernel zeroes the rank-0 outputs, and
// thread 0 of each block of the first kernel adds its partial, through a linear epilogue, into
// them with a float atomic; no second kernel, no scratch. A nonlinear epilogue or an
// elementwise op after the reduction keeps the fixed-order second kernel.

// The mean of squared errors: the division by the count applies to each block's partial.
// CHECK-LABEL: kb.candidate @mse_atomic of @mse
// CHECK-SAME:    launch <[<"mse_zero", grid = [1, 1, 1], block = [1, 1, 1], smem = 0, args = ["out"]>, <"mse_partials", grid = [528, 1, 1], block = [256, 1, 1], smem = 0, args = ["predictions", "targets", "out"]>]>
// CHECK-NOT:     scratch
// CHECK-SAME:    {{$}}
kb.candidate @mse_atomic of @mse policy decisions {block = 256, vector = 4, unroll = 4, blocks_per_sm = 4, atomic = true}
// MSE:      .visible .entry mse_zero(
// MSE:      st.global.b32 {{.*}}, 0;
// MSE:      .visible .entry mse_partials(
// MSE:      ld.global.v4.b32
// MSE:      shfl.sync.bfly.b32
// MSE:      bar.sync 0;
// MSE:      {{mul|div}}.{{.*}}f32
// MSE:      atom.global.add.f32
// MSE-NOT:  .entry

// atomic = false: the partials in scratch, added in a fixed order by the second kernel.
// CHECK-LABEL: kb.candidate @mse_ordered of @mse
// CHECK-SAME:    launch <[<"mse_partials", {{.*}}>, <"mse_total", {{.*}}>], scratch = [2112]>
kb.candidate @mse_ordered of @mse policy decisions {block = 256, vector = 4, unroll = 4, blocks_per_sm = 4, atomic = false}
// ORDERED: _total(

// x / ||x||: the elementwise op needs the whole sum first. Falls back to atomic = false.
// CHECK-LABEL: kb.candidate @frobenius_atomic of @frobenius
// CHECK-SAME:    launch <[<"frobenius_partials", {{.*}}>, <"frobenius_total", {{.*}}>, <"frobenius_apply", {{.*}}>]
kb.candidate @frobenius_atomic of @frobenius policy decisions {atomic = true}

// ||x||: the square root is not linear in the sum. Falls back to atomic = false.
kb.task @norm tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<1024x1024xf32> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<f32>
  kb.reference "return torch.norm(x)"
  kb.payload(%x: tensor<1024x1024xf32>, %out: tensor<f32>) {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<f32>
    %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<f32>) -> tensor<f32>
    %sq = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> ()>],
                          iterator_types = ["reduction", "reduction"]}
        ins(%x : tensor<1024x1024xf32>) outs(%acc : tensor<f32>) {
    ^bb0(%v: f32, %a: f32):
      %v2 = arith.mulf %v, %v : f32
      %s = arith.addf %a, %v2 : f32
      linalg.yield %s : f32
    } -> tensor<f32>
    %r = linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []}
        ins(%sq : tensor<f32>) outs(%out : tensor<f32>) {
    ^bb0(%s: f32, %o: f32):
      %n = math.sqrt %s : f32
      linalg.yield %n : f32
    } -> tensor<f32>
    kb.yield %r : tensor<f32>
  }
}

// CHECK-LABEL: kb.candidate @norm_atomic of @norm
// CHECK-SAME:    launch <[<"norm_partials", {{.*}}>, <"norm_total", {{.*}}>]
kb.candidate @norm_atomic of @norm policy decisions {atomic = true}

// FEATURES-LABEL: kb.candidate @mse_atomic of @mse
// FEATURES-SAME:    float_atomics = 1 : i64
// FEATURES-SAME:    nondeterministic = 1 : i64
// FEATURES-LABEL: kb.candidate @mse_ordered of @mse
// FEATURES-SAME:    atomics = 0 : i64
// FEATURES-SAME:    nondeterministic = 0 : i64
// FEATURES-LABEL: kb.candidate @norm_atomic of @norm
// FEATURES-SAME:    nondeterministic = 0 : i64
