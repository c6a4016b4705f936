// RUN: kopt %s --pass-pipeline='builtin.module(kb-select{strategy=random seed=0})' | FileCheck %s
// RUN: kopt %s --pass-pipeline='builtin.module(kb-select{strategy=random seed=1})' | FileCheck %s
// RUN: kopt %s --pass-pipeline='builtin.module(kb-select{strategy=random seed=7})' | FileCheck %s
// RUN: kopt %s --pass-pipeline='builtin.module(kb-select{strategy=random seed=12345})' | FileCheck %s
// RUN: kopt %s --pass-pipeline='builtin.module(kb-select{strategy=random seed=18446744073709551615})' | FileCheck %s

// With a single correct candidate, random picks it whatever the seed (any number mod 1 is 0),
// including the largest 64-bit seed.

// CHECK-LABEL: kb.task @relu
// CHECK:      kb.candidate @o0 of @relu {{.*}} verdict <incorrect>{{$}}
// CHECK-NEXT: kb.candidate @o1 of @relu {{.*}} verdict <parse_error, "no code block">{{$}}
// CHECK-NEXT: kb.candidate @o2 of @relu {{.*}} verdict <launch_error>{{$}}
// CHECK-NEXT: kb.candidate @o3 of @relu {{.*}} verdict <correct> selected <"random", timed = 0>{{$}}
// CHECK-NEXT: kb.candidate @o4 of @relu {{.*}} verdict <incorrect>{{$}}

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
kb.candidate @o0 of @relu server source "k0" logprob <sum = -1.0, count = 1> verdict <incorrect>
kb.candidate @o1 of @relu server source "k1" logprob <sum = -1.0, count = 1> verdict <parse_error, "no code block">
kb.candidate @o2 of @relu server source "k2" logprob <sum = -1.0, count = 1> verdict <launch_error>
kb.candidate @o3 of @relu server source "k3" logprob <sum = -1.0, count = 1> verdict <correct>
kb.candidate @o4 of @relu server source "k4" logprob <sum = -1.0, count = 1> verdict <incorrect>
