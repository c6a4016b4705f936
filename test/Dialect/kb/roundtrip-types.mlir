// RUN: kopt %s | FileCheck %s
// RUN: kopt %s | kopt | FileCheck %s

// Every supported element type (f16, bf16, f32, f64, i1, i32, i64), as tensors and as scalars,
// with the distributions each may use; rank-0 tensors and a payload that ignores an input.

// CHECK-LABEL: kb.task @types tolerance(atol 0.0, rtol 0.0) {
// CHECK-NEXT:    kb.input "h" : tensor<4x8xf16> dist(uniform(0.0, 1.0))
// CHECK-NEXT:    kb.input "b" : tensor<4x8xbf16> dist(normal(1.0, 0.5))
// CHECK-NEXT:    kb.input "d" : f64 dist(constant(-2.5))
// CHECK-NEXT:    kb.input "mask" : tensor<4x8xi1> dist(randint(0.0, 2.0))
// CHECK-NEXT:    kb.input "k" : i32 dist(constant(7.0), randint(-3.0, 3.0))
// CHECK-NEXT:    kb.input "ids" : tensor<2x2x2xi64> dist(randint(0.0, 1000.0))
// CHECK-NEXT:    kb.input "s" : tensor<f32> dist(constant(1.0))
// CHECK-NEXT:    kb.output "o" : tensor<4x8xf32>
// CHECK-NEXT:    kb.output "flag" : i1
// CHECK-NEXT:    kb.reference "return h.float() * b.float() * d, True"
// CHECK-NEXT:    kb.payload(%h: tensor<4x8xf16>, %b: tensor<4x8xbf16>, %d: f64, %mask: tensor<4x8xi1>, %k: i32, %ids: tensor<2x2x2xi64>, %s: tensor<f32>, %o: tensor<4x8xf32>, %flag: i1) {
// CHECK:           kb.yield %{{.*}}, %{{.*}} : tensor<4x8xf32>, i1
kb.task @types tolerance(atol 0.0, rtol 0.0) {
  kb.input "h" : tensor<4x8xf16> dist(uniform(0.0, 1.0))
  kb.input "b" : tensor<4x8xbf16> dist(normal(1.0, 0.5))
  kb.input "d" : f64 dist(constant(-2.5))
  kb.input "mask" : tensor<4x8xi1> dist(randint(0.0, 2.0))
  kb.input "k" : i32 dist(constant(7.0), randint(-3.0, 3.0))
  kb.input "ids" : tensor<2x2x2xi64> dist(randint(0.0, 1000.0))
  kb.input "s" : tensor<f32> dist(constant(1.0))
  kb.output "o" : tensor<4x8xf32>
  kb.output "flag" : i1
  kb.reference "return h.float() * b.float() * d, True"
  kb.payload(%h: tensor<4x8xf16>, %b: tensor<4x8xbf16>, %d: f64, %mask: tensor<4x8xi1>, %k: i32, %ids: tensor<2x2x2xi64>, %s: tensor<f32>, %o: tensor<4x8xf32>, %flag: i1) {
    %df = arith.truncf %d : f64 to f32
    %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>,
                                          affine_map<(i, j) -> (i, j)>],
                         iterator_types = ["parallel", "parallel"]}
        ins(%h, %b : tensor<4x8xf16>, tensor<4x8xbf16>) outs(%o : tensor<4x8xf32>) {
    ^bb0(%x: f16, %y: bf16, %acc: f32):
      %xf = arith.extf %x : f16 to f32
      %yf = arith.extf %y : bf16 to f32
      %p = arith.mulf %xf, %yf : f32
      %q = arith.mulf %p, %df : f32
      linalg.yield %q : f32
    } -> tensor<4x8xf32>
    %true = arith.constant true
    kb.yield %r, %true : tensor<4x8xf32>, i1
  }
}
