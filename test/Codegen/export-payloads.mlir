// RUN: kopt %s --pass-pipeline='builtin.module(kb-export-payloads)' | FileCheck %s

// kb-export-payloads: each task's payload as a function on buffers, inputs then outputs, results
// written into the outputs, for running it on the host. Candidates go.

// A scaled softmax: linalg.softmax is decomposed (max, exp, sum, divide), the rank-0 input is
// passed by value, and the output is written in place.
kb.task @scaled_softmax origin <"test", level 1, problem 1> tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<4x8xf32> dist(uniform(0.0, 1.0))
  kb.input "t" : tensor<f32> dist(uniform(1.0, 2.0))
  kb.output "out" : tensor<4x8xf32>
  kb.reference "return torch.softmax(x * t, dim=1)"
  kb.payload(%x: tensor<4x8xf32>, %t: tensor<f32>, %out: tensor<4x8xf32>) {
    %e = tensor.empty() : tensor<4x8xf32>
    %s = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> ()>,
                                          affine_map<(i, j) -> (i, j)>],
                         iterator_types = ["parallel", "parallel"]}
        ins(%x, %t : tensor<4x8xf32>, tensor<f32>) outs(%e : tensor<4x8xf32>) {
    ^bb0(%v: f32, %tv: f32, %o: f32):
      %m = arith.mulf %v, %tv : f32
      linalg.yield %m : f32
    } -> tensor<4x8xf32>
    %r = linalg.softmax dimension(1) ins(%s : tensor<4x8xf32>) outs(%out : tensor<4x8xf32>) -> tensor<4x8xf32>
    kb.yield %r : tensor<4x8xf32>
  }
}
kb.candidate @c of @scaled_softmax manual source "__global__ void k() {}"

// CHECK-LABEL: func.func @scaled_softmax(
// CHECK-SAME:      %{{.*}}: memref<4x8xf32>, %{{.*}}: f32, %[[OUT:.*]]: memref<4x8xf32>) {
// CHECK-NOT:     linalg.softmax
// CHECK:         linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]
// CHECK:           arith.maxnumf
// CHECK:         math.exp
// CHECK:         linalg.generic {{.*}} outs(%[[OUT]] : memref<4x8xf32>)
// CHECK:           arith.divf
// CHECK:         return{{$}}

// A mean into a rank-0 output: kernels cannot write one (kopt-runner passes rank 0 by value), a
// host function can.
kb.task @mean origin <"test", level 1, problem 1> tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<16xf32> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<f32>
  kb.reference "return torch.mean(x)"
  kb.payload(%x: tensor<16xf32>, %out: tensor<f32>) {
    %zero = arith.constant 0.0 : f32
    %n = arith.constant 16.0 : f32
    %acc = linalg.fill ins(%zero : f32) outs(%out : tensor<f32>) -> tensor<f32>
    %s = linalg.reduce ins(%x : tensor<16xf32>) outs(%acc : tensor<f32>) dimensions = [0]
      (%v: f32, %a: f32) {
        %t = arith.addf %v, %a : f32
        linalg.yield %t : f32
      }
    %m = linalg.generic {indexing_maps = [affine_map<() -> ()>, affine_map<() -> ()>], iterator_types = []}
        ins(%s : tensor<f32>) outs(%out : tensor<f32>) {
    ^bb0(%v: f32, %o: f32):
      %d = arith.divf %v, %n : f32
      linalg.yield %d : f32
    } -> tensor<f32>
    kb.yield %m : tensor<f32>
  }
}

// CHECK-LABEL: func.func @mean(
// CHECK-SAME:      %{{.*}}: memref<16xf32>, %[[MEAN:.*]]: memref<f32>) {
// CHECK:         linalg.generic {{.*}} outs(%[[MEAN]] : memref<f32>)
// CHECK:           arith.divf
// CHECK:         return{{$}}
// CHECK-NOT:     kb.
