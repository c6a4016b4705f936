// RUN: kopt %s | FileCheck %s
// RUN: kopt %s | kopt | FileCheck %s

// The payload's block arguments print with the task's input and output names, whatever they were
// called in the source (made into valid SSA names where needed), and discardable attributes
// survive on every op of the dialect.

// CHECK-LABEL: kb.task @scale tolerance(atol 0.0, rtol 0.0) attributes {note = "hi"} {
// CHECK-NEXT:    kb.input "x-in" : tensor<4xf32> dist(normal(0.0, 1.0)) {layout = "row"}
// CHECK-NEXT:    kb.input "0" : f32 dist(constant(2.0))
// CHECK-NEXT:    kb.output "out" : tensor<4xf32> {kept}
// CHECK-NEXT:    kb.reference "return x_in * 2" {lang = "torchscript"}
// CHECK-NEXT:    kb.payload(%x-in: tensor<4xf32>, %_0: f32, %out: tensor<4xf32>) attributes {entry} {
// CHECK-NEXT:      %[[R:.*]] = linalg.generic {{.*}} ins(%x-in : tensor<4xf32>) outs(%out : tensor<4xf32>) {
// CHECK-NEXT:      ^bb0(%in: f32, %[[O:.*]]: f32):
// CHECK-NEXT:        %[[M:.*]] = arith.mulf %in, %_0 : f32
// CHECK-NEXT:        linalg.yield %[[M]] : f32
// CHECK-NEXT:      } -> tensor<4xf32>
// CHECK-NEXT:      kb.yield %[[R]] : tensor<4xf32> {done}
// CHECK-NEXT:    }
// CHECK-NEXT:  }
kb.task @scale tolerance(atol 0.0, rtol 0.0) attributes {note = "hi"} {
  kb.input "x-in" : tensor<4xf32> dist(normal(0.0, 1.0)) {layout = "row"}
  kb.input "0" : f32 dist(constant(2.0))
  kb.output "out" : tensor<4xf32> {kept}
  kb.reference "return x_in * 2" {lang = "torchscript"}
  kb.payload(%a: tensor<4xf32>, %s: f32, %b: tensor<4xf32>) attributes {entry} {
    %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
                         iterator_types = ["parallel"]}
        ins(%a : tensor<4xf32>) outs(%b : tensor<4xf32>) {
    ^bb0(%in: f32, %o: f32):
      %m = arith.mulf %in, %s : f32
      linalg.yield %m : f32
    } -> tensor<4xf32>
    kb.yield %r : tensor<4xf32> {done}
  }
}
