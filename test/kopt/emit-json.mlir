// RUN: kopt --select=surprise-top3 --emit=json %inputs/relu-recorded.mlir 2>/dev/null | FileCheck %s
// RUN: kopt --select=confidence --emit=json %inputs/relu-recorded.mlir 2>/dev/null | FileCheck %s --check-prefix=CONF
// RUN: kopt --select=surprise-top3 --emit=json %inputs/relu-recorded.mlir 2>&1 >/dev/null | FileCheck %s --check-prefix=NOTES
// RUN: kopt --select=surprise-top3 --emit=json %inputs/relu-recorded.mlir > /dev/null 2>&1; echo "exit=$?" | FileCheck %s --check-prefix=EXIT

// --emit=json prints one summary per task instead of the IR: the task, how many candidates it has
// and how their verdicts split, which candidate was selected by which strategy having read how
// many timings, its speedup, and whether it succeeds (correct and faster than eager: speedup > 1).
// Keys are sorted. The README's example: surprise-top3 picks c2 (speedup 1.0066, success), while
// confidence would pick c0, slower than eager (see Inputs/relu-recorded.mlir).
// (The speedup is matched loosely: kopt prints 17 significant digits; see json-float-format.mlir.)

// CHECK:      [
// CHECK-NEXT:   {
// CHECK-NEXT:     "candidates": 8,
// CHECK-NEXT:     "selected": "c2",
// CHECK-NEXT:     "speedup": 1.00{{(6599+8?|66)}},
// CHECK-NEXT:     "strategy": "surprise-top3",
// CHECK-NEXT:     "success": true,
// CHECK-NEXT:     "task": "relu",
// CHECK-NEXT:     "timed": 3,
// CHECK-NEXT:     "verdicts": {
// CHECK-NEXT:       "correct": 6,
// CHECK-NEXT:       "incorrect": 1,
// CHECK-NEXT:       "unwritten_output": 1
// CHECK-NEXT:     }
// CHECK-NEXT:   }
// CHECK-NEXT: ]
// CHECK-NOT:  kb.

// CONF:      "selected": "c0",
// CONF-NEXT: "speedup": 0.97{{(799+8?|8)}},
// CONF-NEXT: "strategy": "confidence",
// CONF-NEXT: "success": false,
// CONF-NEXT: "task": "relu",
// CONF-NEXT: "timed": 0,

// The notes still go to stderr.
// NOTES: kopt: 8 candidate(s) (kb-sample drew 64 from the base policy for each schedulable task that had none)

// EXIT: exit=0
