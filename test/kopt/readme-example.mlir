// RUN: kopt --select=surprise-top3 %S/../../examples/relu-recorded.mlir 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=NOTES < %t.err
// RUN: kopt --select=surprise-top3 --emit=json %S/../../examples/relu-recorded.mlir 2>/dev/null | FileCheck %s --check-prefix=JSON
// RUN: kopt --select=confidence --emit=json %S/../../examples/relu-recorded.mlir 2>/dev/null | FileCheck %s --check-prefix=CONF

// The README's example, on examples/relu-recorded.mlir itself: surprise-top3 reads three timings
// (c4, c6, c2, the three correct candidates with the lowest mean log-prob) and chooses the fastest
// of them, c2, which beats eager; confidence would have chosen c0, which is slower than eager.

// NOTES: kopt: 8 candidate(s) (kb-sample drew 64 from the base policy for each schedulable task that had none)

// CHECK-LABEL: kb.task @relu origin <"KernelBench", level 1, problem 19>
// CHECK-SAME:    {
// CHECK-NEXT:    kb.input "x" : tensor<4096x393216xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
// CHECK-NOT:   selected
// CHECK:       kb.candidate @c2 of @relu policy decisions {{{.*}}} logprob <sum = -6.4, count = 4> verdict <correct> time <median = 3031.0, q1 = 3027.5, q3 = 3036.8, n = 33> speedup 1.0066 selected <"surprise-top3", timed = 3>{{$}}
// CHECK-NOT:   selected

// JSON:      "candidates": 8,
// JSON-NEXT: "selected": "c2",
// JSON-NEXT: "speedup": 1.00{{(6599+8?|66)}},
// JSON-NEXT: "strategy": "surprise-top3",
// JSON-NEXT: "success": true,
// JSON-NEXT: "task": "relu",
// JSON-NEXT: "timed": 3,
// JSON-NEXT: "verdicts": {
// JSON-NEXT:   "correct": 6,

// CONF:      "selected": "c0",
// CONF:      "success": false,
