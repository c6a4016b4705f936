// RUN: cat %S/../Codegen/Inputs/normalization-tasks.mlir %S/../Codegen/Inputs/attention-task.mlir %S/../Codegen/Inputs/global-reduction-tasks.mlir %s | kopt - --pass-pipeline='builtin.module(kb-lower-to-ptx,kb-verify{runner="%kopt_runner" timeout=60 cache=none})' 2>/dev/null | FileCheck %s

// fast_math's approximate instructions are judged at the task's own tolerance: softmax,
// log-softmax, layer and RMS norm, attention and KL divergence stay within KernelBench's 1e-4 with
// ex2/lg2/rsqrt/div .approx (errors of 2^-22 and a few ulp). fast-math-tanh.mlir: one that does
// not.

// CHECK: kb.candidate @softmax_fast of @softmax {{.*}}verdict <correct
// CHECK: kb.candidate @log_softmax_fast of @log_softmax {{.*}}verdict <correct
// CHECK: kb.candidate @layer_norm_fast of @layer_norm {{.*}}verdict <correct
// CHECK: kb.candidate @rms_norm_fast of @rms_norm {{.*}}verdict <correct
// CHECK: kb.candidate @attention_fast of @attention_small {{.*}}verdict <correct
// CHECK: kb.candidate @kl_div_fast of @kl_div {{.*}}verdict <correct
kb.candidate @softmax_fast of @softmax policy decisions {fast_math = true}
kb.candidate @log_softmax_fast of @log_softmax policy decisions {fast_math = true}
kb.candidate @layer_norm_fast of @layer_norm policy decisions {fast_math = true}
kb.candidate @rms_norm_fast of @rms_norm policy decisions {fast_math = true}
kb.candidate @attention_fast of @attention_small policy decisions {fast_math = true}
kb.candidate @kl_div_fast of @kl_div policy decisions {fast_math = true}
