// RUN: not kopt %s --pass-pipeline='builtin.module(kb-sample{temperature=0.0})' 2>&1 | FileCheck %s --check-prefix=MODULE --implicit-check-not='see current operation'
// RUN: not kopt %s --pass-pipeline='builtin.module(kb-sample{temperature=0.0})' 2>&1 | count 1
// RUN: not kopt %s --pass-pipeline='builtin.module(kb-select{strategy=surprise})' 2>&1 | FileCheck %s --check-prefix=CANDIDATE --implicit-check-not='see current operation'
// RUN: not kopt %s --pass-pipeline='builtin.module(kb-sample{temperature=0.0})' --mlir-print-op-on-diagnostic 2>&1 | FileCheck %s --check-prefix=ASKED

// A diagnostic is its location and its reason: the op it is located at is not printed as a note
// (MLIR's default), which for an error at the module printed the whole module, PTX included, and
// for one at a candidate its PTX. --mlir-print-op-on-diagnostic asks for it.

// MODULE: diagnostic-no-op-dump.mlir:0:0: error: kb-sample: temperature must be finite and > 0, got 0
// CANDIDATE: diagnostic-no-op-dump.mlir:[[# @LINE + 12]]:1: error: candidate @c has no log-probabilities; 'surprise' ranks by them
// ASKED: error: kb-sample: temperature must be finite and > 0, got 0
// ASKED: note: see current operation:

kb.task @t tolerance(atol 0.0, rtol 0.0) {
  kb.input "x" : tensor<4xf32> dist(normal(0.0, 1.0))
  kb.output "y" : tensor<4xf32>
  kb.reference "return x"
  kb.payload(%x: tensor<4xf32>, %y: tensor<4xf32>) {
    kb.yield %x : tensor<4xf32>
  }
}
kb.candidate @c of @t manual source "k" ptx "// a long PTX text, not to be printed with the error" launch <[<"k", grid = [1, 1, 1], block = [4, 1, 1], smem = 0, args = ["x", "y"]>]> verdict <correct> time <median = 1.0, q1 = 1.0, q3 = 1.0, n = 3> speedup 1.0
