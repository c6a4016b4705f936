// RUN: kopt %s --pass-pipeline='builtin.module(kb-select{strategy=surprise-top2})' --verify-diagnostics | FileCheck %s
// RUN: kopt %s --pass-pipeline='builtin.module(kb-select{strategy=oracle})' --verify-diagnostics | FileCheck %s --check-prefix=ORACLE
// RUN: kopt %s --pass-pipeline='builtin.module(kb-select{strategy=bon-2})' --verify-diagnostics | FileCheck %s --check-prefix=BON2

// Each task is selected on its own, among its own candidates, which may be interleaved with
// those of other tasks in the module; sample order and bon-K's K count within one task only.
//
//   @relu:   r0 (mean -1.0, 30 us), r1 (-3.0, 35), r2 (-2.0, 25); all correct
//   @matmul: m0 (-2.0, 50), m1 (-0.5, 40), m2 (-4.5, 10, incorrect), m3 (-2.5, 45)
//   @sum:    s0 incorrect, s1 launch_error -> warning, no mark
//
//   surprise-top2: relu {r1, r2} -> r2 (25);          matmul {m3, m0} -> m3 (45)
//   oracle:        relu r2 (25), timed = 3;          matmul m1 (40), timed = 3
//   bon-2:         relu r0, r1 -> r0 (30), timed = 2; matmul m0, m1 -> m1 (40), timed = 2
//                  (counting over the whole module, bon-2 would see only m0 and r0)

// CHECK-LABEL: kb.task @sum
// CHECK:      kb.candidate @m0 of @matmul {{.*}} speedup 0.9{{$}}
// CHECK-NEXT: kb.candidate @r0 of @relu {{.*}} speedup 1.1{{$}}
// CHECK-NEXT: kb.candidate @s0 of @sum {{.*}} verdict <incorrect>{{$}}
// CHECK-NEXT: kb.candidate @m1 of @matmul {{.*}} speedup 1.1{{$}}
// CHECK-NEXT: kb.candidate @r1 of @relu {{.*}} speedup 0.95{{$}}
// CHECK-NEXT: kb.candidate @m2 of @matmul {{.*}} speedup 4.5{{$}}
// CHECK-NEXT: kb.candidate @r2 of @relu {{.*}} speedup 1.3 selected <"surprise-top2", timed = 2>{{$}}
// CHECK-NEXT: kb.candidate @s1 of @sum {{.*}} verdict <launch_error>{{$}}
// CHECK-NEXT: kb.candidate @m3 of @matmul {{.*}} speedup 1.0 selected <"surprise-top2", timed = 2>{{$}}

// ORACLE-LABEL: kb.task @sum
// ORACLE:      kb.candidate @m0 of @matmul {{.*}} speedup 0.9{{$}}
// ORACLE-NEXT: kb.candidate @r0 of @relu {{.*}} speedup 1.1{{$}}
// ORACLE-NEXT: kb.candidate @s0 of @sum {{.*}} verdict <incorrect>{{$}}
// ORACLE-NEXT: kb.candidate @m1 of @matmul {{.*}} speedup 1.1 selected <"oracle", timed = 3>{{$}}
// ORACLE-NEXT: kb.candidate @r1 of @relu {{.*}} speedup 0.95{{$}}
// ORACLE-NEXT: kb.candidate @m2 of @matmul {{.*}} speedup 4.5{{$}}
// ORACLE-NEXT: kb.candidate @r2 of @relu {{.*}} speedup 1.3 selected <"oracle", timed = 3>{{$}}
// ORACLE-NEXT: kb.candidate @s1 of @sum {{.*}} verdict <launch_error>{{$}}
// ORACLE-NEXT: kb.candidate @m3 of @matmul {{.*}} speedup 1.0{{$}}

// BON2-LABEL: kb.task @sum
// BON2:      kb.candidate @m0 of @matmul {{.*}} speedup 0.9{{$}}
// BON2-NEXT: kb.candidate @r0 of @relu {{.*}} speedup 1.1 selected <"bon-2", timed = 2>{{$}}
// BON2-NEXT: kb.candidate @s0 of @sum {{.*}} verdict <incorrect>{{$}}
// BON2-NEXT: kb.candidate @m1 of @matmul {{.*}} speedup 1.1 selected <"bon-2", timed = 2>{{$}}
// BON2-NEXT: kb.candidate @r1 of @relu {{.*}} speedup 0.95{{$}}
// BON2-NEXT: kb.candidate @m2 of @matmul {{.*}} speedup 4.5{{$}}
// BON2-NEXT: kb.candidate @r2 of @relu {{.*}} speedup 1.3{{$}}
// BON2-NEXT: kb.candidate @s1 of @sum {{.*}} verdict <launch_error>{{$}}
// BON2-NEXT: kb.candidate @m3 of @matmul {{.*}} speedup 1.0{{$}}

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

kb.task @matmul origin <"KernelBench", level 1, problem 1> tolerance(atol 0.01, rtol 0.01) {
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
// expected-warning@+1 {{no correct candidate among 2; nothing selected}}
kb.task @sum origin <"KernelBench", level 1, problem 47> tolerance(atol 1.0e-3, rtol 1.0e-3) {
  kb.input "x" : tensor<64x1024xf32> dist(uniform(0.0, 1.0))
  kb.output "s" : tensor<64xf32>
  kb.reference "return x.sum(1)"
  kb.payload(%x: tensor<64x1024xf32>, %s: tensor<64xf32>) {
    %zero = arith.constant 0.0 : f32
    %init = linalg.fill ins(%zero : f32) outs(%s : tensor<64xf32>) -> tensor<64xf32>
    %r = linalg.reduce ins(%x : tensor<64x1024xf32>) outs(%init : tensor<64xf32>) dimensions = [1]
      (%in: f32, %acc: f32) {
        %t = arith.addf %in, %acc : f32
        linalg.yield %t : f32
      }
    kb.yield %r : tensor<64xf32>
  }
}
kb.candidate @m0 of @matmul policy decisions {tile = 32} logprob <sum = -4.0, count = 2> verdict <correct> time <median = 50.0, q1 = 49.0, q3 = 51.0, n = 9> speedup 0.9
kb.candidate @r0 of @relu policy decisions {block = 64} logprob <sum = -1.0, count = 1> verdict <correct> time <median = 30.0, q1 = 29.0, q3 = 31.0, n = 9> speedup 1.1
kb.candidate @s0 of @sum policy decisions {block = 64} logprob <sum = -1.0, count = 1> verdict <incorrect>
kb.candidate @m1 of @matmul policy decisions {tile = 64} logprob <sum = -1.0, count = 2> verdict <correct> time <median = 40.0, q1 = 39.0, q3 = 41.0, n = 9> speedup 1.1
kb.candidate @r1 of @relu policy decisions {block = 128} logprob <sum = -3.0, count = 1> verdict <correct> time <median = 35.0, q1 = 34.0, q3 = 36.0, n = 9> speedup 0.95
kb.candidate @m2 of @matmul policy decisions {tile = 16} logprob <sum = -9.0, count = 2> verdict <incorrect> time <median = 10.0, q1 = 10.0, q3 = 10.0, n = 9> speedup 4.5
kb.candidate @r2 of @relu policy decisions {block = 256} logprob <sum = -2.0, count = 1> verdict <correct> time <median = 25.0, q1 = 24.0, q3 = 26.0, n = 9> speedup 1.3
kb.candidate @s1 of @sum policy decisions {block = 128} verdict <launch_error>
kb.candidate @m3 of @matmul policy decisions {tile = 8} logprob <sum = -5.0, count = 2> verdict <correct> time <median = 45.0, q1 = 44.0, q3 = 46.0, n = 9> speedup 1.0
