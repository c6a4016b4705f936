// RUN: kopt %S/../Codegen/Inputs/attention-task.mlir --pass-pipeline='builtin.module(kb-sample{n=16 seed=3 policy=uniform},kb-lower-to-ptx,kb-verify{runner="%kopt_runner" timeout=60 cache=none})' -o %t.small.mlir 2>/dev/null
// RUN: grep -c 'verdict <' %t.small.mlir | FileCheck %s --check-prefix=SIXTEEN
// RUN: grep 'kb.candidate' %t.small.mlir | %drop-plain-tf32 | not grep -v 'verdict <correct'
// RUN: kopt %S/../Codegen/Inputs/awkward-attention-task.mlir --pass-pipeline='builtin.module(kb-sample{n=16 seed=4 policy=uniform},kb-lower-to-ptx,kb-verify{runner="%kopt_runner" timeout=60 cache=none})' -o %t.awkward.mlir 2>/dev/null
// RUN: grep -c 'verdict <' %t.awkward.mlir | FileCheck %s --check-prefix=SIXTEEN
// RUN: grep 'kb.candidate' %t.awkward.mlir | %drop-plain-tf32 | not grep -v 'verdict <correct'
// RUN: cat %S/../Codegen/Inputs/attention-task.mlir %S/../Codegen/attention-kernels.mlir | kopt - --pass-pipeline='builtin.module(kb-lower-to-ptx,kb-verify{runner="%kopt_runner" timeout=60 cache=none})' 2>/dev/null | grep -c 'verdict <correct' | FileCheck %s --check-prefix=TWO

// The fused attention kernel computes softmax(Q K^T * scale) V within KernelBench's 1e-4 on
// every schedule: 16 uniformly drawn decision lists on 2 x 2 x 64 x 64 attention and 16 on an
// awkward one (24 rows, 40 keys, head dims 20 and 12: the fallbacks, and the f32 kernel where
// tf32 is drawn), and the hand-picked kernels of test/Codegen/attention-kernels.mlir are all
// `correct` (on both input distributions kb-verify draws). Draws whose chosen builder computes
// in plain TF32 (tf32 without split_tf32: the fused kernel with unfused = false, a matmul stage
// with unfused = true; %drop-plain-tf32 in lit.local.cfg) must be judged, correct or not: the
// tolerance decides.

// SIXTEEN: 16
// TWO: 2
