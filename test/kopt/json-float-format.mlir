// RUN: kopt --select=surprise-top3 --emit=json %inputs/relu-recorded.mlir 2>/dev/null | FileCheck %s

// XFAIL: *
// BUG: --emit=json prints speedups with 17 significant digits (llvm::json's default), so the
// README's `"speedup": 1.0066` comes out as `"speedup": 1.0065999999999999` (and 0.978 as
// 0.97799999999999998), unlike the IR, which prints the shortest literal that reads back (1.0066).

// CHECK: "speedup": 1.0066,
