// RUN: cat %S/../../tasks/kernelbench/level1/047_Sum_reduction_over_a_dimension.mlir %S/../../tasks/kernelbench/level1/094_MSELoss.mlir %s > %t.in.mlir
// RUN: kopt %t.in.mlir --pass-pipeline='builtin.module(kb-lower-to-ptx,kb-verify{runner="%kopt_runner" timeout=300 cache=none})' 2>/dev/null | FileCheck %s --implicit-check-not=verdict
// RUN: kopt %S/../Codegen/reduction-split.mlir --pass-pipeline='builtin.module(kb-lower-to-ptx,kb-verify{runner="%kopt_runner" timeout=60 cache=none})' 2>/dev/null | FileCheck %s --check-prefix=SMALL --implicit-check-not=verdict
// RUN: kopt %S/../Codegen/Inputs/split-sum-tasks.mlir --pass-pipeline='builtin.module(kb-sample{n=16 seed=3 policy=uniform},kb-lower-to-ptx,kb-verify{runner="%kopt_runner" timeout=60 cache=none})' 2>/dev/null | FileCheck %s --check-prefix=SAMPLED
// RUN: cat %S/../Codegen/Inputs/global-reduction-tasks.mlir %S/../Codegen/global-reduction-atomic.mlir | kopt - --pass-pipeline='builtin.module(kb-lower-to-ptx,kb-verify{runner="%kopt_runner" timeout=60 cache=none})' 2>/dev/null | FileCheck %s --check-prefix=GLOBAL

// Split reductions, whose blocks add their partials with float atomics in no fixed order, are
// correct at KernelBench's tolerance (1e-4) on both input distributions of each task: the sum over
// dim 1 of 128 x 4096 x 4095 (problem 47) with the axis split over 2 and 16 blocks, and the MSE
// loss of two 32768 x 32768 tensors (problem 94) with every block adding into the scalar.
// Also 16 uniformly drawn candidates of each small sum of test/Codegen/Inputs/split-sum-tasks.mlir
// (split drawn among the others), and the hand-picked kernels of test/Codegen/reduction-split.mlir (a fallback to split = 1
// included: a max and a norm) and test/Codegen/global-reduction-atomic.mlir.

// CHECK: kb.candidate @sum47_split2 of @sum_reduction_over_a_dimension {{.*}}verdict <correct
kb.candidate @sum47_split2 of @sum_reduction_over_a_dimension policy decisions {threads_per_output = 16, block = 256, vector = 4, unroll = 4, split = 2}
// CHECK: kb.candidate @sum47_split16 of @sum_reduction_over_a_dimension {{.*}}verdict <correct
kb.candidate @sum47_split16 of @sum_reduction_over_a_dimension policy decisions {threads_per_output = 4, block = 128, vector = 1, unroll = 8, split = 16}
// CHECK: kb.candidate @mse94_atomic of @mse_loss {{.*}}verdict <correct
kb.candidate @mse94_atomic of @mse_loss policy decisions {block = 256, vector = 4, unroll = 4, blocks_per_sm = 4, atomic = true}
// CHECK: kb.candidate @mse94_atomic_wide of @mse_loss {{.*}}verdict <correct
kb.candidate @mse94_atomic_wide of @mse_loss policy decisions {block = 1024, vector = 4, unroll = 8, blocks_per_sm = 32, atomic = true}

// SMALL-COUNT-8: verdict <correct

// GLOBAL-COUNT-4: verdict <correct

// SAMPLED-COUNT-16: kb.candidate @strided_mean_s{{[0-9]+}} of @strided_mean {{.*}}verdict <correct
// SAMPLED-COUNT-16: kb.candidate @row_sum_s{{[0-9]+}} of @row_sum {{.*}}verdict <correct
