// RUN: kopt --select=oracle %s 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=NOTES < %t.err
// RUN: kopt --select=oracle --emit=json %s 2>/dev/null | FileCheck %s --check-prefix=JSON
// RUN: kopt --select=oracle %s > /dev/null 2>&1; echo "exit=$?" | FileCheck %s --check-prefix=EXIT

// A module without tasks: nothing to select, and nothing missing either (exit status 0).

// CHECK:      module {
// CHECK-NEXT: }

// NOTES: kopt: 0 candidate(s) (kb-sample drew 64 from the base policy for each schedulable task that had none)

// JSON: {{^}}[]{{$}}

// EXIT: exit=0
