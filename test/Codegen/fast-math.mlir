// RUN: cat %S/Inputs/normalization-tasks.mlir %S/Inputs/attention-task.mlir %S/Inputs/global-reduction-tasks.mlir %s | kopt - --pass-pipeline='builtin.module(kb-lower-to-ptx,kb-tag-features{ptxas=none})' -o %t.mlir 2>/dev/null
// RUN: FileCheck %s --implicit-check-not=verdict < %t.mlir
// RUN: %extract-ptx %t.mlir softplus_fast | FileCheck %s --check-prefix=SOFTPLUS-FAST
// RUN: %extract-ptx %t.mlir softplus_accurate | FileCheck %s --check-prefix=SOFTPLUS-ACCURATE
// RUN: %extract-ptx %t.mlir tanh_fast | FileCheck %s --check-prefix=TANH-FAST
// RUN: %extract-ptx %t.mlir tanh_accurate | FileCheck %s --check-prefix=TANH-ACCURATE
// RUN: %extract-ptx %t.mlir softmax_fast | FileCheck %s --check-prefix=SOFTMAX-FAST
// RUN: %extract-ptx %t.mlir softmax_accurate | FileCheck %s --check-prefix=SOFTMAX-ACCURATE
// RUN: %extract-ptx %t.mlir rms_fast | FileCheck %s --check-prefix=RMS-FAST
// RUN: %extract-ptx %t.mlir rms_accurate | FileCheck %s --check-prefix=RMS-ACCURATE
// RUN: %extract-ptx %t.mlir attention_fast | FileCheck %s --check-prefix=ATTENTION-FAST
// RUN: %extract-ptx %t.mlir attention_accurate | FileCheck %s --check-prefix=ATTENTION-ACCURATE
// RUN: %extract-ptx %t.mlir kl_div_fast | FileCheck %s --check-prefix=KL-FAST
// RUN: %extract-ptx %t.mlir kl_div_accurate | FileCheck %s --check-prefix=KL-ACCURATE
// RUN: %extract-ptx %t.mlir row_mean_fast | FileCheck %s --check-prefix=MEAN-FAST
// RUN: cat %S/Inputs/normalization-tasks.mlir %S/Inputs/attention-task.mlir %S/Inputs/global-reduction-tasks.mlir %s | kopt - --pass-pipeline='builtin.module(kb-lower-to-ptx{chip=sm_70})' -o %t.sm70.mlir 2>/dev/null
// RUN: %extract-ptx %t.sm70.mlir tanh_fast | FileCheck %s --check-prefix=TANH-SM70

// fast_math = true computes f32 transcendentals and divisions with PTX's approximate
// instructions; without it (the default) they come from libdevice's accurate routines and IEEE
// division. Accurate kernels are not free of .approx instructions (libdevice's expf ends in an
// ex2.approx.ftz after an exact range reduction), so each kernel is told apart by an instruction
// only one of the two forms has. The `approx` feature counts the .approx instructions: fast
// kernels have more, but for a tanh (one tanh.approx against libdevice's ex2.approx and
// rcp.approx) and an RMS norm (rsqrt.approx against libdevice's sqrt.approx), per vector lane.
// Every candidate compiles (no verdict).

// CHECK-LABEL: kb.candidate @softplus_fast of @softplus
// CHECK-SAME:    approx = 8 : i64
// CHECK-LABEL: kb.candidate @softplus_accurate of @softplus
// CHECK-SAME:    approx = 4 : i64
// CHECK-LABEL: kb.candidate @tanh_fast of @tanh
// CHECK-SAME:    approx = 4 : i64
// CHECK-LABEL: kb.candidate @tanh_accurate of @tanh
// CHECK-SAME:    approx = 8 : i64
// CHECK-LABEL: kb.candidate @row_mean_fast of @row_mean
// CHECK-SAME:    approx = 0 : i64
// CHECK-LABEL: kb.candidate @row_mean_accurate of @row_mean
// CHECK-SAME:    approx = 0 : i64
// CHECK-LABEL: kb.candidate @softmax_fast of @softmax
// CHECK-SAME:    approx = 89 : i64
// CHECK-LABEL: kb.candidate @softmax_accurate of @softmax
// CHECK-SAME:    approx = 73 : i64
// CHECK-LABEL: kb.candidate @rms_fast of @rms_norm
// CHECK-SAME:    approx = 4 : i64
// CHECK-LABEL: kb.candidate @rms_accurate of @rms_norm
// CHECK-SAME:    approx = 4 : i64
// CHECK-LABEL: kb.candidate @attention_fast of @attention_small
// CHECK-SAME:    approx = 10 : i64
// CHECK-LABEL: kb.candidate @attention_accurate of @attention_small
// CHECK-SAME:    approx = 6 : i64
// CHECK-LABEL: kb.candidate @kl_div_fast of @kl_div
// CHECK-SAME:    approx = 2 : i64
// CHECK-LABEL: kb.candidate @kl_div_accurate of @kl_div
// CHECK-SAME:    approx = 0 : i64

// Softplus, log1p(exp(x)), on 4-lane vectors: exp is ex2.approx of x * log2(e), log1p is
// lg2.approx of 1 + e times ln(2), lane by lane; the accurate log1pf has no lg2.approx.
kb.task @softplus tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<256x1024xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.output "out" : tensor<256x1024xf32>
  kb.reference "return torch.softplus(x)"
  kb.payload(%x: tensor<256x1024xf32>, %out: tensor<256x1024xf32>) {
    %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                         iterator_types = ["parallel", "parallel"]}
        ins(%x : tensor<256x1024xf32>) outs(%out : tensor<256x1024xf32>) {
    ^bb0(%v: f32, %o: f32):
      %threshold = arith.constant 20.0 : f32
      %big = arith.cmpf ogt, %v, %threshold : f32
      %e = math.exp %v : f32
      %l = math.log1p %e : f32
      %y = arith.select %big, %v, %l : f32
      linalg.yield %y : f32
    } -> tensor<256x1024xf32>
    kb.yield %r : tensor<256x1024xf32>
  }
}
kb.candidate @softplus_fast of @softplus policy decisions {fast_math = true}
kb.candidate @softplus_accurate of @softplus policy decisions {}
// SOFTPLUS-FAST:     .entry softplus(
// SOFTPLUS-FAST-COUNT-4: ex2.approx.ftz.f32
// SOFTPLUS-FAST-COUNT-4: lg2.approx.ftz.f32
// SOFTPLUS-ACCURATE: .entry softplus(
// SOFTPLUS-ACCURATE-NOT: lg2.approx

// tanh.approx.f32 on sm_75 and later; on sm_70 the accurate tanh stays.
kb.task @tanh tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<256x1024xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.output "out" : tensor<256x1024xf32>
  kb.reference "return torch.tanh(x)"
  kb.payload(%x: tensor<256x1024xf32>, %out: tensor<256x1024xf32>) {
    %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                         iterator_types = ["parallel", "parallel"]}
        ins(%x : tensor<256x1024xf32>) outs(%out : tensor<256x1024xf32>) {
    ^bb0(%v: f32, %o: f32):
      %y = math.tanh %v : f32
      linalg.yield %y : f32
    } -> tensor<256x1024xf32>
    kb.yield %r : tensor<256x1024xf32>
  }
}
kb.candidate @tanh_fast of @tanh policy decisions {fast_math = true}
kb.candidate @tanh_accurate of @tanh policy decisions {}
// TANH-FAST:         .entry tanh(
// TANH-FAST:         tanh.approx.f32
// TANH-ACCURATE:     .entry tanh(
// TANH-ACCURATE-NOT: tanh.approx
// TANH-SM70:         .entry tanh(
// TANH-SM70-NOT:     tanh.approx

// A row mean (the reduction family): its division by a constant count becomes a product with the
// count's reciprocal, no division at all.
kb.task @row_mean tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<64x1000xf32> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<64xf32>
  kb.reference "return torch.mean(x, dim=1)"
  kb.payload(%x: tensor<64x1000xf32>, %out: tensor<64xf32>) {
    %zero = arith.constant 0.0 : f32
    %count = arith.constant 1000.0 : f32
    %e = tensor.empty() : tensor<64xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<64xf32>) -> tensor<64xf32>
    %sum = linalg.reduce ins(%x : tensor<64x1000xf32>) outs(%acc : tensor<64xf32>) dimensions = [1]
      (%v: f32, %a: f32) {
        %s = arith.addf %v, %a : f32
        linalg.yield %s : f32
      }
    %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
                         iterator_types = ["parallel"]}
        ins(%sum : tensor<64xf32>) outs(%out : tensor<64xf32>) {
    ^bb0(%s: f32, %o: f32):
      %m = arith.divf %s, %count : f32
      linalg.yield %m : f32
    } -> tensor<64xf32>
    kb.yield %r : tensor<64xf32>
  }
}
kb.candidate @row_mean_fast of @row_mean policy decisions {fast_math = true}
kb.candidate @row_mean_accurate of @row_mean policy decisions {}
// MEAN-FAST:         .entry row_mean(
// MEAN-FAST-NOT:     div.
// MEAN-FAST:         mul.rn.f32 {{.*}}0f3A83126F
// MEAN-FAST-NOT:     div.

// Softmax (normalization): the exponentials and the division by the row's sum.
kb.candidate @softmax_fast of @softmax policy decisions {fast_math = true}
kb.candidate @softmax_accurate of @softmax policy decisions {}
// SOFTMAX-FAST:         .entry softmax(
// SOFTMAX-FAST-NOT:     div.rn
// SOFTMAX-FAST:         ex2.approx.ftz.f32
// SOFTMAX-FAST:         div.approx.ftz.f32
// SOFTMAX-FAST-NOT:     div.rn
// SOFTMAX-ACCURATE:     .entry softmax(
// SOFTMAX-ACCURATE-NOT: div.approx
// SOFTMAX-ACCURATE:     div.rn.f32
// SOFTMAX-ACCURATE-NOT: div.approx

// RMS norm (strided groups): x / sqrt(mean + eps) becomes x * rsqrt.approx(mean + eps).
kb.candidate @rms_fast of @rms_norm policy decisions {fast_math = true}
kb.candidate @rms_accurate of @rms_norm policy decisions {}
// RMS-FAST:         .entry rms_norm(
// RMS-FAST-NOT:     sqrt.approx
// RMS-FAST-NOT:     div.rn
// RMS-FAST:         rsqrt.approx.ftz.f32
// RMS-FAST-NOT:     div.rn
// RMS-ACCURATE:     .entry rms_norm(
// RMS-ACCURATE-NOT: rsqrt.approx
// RMS-ACCURATE:     div.rn.f32
// RMS-ACCURATE-NOT: rsqrt.approx

// Attention: the scores' exponentials, the rescaling of the running sums, the final division.
kb.candidate @attention_fast of @attention_small policy decisions {fast_math = true}
kb.candidate @attention_accurate of @attention_small policy decisions {}
// ATTENTION-FAST:         .entry attention_small(
// ATTENTION-FAST-NOT:     div.rn
// ATTENTION-FAST:         ex2.approx.ftz.f32
// ATTENTION-FAST:         div.approx.ftz.f32
// ATTENTION-FAST-NOT:     div.rn
// ATTENTION-ACCURATE:     .entry attention_small(
// ATTENTION-ACCURATE-NOT: div.approx
// ATTENTION-ACCURATE:     div.rn.f32
// ATTENTION-ACCURATE-NOT: div.approx

// KL divergence (global reduction): the logs of the element body.
kb.candidate @kl_div_fast of @kl_div policy decisions {fast_math = true}
kb.candidate @kl_div_accurate of @kl_div policy decisions {}
// KL-FAST:         .entry kl_div
// KL-FAST:         lg2.approx.ftz.f32
// KL-ACCURATE:     .entry kl_div
// KL-ACCURATE-NOT: lg2.approx
