// RUN: kopt %S/../Codegen/Inputs/chain-tasks.mlir --pass-pipeline='builtin.module(kb-sample{n=16 seed=3 policy=uniform},kb-lower-to-ptx,kb-verify{runner="%kopt_runner" timeout=60 cache=none})' -o %t 2>/dev/null
// RUN: FileCheck %s < %t
// RUN: grep '@dw_separable_s' %t | %drop-direct-plain-tf32 | not grep -v 'verdict <correct'

// Sixteen uniformly drawn candidates of each small chained task are correct: a depthwise then
// pointwise convolution (fused, or through a scratch intermediate), cross-entropy (row max, row sum of
// exponentials, gathered target logits), triplet margin (two row norms, then the hinge's mean).
// The depthwise-then-pointwise task is the matmul family's (its fused kernel, or with `direct`
// the chain whose pointwise stage is a matmul kernel): those whose chosen builder is plain TF32
// (tf32 without split_tf32) round the operands to 10 mantissa bits, which the task's 1e-4 may
// reject: all 16 must be judged (correct or incorrect), and all but those correct
// (%drop-direct-plain-tf32).

// CHECK-COUNT-16: kb.candidate @dw_separable_s{{[0-9]+}} of @dw_separable {{.*}}verdict <{{correct|incorrect}}
// CHECK-COUNT-16: kb.candidate @cross_entropy_s{{[0-9]+}} of @cross_entropy {{.*}}verdict <correct
// CHECK-COUNT-16: kb.candidate @triplet_margin_s{{[0-9]+}} of @triplet_margin {{.*}}verdict <correct
