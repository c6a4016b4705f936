// kopt interrupted, terminated or hung up ends its runner's process group (which Ctrl-C at the
// terminal does not reach) and then dies by the same signal: no runner is left holding a GPU.
// The runner here never answers hello, as one busy on its GPU.
//
// RUN: rm -f %t.term && %end-by-signal TERM %t.term -- %kopt-exe %s --pass-pipeline='builtin.module(kb-verify{runner="sh %S/Inputs/sleeping-runner.sh %t.term" timeout=120 cache=none})' | FileCheck %s --check-prefix=TERM
// TERM: kopt ended by SIGTERM
// TERM-NEXT: runner processes left: 0
//
// RUN: rm -f %t.int && %end-by-signal INT %t.int -- %kopt-exe %s --pass-pipeline='builtin.module(kb-verify{runner="sh %S/Inputs/sleeping-runner.sh %t.int" timeout=120 cache=none})' | FileCheck %s --check-prefix=INT
// INT: kopt ended by SIGINT
// INT-NEXT: runner processes left: 0
//
// RUN: rm -f %t.hup && %end-by-signal HUP %t.hup -- %kopt-exe %s --pass-pipeline='builtin.module(kb-verify{runner="sh %S/Inputs/sleeping-runner.sh %t.hup" timeout=120 cache=none})' | FileCheck %s --check-prefix=HUP
// HUP: kopt ended by SIGHUP
// HUP-NEXT: runner processes left: 0

kb.task @t tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<4xf32> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<4xf32>
  kb.reference "return x"
  kb.payload(%x: tensor<4xf32>, %out: tensor<4xf32>) {
    kb.yield %x : tensor<4xf32>
  }
}
kb.candidate @c0 of @t policy decisions {v = 1} ptx "FAKE correct"
    launch <[<"k", grid = [1, 1, 1], block = [4, 1, 1], smem = 0, args = ["x", "out"]>]>
