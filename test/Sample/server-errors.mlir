// REQUIRES: curl
// kb-sample-server's failures: located errors naming the task, nothing added, never a crash.
// RUN: rm -rf %t && mkdir -p %t
// 429 until the retries run out: 1 + retries=2 requests.
// RUN: cat %S/Inputs/relu-task.mlir %s | not %fake-openai --script %S/Inputs/server/429.json --port-file %t/port --log %t/429.log -- kopt - '--pass-pipeline=builtin.module(kb-sample-server{url=http://127.0.0.1:{PORT} model=fake-coder n=2 retries=2})' 2>&1 | FileCheck %s --check-prefix=RATE
// RUN: FileCheck %s --check-prefix=THREE < %t/429.log
// A response that does not come: timed out, retried once, then an error.
// RUN: cat %S/Inputs/relu-task.mlir %s | not %fake-openai --script %S/Inputs/server/timeout.json --port-file %t/port --log %t/timeout.log -- kopt - '--pass-pipeline=builtin.module(kb-sample-server{url=http://127.0.0.1:{PORT} model=fake-coder n=2 timeout=1 retries=1})' 2>&1 | FileCheck %s --check-prefix=TIMEOUT
// RUN: FileCheck %s --check-prefix=TWO < %t/timeout.log
// RUN: cat %S/Inputs/relu-task.mlir %s | not %fake-openai --script %S/Inputs/server/truncated.json --port-file %t/port -- kopt - '--pass-pipeline=builtin.module(kb-sample-server{url=http://127.0.0.1:{PORT} model=fake-coder n=2})' 2>&1 | FileCheck %s --check-prefix=TRUNC
// RUN: cat %S/Inputs/relu-task.mlir %s | not %fake-openai --script %S/Inputs/server/empty.json --port-file %t/port -- kopt - '--pass-pipeline=builtin.module(kb-sample-server{url=http://127.0.0.1:{PORT} model=fake-coder n=2})' 2>&1 | FileCheck %s --check-prefix=EMPTY
// RUN: cat %S/Inputs/relu-task.mlir %s | not kopt - '--pass-pipeline=builtin.module(kb-sample-server{model=fake-coder})' 2>&1 | FileCheck %s --check-prefix=NOURL
// RUN: cat %S/Inputs/relu-task.mlir %s | not kopt - '--pass-pipeline=builtin.module(kb-sample-server{url=http://127.0.0.1:1 model=m endpoint=embeddings})' 2>&1 | FileCheck %s --check-prefix=ENDPOINT

// RATE: <stdin>:2:1: error: kb-sample-server: task @relu: POST http://127.0.0.1:{{[0-9]+}}/v1/chat/completions: HTTP 429: {"error": {"message": "rate limited"}} (after 3 attempt(s))
// RATE-NOT: kb.candidate
// THREE-COUNT-3: POST /v1/chat/completions
// THREE-NOT: POST

// TIMEOUT: <stdin>:2:1: error: kb-sample-server: task @relu: POST http://127.0.0.1:{{[0-9]+}}/v1/chat/completions: {{.*}}timed out{{.*}} (after 2 attempt(s))
// TWO-COUNT-2: POST /v1/chat/completions
// TWO-NOT: POST

// TRUNC: <stdin>:2:1: error: kb-sample-server: task @relu: malformed JSON in the response: {{.*}}
// EMPTY: <stdin>:2:1: error: kb-sample-server: task @relu: the response has no choices (empty 'choices')
// NOURL: error: kb-sample-server needs a server and a model (url=... model=...)
// ENDPOINT: error: kb-sample-server: unknown endpoint 'embeddings' (expected chat or completions)
