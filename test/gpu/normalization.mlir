// RUN: kopt %S/../Codegen/Inputs/normalization-tasks.mlir --pass-pipeline='builtin.module(kb-sample{n=16 seed=11 policy=uniform},kb-lower-to-ptx,kb-verify{runner="%kopt_runner" timeout=60 cache=none})' 2>/dev/null | FileCheck %s --implicit-check-not='verdict <incorrect' --implicit-check-not='verdict <crash' --implicit-check-not='verdict <compile_error' --implicit-check-not='verdict <launch_error' --implicit-check-not='verdict <timeout' --implicit-check-not='verdict <unwritten_output' --implicit-check-not='verdict <mutated_input'

// Every uniformly drawn candidate of the normalization family computes what the task's PyTorch
// reference does, on small softmax, log-softmax, L2, layer, batch, group, RMS (strided) and
// instance norm tasks: 16 decision lists each, across one- and two-pass statistics, register
// caching, thread, warp and block groups and vector widths.

// CHECK-COUNT-16: kb.candidate @softmax_{{.*}} verdict <correct
// CHECK-COUNT-16: kb.candidate @log_softmax_{{.*}} verdict <correct
// CHECK-COUNT-16: kb.candidate @l2_norm_{{.*}} verdict <correct
// CHECK-COUNT-16: kb.candidate @layer_norm_{{.*}} verdict <correct
// CHECK-COUNT-16: kb.candidate @batch_norm_{{.*}} verdict <correct
// CHECK-COUNT-16: kb.candidate @group_norm_{{.*}} verdict <correct
// CHECK-COUNT-16: kb.candidate @rms_norm_{{.*}} verdict <correct
// CHECK-COUNT-16: kb.candidate @instance_norm_{{.*}} verdict <correct
