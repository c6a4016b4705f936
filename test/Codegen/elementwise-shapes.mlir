// RUN: kopt %s --pass-pipeline='builtin.module(kb-lower-to-ptx)' -o %t.mlir 2>/dev/null
// RUN: FileCheck %s < %t.mlir
// RUN: %extract-ptx %t.mlir k_bias | FileCheck %s --check-prefix=BIAS
// RUN: %extract-ptx %t.mlir k_rows | FileCheck %s --check-prefix=ROWS
// RUN: %extract-ptx %t.mlir k_transposed | FileCheck %s --check-prefix=TRANSPOSED
// RUN: %extract-ptx %t.mlir k_odd | FileCheck %s --check-prefix=ODD
// RUN: %extract-ptx %t.mlir k_scalars | FileCheck %s --check-prefix=SCALARS
// RUN: %extract-ptx %t.mlir k_mask | FileCheck %s --check-prefix=MASK

// What the elementwise family covers beyond a unary map, and the vector width each payload admits
// when the decisions ask for 4: kernel parameters follow the task's inputs then outputs.

// A row broadcast: 1000 columns hold whole vectors of 4, so x and b load 16 bytes at a time.
kb.task @bias tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<64x1000xf32> dist(uniform(0.0, 1.0))
  kb.input "b" : tensor<1000xf32> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<64x1000xf32>
  kb.reference "return x + b"
  kb.payload(%x: tensor<64x1000xf32>, %b: tensor<1000xf32>, %out: tensor<64x1000xf32>) {
    %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>,
                                          affine_map<(i, j) -> (i, j)>],
                         iterator_types = ["parallel", "parallel"]}
        ins(%x, %b : tensor<64x1000xf32>, tensor<1000xf32>) outs(%out : tensor<64x1000xf32>) {
    ^bb0(%a: f32, %c: f32, %o: f32):
      %s = arith.addf %a, %c : f32
      linalg.yield %s : f32
    } -> tensor<64x1000xf32>
    kb.yield %r : tensor<64x1000xf32>
  }
}
// 16000 vectors, 64 x 4 per block: 62.5 steps, the last one checked.
// CHECK-LABEL: kb.candidate @k_bias
// CHECK-SAME:    launch <[<"bias", grid = [63, 1, 1], block = [64, 1, 1], smem = 0, args = ["x", "b", "out"]>]>
kb.candidate @k_bias of @bias policy decisions {vector = 4, per_thread = 4, block = 64}
// BIAS:      .param .u64 .ptr .align 1 bias_param_0,
// BIAS-NEXT: .param .u64 .ptr .align 1 bias_param_1,
// BIAS-NEXT: .param .u64 .ptr .align 1 bias_param_2
// BIAS-NEXT: )
// BIAS:      ld.global.v4.{{[bf]}}32
// BIAS:      ld.global.v4.{{[bf]}}32
// BIAS:      st.global.v4.{{[bf]}}32
// BIAS:      setp.{{.*}}{{15999|16000}}

// A scale per row of 6 elements: vectors of 2 stay in a row; s is one element per vector.
kb.task @rows tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<30x7x6xf32> dist(uniform(0.0, 1.0))
  kb.input "s" : tensor<30x7xf32> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<30x7x6xf32>
  kb.reference "return x * s.unsqueeze(2)"
  kb.payload(%x: tensor<30x7x6xf32>, %s: tensor<30x7xf32>, %out: tensor<30x7x6xf32>) {
    %r = linalg.generic {indexing_maps = [affine_map<(i, j, k) -> (i, j, k)>, affine_map<(i, j, k) -> (i, j)>,
                                          affine_map<(i, j, k) -> (i, j, k)>],
                         iterator_types = ["parallel", "parallel", "parallel"]}
        ins(%x, %s : tensor<30x7x6xf32>, tensor<30x7xf32>) outs(%out : tensor<30x7x6xf32>) {
    ^bb0(%a: f32, %c: f32, %o: f32):
      %m = arith.mulf %a, %c : f32
      linalg.yield %m : f32
    } -> tensor<30x7x6xf32>
    kb.yield %r : tensor<30x7x6xf32>
  }
}
// CHECK-LABEL: kb.candidate @k_rows
// CHECK-SAME:    launch <[<"rows", grid = [3, 1, 1], block = [256, 1, 1], smem = 0, args = ["x", "s", "out"]>]>
kb.candidate @k_rows of @rows policy decisions {vector = 4}
// ROWS-DAG: ld.global.v2.{{[bf]}}32
// ROWS-DAG: ld.global.{{[bf]}}32
// ROWS-DAG: st.global.v2.{{[bf]}}32

// A transposed operand: element by element.
kb.task @transposed tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<32x48xf32> dist(uniform(0.0, 1.0))
  kb.input "y" : tensor<48x32xf32> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<32x48xf32>
  kb.reference "return x + y.t()"
  kb.payload(%x: tensor<32x48xf32>, %y: tensor<48x32xf32>, %out: tensor<32x48xf32>) {
    %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j, i)>,
                                          affine_map<(i, j) -> (i, j)>],
                         iterator_types = ["parallel", "parallel"]}
        ins(%x, %y : tensor<32x48xf32>, tensor<48x32xf32>) outs(%out : tensor<32x48xf32>) {
    ^bb0(%a: f32, %c: f32, %o: f32):
      %s = arith.addf %a, %c : f32
      linalg.yield %s : f32
    } -> tensor<32x48xf32>
    kb.yield %r : tensor<32x48xf32>
  }
}
// CHECK-LABEL: kb.candidate @k_transposed
// CHECK-SAME:    launch <[<"transposed", grid = [6, 1, 1], block = [256, 1, 1], smem = 0, args = ["x", "y", "out"]>]>
kb.candidate @k_transposed of @transposed policy decisions {vector = 4}
// TRANSPOSED-NOT: .v2
// TRANSPOSED-NOT: .v4
// TRANSPOSED:     st.global.{{[bf]}}32

// 1001 elements: no vector divides them; the last block checks its bounds.
kb.task @odd tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<7x143xf32> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<7x143xf32>
  kb.reference "return torch.sigmoid(x)"
  kb.payload(%x: tensor<7x143xf32>, %out: tensor<7x143xf32>) {
    %one = arith.constant 1.0 : f32
    %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                         iterator_types = ["parallel", "parallel"]}
        ins(%x : tensor<7x143xf32>) outs(%out : tensor<7x143xf32>) {
    ^bb0(%a: f32, %o: f32):
      %n = arith.negf %a : f32
      %e = math.exp %n : f32
      %d = arith.addf %e, %one : f32
      %s = arith.divf %one, %d : f32
      linalg.yield %s : f32
    } -> tensor<7x143xf32>
    kb.yield %r : tensor<7x143xf32>
  }
}
// CHECK-LABEL: kb.candidate @k_odd
// CHECK-SAME:    launch <[<"odd", grid = [4, 1, 1], block = [256, 1, 1], smem = 0, args = ["x", "out"]>]>
kb.candidate @k_odd of @odd policy decisions {vector = 4}
// ODD:     setp.{{.*}}{{1000|1001}}
// ODD-NOT: .v4
// ODD:     ld.global.{{[bf]}}32

// f16 with a scalar input and a rank-0 one: kopt-runner passes both by value.
kb.task @scalars tolerance(atol 1.0e-2, rtol 1.0e-2) {
  kb.input "x" : tensor<4096xf16> dist(uniform(0.0, 1.0))
  kb.input "alpha" : f32 dist(uniform(0.0, 1.0))
  kb.input "beta" : tensor<f16> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<4096xf16>
  kb.reference "return (x * alpha).half() + beta"
  kb.payload(%x: tensor<4096xf16>, %alpha: f32, %beta: tensor<f16>, %out: tensor<4096xf16>) {
    %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> ()>,
                                          affine_map<(i) -> ()>, affine_map<(i) -> (i)>],
                         iterator_types = ["parallel"]}
        ins(%x, %alpha, %beta : tensor<4096xf16>, f32, tensor<f16>) outs(%out : tensor<4096xf16>) {
    ^bb0(%a: f16, %al: f32, %be: f16, %o: f16):
      %a32 = arith.extf %a : f16 to f32
      %m = arith.mulf %a32, %al : f32
      %m16 = arith.truncf %m : f32 to f16
      %s = arith.addf %m16, %be : f16
      linalg.yield %s : f16
    } -> tensor<4096xf16>
    kb.yield %r : tensor<4096xf16>
  }
}
// CHECK-LABEL: kb.candidate @k_scalars
// CHECK-SAME:    launch <[<"scalars", grid = [4, 1, 1], block = [256, 1, 1], smem = 0, args = ["x", "alpha", "beta", "out"]>]>
kb.candidate @k_scalars of @scalars policy decisions {vector = 4}
// SCALARS:      .param .u64 .ptr .align 1 scalars_param_0,
// SCALARS-NEXT: .param .f32 scalars_param_1,
// SCALARS-NEXT: .param .align 2 .b8 scalars_param_2[2],
// SCALARS-NEXT: .param .u64 .ptr .align 1 scalars_param_3
// SCALARS-NOT:  ld.global.b16
// SCALARS:      ld.global.v4.b16
// SCALARS:      st.global.{{v4.b16|v2.b32}}

// Two outputs, one of them booleans (one byte each, element by element).
kb.task @mask tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<16x16384xf32> dist(uniform(-1.0, 1.0))
  kb.output "out" : tensor<16x16384xf32>
  kb.output "positive" : tensor<16x16384xi1>
  kb.reference "return torch.relu(x), x > 0"
  kb.payload(%x: tensor<16x16384xf32>, %out: tensor<16x16384xf32>, %positive: tensor<16x16384xi1>) {
    %zero = arith.constant 0.0 : f32
    %r:2 = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>,
                                            affine_map<(i, j) -> (i, j)>],
                           iterator_types = ["parallel", "parallel"]}
        ins(%x : tensor<16x16384xf32>) outs(%out, %positive : tensor<16x16384xf32>, tensor<16x16384xi1>) {
    ^bb0(%a: f32, %o: f32, %p: i1):
      %c = arith.cmpf ogt, %a, %zero : f32
      %y = arith.select %c, %a, %zero : f32
      linalg.yield %y, %c : f32, i1
    } -> (tensor<16x16384xf32>, tensor<16x16384xi1>)
    kb.yield %r#0, %r#1 : tensor<16x16384xf32>, tensor<16x16384xi1>
  }
}
// CHECK-LABEL: kb.candidate @k_mask
// CHECK-SAME:    launch <[<"mask", grid = [32, 1, 1], block = [1024, 1, 1], smem = 0, args = ["x", "out", "positive"]>]>
kb.candidate @k_mask of @mask policy decisions {vector = 4, per_thread = 8, block = 1024}
// MASK-COUNT-8: ld.global.{{[bf]}}32
// MASK:         st.global.b8
