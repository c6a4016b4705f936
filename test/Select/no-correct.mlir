// RUN: kopt %s --split-input-file --pass-pipeline='builtin.module(kb-select{strategy=oracle})' --verify-diagnostics | FileCheck %s
// RUN: kopt %s --split-input-file --pass-pipeline='builtin.module(kb-select{strategy=random})' --verify-diagnostics | FileCheck %s
// RUN: kopt %s --split-input-file --pass-pipeline='builtin.module(kb-select{strategy=surprise-top3})' --verify-diagnostics | FileCheck %s
// RUN: kopt %s --split-input-file --pass-pipeline='builtin.module(kb-select{strategy=bon-2})' --verify-diagnostics | FileCheck %s
// RUN: kopt %s --split-input-file --pass-pipeline='builtin.module(kb-select{strategy=confidence})' --verify-diagnostics | FileCheck %s

// A task without a correct candidate gets a warning and no mark; the pass still succeeds and the
// IR is printed. Log-probs and timings (x2 has neither) are not needed then. A task without any
// candidate is the same case.

// CHECK-NOT:   selected
// CHECK-LABEL: kb.task @relu
// CHECK:       kb.candidate @x0 of @relu {{.*}} speedup 2.0{{$}}
// CHECK-NEXT:  kb.candidate @x1 of @relu {{.*}} verdict <compile_error>{{$}}
// CHECK-NEXT:  kb.candidate @x2 of @relu {{.*}} verdict <timeout>{{$}}
// CHECK-LABEL: kb.task @empty
// CHECK-NOT:   selected

// expected-warning@+1 {{no correct candidate among 3; nothing selected}}
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
kb.candidate @x0 of @relu policy decisions {block = 64} logprob <sum = -1.0, count = 1> verdict <incorrect, "max abs err 3.0"> time <median = 100.0, q1 = 99.0, q3 = 101.0, n = 5> speedup 2.0
kb.candidate @x1 of @relu policy decisions {block = 128} logprob <sum = -2.0, count = 1> verdict <compile_error>
kb.candidate @x2 of @relu policy decisions {block = 256} verdict <timeout>

// -----

// expected-warning@+1 {{no correct candidate among 0; nothing selected}}
kb.task @empty origin <"KernelBench", level 1, problem 19> tolerance(atol 1.0e-4, rtol 1.0e-4) {
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
