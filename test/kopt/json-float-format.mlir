// RUN: kopt --select=surprise-top3 --emit=json %inputs/relu-recorded.mlir 2>/dev/null | FileCheck %s

// --emit=json prints speedups as the IR does: the shortest decimal that reads back exactly.

// CHECK: "speedup": 1.0066,
