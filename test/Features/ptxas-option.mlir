// RUN: not kopt %s --pass-pipeline='builtin.module(kb-tag-features{ptxas=/nonexistent/ptxas})' 2>&1 | FileCheck %s --check-prefix=OPTION
// RUN: env KOPT_PTXAS=/nonexistent/ptxas not kopt %s --pass-pipeline='builtin.module(kb-tag-features)' 2>&1 | FileCheck %s --check-prefix=ENV
// RUN: env KOPT_PTXAS=none kopt %s --pass-pipeline='builtin.module(kb-tag-features)' 2>&1 | FileCheck %s --check-prefix=OFF

// A ptxas that is named but not there is an error before anything is tagged; `none` turns ptxas
// off without a remark.

// OPTION: error: kb-tag-features: the ptxas option names '/nonexistent/ptxas', which is no executable ptxas (give its path, or `none` to tag without ptxas)
// ENV: error: kb-tag-features: $KOPT_PTXAS names '/nonexistent/ptxas', which is no executable ptxas
// OFF-NOT: remark
// OFF: kb.candidate @c of @t {{.*}} features {approx = 0 : i64, atomics = 0 : i64
// OFF-NOT: registers

kb.task @t tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<4xf32> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<4xf32>
  kb.reference "return x"
  kb.payload(%x: tensor<4xf32>, %out: tensor<4xf32>) {
    kb.yield %x : tensor<4xf32>
  }
}
kb.candidate @c of @t policy decisions {v = 0} ptx ".visible .entry k()\0A{\0A\09ret;\0A}\0A"
