// RUN: kopt %S/../Codegen/Inputs/chain-tasks.mlir --pass-pipeline='builtin.module(kb-sample{n=16 seed=3 policy=uniform},kb-lower-to-ptx,kb-verify{runner="%kopt_runner" timeout=60 cache=none})' 2>/dev/null | FileCheck %s

// Sixteen uniformly drawn candidates of each small chained task are all correct: a depthwise
// then pointwise convolution through a scratch intermediate, cross-entropy (row max, row sum of
// exponentials, gathered target logits), triplet margin (two row norms, then the hinge's mean).

// CHECK-COUNT-16: kb.candidate @dw_separable_s{{[0-9]+}} of @dw_separable {{.*}}verdict <correct
// CHECK-COUNT-16: kb.candidate @cross_entropy_s{{[0-9]+}} of @cross_entropy {{.*}}verdict <correct
// CHECK-COUNT-16: kb.candidate @triplet_margin_s{{[0-9]+}} of @triplet_margin {{.*}}verdict <correct
