// RUN: kopt %s | FileCheck %s
// RUN: kopt %s | kopt | FileCheck %s

// Every part of the kb dialect's custom syntax, printed back in its canonical form: tasks with
// and without an origin, inputs of every distribution kind, scalar inputs, several outputs, and
// candidates of every origin kind carrying every optional attribute.

// CHECK-LABEL: kb.task @leaky_rowsum origin <"KernelBench", level 1, problem 20> tolerance(atol 1.0e-05, rtol 0.0025) {
// CHECK-NEXT:    kb.input "x" : tensor<8x32xf32> dist(uniform(-1.0, 1.0), normal(0.0, 2.0))
// CHECK-NEXT:    kb.input "alpha" : f32 dist(constant(0.01))
// CHECK-NEXT:    kb.input "idx" : tensor<8xi64> dist(randint(0.0, 32.0), constant(3.0))
// CHECK-NEXT:    kb.output "out" : tensor<8x32xf32>
// CHECK-NEXT:    kb.output "sum" : tensor<8xf32>
// CHECK-NEXT:    kb.reference "y = torch.where(x > 0, x, alpha * x)\0Areturn y, y.sum(1)"
// CHECK-NEXT:    kb.payload(%x: tensor<8x32xf32>, %alpha: f32, %idx: tensor<8xi64>, %out: tensor<8x32xf32>, %sum: tensor<8xf32>) {
// CHECK-NEXT:      %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:      %[[Y:.*]] = linalg.generic {{.*}} ins(%x : tensor<8x32xf32>) outs(%out : tensor<8x32xf32>) {
// CHECK:             arith.mulf %{{.*}}, %alpha : f32
// CHECK:           } -> tensor<8x32xf32>
// CHECK-NEXT:      %[[INIT:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%sum : tensor<8xf32>) -> tensor<8xf32>
// CHECK-NEXT:      %[[S:.*]] = linalg.reduce ins(%[[Y]] : tensor<8x32xf32>) outs(%[[INIT]] : tensor<8xf32>) dimensions = [1]
// CHECK:           kb.yield %[[Y]], %[[S]] : tensor<8x32xf32>, tensor<8xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:  }
kb.task @leaky_rowsum origin <"KernelBench", level 1, problem 20> tolerance(atol 1.0e-5, rtol 2.5e-3) {
  kb.input "x" : tensor<8x32xf32> dist(uniform(-1.0, 1.0), normal(0.0, 2.0))
  kb.input "alpha" : f32 dist(constant(0.01))
  kb.input "idx" : tensor<8xi64> dist(randint(0.0, 32.0), constant(3.0))
  kb.output "out" : tensor<8x32xf32>
  kb.output "sum" : tensor<8xf32>
  kb.reference "y = torch.where(x > 0, x, alpha * x)\nreturn y, y.sum(1)"
  kb.payload(%x: tensor<8x32xf32>, %alpha: f32, %idx: tensor<8xi64>, %out: tensor<8x32xf32>, %sum: tensor<8xf32>) {
    %zero = arith.constant 0.0 : f32
    %y = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                         iterator_types = ["parallel", "parallel"]}
        ins(%x : tensor<8x32xf32>) outs(%out : tensor<8x32xf32>) {
    ^bb0(%in: f32, %o: f32):
      %neg = arith.mulf %in, %alpha : f32
      %pos = arith.cmpf ogt, %in, %zero : f32
      %r = arith.select %pos, %in, %neg : f32
      linalg.yield %r : f32
    } -> tensor<8x32xf32>
    %init = linalg.fill ins(%zero : f32) outs(%sum : tensor<8xf32>) -> tensor<8xf32>
    %s = linalg.reduce ins(%y : tensor<8x32xf32>) outs(%init : tensor<8xf32>) dimensions = [1]
      (%a: f32, %b: f32) {
        %t = arith.addf %a, %b : f32
        linalg.yield %t : f32
      }
    kb.yield %y, %s : tensor<8x32xf32>, tensor<8xf32>
  }
}

// CHECK-LABEL: kb.task @matmul tolerance(atol 0.01, rtol 0.01) {
// CHECK-NEXT:    kb.input "a" : tensor<64x32xf32> dist(normal(0.0, 1.0))
// CHECK-NEXT:    kb.input "b" : tensor<32x16xf32> dist(normal(0.0, 1.0))
// CHECK-NEXT:    kb.output "c" : tensor<64x16xf32>
// CHECK-NEXT:    kb.reference "return a @ b"
// CHECK-NEXT:    kb.payload(%a: tensor<64x32xf32>, %b: tensor<32x16xf32>, %c: tensor<64x16xf32>) {
// CHECK-NEXT:      %[[ZERO:.*]] = arith.constant 0.000000e+00 : f32
// CHECK-NEXT:      %[[FILL:.*]] = linalg.fill ins(%[[ZERO]] : f32) outs(%c : tensor<64x16xf32>) -> tensor<64x16xf32>
// CHECK-NEXT:      %[[MM:.*]] = linalg.matmul ins(%a, %b : tensor<64x32xf32>, tensor<32x16xf32>) outs(%[[FILL]] : tensor<64x16xf32>) -> tensor<64x16xf32>
// CHECK-NEXT:      kb.yield %[[MM]] : tensor<64x16xf32>
// CHECK-NEXT:    }
// CHECK-NEXT:  }
kb.task @matmul tolerance(atol 0.01, rtol 0.01) {
  kb.input "a" : tensor<64x32xf32> dist(normal(0.0, 1.0))
  kb.input "b" : tensor<32x16xf32> dist(normal(0.0, 1.0))
  kb.output "c" : tensor<64x16xf32>
  kb.reference "return a @ b"
  kb.payload(%a: tensor<64x32xf32>, %b: tensor<32x16xf32>, %c: tensor<64x16xf32>) {
    %zero = arith.constant 0.0 : f32
    %fill = linalg.fill ins(%zero : f32) outs(%c : tensor<64x16xf32>) -> tensor<64x16xf32>
    %mm = linalg.matmul ins(%a, %b : tensor<64x32xf32>, tensor<32x16xf32>)
                        outs(%fill : tensor<64x16xf32>) -> tensor<64x16xf32>
    kb.yield %mm : tensor<64x16xf32>
  }
}

// A policy candidate with every optional attribute, in the printed order.
// CHECK:       kb.candidate @p0 of @leaky_rowsum policy
// CHECK-SAME:    decisions {block = 256 : i64, per_thread = 4 : i64, vector = 4 : i64}
// CHECK-SAME:    logprob <sum = -4.5, count = 3>
// CHECK-SAME:    ptx ".version 8.0\0A.target sm_90"
// CHECK-SAME:    launch <[<"leaky_main", grid = [8, 1, 1], block = [256, 1, 1], smem = 1024, args = ["x", "alpha", "out", "scratch0"]>, <"row_sum", grid = [8, 1, 1], block = [32, 4, 2], smem = 0, args = ["scratch0", "scratch1", "sum"]>], scratch = [1024, 32]>
// CHECK-SAME:    features {uses_smem = true, vector_width = 4 : i64}
// CHECK-SAME:    verdict <correct>
// CHECK-SAME:    time <median = 12.5, q1 = 12.0, q3 = 13.25, n = 100>
// CHECK-SAME:    speedup 1.25
// CHECK-SAME:    selected <"oracle", timed = 4>{{$}}
kb.candidate @p0 of @leaky_rowsum policy decisions {block = 256, vector = 4, per_thread = 4} logprob <sum = -4.5, count = 3> ptx ".version 8.0\n.target sm_90" launch <[<"leaky_main", grid = [8, 1, 1], block = [256, 1, 1], smem = 1024, args = ["x", "alpha", "out", "scratch0"]>, <"row_sum", grid = [8, 1, 1], block = [32, 4, 2], smem = 0, args = ["scratch0", "scratch1", "sum"]>], scratch = [1024, 32]> features {uses_smem = true, vector_width = 4} verdict <correct> time <median = 12.5, q1 = 12.0, q3 = 13.25, n = 100> speedup 1.25 selected <"oracle", timed = 4>

// Both speedups, each with its interval: over eager at fp32, then over eager with TF32 allowed.
// CHECK-NEXT:  kb.candidate @t0 of @leaky_rowsum manual source "k" verdict <correct> time <median = 12.5, q1 = 12.0, q3 = 13.25, n = 100> speedup 2.5 interval <2.25, 2.75> speedup_tf32 0.75 interval <0.625, 0.875>{{$}}
kb.candidate @t0 of @leaky_rowsum manual source "k" verdict <correct> time <median = 12.5, q1 = 12.0, q3 = 13.25, n = 100> speedup 2.5 interval <2.25, 2.75> speedup_tf32 0.75 interval <0.625, 0.875>
// The matched-precision one alone, and without an interval; the first `interval` after it is its.
// CHECK-NEXT:  kb.candidate @t1 of @leaky_rowsum manual source "k" speedup 2.5 speedup_tf32 0.75 interval <0.625, 0.875>{{$}}
kb.candidate @t1 of @leaky_rowsum manual source "k" speedup 2.5 speedup_tf32 0.75 interval <0.625, 0.875>
// CHECK-NEXT:  kb.candidate @t2 of @leaky_rowsum manual source "k" speedup 2.5 interval <2.25, 2.75> speedup_tf32 0.75{{$}}
kb.candidate @t2 of @leaky_rowsum manual source "k" speedup 2.5 interval <2.25, 2.75> speedup_tf32 0.75

// CHECK-NEXT:  kb.candidate @r0 of @leaky_rowsum replay source "import torch\0A# kernel" logprob <sum = -210.5, count = 412> verdict <incorrect, "max abs err 0.5 at [3, 4]"> time <median = 20.0, q1 = 19.5, q3 = 21.0, n = 10> speedup 0.75{{$}}
kb.candidate @r0 of @leaky_rowsum replay source "import torch\n# kernel" logprob <sum = -210.5, count = 412> verdict <incorrect, "max abs err 0.5 at [3, 4]"> time <median = 20.0, q1 = 19.5, q3 = 21.0, n = 10> speedup 0.75

// CHECK-NEXT:  kb.candidate @s0 of @matmul server source "__global__ void mm() {}" logprob <sum = 0.0, count = 1> ptx "" launch <[<"mm", grid = [4, 2, 1], block = [16, 16, 1], smem = 8192, args = ["a", "b", "c"]>]> verdict <compile_error, "ptxas fatal: unresolved symbol">{{$}}
kb.candidate @s0 of @matmul server source "__global__ void mm() {}" logprob <sum = 0.0, count = 1> ptx "" launch <[<"mm", grid = [4, 2, 1], block = [16, 16, 1], smem = 8192, args = ["a", "b", "c"]>]> verdict <compile_error, "ptxas fatal: unresolved symbol">

// A hand-written candidate: no log-probs, no decisions.
// CHECK-NEXT:  kb.candidate @m0 of @matmul manual source "cublas" features {} verdict <correct> time <median = 3.0, q1 = 3.0, q3 = 3.0, n = 1> speedup 1.0{{$}}
kb.candidate @m0 of @matmul manual source "cublas" features {} verdict <correct> time <median = 3.0, q1 = 3.0, q3 = 3.0, n = 1> speedup 1.0

// A bare candidate: only what is required, plus a discardable attribute.
// CHECK-NEXT:  kb.candidate @p1 of @matmul policy decisions {} {note = "unverified"}{{$}}
kb.candidate @p1 of @matmul policy decisions {} {note = "unverified"}
