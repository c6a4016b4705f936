// A runner that cannot be found, started or understood is an error at the first candidate that
// needs it (@c0, line 28), and nothing is verified.
//
// RUN: not kopt %s --pass-pipeline='builtin.module(kb-verify{runner="%t.does-not-exist" timeout=5 cache=none})' 2>&1 | FileCheck %s --check-prefix=NOSTART
// NOSTART: runner-unavailable.mlir:28:1: error: kb-verify: cannot run candidate @c0: kopt-runner '{{.*}}does-not-exist' did not answer hello: runner exited with status 127 without replying
//
// RUN: not kopt %s --pass-pipeline='builtin.module(kb-verify{runner="%fake-runner --protocol 2" timeout=5 cache=none})' 2>&1 | FileCheck %s --check-prefix=VERSION
// VERSION: runner-unavailable.mlir:28:1: error: kb-verify: cannot run candidate @c0: kopt-runner '{{.*}}' speaks protocol version 2; this kopt speaks 1
//
// Nothing to say which runner, none beside kopt (a copy of it in an empty folder), none in PATH:
// RUN: rm -rf %t.bin && mkdir %t.bin && (ln -f %kopt-exe %t.bin/kopt || cp %kopt-exe %t.bin/kopt)
// RUN: not env -u KOPT_RUNNER PATH=%t.bin %t.bin/kopt %s --pass-pipeline='builtin.module(kb-verify{timeout=5 cache=none})' 2>&1 | FileCheck %s --check-prefix=NOTFOUND
// NOTFOUND: runner-unavailable.mlir:28:1: error: kb-verify needs kopt-runner to run candidate @c0 on a GPU, but no kopt-runner was found; give the command that starts one with --runner=CMD (the pass option runner="CMD"), e.g. --runner='ssh gpu1 kopt-runner', or set KOPT_RUNNER=CMD; kopt also looks for kopt-runner beside kopt and in PATH
//
// KOPT_RUNNER names it when the option does not:
// RUN: env KOPT_RUNNER="%fake-runner --log %t.env.log" kopt %s --pass-pipeline='builtin.module(kb-verify{timeout=5 cache=none})' 2>/dev/null | FileCheck %s --check-prefix=ENV
// ENV: kb.candidate @c0 {{.*}} verdict <correct>

kb.task @t tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<4xf32> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<4xf32>
  kb.reference "return x"
  kb.payload(%x: tensor<4xf32>, %out: tensor<4xf32>) {
    kb.yield %x : tensor<4xf32>
  }
}
kb.candidate @done of @t policy decisions {v = 0} verdict <correct>
kb.candidate @c0 of @t policy decisions {v = 1} ptx "FAKE correct"
    launch <[<"k", grid = [1, 1, 1], block = [4, 1, 1], smem = 0, args = ["x", "out"]>]>
