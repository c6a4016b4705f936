// RUN: kopt %s --pass-pipeline='builtin.module(kb-time{runner="%fake-runner" strategy=all timeout=5 cache=none})' 2>/dev/null | FileCheck %s
// RUN: kopt %s --pass-pipeline='builtin.module(kb-time{runner="%fake-runner" strategy=all timeout=5 cache=none})' 2>&1 >/dev/null | FileCheck %s --check-prefix=PROGRESS
// RUN: rm -f %t.jsonl
// RUN: kopt %s --pass-pipeline='builtin.module(kb-time{runner="%fake-runner" strategy=all timeout=5 cache=none}, kb-export-measurements{file=%t.jsonl})' >/dev/null 2>&1
// RUN: FileCheck %s --check-prefix=EXPORT < %t.jsonl

// Eager timed with TF32 allowed gives a second speedup beside the one over eager at fp32, with
// its own interval from the candidate's error (0.4%) and the TF32 baseline's: c0's TF32 eager
// median is 75 us with 1% error, so speedup_tf32 = 0.5 in 0.5 * exp(+-1.96 * hypot(0.004, 0.01))
// = [0.4895, 0.5106]. Without the TF32 error (c1) there is no interval; a runner that does not
// time that baseline (c2) leaves speedup_tf32 out: unknown, not 0.

kb.task @mm tolerance(atol 1.0e-2, rtol 1.0e-2) {
  kb.input "x" : tensor<4xf32> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<4xf32>
  kb.reference "return torch.relu(x)"
  kb.payload(%x: tensor<4xf32>, %out: tensor<4xf32>) {
    kb.yield %x : tensor<4xf32>
  }
}

// CHECK-LABEL: kb.candidate @c0
// CHECK-SAME:    speedup 2.0 interval <1.9582{{[0-9]*}}, 2.0426{{[0-9]*}}> speedup_tf32 0.5 interval <0.4895{{[0-9]*}}, 0.5106{{[0-9]*}}>{{$}}
kb.candidate @c0 of @mm policy decisions {v = 0}
    ptx "FAKE correct time=150 eager=300 eager-error=0.01 eager-tf32=75 eager-tf32-error=0.01"
    launch <[<"k", grid = [1, 1, 1], block = [4, 1, 1], smem = 0, args = ["x", "out"]>]> verdict <correct>
// CHECK-LABEL: kb.candidate @c1
// CHECK-SAME:    speedup 2.0 interval <{{.*}}> speedup_tf32 1.0{{$}}
kb.candidate @c1 of @mm policy decisions {v = 1}
    ptx "FAKE correct time=150 eager=300 eager-error=0.01 eager-tf32=150"
    launch <[<"k", grid = [1, 1, 1], block = [4, 1, 1], smem = 0, args = ["x", "out"]>]> verdict <correct>
// CHECK-LABEL: kb.candidate @c2
// CHECK-SAME:    speedup 2.0 interval <{{.*}}>{{$}}
kb.candidate @c2 of @mm policy decisions {v = 2}
    ptx "FAKE correct time=150 eager=300 eager-error=0.01"
    launch <[<"k", grid = [1, 1, 1], block = [4, 1, 1], smem = 0, args = ["x", "out"]>]> verdict <correct>

// PROGRESS: 150.0 us, speedup 2.000 [1.958, 2.043], over eager TF32 0.500 [0.490, 0.511]
// PROGRESS: 150.0 us, speedup 2.000 [1.958, 2.043], over eager TF32 1.000{{$}}
// PROGRESS: 150.0 us, speedup 2.000 [1.958, 2.043]{{$}}

// EXPORT: "candidate":"c0"
// EXPORT-SAME: "speedup":2,"speedup_high":2.0426{{[0-9]*}},"speedup_low":1.9582{{[0-9]*}},"speedup_tf32":0.5,"speedup_tf32_high":0.5106{{[0-9]*}},"speedup_tf32_low":0.4895
// EXPORT: "candidate":"c1"
// EXPORT-SAME: "speedup_tf32":1
// EXPORT-NOT: speedup_tf32_low
// EXPORT: "candidate":"c2"
// EXPORT-NOT: speedup_tf32
