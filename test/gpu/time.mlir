// RUN: kopt %S/Inputs/adversarial.mlir --pass-pipeline='builtin.module(kb-verify{runner="%kopt_runner" timeout=20 cache=none},kb-time{runner="%kopt_runner" strategy=all timeout=60 cache=none})' 2>/dev/null | FileCheck %s

// The two correct candidates are timed against PyTorch eager, at fp32 and with TF32 allowed, and
// get both speedups with their intervals; the others are not timed.

// CHECK-LABEL: kb.candidate @relu of @relu_task
// CHECK-SAME:    verdict <correct{{.*}}> time <median = {{[0-9.]+}}, q1 = {{[0-9.]+}}, q3 = {{[0-9.]+}}, n = {{[0-9]+}}> speedup {{[0-9.e+-]+}} interval <{{[0-9.e+-]+}}, {{[0-9.e+-]+}}> speedup_tf32 {{[0-9.e+-]+}} interval <{{[0-9.e+-]+}}, {{[0-9.e+-]+}}>{{$}}
// CHECK-LABEL: kb.candidate @stale_output
// CHECK-NOT:     time <
// CHECK-LABEL: kb.candidate @relu_vec4
// CHECK-SAME:    verdict <correct{{.*}}> time <median = {{[0-9.]+}}, q1 = {{[0-9.]+}}, q3 = {{[0-9.]+}}, n = {{[0-9]+}}> speedup {{[0-9.e+-]+}} interval <{{[0-9.e+-]+}}, {{[0-9.e+-]+}}> speedup_tf32 {{[0-9.e+-]+}} interval <{{[0-9.e+-]+}}, {{[0-9.e+-]+}}>{{$}}
// CHECK-LABEL: kb.candidate @infinite_loop
// CHECK-NOT:     time <
