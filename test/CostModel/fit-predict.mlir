// REQUIRES: xgboost
// A cost model fitted on rewards an H200 measured (results/rewards-h200) for 64 sampled candidates
// of each of two tasks, then applied to the same candidates: every one gets a prediction, the
// model strategies select with it, and fitting again gives the same bytes.
// RUN: rm -rf %t && mkdir -p %t
// RUN: cat %reward-tasks/softsign.mlir %reward-tasks/row-sum.mlir > %t/tasks.mlir
// RUN: kopt %t/tasks.mlir -o %t/measured.mlir 2>/dev/null \
// RUN:   '--pass-pipeline=builtin.module(kb-sample{n=64 seed=1 policy=uniform},kb-lower-to-ptx,kb-tag-features{ptxas=none},kb-recorded-rewards{table=%rewards})'
// RUN: kopt %t/measured.mlir -o /dev/null '--pass-pipeline=builtin.module(kb-fit-cost-model{out=%t/model.json rounds=30})' 2>&1 | FileCheck %s --check-prefix=FIT
// RUN: kopt %t/measured.mlir -o /dev/null '--pass-pipeline=builtin.module(kb-fit-cost-model{out=%t/again.json rounds=30})' 2>/dev/null
// RUN: cmp %t/model.json %t/again.json
// RUN: kopt %t/measured.mlir '--pass-pipeline=builtin.module(kb-predict{model=%t/model.json},kb-select{strategy=model-top3})' -o %t/predicted.mlir
// RUN: FileCheck %s --check-prefix=PREDICT < %t/predicted.mlir
// RUN: grep -c "predicted <" %t/predicted.mlir | FileCheck %s --check-prefix=COUNT
// RUN: kopt %t/predicted.mlir -o /dev/null '--pass-pipeline=builtin.module(kb-export-measurements{file=%t/out.jsonl})'
// RUN: FileCheck %s --check-prefix=JSON < %t/out.jsonl

// FIT: kb-fit-cost-model: 128 candidates of 2 tasks, {{[0-9]+}} features -> {{.*}}model.json
// PREDICT: kb.candidate @softsign_s0 of @softsign policy decisions {{.*}} features {{.*}} predicted <{{[0-9.e+-]+}}, {{[0-9.e+-]+}}> verdict <correct
// PREDICT: selected <"model-top3", timed = 3>
// PREDICT: selected <"model-top3", timed = 3>
// COUNT: 128
// JSON: "predicted_p_correct":{{[0-9.e+-]+}},"predicted_speedup":{{[0-9.e+-]+}}

// kopt --select with a cost model predicts for the candidates it draws (kb-predict after
// kb-tag-features), then stops before verification on this machine without a GPU.
// RUN: not kopt --select=model-top3 --cost-model=%t/model.json --samples=4 --policy=uniform %reward-tasks/softsign.mlir 2>/dev/null | grep -c "predicted <" | FileCheck %s --check-prefix=SELECT
// SELECT: 4

// Errors: no output file, a missing model, an evaluation task.
// RUN: not kopt %t/measured.mlir -o /dev/null '--pass-pipeline=builtin.module(kb-fit-cost-model)' 2>&1 | FileCheck %s --check-prefix=NOOUT
// NOOUT: error: kb-fit-cost-model: `out` must name the model file to write
// RUN: not kopt %t/measured.mlir -o /dev/null '--pass-pipeline=builtin.module(kb-predict{model=%t/missing.json})' 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: error: kb-predict: cost model: cannot read '{{.*}}missing.json'
// RUN: sed 's/^\( *kb.task @softsign .*\) {$/\1 attributes {split = "eval"} {/' %t/measured.mlir > %t/eval.mlir
// RUN: not kopt %t/eval.mlir -o /dev/null '--pass-pipeline=builtin.module(kb-fit-cost-model{out=%t/eval.json})' 2>&1 | FileCheck %s --check-prefix=EVAL
// EVAL: error: kb-fit-cost-model: @softsign is an evaluation task (split = "eval"); a model fitted on it cannot be judged on it (allow-eval=true fits on it anyway)
// RUN: kopt %t/eval.mlir -o /dev/null '--pass-pipeline=builtin.module(kb-fit-cost-model{out=%t/eval.json rounds=5 allow-eval=true})'

// `exclude` leaves tasks out: here the evaluation task, so no allow-eval is needed; a name that
// is no task is an error.
// RUN: kopt %t/eval.mlir -o /dev/null '--pass-pipeline=builtin.module(kb-fit-cost-model{out=%t/fold.json rounds=5 exclude=softsign})' 2>&1 | FileCheck %s --check-prefix=FOLD
// FOLD: kb-fit-cost-model: 64 candidates of 1 tasks
// RUN: not kopt %t/eval.mlir -o /dev/null '--pass-pipeline=builtin.module(kb-fit-cost-model{out=%t/fold.json exclude=softsign,nosuch})' 2>&1 | FileCheck %s --check-prefix=NOSUCH
// NOSUCH: error: kb-fit-cost-model: `exclude` names @nosuch, which is no task with candidates here

// --select=model without a cost model, on candidates without predictions, stops before any GPU
// work; a model whose feature list does not match its boosters is refused at load.
// RUN: not kopt --select=model --samples=4 --policy=uniform %reward-tasks/softsign.mlir -o /dev/null 2>&1 | FileCheck %s --check-prefix=NOMODEL
// NOMODEL: kopt: --select=model ranks by predicted speedups, and candidates here have none: give --cost-model=FILE (a model from kb-fit-cost-model)
// RUN: python3 -c "import json,sys; m=json.load(open(sys.argv[1])); m['features'].pop(); json.dump(m, open(sys.argv[2], 'w'))" %t/model.json %t/short.json
// RUN: not kopt %t/measured.mlir -o /dev/null '--pass-pipeline=builtin.module(kb-predict{model=%t/short.json})' 2>&1 | FileCheck %s --check-prefix=SHORT
// SHORT: error: kb-predict: cost model: the "speedup" model reads {{[0-9]+}} features, and "features" names {{[0-9]+}}
