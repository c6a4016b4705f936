// RUN: cat %S/Inputs/relu-task.mlir %s | kopt - --pass-pipeline='builtin.module(kb-sample{n=4 seed=3})' 2>&1 | FileCheck %s
// RUN: cat %S/Inputs/relu-task.mlir %s | kopt - --pass-pipeline='builtin.module(kb-sample{n=4 seed=3})' -o %t.first 2>/dev/null
// RUN: cat %S/Inputs/relu-task.mlir %s | kopt - --pass-pipeline='builtin.module(kb-sample{n=4 seed=3})' -o %t.second 2>/dev/null
// RUN: diff %t.first %t.second
// RUN: cat %S/Inputs/relu-task.mlir %s | kopt - --pass-pipeline='builtin.module(kb-sample{n=4 seed=4})' 2>/dev/null | FileCheck %s --check-prefix=SEED
// RUN: cat %S/Inputs/relu-task.mlir %s | kopt - --pass-pipeline='builtin.module(kb-sample{n=3 policy=%S/Inputs/peaked-policy.json})' 2>/dev/null | FileCheck %s --check-prefix=PEAKED
// RUN: cat %S/Inputs/relu-task.mlir %s | not kopt - --pass-pipeline='builtin.module(kb-sample{policy=%S/Inputs/policy-v7.json})' 2>&1 | FileCheck %s --check-prefix=VERSION
// RUN: cat %S/Inputs/relu-task.mlir %s | not kopt - --pass-pipeline='builtin.module(kb-sample{policy=%S/Inputs/policy-wrong-values.json})' 2>&1 | FileCheck %s --check-prefix=VALUES
// RUN: cat %S/Inputs/relu-task.mlir %s | not kopt - --pass-pipeline='builtin.module(kb-sample{policy=%S/Inputs/no-such-policy.json})' 2>&1 | FileCheck %s --check-prefix=MISSING

// kb-sample draws n decision lists per task from the policy (here the uniform prior: every
// decision list of the elementwise space has probability 1/1440, log 1440 = 7.272) and appends
// them as policy candidates named @<task>_sN, N skipping names already taken (@relu_s1).

kb.candidate @relu_s1 of @relu policy decisions {vector = 4, per_thread = 1, block = 256}

// A task no family takes (a row sum into its output, with no fill to start from): a warning
// with the reason, and no candidates.
kb.task @no_fill tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<4x16xf32> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<4xf32>
  kb.reference "return torch.sum(x, 1)"
  kb.payload(%x: tensor<4x16xf32>, %out: tensor<4xf32>) {
    %sum = linalg.reduce ins(%x : tensor<4x16xf32>) outs(%out : tensor<4xf32>) dimensions = [1]
      (%v: f32, %a: f32) {
        %s = arith.addf %v, %a : f32
        linalg.yield %s : f32
      }
    kb.yield %sum : tensor<4xf32>
  }
}

// CHECK:      warning: kb-sample: no policy candidates for @no_fill, kopt cannot schedule its payload:
// CHECK-NEXT: {{.*}}error: not in the reduction family: accumulator #0 does not start from a linalg.fill
// CHECK:      kb.task @relu
// CHECK:      kb.candidate @relu_s1 of @relu policy
// CHECK-NEXT: kb.candidate @relu_s0 of @relu policy decisions {block = {{[0-9]+}} : i64, blocks_per_sm = {{[0-9]+}} : i64, fast_math = {{true|false}}, grid_stride = {{true|false}}, per_thread = {{[1248]}} : i64, vector = {{[124]}} : i64} logprob <sum = -7.2723{{[0-9]+}}, count = 6>{{$}}
// CHECK-NEXT: kb.candidate @relu_s2 of @relu policy decisions {{.*}} logprob <sum = -7.2723{{[0-9]+}}, count = 6>{{$}}
// CHECK-NEXT: kb.candidate @relu_s3 of @relu policy
// CHECK-NEXT: kb.candidate @relu_s4 of @relu policy
// CHECK:      kb.task @no_fill
// CHECK-NOT:  kb.candidate

// Another seed draws other decision lists.
// SEED: kb.candidate @relu_s0 of @relu policy decisions {block = 128 : i64, blocks_per_sm = 2 : i64,

// A policy that puts almost all its mass on one decision list: the second and third draws repeat
// the first, are kept (Best-of-N counts them) and marked.
// PEAKED:      kb.candidate @relu_s0 of @relu policy decisions {block = 1024 : i64, blocks_per_sm = 32 : i64, fast_math = true, grid_stride = true, per_thread = 8 : i64, vector = 4 : i64} logprob <sum = {{.*}}, count = 6>{{$}}
// PEAKED-NEXT: kb.candidate @relu_s2 of @relu policy decisions {block = 1024 : i64, blocks_per_sm = 32 : i64, fast_math = true, grid_stride = true, per_thread = 8 : i64, vector = 4 : i64} logprob <sum = {{.*}}, count = 6> {duplicate_of = @relu_s0}
// PEAKED-NEXT: kb.candidate @relu_s3 of @relu policy decisions {{.*}} {duplicate_of = @relu_s0}

// VERSION: error: {{.*}}policy-v7.json: policy: version 7 is not supported; this kopt reads versions 1 and 2
// VALUES: error: {{.*}}policy-wrong-values.json: policy: family 'elementwise', decision 'block': 'values' must be the decision's domain [64, 128, 256, 512, 1024] or part of it, in that order
// MISSING: error: policy: cannot read '{{.*}}no-such-policy.json'
