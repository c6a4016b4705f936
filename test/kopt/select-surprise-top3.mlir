// RUN: kopt --select=surprise-top3 %inputs/relu-recorded.mlir 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=NOTES < %t.err
// RUN: kopt --select=surprise-top3 %inputs/relu-recorded.mlir 2>/dev/null | grep -c "selected <" | FileCheck %s --check-prefix=COUNT
// RUN: kopt --select=surprise-top3 %inputs/relu-recorded.mlir > /dev/null 2>&1; echo "exit=$?" | FileCheck %s --check-prefix=EXIT
// `surprise-top` is surprise-top3.
// RUN: kopt --select=surprise-top %inputs/relu-recorded.mlir 2>/dev/null | FileCheck %s

// kopt --select on the README's recorded ReLU candidates (see Inputs/relu-recorded.mlir):
// everything the strategy needs is recorded, so kopt notes the stages it skips and selects. The 3
// most surprising correct candidates are c4 (-2.0), c6 (-1.8) and c2 (-1.6); c2 is the fastest of
// them (3031.0 us). Exactly one candidate is marked, having read 3 timings; nothing else changes.

// CHECK-LABEL: kb.task @relu origin <"KernelBench", level 1, problem 19> tolerance(atol 0.0001, rtol 0.0001) {
// CHECK:       kb.candidate @c0 of @relu policy decisions {block = 128 : i64, grid_stride = false, per_thread = 1 : i64, vector = 1 : i64} logprob <sum = -1.2, count = 4> verdict <correct> time <median = 3120.0, q1 = 3114.2, q3 = 3126.9, n = 31> speedup 0.978{{$}}
// CHECK-NEXT:  kb.candidate @c1 of @relu {{.*}} speedup 1.0016{{$}}
// CHECK-NEXT:  kb.candidate @c2 of @relu policy decisions {block = 512 : i64, grid_stride = false, per_thread = 8 : i64, vector = 4 : i64} logprob <sum = -6.4, count = 4> verdict <correct> time <median = 3031.0, q1 = 3027.5, q3 = 3036.8, n = 33> speedup 1.0066 selected <"surprise-top3", timed = 3>{{$}}
// CHECK-NEXT:  kb.candidate @c3 of @relu {{.*}} verdict <unwritten_output, "1024 output elements never written (the last partial block)">{{$}}
// CHECK-NEXT:  kb.candidate @c4 of @relu {{.*}} speedup 0.9977{{$}}
// CHECK-NEXT:  kb.candidate @c5 of @relu {{.*}} speedup 0.9564{{$}}
// CHECK-NEXT:  kb.candidate @c6 of @relu {{.*}} speedup 1.0036{{$}}
// CHECK-NEXT:  kb.candidate @c7 of @relu {{.*}} verdict <incorrect, "max abs error 0.73 at [63, 1023]">{{$}}
// CHECK-NEXT:  }

// NOTES:      kopt: 8 candidate(s) (kb-sample drew 64 from the base policy for each schedulable task that had none)
// NOTES-NEXT: kopt: kb-verify, kb-time: every candidate the strategy needs already carries its verdict and timing; using them
// NOTES-NOT:  {{.}}

// COUNT: {{^}}1{{$}}

// EXIT: exit=0
