// REQUIRES: curl
// kb-sample-server against a fake OpenAI-compatible server on loopback (Inputs/fake-openai.py:
// the port the OS chose replaces {PORT}; every request is logged).
// RUN: rm -rf %t && mkdir -p %t
// RUN: cat %S/Inputs/relu-task.mlir %s | %fake-openai --script %S/Inputs/server/chat-ok.json --port-file %t/port --log %t/chat.log -- kopt - '--pass-pipeline=builtin.module(kb-sample-server{url=http://127.0.0.1:{PORT} model=fake-coder n=2 api-key-env=KOPT_TEST_NO_SUCH_KEY record=%t/chat.jsonl})' > %t/chat.mlir
// RUN: FileCheck %s --check-prefix=CHAT < %t/chat.mlir
// RUN: FileCheck %s --check-prefix=CHAT-LOG < %t/chat.log
// The recorded samples replayed through kb-replay give the same candidates.
// RUN: cat %S/Inputs/relu-task.mlir %s | kopt - '--pass-pipeline=builtin.module(kb-replay{samples=%t/chat.jsonl})' > %t/replayed.mlir
// RUN: sed -e 's/@relu_s/@relu_r/' -e 's/ server source / replay source /' %t/chat.mlir | diff - %t/replayed.mlir
//
// RUN: cat %S/Inputs/relu-task.mlir %s | env KOPT_TEST_KEY=sk-test %fake-openai --script %S/Inputs/server/completions-ok.json --port-file %t/port --log %t/comp.log -- kopt - '--pass-pipeline=builtin.module(kb-sample-server{url=http://127.0.0.1:{PORT}/v1 model=fake-coder n=2 endpoint=completions api-key-env=KOPT_TEST_KEY record=%t/comp.jsonl})' > %t/comp.mlir
// RUN: FileCheck %s --check-prefix=COMP < %t/comp.mlir
// RUN: FileCheck %s --check-prefix=COMP-LOG < %t/comp.log
// RUN: cat %S/Inputs/relu-task.mlir %s | kopt - '--pass-pipeline=builtin.module(kb-replay{samples=%t/comp.jsonl})' | sed -e 's/@relu_r/@relu_s/' -e 's/ replay source / server source /' | diff %t/comp.mlir -
//
// HTTP 500, then success: one retry.
// RUN: cat %S/Inputs/relu-task.mlir %s | %fake-openai --script %S/Inputs/server/retry-500.json --port-file %t/port --log %t/retry.log -- kopt - '--pass-pipeline=builtin.module(kb-sample-server{url=http://127.0.0.1:{PORT} model=fake-coder n=2 retries=2})' | FileCheck %s --check-prefix=CHAT
// RUN: FileCheck %s --check-prefix=RETRY-LOG < %t/retry.log
//
// Missing logprobs: a candidate without logprob.
// RUN: cat %S/Inputs/relu-task.mlir %s | %fake-openai --script %S/Inputs/server/missing-logprobs.json --port-file %t/port -- kopt - '--pass-pipeline=builtin.module(kb-sample-server{url=http://127.0.0.1:{PORT} model=fake-coder n=1})' | FileCheck %s --check-prefix=NOLP

// CHAT:      kb.task @relu
// Choices in index order; each made as kb-replay makes it.
// CHAT:      kb.candidate @relu_s0 of @relu server source "// kopt-launch: relu grid(16384) block(256) args(x, out, i64:4194304)\0Aextern \22C\22 __global__ void relu(const float *x, float *out, long n) {\0A  long i = blockIdx.x * (long)blockDim.x + threadIdx.x;\0A  if (i < n) out[i] = fmaxf(x[i], 0.f);\0A}\0A" logprob <sum = -1.875, count = 3>{{$}}
// CHAT-NEXT: kb.candidate @relu_s1 of @relu server source "I am not sure how to write this kernel." logprob <sum = -2.75, count = 2> verdict <parse_error, "no code block and no __global__ function in the sample's text">{{$}}
// CHAT-NOT:  kb.candidate

// CHAT-LOG:      POST /v1/chat/completions model=fake-coder n=2 logprobs=true auth=no
// CHAT-LOG-NOT:  POST

// COMP:      kb.candidate @relu_s0 of @relu server source "// kopt-launch: relu {{.*}}" logprob <sum = -2.0, count = 2>{{$}}
// The second choice has no logprobs.
// COMP-NEXT: kb.candidate @relu_s1 of @relu server source "// kopt-launch: relu {{.*}}}\0A"{{$}}
// COMP-NOT:  kb.candidate

// COMP-LOG:      POST /v1/completions model=fake-coder n=2 logprobs=1 auth=yes
// COMP-LOG-NOT:  POST

// RETRY-LOG:      POST /v1/chat/completions
// RETRY-LOG-NEXT: POST /v1/chat/completions
// RETRY-LOG-NOT:  POST

// NOLP:     kb.candidate @relu_s0 of @relu server source "// kopt-launch: relu {{.*}}}\0A"{{$}}
// NOLP-NOT: kb.candidate
