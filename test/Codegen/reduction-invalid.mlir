// RUN: kopt %s --pass-pipeline='builtin.module(kb-lower-to-ptx)' 2>/dev/null | FileCheck %s

// Reductions the family cannot schedule get compile_error with the located reason; the run goes
// on.

// x - acc: the order of the steps matters, so partial results cannot combine.
kb.task @subtract tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<8x64xf32> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<8xf32>
  kb.reference "return x.sum(1)"
  kb.payload(%x: tensor<8x64xf32>, %out: tensor<8xf32>) {
    %zero = arith.constant 0.0 : f32
    %acc = linalg.fill ins(%zero : f32) outs(%out : tensor<8xf32>) -> tensor<8xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (i)>],
                         iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<8x64xf32>) outs(%acc : tensor<8xf32>) {
    ^bb0(%v: f32, %a: f32):
      %s = arith.subf %v, %a : f32
      linalg.yield %s : f32
    } -> tensor<8xf32>
    kb.yield %r : tensor<8xf32>
  }
}
// CHECK-LABEL: kb.candidate @k_subtract
// CHECK-SAME:    verdict <compile_error, "{{.*}}reduction-invalid.mlir:18:12: error: cannot derive a parallel combiner for accumulator #0: 'arith.subf' is not commutative with a neutral element">
kb.candidate @k_subtract of @subtract policy decisions {}

// A decaying sum, acc * 0.5 + x: the accumulator is scaled before it is combined.
kb.task @decay tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<8x64xf32> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<8xf32>
  kb.reference "return x.sum(1)"
  kb.payload(%x: tensor<8x64xf32>, %out: tensor<8xf32>) {
    %zero = arith.constant 0.0 : f32
    %half = arith.constant 0.5 : f32
    %acc = linalg.fill ins(%zero : f32) outs(%out : tensor<8xf32>) -> tensor<8xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (i)>],
                         iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<8x64xf32>) outs(%acc : tensor<8xf32>) {
    ^bb0(%v: f32, %a: f32):
      %d = arith.mulf %a, %half : f32
      %s = arith.addf %v, %d : f32
      linalg.yield %s : f32
    } -> tensor<8xf32>
    kb.yield %r : tensor<8xf32>
  }
}
// CHECK-LABEL: kb.candidate @k_decay
// CHECK-SAME:    verdict <compile_error, "{{.*}}reduction-invalid.mlir:[[# @LINE - 7]]:12: error: cannot derive a parallel combiner for accumulator #0: it is not updated by a binary op of itself and the input">
kb.candidate @k_decay of @decay policy decisions {}

// The accumulator starts from the output's contents, which the task does not define.
kb.task @nofill tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<8x64xf32> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<8xf32>
  kb.reference "return x.sum(1)"
  kb.payload(%x: tensor<8x64xf32>, %out: tensor<8xf32>) {
    %r = linalg.reduce ins(%x : tensor<8x64xf32>) outs(%out : tensor<8xf32>) dimensions = [1]
      (%v: f32, %a: f32) {
        %s = arith.addf %v, %a : f32
        linalg.yield %s : f32
      }
    kb.yield %r : tensor<8xf32>
  }
}
// CHECK-LABEL: kb.candidate @k_nofill
// CHECK-SAME:    verdict <compile_error, "{{.*}}reduction-invalid.mlir:[[# @LINE - 9]]:10: error: not in the reduction family: accumulator #0 does not start from a linalg.fill of a constant or scalar input">
kb.candidate @k_nofill of @nofill policy decisions {}

// Two axes at once.
kb.task @two_axes tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<8x16x4xf32> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<8xf32>
  kb.reference "return x.sum((1, 2))"
  kb.payload(%x: tensor<8x16x4xf32>, %out: tensor<8xf32>) {
    %zero = arith.constant 0.0 : f32
    %acc = linalg.fill ins(%zero : f32) outs(%out : tensor<8xf32>) -> tensor<8xf32>
    %r = linalg.reduce ins(%x : tensor<8x16x4xf32>) outs(%acc : tensor<8xf32>) dimensions = [1, 2]
      (%v: f32, %a: f32) {
        %s = arith.addf %v, %a : f32
        linalg.yield %s : f32
      }
    kb.yield %r : tensor<8xf32>
  }
}
// CHECK-LABEL: kb.candidate @k_two_axes
// CHECK-SAME:    verdict <compile_error, "{{.*}}reduction-invalid.mlir:[[# @LINE - 9]]:10: error: not in the reduction family: it reduces 2 axes, and the family reduces one">
kb.candidate @k_two_axes of @two_axes policy decisions {}

// A transposed read.
kb.task @transposed tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<64x8xf32> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<8xf32>
  kb.reference "return x.sum(0)"
  kb.payload(%x: tensor<64x8xf32>, %out: tensor<8xf32>) {
    %zero = arith.constant 0.0 : f32
    %acc = linalg.fill ins(%zero : f32) outs(%out : tensor<8xf32>) -> tensor<8xf32>
    %r = linalg.generic {indexing_maps = [affine_map<(i, k) -> (k, i)>, affine_map<(i, k) -> (i)>],
                         iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<64x8xf32>) outs(%acc : tensor<8xf32>) {
    ^bb0(%v: f32, %a: f32):
      %s = arith.addf %v, %a : f32
      linalg.yield %s : f32
    } -> tensor<8xf32>
    kb.yield %r : tensor<8xf32>
  }
}
// CHECK-LABEL: kb.candidate @k_transposed
// CHECK-SAME:    verdict <compile_error, "{{.*}}reduction-invalid.mlir:[[# @LINE - 11]]:10: error: not in the reduction family: input #0 is indexed neither by the identity nor by the kept dimensions in order (a broadcast or transposed read)">
kb.candidate @k_transposed of @transposed policy decisions {}

// An argmax whose index starts past the first index.
kb.task @late_index tolerance(atol 0.0, rtol 0.0) {
  kb.input "x" : tensor<8x64xf32> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<8xi64>
  kb.reference "return torch.argmax(x, dim=1) + 5"
  kb.payload(%x: tensor<8x64xf32>, %out: tensor<8xi64>) {
    %init = arith.constant 0xFF800000 : f32
    %five = arith.constant 5 : i64
    %e = tensor.empty() : tensor<8xf32>
    %v0 = linalg.fill ins(%init : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
    %i0 = linalg.fill ins(%five : i64) outs(%out : tensor<8xi64>) -> tensor<8xi64>
    %r:2 = linalg.generic {indexing_maps = [affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (i)>,
                                            affine_map<(i, k) -> (i)>],
                           iterator_types = ["parallel", "reduction"]}
        ins(%x : tensor<8x64xf32>) outs(%v0, %i0 : tensor<8xf32>, tensor<8xi64>) {
    ^bb0(%v: f32, %best: f32, %bi: i64):
      %k = linalg.index 1 : index
      %ki = arith.index_cast %k : index to i64
      %take = arith.cmpf ogt, %v, %best : f32
      %nv = arith.select %take, %v, %best : f32
      %ni = arith.select %take, %ki, %bi : i64
      linalg.yield %nv, %ni : f32, i64
    } -> (tensor<8xf32>, tensor<8xi64>)
    kb.yield %r#1 : tensor<8xi64>
  }
}
// CHECK-LABEL: kb.candidate @k_late_index
// CHECK-SAME:    verdict <compile_error, "{{.*}}reduction-invalid.mlir:[[# @LINE - 16]]:12: error: not in the reduction family: the index accumulator must start from a constant <= 0 (before the first index)">
kb.candidate @k_late_index of @late_index policy decisions {}

// Two reductions (a softmax's max and sum) in one payload: the normalization family explains
// why it cannot take them (it needs an elementwise op on the reduced space).
kb.task @two_reductions tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<8x64xf32> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<8xf32>
  kb.reference "return x.amax(1) + x.sum(1)"
  kb.payload(%x: tensor<8x64xf32>, %out: tensor<8xf32>) {
    %zero = arith.constant 0.0 : f32
    %e = tensor.empty() : tensor<8xf32>
    %acc = linalg.fill ins(%zero : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
    %m = linalg.reduce ins(%x : tensor<8x64xf32>) outs(%acc : tensor<8xf32>) dimensions = [1]
      (%v: f32, %a: f32) {
        %s = arith.maximumf %v, %a : f32
        linalg.yield %s : f32
      }
    %s = linalg.reduce ins(%x : tensor<8x64xf32>) outs(%acc : tensor<8xf32>) dimensions = [1]
      (%v: f32, %a: f32) {
        %s = arith.addf %v, %a : f32
        linalg.yield %s : f32
      }
    %r = linalg.add ins(%m, %s : tensor<8xf32>, tensor<8xf32>) outs(%out : tensor<8xf32>) -> tensor<8xf32>
    kb.yield %r : tensor<8xf32>
  }
}
// CHECK-LABEL: kb.candidate @k_two_reductions
// CHECK-SAME:    verdict <compile_error, "{{.*}}reduction-invalid.mlir:[[# @LINE - 4]]:5: error: not in the normalization family: output #0 is not computed by an elementwise op on the reductions' space">
kb.candidate @k_two_reductions of @two_reductions policy decisions {}
