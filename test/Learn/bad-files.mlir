// Files the learning passes read: a rewards table whose rewards a candidate cannot carry (a speedup
// of 0, a negative median) is one error naming its line, before anything is drawn or learnt, and
// nothing is written; a device or text nested too deep is refused.
// RUN: rm -rf %t && mkdir -p %t
// RUN: sed -e 's/"speedup":[0-9.e+-]*/"speedup":0/' %rewards > %t/zero.jsonl
// RUN: not kopt %reward-tasks/softsign.mlir -o /dev/null 2>&1 \
// RUN:   '--pass-pipeline=builtin.module(kb-train{steps=3 batch=1 group=4 split= rewards=%t/zero.jsonl out=%t/policy.json log=%t/log.jsonl})' \
// RUN:   | FileCheck %s --check-prefix=TRAIN --implicit-check-not=error: --implicit-check-not=step
// RUN: not ls %t/policy.json %t/log.jsonl
// TRAIN: error: kb-train: {{.*}}zero.jsonl:1: "speedup" must be finite and positive, got 0
//
// RUN: not kopt %reward-tasks/softsign.mlir -o /dev/null 2>&1 \
// RUN:   '--pass-pipeline=builtin.module(kb-ttt{steps=2 n=4 rewards=%t/zero.jsonl log=%t/ttt.jsonl})' \
// RUN:   | FileCheck %s --check-prefix=TTT --implicit-check-not=error: --implicit-check-not=step
// RUN: not ls %t/ttt.jsonl
// TTT: error: kb-ttt: {{.*}}zero.jsonl:1: "speedup" must be finite and positive, got 0
//
// kb-recorded-rewards reads the same table the same way.
// RUN: sed -e '2s/"median_us":[0-9.e+-]*/"median_us":-1/' %rewards > %t/negative.jsonl
// RUN: not kopt %reward-tasks/softsign.mlir -o /dev/null 2>&1 \
// RUN:   '--pass-pipeline=builtin.module(kb-sample{n=2},kb-recorded-rewards{table=%t/negative.jsonl})' \
// RUN:   | FileCheck %s --check-prefix=TABLE
// TABLE: error: kb-recorded-rewards: {{.*}}negative.jsonl:2: a timing needs finite "q1_us" <= "median_us" <= "q3_us", none negative, and "n" >= 1
//
// Nor is a rewards table a device, or nested deeper than any measurement.
// RUN: not kopt %reward-tasks/softsign.mlir -o /dev/null 2>&1 \
// RUN:   '--pass-pipeline=builtin.module(kb-train{steps=3 batch=1 group=4 split= rewards=/dev/zero out=%t/policy.json})' \
// RUN:   | FileCheck %s --check-prefix=ZERO
// ZERO: error: kb-train: cannot read '/dev/zero': not a regular file or a pipe
// RUN: %python -c "print('[' * 50000 + ']' * 50000)" > %t/deep.jsonl
// RUN: not kopt %reward-tasks/softsign.mlir -o /dev/null 2>&1 \
// RUN:   '--pass-pipeline=builtin.module(kb-train{steps=3 batch=1 group=4 split= rewards=%t/deep.jsonl out=%t/policy.json})' \
// RUN:   | FileCheck %s --check-prefix=DEEP
// DEEP: error: kb-train: {{.*}}deep.jsonl:1: not JSON: arrays and objects nested deeper than 256 levels (at byte 256)
//
// Policy files are read the same way.
// RUN: not kopt %reward-tasks/softsign.mlir -o /dev/null '--pass-pipeline=builtin.module(kb-sample{n=2 policy=/dev/zero})' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=POLICY-ZERO
// POLICY-ZERO: error: {{.*}}cannot read '/dev/zero': not a regular file or a pipe
// RUN: %python -c "print('{\"a\":' * 50000 + '1' + '}' * 50000)" > %t/deep-policy.json
// RUN: not kopt %reward-tasks/softsign.mlir -o /dev/null '--pass-pipeline=builtin.module(kb-sample{n=2 policy=%t/deep-policy.json})' 2>&1 \
// RUN:   | FileCheck %s --check-prefix=POLICY-DEEP
// POLICY-DEEP: error: {{.*}}deep-policy.json' is not JSON: arrays and objects nested deeper than 256 levels (at byte 1280)
