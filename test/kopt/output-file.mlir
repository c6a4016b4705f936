// RUN: kopt --select=oracle %inputs/relu-recorded.mlir -o %t 2>%t.err | count 0
// RUN: FileCheck %s < %t
// RUN: FileCheck %s --check-prefix=NOTES < %t.err
// RUN: kopt --select=oracle --emit=json %inputs/relu-recorded.mlir -o %t.json 2>/dev/null | count 0
// RUN: FileCheck %s --check-prefix=JSON < %t.json
// The file written holds what stdout would have.
// RUN: kopt --select=oracle %inputs/relu-recorded.mlir 2>/dev/null > %t.stdout
// RUN: diff %t %t.stdout
// The output file is written even when kopt stops for want of a GPU (exit status 3).
// RUN: kopt --select=oracle %S/exit-needs-gpu.mlir -o %t.stopped > /dev/null 2>&1; echo "exit=$?" | FileCheck %s --check-prefix=EXIT3
// RUN: FileCheck %s --check-prefix=STOPPED < %t.stopped

// -o writes the result to a file instead of stdout; the notes still go to stderr.
// On the recorded ReLU set the oracle picks c2 (3031.0 us), having read all 6 correct timings.

// CHECK-LABEL: kb.task @relu
// CHECK-NOT:   selected
// CHECK:       kb.candidate @c2 of @relu {{.*}} speedup 1.0066 selected <"oracle", timed = 6>{{$}}
// CHECK-NOT:   selected

// NOTES: kopt: 8 candidate(s) (kb-sample drew 64 from the base policy for each schedulable task that had none)

// JSON: "selected": "c2",
// JSON: "strategy": "oracle",
// JSON: "timed": 6,

// EXIT3: exit=3
// STOPPED: kb.candidate @s3 of @relu
