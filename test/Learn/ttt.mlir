// Test-time training on rewards measured on an H200 (every decision list of the reduction space
// for a 4096 x 4096 row sum): deterministic, no GPU.
//
// Five steps of 32 rollouts: the policy sharpens (entropy falls every step), learns to avoid the
// one-thread-per-row schedules (0.13x eager) so fast_1 rises, and moves probability toward the
// fast decision lists: the expected speedup over the whole space rises.
// RUN: rm -rf %t && mkdir -p %t/steps
// RUN: kopt %reward-tasks/row-sum.mlir -o %t/out.mlir \
// RUN:   '--pass-pipeline=builtin.module(kb-ttt{steps=5 n=32 rewards=%rewards log=%t/log.jsonl save=%t/adapted.json save-steps=%t/steps})' \
// RUN:   2> %t/stderr
// RUN: FileCheck %s --check-prefix=STEPS < %t/stderr
// RUN: FileCheck %s --check-prefix=IR < %t/out.mlir
// RUN: %learning-checks entropy-falls %t/log.jsonl
// RUN: %learning-checks fast1-rises %t/log.jsonl
// RUN: kopt %reward-tasks/row-sum.mlir -o /dev/null \
// RUN:   '--pass-pipeline=builtin.module(kb-sample{exhaustive=true},kb-score,kb-export-measurements{file=%t/uniform.jsonl})'
// RUN: kopt %reward-tasks/row-sum.mlir -o /dev/null \
// RUN:   '--pass-pipeline=builtin.module(kb-sample{exhaustive=true},kb-score{policy=%t/adapted.json},kb-export-measurements{file=%t/adapted.jsonl})'
// RUN: %learning-checks expected-speedup-rises %rewards %t/uniform.jsonl %t/adapted.jsonl row_sum
// The policy saved with `save` is the one that drew the kept (last) step.
// RUN: cmp %t/adapted.json %t/steps/row_sum.step5.json

// STEPS: kb-ttt: row_sum step 1/5: fast_1 {{.*}}, entropy 1.269,
// STEPS: kb-ttt: row_sum step 5/5:

// The last step's 32 rollouts are the task's candidates, measured, repeats marked.
// IR: kb.task @row_sum
// IR-SAME: ttt = [{best_speedup = {{.*}}, step = 1 : i64}
// IR-SAME: ttt_chosen = 5 : i64
// IR: kb.candidate @row_sum_t5_0 of @row_sum policy decisions
// IR-SAME: verdict <correct
// IR-SAME: speedup
// IR-NOT: kb.candidate @row_sum_t4_
// IR: kb.candidate @row_sum_t5_31 of @row_sum

// Rollouts of the adapted policy run through the ordinary passes: selection picks among them.
// RUN: kopt %t/out.mlir -o - '--pass-pipeline=builtin.module(kb-select{strategy=oracle})' \
// RUN:   | FileCheck %s --check-prefix=SELECT
// SELECT: selected <"oracle", timed = 32>
