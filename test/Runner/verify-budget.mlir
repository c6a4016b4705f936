// RUN: rm -f %t.log %t.again.log
// RUN: kopt %s -o %t.top2.mlir --pass-pipeline='builtin.module(kb-verify{runner="%fake-runner --log %t.log" timeout=2 cache=none top=2}, kb-time{runner="%fake-runner" strategy=oracle timeout=2 cache=none}, kb-select{strategy=oracle})' 2>%t.err
// RUN: FileCheck %s --check-prefix=TOP2 < %t.top2.mlir
// RUN: FileCheck %s --check-prefix=LOG < %t.log
// RUN: kopt %t.top2.mlir -o %t.top3.mlir --pass-pipeline='builtin.module(kb-verify{runner="%fake-runner --log %t.again.log" timeout=2 cache=none top=3})'
// RUN: FileCheck %s --check-prefix=TOP3 < %t.top3.mlir
// RUN: FileCheck %s --check-prefix=AGAIN < %t.again.log
// RUN: kopt %s -o - --pass-pipeline='builtin.module(kb-verify{runner="%fake-runner" timeout=2 cache=none top=1 by=surprise})' | FileCheck %s --check-prefix=SURPRISE
// RUN: kopt --select=oracle --emit=json %t.top2.mlir 2>/dev/null | FileCheck %s --check-prefix=JSON
// RUN: not kopt %s -o /dev/null --pass-pipeline='builtin.module(kb-verify{top=2 by=speed})' 2>&1 | FileCheck %s --check-prefix=BY
// RUN: sed 's/ predicted <0.9, 0.9>//' %s | not kopt -o /dev/null --pass-pipeline='builtin.module(kb-verify{runner="%fake-runner" top=2})' 2>&1 | FileCheck %s --check-prefix=UNPREDICTED

// A verification budget: top=2 runs only the two kernels with the highest predicted speedups
// (b, predicted 3.0, and c, 2.0) and c3, a copy of b, with them; the others are marked
// unverified, and the oracle chooses among what was run. A second kb-verify with top=3 takes up
// the next kernel (a, 1.0) and only it: the budget counts the kernels verified before.
//
//   cand  kernel  predicted  mean log-prob  fake verdict
//   c0    a       1.0        -1.0           correct, 100 us
//   c1    b       3.0        -0.5           correct, 150 us
//   c2    c       2.0        -0.2           incorrect
//   c3    b       0.5        -3.0           (the same kernel as c1)
//   c4    d       0.9        -2.0           correct, 50 us (the fastest: left out)

// TOP2-LABEL: kb.candidate @c0
// TOP2-SAME:    verdict <unverified, "not among the 2 most promising kernels by model (kb-verify top=2)">
// TOP2-LABEL: kb.candidate @c1
// TOP2-SAME:    verdict <correct> time {{.*}} selected <"oracle"
// TOP2-LABEL: kb.candidate @c2
// TOP2-SAME:    verdict <incorrect
// TOP2-LABEL: kb.candidate @c3
// TOP2-SAME:    verdict <correct>
// TOP2-LABEL: kb.candidate @c4
// TOP2-SAME:    verdict <unverified
// TOP2-NOT:     selected

// c3 gets c1's outcome without a run of its own.
// LOG:      verify relu c1
// LOG-NEXT: verify relu c2
// LOG-NOT:  verify

// TOP3-LABEL: kb.candidate @c0
// TOP3-SAME:    verdict <correct>
// TOP3-LABEL: kb.candidate @c4
// TOP3-SAME:    verdict <unverified, "not among the 3 most promising
// AGAIN:      verify relu c0
// AGAIN-NOT:  verify

// by=surprise ranks by the lowest mean log-prob: c3's kernel (b), with c1.
// SURPRISE-LABEL: kb.candidate @c0
// SURPRISE-SAME:    verdict <unverified, "not among the 1 most promising kernels by surprise
// SURPRISE-LABEL: kb.candidate @c1
// SURPRISE-SAME:    verdict <correct>
// SURPRISE-LABEL: kb.candidate @c2
// SURPRISE-SAME:    verdict <unverified
// SURPRISE-LABEL: kb.candidate @c3
// SURPRISE-SAME:    verdict <correct>

// The summary counts them among the verdicts.
// JSON:      "verdicts": {
// JSON-NEXT:   "correct": 2,
// JSON-NEXT:   "incorrect": 1,
// JSON-NEXT:   "unverified": 2

// BY: error: kb-verify: top must be 0 (all) or more, and by `model` or `surprise`, not top=2 by=speed
// UNPREDICTED: error: kb-verify by=model: candidate @c4 has no prediction (kb-predict first)

kb.task @relu tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<4xf32> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<4xf32>
  kb.reference "return torch.relu(x)"
  kb.payload(%x: tensor<4xf32>, %out: tensor<4xf32>) {
    kb.yield %x : tensor<4xf32>
  }
}

kb.candidate @c0 of @relu policy decisions {v = 0} logprob <sum = -1.0, count = 1>
    ptx "FAKE correct time=100 eager=300"
    launch <[<"k", grid = [1, 1, 1], block = [4, 1, 1], smem = 0, args = ["x", "out"]>]>
    predicted <1.0, 0.9>
kb.candidate @c1 of @relu policy decisions {v = 1} logprob <sum = -0.5, count = 1>
    ptx "FAKE correct time=150 eager=300"
    launch <[<"k", grid = [1, 1, 1], block = [4, 1, 1], smem = 0, args = ["x", "out"]>]>
    predicted <3.0, 0.9>
kb.candidate @c2 of @relu policy decisions {v = 2} logprob <sum = -0.2, count = 1>
    ptx "FAKE incorrect"
    launch <[<"k", grid = [1, 1, 1], block = [4, 1, 1], smem = 0, args = ["x", "out"]>]>
    predicted <2.0, 0.9>
kb.candidate @c3 of @relu policy decisions {v = 3} logprob <sum = -3.0, count = 1>
    ptx "FAKE correct time=150 eager=300"
    launch <[<"k", grid = [1, 1, 1], block = [4, 1, 1], smem = 0, args = ["x", "out"]>]>
    predicted <0.5, 0.9>
kb.candidate @c4 of @relu policy decisions {v = 4} logprob <sum = -2.0, count = 1>
    ptx "FAKE correct time=50 eager=300"
    launch <[<"k", grid = [1, 1, 1], block = [4, 1, 1], smem = 0, args = ["x", "out"]>]>
    predicted <0.9, 0.9>
