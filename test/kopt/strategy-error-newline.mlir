// RUN: (kopt --select=bon- %inputs/relu-recorded.mlir 2>&1; echo "exit=$?") | FileCheck %s
// RUN: (kopt --select=confidence-top0 %inputs/relu-recorded.mlir 2>&1; echo "exit=$?") | FileCheck %s --check-prefix=TOP0

// Every strategy error is one line, ended by a newline, with exit status 1.

// CHECK:      kopt: strategy 'bon-': K is required, e.g. bon-8{{$}}
// CHECK-NEXT: exit=1

// TOP0:      kopt: strategy 'confidence-top0': K must be a positive integer{{$}}
// TOP0-NEXT: exit=1
