// RUN: kopt %s --pass-pipeline='builtin.module(kb-time{runner="%fake-runner" strategy=all timeout=5 cache=none})' 2>/dev/null | FileCheck %s
// RUN: rm -f %t.jsonl
// RUN: kopt %s --pass-pipeline='builtin.module(kb-time{runner="%fake-runner" strategy=all timeout=5 cache=none}, kb-export-measurements{file=%t.jsonl})' >/dev/null 2>&1
// RUN: FileCheck %s --check-prefix=EXPORT < %t.jsonl

// A speedup carries the 95% interval its two medians' standard errors give: the fake runner's
// candidate median has 0.4%, eager's 1% (c0) or 3% (c1), so se = hypot(0.004, 0.01) = 0.01077 and
// the interval is 2 * exp(+-1.96 * 0.01077) = [1.9582, 2.0427]. A runner that gives no eager
// error (c2) gives no interval.

kb.task @relu tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<4xf32> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<4xf32>
  kb.reference "return torch.relu(x)"
  kb.payload(%x: tensor<4xf32>, %out: tensor<4xf32>) {
    kb.yield %x : tensor<4xf32>
  }
}

// CHECK-LABEL: kb.candidate @c0
// CHECK-SAME:    speedup 2.0 interval <1.9582{{[0-9]*}}, 2.0426{{[0-9]*}}>{{$}}
kb.candidate @c0 of @relu policy decisions {v = 0}
    ptx "FAKE correct time=150 eager=300 eager-error=0.01"
    launch <[<"k", grid = [1, 1, 1], block = [4, 1, 1], smem = 0, args = ["x", "out"]>]> verdict <correct>
// CHECK-LABEL: kb.candidate @c1
// CHECK-SAME:    speedup 1.0 interval <0.9424{{[0-9]*}}, 1.0611{{[0-9]*}}>{{$}}
kb.candidate @c1 of @relu policy decisions {v = 1}
    ptx "FAKE correct time=300 eager=300 eager-error=0.03"
    launch <[<"k", grid = [1, 1, 1], block = [4, 1, 1], smem = 0, args = ["x", "out"]>]> verdict <correct>
// CHECK-LABEL: kb.candidate @c2
// CHECK-SAME:    speedup 2.0{{$}}
kb.candidate @c2 of @relu policy decisions {v = 2}
    ptx "FAKE correct time=150 eager=300"
    launch <[<"k", grid = [1, 1, 1], block = [4, 1, 1], smem = 0, args = ["x", "out"]>]> verdict <correct>

// EXPORT: "candidate":"c0"
// EXPORT-SAME: "speedup":2,"speedup_high":2.0426{{[0-9]*}},"speedup_low":1.9582
// EXPORT: "candidate":"c2"
// EXPORT-NOT: speedup_low
