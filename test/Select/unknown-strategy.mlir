// RUN: not kopt %s --pass-pipeline='builtin.module(kb-select{strategy=fastest})' --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not kopt %s --pass-pipeline='builtin.module(kb-select{strategy=Oracle})' --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=UNKNOWN2
// RUN: not kopt %s --pass-pipeline='builtin.module(kb-select{strategy=surprise-top0})' --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: not kopt %s --pass-pipeline='builtin.module(kb-select{strategy=surprise-topx})' --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=NOTNUM
// RUN: not kopt %s --pass-pipeline='builtin.module(kb-select{strategy=confidence-top-2})' --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=NEG
// RUN: not kopt %s --pass-pipeline='builtin.module(kb-select{strategy=bon-})' --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=BONK
// RUN: not kopt %s --pass-pipeline='builtin.module(kb-select{strategy=bon-0})' --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=BON0
// RUN: not kopt %s --pass-pipeline='builtin.module(kb-select{strategy=bon-4x})' --mlir-print-op-on-diagnostic=false 2>&1 | FileCheck %s --check-prefix=BON4X

// An unknown strategy, or a K that is not a positive integer, fails the pass before anything is
// selected; an unknown name lists the strategies.

// UNKNOWN:      error: unknown selection strategy 'fastest'; expected one of:
// UNKNOWN-NEXT:   oracle
// UNKNOWN-NEXT:   random
// UNKNOWN-NEXT:   confidence
// UNKNOWN-NEXT:   surprise
// UNKNOWN-NEXT:   surprise-topK
// UNKNOWN-NEXT:   confidence-topK
// UNKNOWN-NEXT:   model
// UNKNOWN-NEXT:   model-topK
// UNKNOWN-NEXT:   bon-K
// UNKNOWN-NOT:  selected <
// UNKNOWN2:     error: unknown selection strategy 'Oracle'
// ZERO:         error: strategy 'surprise-top0': K must be a positive integer
// NOTNUM:       error: strategy 'surprise-topx': K must be a positive integer
// NEG:          error: strategy 'confidence-top-2': K must be a positive integer
// BONK:         error: strategy 'bon-': K is required, e.g. bon-8
// BON0:         error: strategy 'bon-0': K must be a positive integer
// BON4X:        error: strategy 'bon-4x': K must be a positive integer

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
kb.candidate @c0 of @relu policy decisions {block = 256, vector = 4, per_thread = 4} logprob <sum = -7.2, count = 6> verdict <correct> time <median = 3010.0, q1 = 3005.0, q3 = 3018.0, n = 100> speedup 0.997
kb.candidate @c1 of @relu policy decisions {block = 1024, vector = 1, per_thread = 1} logprob <sum = -14.0, count = 4> verdict <incorrect, "max abs err 1.0 at [0, 7]"> time <median = 2500.0, q1 = 2490.0, q3 = 2511.0, n = 100> speedup 1.2
kb.candidate @c2 of @relu policy decisions {block = 128, vector = 4, per_thread = 2} logprob <sum = -6.0, count = 3> verdict <correct> time <median = 3040.0, q1 = 3031.0, q3 = 3047.0, n = 100> speedup 0.987
kb.candidate @c3 of @relu policy decisions {block = 256, vector = 2, per_thread = 1} logprob <sum = -5.0, count = 10> verdict <correct> time <median = 3060.0, q1 = 3052.0, q3 = 3071.0, n = 100> speedup 0.98
kb.candidate @c4 of @relu policy decisions {block = 512, vector = 8, per_thread = 8} logprob <sum = -0.4, count = 4> verdict <compile_error, "ptxas: too many registers">
kb.candidate @c5 of @relu policy decisions {block = 64, vector = 1, per_thread = 16} logprob <sum = -5.0, count = 2> verdict <correct> time <median = 3090.0, q1 = 3080.0, q3 = 3102.0, n = 100> speedup 0.971
kb.candidate @c6 of @relu policy decisions {block = 256, vector = 4, per_thread = 8} logprob <sum = -3.0, count = 2> verdict <correct> time <median = 2960.0, q1 = 2954.0, q3 = 2969.0, n = 100> speedup 1.014
kb.candidate @c7 of @relu policy decisions {block = 128, vector = 2, per_thread = 4} logprob <sum = -9.0, count = 5> verdict <correct> time <median = 3000.0, q1 = 2993.0, q3 = 3008.0, n = 100> speedup 1.0
kb.candidate @c8 of @relu policy decisions {block = 32, vector = 1, per_thread = 1} logprob <sum = -5.0, count = 4> verdict <timeout, "killed after 10 s">
kb.candidate @c9 of @relu policy decisions {block = 512, vector = 4, per_thread = 2} logprob <sum = -4.0, count = 5> verdict <correct> time <median = 2980.0, q1 = 2975.0, q3 = 2990.0, n = 100> speedup 1.007
