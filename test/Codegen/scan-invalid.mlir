// RUN: kopt %s --pass-pipeline='builtin.module(kb-lower-to-ptx)' 2>/dev/null | FileCheck %s

// Loops the scan family cannot schedule get compile_error with the located reason; a payload
// holding a loop is the scan family's to explain. The run goes on.

// acc - x: subtraction does not regroup, so chunks cannot be scanned apart.
kb.task @cumdiff tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<8x64xf32> dist(uniform(0.0, 1.0), uniform(-0.5, 1.0))
  kb.output "out" : tensor<8x64xf32>
  kb.reference "return torch.cumsum(x, dim=1)"
  kb.payload(%x: tensor<8x64xf32>, %out: tensor<8x64xf32>) {
    %init = arith.constant 0.0 : f32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %cD = arith.constant 64 : index
    %e = tensor.empty() : tensor<8xf32>
    %acc0 = linalg.fill ins(%init : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
    %res:2 = scf.for %k = %c0 to %cD step %c1 iter_args(%acc = %acc0, %o = %out) -> (tensor<8xf32>, tensor<8x64xf32>) {
      %col = tensor.extract_slice %x[0, %k] [8, 1] [1, 1] : tensor<8x64xf32> to tensor<8xf32>
      %next = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
          ins(%col : tensor<8xf32>) outs(%acc : tensor<8xf32>) {
      ^bb0(%v: f32, %a: f32):
        %s = arith.subf %a, %v : f32
        linalg.yield %s : f32
      } -> tensor<8xf32>
      %o2 = tensor.insert_slice %next into %o[0, %k] [8, 1] [1, 1] : tensor<8xf32> into tensor<8x64xf32>
      scf.yield %next, %o2 : tensor<8xf32>, tensor<8x64xf32>
    }
    kb.yield %res#1 : tensor<8x64xf32>
  }
}
// CHECK-LABEL: kb.candidate @k_cumdiff
// CHECK-SAME:    verdict <compile_error, "{{.*}}scan-invalid.mlir:{{[0-9]+}}:{{[0-9]+}}: error: not in the scan family: 'arith.subf' is not an associative op with a neutral element">
kb.candidate @k_cumdiff of @cumdiff policy decisions {}

// Every other column: the loop does not visit each position once.
kb.task @every_other tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<8x64xf32> dist(uniform(0.0, 1.0), uniform(-0.5, 1.0))
  kb.output "out" : tensor<8x64xf32>
  kb.reference "return torch.cumsum(x, dim=1)"
  kb.payload(%x: tensor<8x64xf32>, %out: tensor<8x64xf32>) {
    %init = arith.constant 0.0 : f32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %cD = arith.constant 64 : index
    %e = tensor.empty() : tensor<8xf32>
    %acc0 = linalg.fill ins(%init : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
    %res:2 = scf.for %k = %c0 to %cD step %c2 iter_args(%acc = %acc0, %o = %out) -> (tensor<8xf32>, tensor<8x64xf32>) {
      %col = tensor.extract_slice %x[0, %k] [8, 1] [1, 1] : tensor<8x64xf32> to tensor<8xf32>
      %next = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
          ins(%col : tensor<8xf32>) outs(%acc : tensor<8xf32>) {
      ^bb0(%v: f32, %a: f32):
        %s = arith.addf %a, %v : f32
        linalg.yield %s : f32
      } -> tensor<8xf32>
      %o2 = tensor.insert_slice %next into %o[0, %k] [8, 1] [1, 1] : tensor<8xf32> into tensor<8x64xf32>
      scf.yield %next, %o2 : tensor<8xf32>, tensor<8x64xf32>
    }
    kb.yield %res#1 : tensor<8x64xf32>
  }
}
// CHECK-LABEL: kb.candidate @k_every_other
// CHECK-SAME:    verdict <compile_error, "{{.*}}scan-invalid.mlir:{{[0-9]+}}:{{[0-9]+}}: error: not in the scan family: it does not run from 0 to 64 in steps of 1">
kb.candidate @k_every_other of @every_other policy decisions {}

// acc * acc + x: the accumulator is transformed before it is combined.
kb.task @squares tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<8x64xf32> dist(uniform(0.0, 1.0), uniform(-0.5, 1.0))
  kb.output "out" : tensor<8x64xf32>
  kb.reference "return torch.cumsum(x, dim=1)"
  kb.payload(%x: tensor<8x64xf32>, %out: tensor<8x64xf32>) {
    %init = arith.constant 0.0 : f32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %cD = arith.constant 64 : index
    %e = tensor.empty() : tensor<8xf32>
    %acc0 = linalg.fill ins(%init : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
    %res:2 = scf.for %k = %c0 to %cD step %c1 iter_args(%acc = %acc0, %o = %out) -> (tensor<8xf32>, tensor<8x64xf32>) {
      %col = tensor.extract_slice %x[0, %k] [8, 1] [1, 1] : tensor<8x64xf32> to tensor<8xf32>
      %next = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
          ins(%col : tensor<8xf32>) outs(%acc : tensor<8xf32>) {
      ^bb0(%v: f32, %a: f32):
        %sq = arith.mulf %a, %a : f32
        %s = arith.addf %sq, %v : f32
        linalg.yield %s : f32
      } -> tensor<8xf32>
      %o2 = tensor.insert_slice %next into %o[0, %k] [8, 1] [1, 1] : tensor<8xf32> into tensor<8x64xf32>
      scf.yield %next, %o2 : tensor<8xf32>, tensor<8x64xf32>
    }
    kb.yield %res#1 : tensor<8x64xf32>
  }
}
// CHECK-LABEL: kb.candidate @k_squares
// CHECK-SAME:    verdict <compile_error, "{{.*}}scan-invalid.mlir:{{[0-9]+}}:{{[0-9]+}}: error: not in the scan family: its body is not an op of the accumulator (used once) and a value computed from the inputs">
kb.candidate @k_squares of @squares policy decisions {}

// x * k: the step reads the loop's index, which the kernel does not rebuild.
kb.task @by_index tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<8x64xf32> dist(uniform(0.0, 1.0), uniform(-0.5, 1.0))
  kb.output "out" : tensor<8x64xf32>
  kb.reference "return torch.cumsum(x, dim=1)"
  kb.payload(%x: tensor<8x64xf32>, %out: tensor<8x64xf32>) {
    %init = arith.constant 0.0 : f32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %cD = arith.constant 64 : index
    %e = tensor.empty() : tensor<8xf32>
    %acc0 = linalg.fill ins(%init : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
    %res:2 = scf.for %k = %c0 to %cD step %c1 iter_args(%acc = %acc0, %o = %out) -> (tensor<8xf32>, tensor<8x64xf32>) {
      %col = tensor.extract_slice %x[0, %k] [8, 1] [1, 1] : tensor<8x64xf32> to tensor<8xf32>
      %next = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
          ins(%col : tensor<8xf32>) outs(%acc : tensor<8xf32>) {
      ^bb0(%v: f32, %a: f32):
        %ki = arith.index_cast %k : index to i32
        %kf = arith.sitofp %ki : i32 to f32
        %vk = arith.mulf %v, %kf : f32
        %s = arith.addf %a, %vk : f32
        linalg.yield %s : f32
      } -> tensor<8xf32>
      %o2 = tensor.insert_slice %next into %o[0, %k] [8, 1] [1, 1] : tensor<8xf32> into tensor<8x64xf32>
      scf.yield %next, %o2 : tensor<8xf32>, tensor<8x64xf32>
    }
    kb.yield %res#1 : tensor<8x64xf32>
  }
}
// CHECK-LABEL: kb.candidate @k_by_index
// CHECK-SAME:    verdict <compile_error, "{{.*}}scan-invalid.mlir:{{[0-9]+}}:{{[0-9]+}}: error: not in the scan family: the step's body uses a value computed outside it that is not a constant">
kb.candidate @k_by_index of @by_index policy decisions {}
