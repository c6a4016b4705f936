// RUN: kopt %S/../Codegen/Inputs/global-reduction-tasks.mlir --pass-pipeline='builtin.module(kb-sample{n=16 seed=3 policy=uniform},kb-lower-to-ptx,kb-verify{runner="%kopt_runner" timeout=60 cache=none})' 2>/dev/null | FileCheck %s

// Sixteen uniformly drawn candidates of each small global-reduction task are all correct: a mean
// of squared errors and a KL divergence (rank-0 outputs written through a pointer, partials in
// scratch, added in a fixed order), x / ||x|| (a third kernel reads the norm from scratch), and a
// hinge loss whose targets broadcast along rows.

// CHECK-COUNT-16: kb.candidate @mse_s{{[0-9]+}} of @mse {{.*}}verdict <correct
// CHECK-COUNT-16: kb.candidate @kl_div_s{{[0-9]+}} of @kl_div {{.*}}verdict <correct
// CHECK-COUNT-16: kb.candidate @frobenius_s{{[0-9]+}} of @frobenius {{.*}}verdict <correct
// CHECK-COUNT-16: kb.candidate @hinge_s{{[0-9]+}} of @hinge {{.*}}verdict <correct
