// RUN: cat %S/Inputs/relu-task.mlir %s | kopt - --pass-pipeline='builtin.module(kb-replay{samples=%S/Inputs/relu-samples.jsonl})' | FileCheck %s
// RUN: cat %S/Inputs/relu-task.mlir %s | not kopt - --pass-pipeline='builtin.module(kb-replay{samples=%S/Inputs/relu-samples.jsonl logprobs=code})' 2>&1 | FileCheck %s --check-prefix=CODE
// RUN: cat %S/Inputs/relu-task.mlir %s | kopt - --pass-pipeline='builtin.module(kb-replay{samples=%S/Inputs/code-range.jsonl logprobs=code})' | FileCheck %s --check-prefix=CODE-OK
// RUN: cat %S/Inputs/relu-task.mlir %s | not kopt - --pass-pipeline='builtin.module(kb-replay{samples=%S/Inputs/code-range-out-of-bounds.jsonl logprobs=code})' 2>&1 | FileCheck %s --check-prefix=CODE-FAR

// Recorded samples become replay candidates after the task's existing ones, in file order, named
// @relu_rN with N skipping names already taken (@relu_r1 here).

kb.candidate @relu_r1 of @relu policy decisions {vector = 4, per_thread = 1, block = 256}

// CHECK:      kb.task @relu
// CHECK:      kb.candidate @relu_r1 of @relu policy
// The whole output was one ```cuda block; the log-probs of its 4 tokens.
// CHECK-NEXT: kb.candidate @relu_r0 of @relu replay source "// kopt-launch: relu grid(16384) block(256) args(x, out, i64:4194304)\0Aextern \22C\22 __global__ void relu(const float *x, float *out, long n) {\0A  long i = blockIdx.x * (long)blockDim.x + threadIdx.x;\0A  if (i < n) out[i] = fmaxf(x[i], 0.f);\0A}\0A" logprob <sum = -2.0, count = 4>{{$}}
// Reasoning and a ```python block first: the ```c++ block is the kernel; logprob_sum/count as given.
// CHECK-NEXT: kb.candidate @relu_r2 of @relu replay source "// kopt-launch: relu4 grid(4096) block(256) args(x, out)\0Aextern \22C\22 __global__ void relu4(const float4 *x, float4 *out) {\0A{{.*}}}\0A" logprob <sum = -12.5, count = 50>{{$}}
// No code: the whole text, and parse_error.
// CHECK-NEXT: kb.candidate @relu_r3 of @relu replay source "I am not sure how to write this kernel." logprob <sum = -5.0, count = 2> verdict <parse_error, "no code block and no __global__ function in the sample's text">{{$}}
// CHECK-NEXT: kb.candidate @relu_r4 of @relu replay source "// kopt-launch: relu grid(16384) block(256) args(x, out)\0Aextern \22C\22 __global__ void relu(const float *x, float *out {\0A  out[0] = x[0];\0A}\0A" logprob <sum = -4.0, count = 8>{{$}}
// CHECK-NOT:  kb.candidate

// logprobs=code: the second sample has no code_token_range (nor per-token log-probs).
// CODE: error: sample {{.*}}relu-samples.jsonl:2 (id "s1"): logprobs=code needs 'code_token_range'
// CODE-NOT: kb.candidate @relu_r0

// Tokens [1, 3) of the first sample only.
// CODE-OK: kb.candidate @relu_r0 of @relu replay source {{.*}} logprob <sum = -0.5, count = 2>{{$}}

// CODE-FAR: error: sample {{.*}}code-range-out-of-bounds.jsonl:2 (id "far"): 'code_token_range' [2, 9) is empty or out of bounds of 4 tokens
