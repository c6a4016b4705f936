// RUN: rm -f %t.log
// RUN: kopt %s --pass-pipeline='builtin.module(kb-time{runner="%fake-runner --log %t.log" timeout=5 cache=none}, kb-select)' 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=WARN < %t.err
// RUN: FileCheck %s --check-prefix=LOG < %t.log
//
// Through a result cache, the second run times the faulty c0 again (and c3, whose crash left no
// result to keep) and reuses the others.
// RUN: rm -f %t.cache %t.log1 %t.log2
// RUN: kopt %s --pass-pipeline='builtin.module(kb-time{runner="%fake-runner --log %t.log1" timeout=5 cache=%t.cache}, kb-select)' 2>/dev/null | FileCheck %s
// RUN: kopt %s --pass-pipeline='builtin.module(kb-time{runner="%fake-runner --log %t.log2" timeout=5 cache=%t.cache}, kb-select)' 2>/dev/null | FileCheck %s
// RUN: FileCheck %s --check-prefix=AGAIN < %t.log2

// A timing that is below the physical limit (c0) or whose outputs are wrong (c1) gives no speedup:
// the candidate becomes incorrect, with a warning. One whose runner dies while timing (c3) gets
// the crash verdict. Each time, surprise-top3's three candidates are chosen again among the
// remaining correct ones, until all three are timed: c2, c4, c5.

kb.task @relu tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<4xf32> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<4xf32>
  kb.reference "return torch.relu(x)"
  kb.payload(%x: tensor<4xf32>, %out: tensor<4xf32>) {
    kb.yield %x : tensor<4xf32>
  }
}

// CHECK-LABEL: kb.candidate @c0
// CHECK-SAME:    verdict <incorrect, "evaluator fault: median 0.5 us is below the physical limit 1 us"> time <median = 0.5, {{.*}}>{{$}}
kb.candidate @c0 of @relu policy decisions {v = 0} logprob <sum = -4.0, count = 1>
    ptx "FAKE correct time=0.5 eager=300 fault"
    launch <[<"k", grid = [1, 1, 1], block = [4, 1, 1], smem = 0, args = ["x", "out"]>]> verdict <correct>
// CHECK-LABEL: kb.candidate @c1
// CHECK-SAME:    verdict <incorrect, "timed outputs wrong: the outputs of the timed runs were found incorrect"> time <median = 100.0, {{.*}}>{{$}}
kb.candidate @c1 of @relu policy decisions {v = 1} logprob <sum = -3.0, count = 1>
    ptx "FAKE correct time=100 eager=300 recheck=incorrect"
    launch <[<"k", grid = [1, 1, 1], block = [4, 1, 1], smem = 0, args = ["x", "out"]>]> verdict <correct>
// CHECK-LABEL: kb.candidate @c2
// CHECK-SAME:    verdict <correct> time <median = 150.0, {{.*}}> speedup 2.0{{$}}
kb.candidate @c2 of @relu policy decisions {v = 2} logprob <sum = -2.0, count = 1>
    ptx "FAKE correct time=150 eager=300"
    launch <[<"k", grid = [1, 1, 1], block = [4, 1, 1], smem = 0, args = ["x", "out"]>]> verdict <correct>
// CHECK-LABEL: kb.candidate @c3
// CHECK-SAME:    verdict <crash, "while timing: runner exited with status 3 without replying">{{$}}
kb.candidate @c3 of @relu policy decisions {v = 3} logprob <sum = -1.5, count = 1>
    ptx "FAKE correct time=100 eager=300 time-crash"
    launch <[<"k", grid = [1, 1, 1], block = [4, 1, 1], smem = 0, args = ["x", "out"]>]> verdict <correct>
// CHECK-LABEL: kb.candidate @c4
// CHECK-SAME:    verdict <correct> time <median = 250.0, {{.*}}> speedup 1.2{{$}}
kb.candidate @c4 of @relu policy decisions {v = 4} logprob <sum = -1.0, count = 1>
    ptx "FAKE correct time=250 eager=300"
    launch <[<"k", grid = [1, 1, 1], block = [4, 1, 1], smem = 0, args = ["x", "out"]>]> verdict <correct>
// CHECK-LABEL: kb.candidate @c5
// CHECK-SAME:    verdict <correct> time <median = 100.0, {{.*}}> speedup 3.0 selected <"surprise-top3", timed = 3>
kb.candidate @c5 of @relu policy decisions {v = 5} logprob <sum = -0.5, count = 1>
    ptx "FAKE correct time=100 eager=300"
    launch <[<"k", grid = [1, 1, 1], block = [4, 1, 1], smem = 0, args = ["x", "out"]>]> verdict <correct>
// CHECK-LABEL: kb.candidate @c6
// CHECK-SAME:    verdict <correct>{{$}}
kb.candidate @c6 of @relu policy decisions {v = 6} logprob <sum = -0.2, count = 1>
    ptx "FAKE correct time=80 eager=300"
    launch <[<"k", grid = [1, 1, 1], block = [4, 1, 1], smem = 0, args = ["x", "out"]>]> verdict <correct>

// WARN: time-faults.mlir:29:1: warning: candidate @c0 marked incorrect: evaluator fault: median 0.5 us is below the physical limit 1 us
// WARN: kb-time: relu 1/3 c0 incorrect (evaluator fault: {{.*}})
// WARN: time-faults.mlir:34:1: warning: candidate @c1 marked incorrect: timed outputs wrong: the outputs of the timed runs were found incorrect
// WARN: kb-time: relu 2/3 c1 incorrect (timed outputs wrong: {{.*}})
// WARN: kb-time: relu 3/3 c2 150.0 us, speedup 2.000
// WARN: time-faults.mlir:44:1: warning: candidate @c3: crash while timing: runner exited with status 3 without replying; no longer counted correct
// WARN: kb-time: relu 4/5 c3 crash (while timing: {{.*}})
// WARN: kb-time: relu 5/5 c4 250.0 us, speedup 1.200
// WARN: kb-time: relu 6/6 c5 100.0 us, speedup 3.000

// AGAIN:     hello
// AGAIN-NEXT: task relu
// AGAIN-NEXT: time relu c0
// AGAIN-NEXT: time relu c3
// AGAIN-NOT:  time

// LOG:      hello
// LOG-NEXT: task relu
// LOG-NEXT: time relu c0
// LOG-NEXT: time relu c1
// LOG-NEXT: time relu c2
// LOG-NEXT: time relu c3
// LOG-NEXT: hello
// LOG-NEXT: task relu
// LOG-NEXT: time relu c4
// LOG-NEXT: time relu c5
// LOG-NEXT: bye
