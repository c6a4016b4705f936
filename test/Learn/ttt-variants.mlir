// Best-of-Adaptation, early stop, and steps without signal, on rewards measured on an H200.
// RUN: rm -rf %t && mkdir -p %t

// With 8 rollouts a step, fast_1 goes 0.625, 0.75, 1.0, 0.75, 0.875 (seed 17):
// Best-of-Adaptation keeps step 3, the first with the best fast_1.
// RUN: kopt %reward-tasks/row-sum.mlir -o %t/boa.mlir 2>/dev/null \
// RUN:   '--pass-pipeline=builtin.module(kb-ttt{steps=5 n=8 seed=17 best-of-adaptation=true rewards=%rewards log=%t/boa.jsonl})'
// RUN: %learning-checks chosen-best %t/boa.jsonl
// RUN: FileCheck %s --check-prefix=BOA < %t/boa.mlir
// BOA: ttt_chosen = 3 : i64
// BOA: kb.candidate @row_sum_t3_0
// BOA-NOT: kb.candidate @row_sum_t{{[1245]}}_

// Early stop: the same run stops at step 4, the first fall, and keeps step 3.
// RUN: kopt %reward-tasks/row-sum.mlir -o %t/stop.mlir 2>/dev/null \
// RUN:   '--pass-pipeline=builtin.module(kb-ttt{steps=5 n=8 seed=17 early-stop=true rewards=%rewards log=%t/stop.jsonl})'
// RUN: %learning-checks chosen-early-stop %t/stop.jsonl
// RUN: FileCheck %s --check-prefix=STOP < %t/stop.mlir
// STOP: ttt_chosen = 3 : i64

// Rewards that are all equal carry no signal: every step leaves the policy as it was (the uniform
// prior: mean entropy ln(7200)/7 = 1.269 and surprisal the same, every step), and the saved policy
// scores every decision list as the uniform one does.
// RUN: sed -e 's/"speedup":[0-9.e-]*/"speedup":1.5/' %rewards > %t/flat.jsonl
// RUN: kopt %reward-tasks/row-sum.mlir -o /dev/null \
// RUN:   '--pass-pipeline=builtin.module(kb-ttt{steps=3 n=16 rewards=%t/flat.jsonl save=%t/flat-policy.json})' \
// RUN:   2>&1 | FileCheck %s --check-prefix=FLAT
// The table predates the fast_math and split decisions: it stands for every value of them, once.
// FLAT: warning: kb-recorded-rewards: '{{.*}}flat.jsonl' records no fast_math, split for @row_sum: its outcomes stand for every value of them
// FLAT-NOT: warning
// FLAT: step 1/3: fast_1 1.000, correct 1.000, best 1.500x, {{[0-9]+}} distinct, entropy 1.269, surprisal 1.269
// FLAT: step 2/3: fast_1 1.000, correct 1.000, best 1.500x, {{[0-9]+}} distinct, entropy 1.269, surprisal 1.269
// FLAT: step 3/3: fast_1 1.000, correct 1.000, best 1.500x, {{[0-9]+}} distinct, entropy 1.269, surprisal 1.269
// RUN: kopt %reward-tasks/row-sum.mlir -o - \
// RUN:   '--pass-pipeline=builtin.module(kb-sample{n=3 policy=%t/flat-policy.json})' | FileCheck %s --check-prefix=UNIFORM
// UNIFORM-COUNT-3: logprob <sum = -8.881836305004146, count = 7>

// Tasks kopt cannot schedule are left alone with a warning; bad options are errors.
// RUN: kopt %s -o /dev/null '--pass-pipeline=builtin.module(kb-ttt{rewards=%rewards})' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOSPACE
// NOSPACE: warning: kb-ttt: @no_fill is not adapted, kopt cannot schedule its payload
// RUN: not kopt %reward-tasks/row-sum.mlir -o /dev/null \
// RUN:   '--pass-pipeline=builtin.module(kb-ttt{steps=0 rewards=%rewards})' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BADOPT
// BADOPT: error: kb-ttt: steps, n, lr and temperature must be positive
// RUN: not kopt %reward-tasks/row-sum.mlir -o /dev/null \
// RUN:   '--pass-pipeline=builtin.module(kb-ttt{entropy=-1 rewards=%rewards})' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=BADENTROPY
// BADENTROPY: error: kb-ttt: steps, n, lr and temperature must be positive, and entropy at least 0
// RUN: not kopt %reward-tasks/softsign.mlir -o /dev/null \
// RUN:   '--pass-pipeline=builtin.module(kb-ttt{steps=1 n=2 rewards=%t/missing.jsonl})' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NOTABLE
// NOTABLE: error: kb-ttt: cannot read '{{.*}}missing.jsonl': No such file or directory

// A row sum into its output, with no fill to start from: no family takes it.
kb.task @no_fill tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<4x16xf32> dist(uniform(0.0, 1.0), uniform(0.0, 1.0))
  kb.output "out" : tensor<4xf32>
  kb.reference "return torch.sum(x, 1)"
  kb.payload(%x: tensor<4x16xf32>, %out: tensor<4xf32>) {
    %sum = linalg.reduce ins(%x : tensor<4x16xf32>) outs(%out : tensor<4xf32>) dimensions = [1]
      (%v: f32, %a: f32) {
        %s = arith.addf %v, %a : f32
        linalg.yield %s : f32
      }
    kb.yield %sum : tensor<4xf32>
  }
}
