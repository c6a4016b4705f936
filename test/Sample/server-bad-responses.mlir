// REQUIRES: curl
// Servers that answer too much, too little, too deep or "later": kb-sample-server bounds what it
// takes and leaves no record of a run that fails.
// RUN: rm -rf %t && mkdir -p %t
//
// Retry-After on 429 is honoured (2 s, where the backoff would wait 0.5 s).
// RUN: cat %S/Inputs/relu-task.mlir %s | %fake-openai --script %S/Inputs/server/retry-after.json --port-file %t/port --log %t/retry.log -- kopt - '--pass-pipeline=builtin.module(kb-sample-server{url=http://127.0.0.1:{PORT} model=fake-coder n=2 retries=1})' | FileCheck %s --check-prefix=RETRIED
// RUN: FileCheck %s --check-prefix=RETRY-LOG < %t/retry.log
// RETRIED: kb.candidate @relu_s0 of @relu server
// RETRY-LOG:      POST /v1/chat/completions {{.*}} waited=0
// RETRY-LOG-NEXT: POST /v1/chat/completions {{.*}} waited={{[2-9]}}
//
// 1,000 choices where n=2 were asked for: the first two.
// RUN: cat %S/Inputs/relu-task.mlir %s | %fake-openai --script %S/Inputs/server/many-choices.json --port-file %t/port -- kopt - '--pass-pipeline=builtin.module(kb-sample-server{url=http://127.0.0.1:{PORT} model=fake-coder n=2})' | FileCheck %s --check-prefix=TWO
// TWO:      kb.candidate @relu_s0 of @relu server source "answer 0"
// TWO-NEXT: kb.candidate @relu_s1 of @relu server source "answer 1"
// TWO-NOT:  kb.candidate
//
// A choice with null or absent content is an empty answer, not a failed task.
// RUN: cat %S/Inputs/relu-task.mlir %s | %fake-openai --script %S/Inputs/server/null-content.json --port-file %t/port -- kopt - '--pass-pipeline=builtin.module(kb-sample-server{url=http://127.0.0.1:{PORT} model=fake-coder n=3})' | FileCheck %s --check-prefix=NULL
// NULL:      kb.candidate @relu_s0 of @relu server source "// kopt-launch: relu {{.*}}" logprob <sum = -0.5, count = 1>{{$}}
// NULL-NEXT: kb.candidate @relu_s1 of @relu server source "// (empty sample)\0A" verdict <parse_error, "no code block and no __global__ function in the sample's text">{{$}}
// NULL-NEXT: kb.candidate @relu_s2 of @relu server source "// (empty sample)\0A" verdict <parse_error, "no code block and no __global__ function in the sample's text">{{$}}
//
// A response nested 50,000 deep is a located error, not a stack overflow.
// RUN: %python -c "import json; print(json.dumps({'responses': [{'status': 200, 'raw': '[' * 50000 + ']' * 50000}]}))" > %t/deep.json
// RUN: cat %S/Inputs/relu-task.mlir %s | not %fake-openai --script %t/deep.json --port-file %t/port -- kopt - '--pass-pipeline=builtin.module(kb-sample-server{url=http://127.0.0.1:{PORT} model=fake-coder n=2})' 2>&1 | FileCheck %s --check-prefix=DEEP
// DEEP: <stdin>:2:1: error: kb-sample-server: task @relu: malformed JSON in the response: arrays and objects nested deeper than 256 levels (at byte 256)
//
// A run that fails after its samples came (here: log-probs whose sum is -inf) leaves the record
// as it was; one that succeeds replaces it whole.
// RUN: echo '{"task": "relu", "text": "an older run"}' > %t/record.jsonl
// RUN: cat %S/Inputs/relu-task.mlir %s | not %fake-openai --script %S/Inputs/server/infinite-logprob.json --port-file %t/port -- kopt - '--pass-pipeline=builtin.module(kb-sample-server{url=http://127.0.0.1:{PORT} model=fake-coder n=1 record=%t/record.jsonl})' 2>&1 | FileCheck %s --check-prefix=INF
// RUN: FileCheck %s --check-prefix=OLD < %t/record.jsonl
// RUN: cat %S/Inputs/relu-task.mlir %s | %fake-openai --script %S/Inputs/server/many-choices.json --port-file %t/port -- kopt - '--pass-pipeline=builtin.module(kb-sample-server{url=http://127.0.0.1:{PORT} model=fake-coder n=2 record=%t/record.jsonl})' > /dev/null
// RUN: FileCheck %s --check-prefix=NEW < %t/record.jsonl
// RUN: ls %t | FileCheck %s --check-prefix=NO-TEMP
// INF: error: sample {{.*}}: log-prob sum must be finite and <= 0, got -INF
// OLD: an older run
// NEW:     "text":"answer 0"
// NEW:     "text":"answer 1"
// NEW-NOT: older
// NO-TEMP-NOT: temp
//
// record=- would put the samples into the IR's output.
// RUN: cat %S/Inputs/relu-task.mlir %s | not kopt - '--pass-pipeline=builtin.module(kb-sample-server{url=http://127.0.0.1:1 model=m record=-})' 2>&1 | FileCheck %s --check-prefix=DASH
// DASH: error: kb-sample-server: record=- would write the samples to standard output, which carries the IR; give it a file
