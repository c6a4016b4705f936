// RUN: rm -f %t.log %t.cache %t.log2
//
// With a runner that has a GPU, `kopt --select` verifies, times and selects.
// RUN: kopt --select=surprise-top3 --runner="%fake-runner --log %t.log" --cache=%t.cache %s 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=NOTES < %t.err
// RUN: FileCheck %s --check-prefix=LOG < %t.log
//
// A second run finds every result in the cache; the JSON summary says what was chosen.
// RUN: kopt --select=surprise-top3 --runner="%fake-runner --log %t.log2" --cache=%t.cache --emit=json %s 2>/dev/null | FileCheck %s --check-prefix=JSON
// RUN: FileCheck %s --check-prefix=LOG2 < %t.log2
//
// A pool of two runners: both are asked for their device first, then share the work.
// RUN: kopt --select=surprise-top3 --runners=2 --runner="%fake-runner --log %t.pool{gpu}.log" --no-cache %s 2>%t.pool.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=POOL < %t.pool.err
// RUN: sh -c 'kopt --select=surprise-top3 --runners=2 --runner="%fake-runner" --no-cache %s; echo "exit $?"' 2>&1 | FileCheck %s --check-prefix=POOL-NO-GPU
//
// A runner without a GPU: kopt stops before verification, with exit status 3.
// RUN: sh -c 'kopt --select=surprise-top3 --runner="%fake-runner --kind cpu" --no-cache %s; echo "exit $?"' 2>&1 | FileCheck %s --check-prefix=CPU
//
// No runner at all (a copy of kopt alone in a folder, nothing in PATH or KOPT_RUNNER): the same.
// RUN: rm -rf %t.bin && mkdir %t.bin && (ln -f %kopt-exe %t.bin/kopt || cp %kopt-exe %t.bin/kopt)
// RUN: env -u KOPT_RUNNER PATH=%t.bin /bin/sh -c '%t.bin/kopt --select=surprise-top3 %s; echo "exit $?"' 2>&1 | FileCheck %s --check-prefix=NONE
//
// --cache and --no-cache do not go together.
// RUN: not kopt --select=oracle --cache=%t.cache --no-cache %s 2>&1 | FileCheck %s --check-prefix=CONFLICT
//
// Recorded verdicts and timings need no runner: this one would fail to start, and is not started.
// RUN: kopt --select=surprise-top3 --runner=%t.does-not-exist %S/../../examples/relu-recorded.mlir 2>&1 | FileCheck %s --check-prefix=RECORDED

kb.task @relu tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<4xf32> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<4xf32>
  kb.reference "return torch.relu(x)"
  kb.payload(%x: tensor<4xf32>, %out: tensor<4xf32>) {
    kb.yield %x : tensor<4xf32>
  }
}
// CHECK: kb.candidate @c0 {{.*}} verdict <correct>{{$}}
kb.candidate @c0 of @relu policy decisions {v = 0} logprob <sum = -0.5, count = 1>
    ptx "FAKE correct time=200 eager=300"
    launch <[<"k", grid = [1, 1, 1], block = [4, 1, 1], smem = 0, args = ["x", "out"]>]>
// CHECK: kb.candidate @c1 {{.*}} verdict <correct> time <median = 150.0, {{.*}}> speedup 2.0{{$}}
kb.candidate @c1 of @relu policy decisions {v = 1} logprob <sum = -2.0, count = 1>
    ptx "FAKE correct time=150 eager=300"
    launch <[<"k", grid = [1, 1, 1], block = [4, 1, 1], smem = 0, args = ["x", "out"]>]>
// CHECK: kb.candidate @c2 {{.*}} verdict <incorrect, "max abs error 0.5 at [3]">{{$}}
kb.candidate @c2 of @relu policy decisions {v = 2} logprob <sum = -3.0, count = 1>
    ptx "FAKE incorrect"
    launch <[<"k", grid = [1, 1, 1], block = [4, 1, 1], smem = 0, args = ["x", "out"]>]>
// CHECK: kb.candidate @c3 {{.*}} verdict <correct> time <median = 120.0, {{.*}}> speedup 2.5 selected <"surprise-top3", timed = 3>
kb.candidate @c3 of @relu policy decisions {v = 3} logprob <sum = -1.5, count = 1>
    ptx "FAKE correct time=120 eager=300"
    launch <[<"k", grid = [1, 1, 1], block = [4, 1, 1], smem = 0, args = ["x", "out"]>]>
// CHECK: kb.candidate @c4 {{.*}} verdict <correct> time <median = 400.0, {{.*}}> speedup 0.75{{$}}
kb.candidate @c4 of @relu policy decisions {v = 4} logprob <sum = -2.5, count = 1>
    ptx "FAKE correct time=400 eager=300"
    launch <[<"k", grid = [1, 1, 1], block = [4, 1, 1], smem = 0, args = ["x", "out"]>]>
// CHECK: kb.candidate @c5 {{.*}} verdict <crash, "runner exited with status 3 without replying">
kb.candidate @c5 of @relu policy decisions {v = 5} logprob <sum = -4.0, count = 1>
    ptx "FAKE crash"
    launch <[<"k", grid = [1, 1, 1], block = [4, 1, 1], smem = 0, args = ["x", "out"]>]>

// NOTES:      kopt: 6 candidate(s) (kb-sample drew 64 from the base policy for each schedulable task that had none)
// NOTES-NEXT: kopt: kb-verify, kb-time: on FAKE-GPU through kopt-runner '{{.*}}fake-runner.py --log {{.*}}'
// NOTES-NEXT: kb-verify: relu 1/6 c0 correct
// NOTES:      kb-verify: relu 6/6 c5 crash
// NOTES-NEXT: kb-time: relu 1/3 c1 150.0 us, speedup 2.000

// LOG:      hello
// LOG-NEXT: task relu
// LOG-NEXT: verify relu c0
// LOG:      verify relu c5
// LOG-NEXT: hello
// LOG-NEXT: task relu
// LOG-NEXT: time relu c1
// LOG-NEXT: time relu c3
// LOG-NEXT: time relu c4
// LOG-NEXT: bye

// JSON-DAG: "selected": "c3"
// JSON-DAG: "speedup": 2.5
// JSON-DAG: "strategy": "surprise-top3"
// JSON-DAG: "success": true
// JSON-DAG: "timed": 3
// The crash is not cached, so it is asked again.
// LOG2:      hello
// LOG2-NEXT: task relu
// LOG2-NEXT: verify relu c5
// LOG2-NEXT: hello
// LOG2-NEXT: bye

// CPU: kopt: 6 candidate(s) need verification and 0 need timing for 'surprise-top3'; both run on a GPU through kopt-runner (kb-verify, kb-time). This needs a GPU, and kopt-runner '{{.*}}' has none (device 'FAKE-GPU', kind 'cpu'); point --runner=CMD or KOPT_RUNNER at a kopt-runner next to a GPU (e.g. --runner='ssh gpu1 kopt-runner'). Stopping before verification.
// CPU: exit 3

// POOL:      kopt: kb-verify, kb-time: on FAKE-GPU through kopt-runner '{{.*}}fake-runner.py --log {{.*}}pool0.log'
// POOL-NEXT: kopt: kb-verify, kb-time: on FAKE-GPU through kopt-runner '{{.*}}fake-runner.py --log {{.*}}pool1.log'
// POOL:      kb-verify runner {{[12]}}/2: relu 6/6 c5 crash

// POOL-NO-GPU: This needs a GPU, and the command of a pool of 2 runners needs {gpu} where each runner's GPU goes (0 to 1), else they all share one: '{{.*}}fake-runner.py'. Stopping before verification.
// POOL-NO-GPU: exit 3

// NONE: kopt: 6 candidate(s) need verification and 0 need timing for 'surprise-top3'; both run on a GPU through kopt-runner (kb-verify, kb-time). This needs a GPU, and no kopt-runner was found; give the command that starts one with --runner=CMD {{.*}} or set KOPT_RUNNER=CMD; {{.*}}. Stopping before verification.
// NONE: exit 3

// CONFLICT: kopt: --cache and --no-cache conflict

// RECORDED: kopt: kb-verify, kb-time: every candidate the strategy needs already carries its verdict and timing; using them
// RECORDED: selected <"surprise-top3", timed = 3>
