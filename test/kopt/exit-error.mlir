// RUN: kopt --select=surprise %s > /dev/null 2>&1; echo "exit=$?" | FileCheck %s --check-prefix=EXIT
// RUN: not kopt --select=surprise %s 2>&1 >/dev/null | FileCheck %s
// RUN: not kopt --select=surprise %s 2>/dev/null | count 0
// Strategies that do not rank by log-prob select as usual.
// RUN: kopt --select=oracle %s > /dev/null 2>&1; echo "exit=$?" | FileCheck %s --check-prefix=EXIT0
// An input that does not parse or verify, or does not exist, is an error too.
// RUN: kopt --select=oracle %inputs/bad-candidate.mlir > /dev/null 2>&1; echo "exit=$?" | FileCheck %s --check-prefix=EXIT
// RUN: kopt --emit=json %inputs/bad-candidate.mlir > /dev/null 2>&1; echo "exit=$?" | FileCheck %s --check-prefix=EXIT
// RUN: not kopt --select=oracle %inputs/bad-candidate.mlir 2>&1 | FileCheck %s --check-prefix=INVALID
// RUN: kopt --select=oracle %t.missing.mlir > /dev/null 2>&1; echo "exit=$?" | FileCheck %s --check-prefix=EXIT
// RUN: not kopt --select=oracle %t.missing.mlir 2>&1 | FileCheck %s --check-prefix=MISSING

// Exit status 1: kb-select fails. Here the correct candidate g1 has no log-probs, which 'surprise'
// ranks by; the error is located at g1 and nothing is printed on stdout.

// EXIT: exit=1
// EXIT0: exit=0

// CHECK: exit-error.mlir:[[# @LINE + 23]]:1: error: candidate @g1 has no log-probabilities; 'surprise' ranks by them

// INVALID: bad-candidate.mlir:2:1: error: 'kb.candidate' op refers to @missing, which is not a kb.task

// MISSING: kopt: cannot open input file '{{.*}}missing.mlir': {{.+}}

kb.task @relu origin <"KernelBench", level 1, problem 19> tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<64x1024xf32> dist(uniform(-1.0, 1.0), normal(0.0, 1.0))
  kb.output "out" : tensor<64x1024xf32>
  kb.reference "return torch.relu(x)"
  kb.payload(%x: tensor<64x1024xf32>, %out: tensor<64x1024xf32>) {
    %zero = arith.constant 0.0 : f32
    %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                         iterator_types = ["parallel", "parallel"]}
        ins(%x : tensor<64x1024xf32>) outs(%out : tensor<64x1024xf32>) {
    ^bb0(%in: f32, %o: f32):
      %m = arith.maximumf %in, %zero : f32
      linalg.yield %m : f32
    } -> tensor<64x1024xf32>
    kb.yield %r : tensor<64x1024xf32>
  }
}
kb.candidate @g0 of @relu replay source "k0" logprob <sum = -1.0, count = 4> verdict <correct> time <median = 50.0, q1 = 49.0, q3 = 51.0, n = 5> speedup 1.0
kb.candidate @g1 of @relu manual source "k1" verdict <correct> time <median = 40.0, q1 = 39.0, q3 = 41.0, n = 5> speedup 1.25
