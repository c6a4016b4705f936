// RUN: rm -f %t.log %t.all.log
// RUN: kopt %s --pass-pipeline='builtin.module(kb-time{runner="%fake-runner --log %t.log" strategy=surprise-top3 timeout=5 cache=none}, kb-select{strategy=surprise-top3})' 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=LOG < %t.log
// RUN: FileCheck %s --check-prefix=PROGRESS < %t.err
// RUN: kopt %s --pass-pipeline='builtin.module(kb-time{runner="%fake-runner --log %t.all.log" strategy=all target=0.05 max-seconds=0.5 timeout=5 cache=none})' 2>/dev/null | FileCheck %s --check-prefix=ALL
// RUN: FileCheck %s --check-prefix=ALL-LOG < %t.all.log

// kb-time times only what the strategy reads: surprise-top3 reads the three correct candidates
// with the lowest mean log-prob (c4 -2.5, c1 -2.0, c3 -1.5), and speedup is eager over candidate.

kb.task @relu tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<4xf32> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<4xf32>
  kb.reference "return torch.relu(x)"
  kb.payload(%x: tensor<4xf32>, %out: tensor<4xf32>) {
    kb.yield %x : tensor<4xf32>
  }
}

// CHECK-LABEL: kb.candidate @c0
// CHECK-SAME:    verdict <correct>{{$}}
kb.candidate @c0 of @relu policy decisions {v = 0} logprob <sum = -0.5, count = 1>
    ptx "FAKE correct time=200 eager=300"
    launch <[<"k", grid = [1, 1, 1], block = [4, 1, 1], smem = 0, args = ["x", "out"]>]> verdict <correct>
// CHECK-LABEL: kb.candidate @c1
// CHECK-SAME:    verdict <correct> time <median = 150.0, q1 = 148.5, q3 = 151.5, n = 25> speedup 2.0{{$}}
kb.candidate @c1 of @relu policy decisions {v = 1} logprob <sum = -2.0, count = 1>
    ptx "FAKE correct time=150 eager=300"
    launch <[<"k", grid = [1, 1, 1], block = [4, 1, 1], smem = 0, args = ["x", "out"]>]> verdict <correct>
// CHECK-LABEL: kb.candidate @c2
// CHECK-SAME:    verdict <incorrect>{{$}}
kb.candidate @c2 of @relu policy decisions {v = 2} logprob <sum = -3.0, count = 1>
    ptx "FAKE incorrect time=50 eager=300"
    launch <[<"k", grid = [1, 1, 1], block = [4, 1, 1], smem = 0, args = ["x", "out"]>]> verdict <incorrect>
// CHECK-LABEL: kb.candidate @c3
// CHECK-SAME:    verdict <correct> time <median = 120.0, {{.*}}, n = 25> speedup 2.5 selected <"surprise-top3", timed = 3>
kb.candidate @c3 of @relu policy decisions {v = 3} logprob <sum = -1.5, count = 1>
    ptx "FAKE correct time=120 eager=300"
    launch <[<"k", grid = [1, 1, 1], block = [4, 1, 1], smem = 0, args = ["x", "out"]>]> verdict <correct>
// CHECK-LABEL: kb.candidate @c4
// CHECK-SAME:    verdict <correct> time <median = 400.0, {{.*}}> speedup 0.75{{$}}
kb.candidate @c4 of @relu policy decisions {v = 4} logprob <sum = -2.5, count = 1>
    ptx "FAKE correct time=400 eager=300"
    launch <[<"k", grid = [1, 1, 1], block = [4, 1, 1], smem = 0, args = ["x", "out"]>]> verdict <correct>
// CHECK-LABEL: kb.candidate @c5
// CHECK-SAME:    verdict <correct>{{$}}
kb.candidate @c5 of @relu policy decisions {v = 5} logprob <sum = -0.2, count = 1>
    ptx "FAKE correct time=100 eager=300"
    launch <[<"k", grid = [1, 1, 1], block = [4, 1, 1], smem = 0, args = ["x", "out"]>]> verdict <correct>

// LOG:      hello
// LOG-NEXT: task relu
// LOG-NEXT: time relu c1 target=0.01 max_seconds=2
// LOG-NEXT: time relu c3
// LOG-NEXT: time relu c4
// LOG-NEXT: bye

// PROGRESS:      kb-time: relu 1/3 c1 150.0 us, speedup 2.000
// PROGRESS-NEXT: kb-time: relu 2/3 c3 120.0 us, speedup 2.500
// PROGRESS-NEXT: kb-time: relu 3/3 c4 400.0 us, speedup 0.750

// With strategy=all, every correct candidate, with the request settings given.
// ALL: kb.candidate @c0 {{.*}} speedup 1.5{{$}}
// ALL: kb.candidate @c5 {{.*}} speedup 3.0{{$}}
// ALL-LOG:      hello
// ALL-LOG-NEXT: task relu
// ALL-LOG-NEXT: time relu c0 target=0.05 max_seconds=0.5
// ALL-LOG-NEXT: time relu c1
// ALL-LOG-NEXT: time relu c3
// ALL-LOG-NEXT: time relu c4
// ALL-LOG-NEXT: time relu c5
// ALL-LOG-NEXT: bye
