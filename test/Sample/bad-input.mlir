// Hostile samples files: located errors, never a crash or a read that does not end.
// RUN: rm -rf %t && mkdir -p %t
//
// A line nested 50,000 deep would overflow the stack of a recursive JSON parser.
// RUN: %python -c "print(); print('[' * 50000 + ']' * 50000)" > %t/deep.jsonl
// RUN: cat %S/Inputs/relu-task.mlir %s | not kopt - '--pass-pipeline=builtin.module(kb-replay{samples=%t/deep.jsonl})' 2>&1 | FileCheck %s --check-prefix=DEEP
// DEEP: error: {{.*}}deep.jsonl:2: malformed JSON: arrays and objects nested deeper than 256 levels (at byte 256)
// DEEP-NOT: kb.candidate
//
// A device is not a samples file (reading /dev/zero whole never ends); nor is a folder.
// RUN: cat %S/Inputs/relu-task.mlir %s | not kopt - '--pass-pipeline=builtin.module(kb-replay{samples=/dev/zero})' 2>&1 | FileCheck %s --check-prefix=ZERO
// ZERO: error: cannot read samples file '/dev/zero': not a regular file or a pipe
// RUN: cat %S/Inputs/relu-task.mlir %s | not kopt - '--pass-pipeline=builtin.module(kb-replay{samples=%t})' 2>&1 | FileCheck %s --check-prefix=FOLDER
// FOLDER: error: cannot read samples file '{{.*}}': not a regular file or a pipe
//
// A pipe is read to its end.
// RUN: cat %S/Inputs/relu-task.mlir %s > %t/task.mlir
// RUN: cat %S/Inputs/relu-samples.jsonl | kopt %t/task.mlir '--pass-pipeline=builtin.module(kb-replay{samples=-})' | FileCheck %s --check-prefix=PIPE
// PIPE: kb.candidate @relu_r0 of @relu replay
