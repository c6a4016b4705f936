//===- FastMath.h - approximate transcendentals and divisions ---*- C++ -*-===//
//
// Private to KoptCodegen: the `fast_math` decision of the families whose kernels compute
// transcendental functions or divisions. One rewrite of the kernel bodies a family built, so that
// every family approximates the same ops the same way; docs/schedule-spaces.md ("Precision and
// approximation decisions") gives the error each form risks.
//
//===----------------------------------------------------------------------===//
#ifndef KOPT_LIB_CODEGEN_FASTMATH_H
#define KOPT_LIB_CODEGEN_FASTMATH_H

#include "kopt/Codegen/Family.h"

#include "mlir/IR/BuiltinOps.h"

namespace kopt::codegen {

/// Rewrites the f32 ops (scalars, and vectors lane by lane) in the gpu.launch bodies of `module`
/// into PTX's approximate instructions, through NVVM intrinsics instead of libdevice's accurate
/// routines and IEEE division:
///   exp(x) -> ex2.approx.ftz(x * log2 e), exp2 -> ex2.approx.ftz,
///   log(x) -> lg2.approx.ftz(x) * ln 2, log2 -> lg2.approx.ftz, log1p(x) -> log(1 + x),
///   rsqrt and a / sqrt(b) -> rsqrt.approx.ftz (times a), sqrt -> sqrt.approx.ftz,
///   a / c by a constant -> a * (1 / c), other a / b -> div.approx.ftz,
///   tanh -> tanh.approx (sm_75 and later; earlier chips keep the accurate tanh).
/// Other ops (erf, f64) are left as they are.
void approximateTranscendentals(mlir::ModuleOp module, const Target &target);

/// `built`, approximated as above when `fastMath` holds: what a family's builder returns.
BuiltKernels withFastMath(BuiltKernels built, bool fastMath, const Target &target);

} // namespace kopt::codegen

#endif // KOPT_LIB_CODEGEN_FASTMATH_H
