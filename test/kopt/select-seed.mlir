// RUN: kopt --select=random %inputs/relu-recorded.mlir 2>/dev/null | FileCheck %s
// RUN: kopt --select=random --seed=0 %inputs/relu-recorded.mlir 2>/dev/null | FileCheck %s
// RUN: kopt --select=random --seed=1 %inputs/relu-recorded.mlir 2>/dev/null | FileCheck %s --check-prefix=SEED1
// RUN: kopt --select=random --seed=2 %inputs/relu-recorded.mlir 2>/dev/null | FileCheck %s --check-prefix=SEED2
// RUN: kopt --select=random --seed=3 %inputs/relu-recorded.mlir 2>/dev/null | FileCheck %s --check-prefix=SEED3
// RUN: kopt --select=random --seed=2 %inputs/relu-recorded.mlir 2>/dev/null > %t.a
// RUN: kopt --select=random --seed=2 %inputs/relu-recorded.mlir 2>/dev/null > %t.b
// RUN: diff %t.a %t.b

// --seed seeds --select=random (default 0). The correct candidates of the recorded ReLU set are,
// in order, [c0, c1, c2, c4, c5, c6]; the pick is splitmix64(seed) mod 6:
//   seed 0: 16294208416658607535 mod 6 = 1 -> c1
//   seed 1: 10451216379200822465 mod 6 = 5 -> c6
//   seed 2: 10905525725756348110 mod 6 = 4 -> c5
//   seed 3:  2092789425003139053 mod 6 = 3 -> c4

// CHECK-NOT: selected
// CHECK:     kb.candidate @c1 of @relu {{.*}} selected <"random", timed = 0>{{$}}
// CHECK-NOT: selected

// SEED1-NOT: selected
// SEED1:     kb.candidate @c6 of @relu {{.*}} selected <"random", timed = 0>{{$}}
// SEED1-NOT: selected

// SEED2-NOT: selected
// SEED2:     kb.candidate @c5 of @relu {{.*}} selected <"random", timed = 0>{{$}}
// SEED2-NOT: selected

// SEED3-NOT: selected
// SEED3:     kb.candidate @c4 of @relu {{.*}} selected <"random", timed = 0>{{$}}
// SEED3-NOT: selected
