// RUN: sed 's/40\.0/1.0e308/' %S/Inputs/peaked-policy.json > %t.huge.json
// RUN: kopt %S/Inputs/relu-task.mlir --pass-pipeline='builtin.module(kb-sample{n=2 temperature=0.5 policy=%t.huge.json})' | kopt | FileCheck %s
// RUN: kopt %S/Inputs/relu-task.mlir --pass-pipeline='builtin.module(kb-sample{n=2 temperature=1.0e-310 policy=%S/Inputs/peaked-policy.json})' | kopt | FileCheck %s
// RUN: sed 's/40\.0/1.0e999/' %S/Inputs/peaked-policy.json > %t.inf.json
// RUN: not kopt %S/Inputs/relu-task.mlir --pass-pipeline='builtin.module(kb-sample{policy=%t.inf.json})' 2>&1 | FileCheck %s --check-prefix=INF
// RUN: not kopt %S/Inputs/relu-task.mlir --pass-pipeline='builtin.module(kb-sample{temperature=0.0})' 2>&1 | FileCheck %s --check-prefix=ZERO

// Finite weights give finite log-probs at any positive temperature, so that what kb-sample writes
// reads back: weights near the largest double, or a temperature near 0, make the policy greedy
// (every draw takes the peak, at log-prob 0), not NaN. A policy file whose weights are not finite
// (1e999 reads as infinity) is refused, as is a temperature that is not positive.

// CHECK:      kb.candidate @relu_s0 of @relu policy decisions {block = 1024 : i64, blocks_per_sm = 32 : i64, fast_math = true, grid_stride = true, per_thread = 8 : i64, vector = 4 : i64} logprob <sum = {{-?}}0.0, count = 6>{{$}}
// CHECK-NEXT: kb.candidate @relu_s1 of @relu policy decisions {block = 1024 : i64, blocks_per_sm = 32 : i64, fast_math = true, grid_stride = true, per_thread = 8 : i64, vector = 4 : i64} logprob <sum = {{-?}}0.0, count = 6> {duplicate_of = @relu_s0}

// INF: error: {{.*}}inf.json: policy: family 'elementwise', decision 'vector': weights must be finite numbers
// ZERO: error: kb-sample: temperature must be finite and > 0, got 0
