// RUN: cat %S/../../tasks/kernelbench/level1/022_Tanh.mlir %s | kopt - --pass-pipeline='builtin.module(kb-lower-to-ptx,kb-verify{runner="%kopt_runner" timeout=120 cache=none})' 2>/dev/null | FileCheck %s --check-prefix=KB
// RUN: sed 's/tolerance(atol 1.0e-4, rtol 1.0e-4)/tolerance(atol 1.0e-6, rtol 1.0e-6)/' %S/../../tasks/kernelbench/level1/022_Tanh.mlir | cat - %s | kopt - --pass-pipeline='builtin.module(kb-lower-to-ptx,kb-verify{runner="%kopt_runner" timeout=120 cache=none})' 2>/dev/null | FileCheck %s --check-prefix=TIGHT

// The tolerance decides, not the generator. tanh.approx.f32 (fast_math on sm_75 and later) is
// documented to err by up to 2^-11 relative; on the H200 over KernelBench's Tanh (problem 22,
// 4096 x 393216 elements, uniform and normal inputs) its largest error stays within KernelBench's
// 1e-4, so both kernels are correct there. At 1e-6 the approximation fails and the accurate
// kernel still passes.

// KB: kb.candidate @tanh_fast of @tanh {{.*}}verdict <correct
// KB: kb.candidate @tanh_accurate of @tanh {{.*}}verdict <correct
// TIGHT: kb.candidate @tanh_fast of @tanh {{.*}}verdict <incorrect
// TIGHT: kb.candidate @tanh_accurate of @tanh {{.*}}verdict <correct
kb.candidate @tanh_fast of @tanh policy decisions {fast_math = true}
kb.candidate @tanh_accurate of @tanh policy decisions {}
