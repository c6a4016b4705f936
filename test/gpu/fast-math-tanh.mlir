// RUN: cat %S/../../tasks/kernelbench/level1/022_Tanh.mlir %s | kopt - --pass-pipeline='builtin.module(kb-lower-to-ptx,kb-verify{runner="%kopt_runner" timeout=120 cache=none})' 2>/dev/null | FileCheck %s --check-prefix=STRICT
// RUN: cat %S/../../tasks/kernelbench/level1/022_Tanh.mlir %s | kopt - --pass-pipeline='builtin.module(kb-set-tolerance{preset=loose},kb-lower-to-ptx,kb-verify{runner="%kopt_runner" timeout=120 cache=none})' 2>/dev/null | FileCheck %s --check-prefix=LOOSE

// The tolerance decides, not the generator: tanh.approx.f32 (fast_math on sm_75 and later) has a
// relative error of up to 2^-11, about 4.9e-4, beyond KernelBench's atol + rtol * |y| = 1e-4 *
// (1 + |y|) wherever |tanh x| exceeds about 0.26: on KernelBench's Tanh (problem 22, 4096 x
// 393216 elements, uniform and normal inputs) the fast-math kernel is `incorrect` at the task's
// 1e-4 and `correct` at 1e-2 (kb-set-tolerance{preset=loose}); the accurate one is correct at both.

// STRICT: kb.candidate @tanh_fast of @tanh {{.*}}verdict <incorrect
// STRICT: kb.candidate @tanh_accurate of @tanh {{.*}}verdict <correct
// LOOSE: kb.candidate @tanh_fast of @tanh {{.*}}verdict <correct
// LOOSE: kb.candidate @tanh_accurate of @tanh {{.*}}verdict <correct
kb.candidate @tanh_fast of @tanh policy decisions {fast_math = true}
kb.candidate @tanh_accurate of @tanh policy decisions {}
