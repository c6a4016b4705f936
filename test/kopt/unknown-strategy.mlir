// RUN: kopt --select=fastest %inputs/relu-recorded.mlir > /dev/null 2>&1; echo "exit=$?" | FileCheck %s --check-prefix=EXIT
// RUN: kopt --select=surprise-top0 %inputs/relu-recorded.mlir > /dev/null 2>&1; echo "exit=$?" | FileCheck %s --check-prefix=EXIT
// RUN: not kopt --select=fastest %inputs/relu-recorded.mlir 2>&1 | FileCheck %s
// RUN: not kopt --select=surprise-top0 %inputs/relu-recorded.mlir 2>&1 | FileCheck %s --check-prefix=BADK
// Nothing is printed on stdout, and the input is not even read.
// RUN: not kopt --select=fastest %inputs/relu-recorded.mlir 2>/dev/null | count 0
// RUN: not kopt --select=fastest %t.does-not-exist 2>&1 | FileCheck %s

// Exit status 1 and a clear error for an unknown strategy, listing the valid ones.

// EXIT: exit=1

// CHECK:      kopt: unknown selection strategy 'fastest'; expected one of:
// CHECK-NEXT:   oracle
// CHECK-NEXT:   random
// CHECK-NEXT:   confidence
// CHECK-NEXT:   surprise
// CHECK-NEXT:   surprise-topK
// CHECK-NEXT:   confidence-topK
// CHECK-NEXT:   model
// CHECK-NEXT:   model-topK
// CHECK-NEXT:   bon-K {{.*}}{{$}}
// CHECK-NOT:  {{.}}

// BADK: kopt: strategy 'surprise-top0': K must be a positive integer
// BADK-NOT: kb.task
