// RUN: kopt --select=oracle --emit=json %inputs/relu-recorded.mlir 2>/dev/null | FileCheck %s --check-prefix=ORACLE
// RUN: kopt --select=surprise --emit=json %inputs/relu-recorded.mlir 2>/dev/null | FileCheck %s --check-prefix=SURPRISE
// RUN: kopt --select=confidence-top2 --emit=json %inputs/relu-recorded.mlir 2>/dev/null | FileCheck %s --check-prefix=CTOP2
// RUN: kopt --select=surprise-top5 --emit=json %inputs/relu-recorded.mlir 2>/dev/null | FileCheck %s --check-prefix=STOP5
// RUN: kopt --select=bon-4 --emit=json %inputs/relu-recorded.mlir 2>/dev/null | FileCheck %s --check-prefix=BON4
// RUN: kopt --select=bon-2 --emit=json %inputs/relu-recorded.mlir 2>/dev/null | FileCheck %s --check-prefix=BON2
// RUN: kopt --select=random --emit=json %inputs/relu-recorded.mlir 2>/dev/null | FileCheck %s --check-prefix=RANDOM

// Every strategy through the driver, on the recorded ReLU set (table in Inputs/relu-recorded.mlir;
// correct by ascending mean: c4 -2.0, c6 -1.8, c2 -1.6, c5 -1.1, c1 -0.5, c0 -0.3):
//   oracle:          c2 (3031.0), timed 6
//   surprise:        c4, timed 0, speedup 0.9977 -> no success
//   confidence-top2: {c0, c1} -> c1 (3046.0), timed 2
//   surprise-top5:   {c4, c6, c2, c5, c1} -> c2, timed 5
//   bon-4:           c0..c3, correct c0, c1, c2 -> c2, timed 3
//   bon-2:           c0, c1 -> c1, timed 2
//   random:          seed 0 -> c1, timed 0

// ORACLE:          "selected": "c2",
// ORACLE:          "strategy": "oracle",
// ORACLE-NEXT:     "success": true,
// ORACLE-NEXT:     "task": "relu",
// ORACLE-NEXT:     "timed": 6,

// SURPRISE:        "selected": "c4",
// SURPRISE-NEXT:   "speedup": 0.997{{(70+3?|7)}},
// SURPRISE-NEXT:   "strategy": "surprise",
// SURPRISE-NEXT:   "success": false,
// SURPRISE-NEXT:   "task": "relu",
// SURPRISE-NEXT:   "timed": 0,

// CTOP2:           "selected": "c1",
// CTOP2-NEXT:      "speedup": 1.0016,
// CTOP2-NEXT:      "strategy": "confidence-top2",
// CTOP2-NEXT:      "success": true,
// CTOP2-NEXT:      "task": "relu",
// CTOP2-NEXT:      "timed": 2,

// STOP5:           "selected": "c2",
// STOP5:           "strategy": "surprise-top5",
// STOP5:           "timed": 5,

// BON4:            "selected": "c2",
// BON4:            "strategy": "bon-4",
// BON4:            "timed": 3,

// BON2:            "selected": "c1",
// BON2:            "strategy": "bon-2",
// BON2:            "timed": 2,

// RANDOM:          "selected": "c1",
// RANDOM:          "strategy": "random",
// RANDOM:          "timed": 0,
