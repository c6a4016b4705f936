// RUN: cat %S/Inputs/relu-task.mlir %s | not kopt - --pass-pipeline='builtin.module(kb-replay{samples=%S/Inputs/unknown-task.jsonl})' 2>&1 | FileCheck %s --check-prefix=TASK
// RUN: cat %S/Inputs/relu-task.mlir %s | not kopt - --pass-pipeline='builtin.module(kb-replay{samples=%S/Inputs/malformed.jsonl})' 2>&1 | FileCheck %s --check-prefix=MALFORMED
// RUN: cat %S/Inputs/relu-task.mlir %s | not kopt - --pass-pipeline='builtin.module(kb-replay{samples=%S/Inputs/absent.jsonl})' 2>&1 | FileCheck %s --check-prefix=ABSENT
// RUN: cat %S/Inputs/relu-task.mlir %s | not kopt - --pass-pipeline='builtin.module(kb-replay)' 2>&1 | FileCheck %s --check-prefix=NONE
// RUN: cat %S/Inputs/relu-task.mlir %s | not kopt - --pass-pipeline='builtin.module(kb-replay{samples=%S/Inputs/relu-samples.jsonl logprobs=some})' 2>&1 | FileCheck %s --check-prefix=SCOPE

// kb-replay's errors: located on the module, naming the sample's file and line; nothing is added.

// TASK: error: sample {{.*}}unknown-task.jsonl:3 names task @gelu, which is not a kb.task of the module
// TASK-NOT: kb.candidate
// MALFORMED: error: {{.*}}malformed.jsonl:2: malformed JSON:
// ABSENT: error: cannot read samples file '{{.*}}absent.jsonl'
// NONE: error: kb-replay needs a samples file (samples=PATH)
// SCOPE: error: unknown logprobs scope 'some' (expected all or code)
