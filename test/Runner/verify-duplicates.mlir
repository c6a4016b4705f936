// RUN: rm -f %t.log
// RUN: kopt %s --pass-pipeline='builtin.module(kb-verify{runner="%fake-runner --log %t.log" timeout=2 cache=none}, kb-time{runner="%fake-runner --log %t.log" strategy=all timeout=2 cache=none})' 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=LOG < %t.log
// RUN: FileCheck %s --check-prefix=PROGRESS < %t.err

// c0 and c2 are one kernel (the same PTX and launch plan), as samples often are: without a
// cache, each pass runs it once and gives c2 c0's outcome. c1 has the same PTX launched
// differently, so it is a kernel of its own; so is c3, whose verification hangs (its duplicate
// c4 is not run again: it would hang as long).

kb.task @relu tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<4xf32> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<4xf32>
  kb.reference "return torch.relu(x)"
  kb.payload(%x: tensor<4xf32>, %out: tensor<4xf32>) {
    kb.yield %x : tensor<4xf32>
  }
}

// CHECK-LABEL: kb.candidate @c0
// CHECK-SAME:    verdict <correct> time <median = 150.0, {{.*}}> speedup 2.0{{$}}
kb.candidate @c0 of @relu policy decisions {v = 0}
    ptx "FAKE correct time=150 eager=300"
    launch <[<"k", grid = [1, 1, 1], block = [4, 1, 1], smem = 0, args = ["x", "out"]>]>
// CHECK-LABEL: kb.candidate @c1
// CHECK-SAME:    verdict <correct> time <median = 150.0, {{.*}}> speedup 2.0{{$}}
kb.candidate @c1 of @relu policy decisions {v = 1}
    ptx "FAKE correct time=150 eager=300"
    launch <[<"k", grid = [2, 1, 1], block = [4, 1, 1], smem = 0, args = ["x", "out"]>]>
// CHECK-LABEL: kb.candidate @c2
// CHECK-SAME:    verdict <correct> time <median = 150.0, {{.*}}> speedup 2.0{{$}}
kb.candidate @c2 of @relu policy decisions {v = 2}
    ptx "FAKE correct time=150 eager=300"
    launch <[<"k", grid = [1, 1, 1], block = [4, 1, 1], smem = 0, args = ["x", "out"]>]>
// CHECK-LABEL: kb.candidate @c3
// CHECK-SAME:    verdict <timeout
kb.candidate @c3 of @relu policy decisions {v = 3}
    ptx "FAKE hang"
    launch <[<"k", grid = [1, 1, 1], block = [4, 1, 1], smem = 0, args = ["x", "out"]>]>
// CHECK-LABEL: kb.candidate @c4
// CHECK-SAME:    verdict <timeout
kb.candidate @c4 of @relu policy decisions {v = 4}
    ptx "FAKE hang"
    launch <[<"k", grid = [1, 1, 1], block = [4, 1, 1], smem = 0, args = ["x", "out"]>]>

// LOG:     verify relu c0
// LOG-NEXT: verify relu c1
// LOG-NEXT: verify relu c3
// LOG-NOT: verify
// LOG:     time relu c0
// LOG-NEXT: time relu c1
// LOG-NOT: time relu

// PROGRESS: kb-verify: relu 3/5 c2 correct [same kernel as @c0]
// PROGRESS: kb-verify: relu 5/5 c4 timeout {{.*}}[same kernel as @c3]
// PROGRESS: kb-time: relu 3/3 c2 150.0 us, speedup 2.000 [same kernel as @c0]
