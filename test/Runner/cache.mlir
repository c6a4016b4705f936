// RUN: rm -rf %t.cache %t.log1 %t.log2 %t.log3 %t.log4 %t.xdg
//
// The first run asks the runner and keeps every result in the cache as it arrives.
// RUN: kopt %s --pass-pipeline='builtin.module(kb-verify{runner="%fake-runner --log %t.log1" timeout=5 cache=%t.cache}, kb-time{runner="%fake-runner --log %t.log1" strategy=all timeout=5 cache=%t.cache})' 2>/dev/null > %t.first
// RUN: FileCheck %s < %t.first
// RUN: FileCheck %s --check-prefix=LOG1 < %t.log1
// RUN: FileCheck %s --check-prefix=FILE < %t.cache
//
// The second run makes no request but hello (the device is part of every key) and gives the same IR.
// RUN: kopt %s --pass-pipeline='builtin.module(kb-verify{runner="%fake-runner --log %t.log2" timeout=5 cache=%t.cache}, kb-time{runner="%fake-runner --log %t.log2" strategy=all timeout=5 cache=%t.cache})' 2>%t.err2 > %t.second
// RUN: diff %t.first %t.second
// RUN: FileCheck %s --check-prefix=LOG2 < %t.log2
// RUN: FileCheck %s --check-prefix=CACHED < %t.err2
//
// A corrupt line is skipped with a warning; the other entries still count.
// RUN: echo '{"key": "truncated by a kill' >> %t.cache
// RUN: kopt %s --pass-pipeline='builtin.module(kb-verify{runner="%fake-runner --log %t.log3" timeout=5 cache=%t.cache})' 2>&1 >/dev/null | FileCheck %s --check-prefix=CORRUPT
// RUN: FileCheck %s --check-prefix=LOG2 < %t.log3
//
// Other request settings are other keys.
// RUN: kopt %s --pass-pipeline='builtin.module(kb-verify{runner="%fake-runner --log %t.log4" timeout=5 trials=3 cache=%t.cache})' 2>/dev/null | FileCheck %s
// RUN: FileCheck %s --check-prefix=LOG4 < %t.log4
//
// Without a cache option, results go to $XDG_CACHE_HOME/kopt/results.jsonl.
// RUN: env XDG_CACHE_HOME=%t.xdg kopt %s --pass-pipeline='builtin.module(kb-verify{runner="%fake-runner" timeout=5})' 2>/dev/null | FileCheck %s
// RUN: FileCheck %s --check-prefix=FILE < %t.xdg/kopt/results.jsonl

kb.task @t tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<4xf32> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<4xf32>
  kb.reference "return x"
  kb.payload(%x: tensor<4xf32>, %out: tensor<4xf32>) {
    kb.yield %x : tensor<4xf32>
  }
}
// CHECK: kb.candidate @c0 {{.*}} verdict <correct>
kb.candidate @c0 of @t policy decisions {v = 0} ptx "FAKE correct time=80 eager=100"
    launch <[<"k", grid = [1, 1, 1], block = [4, 1, 1], smem = 0, args = ["x", "out"]>]>
// CHECK: kb.candidate @c1 {{.*}} verdict <incorrect, "max abs error 0.5 at [3]">
kb.candidate @c1 of @t policy decisions {v = 1} ptx "FAKE incorrect"
    launch <[<"k", grid = [1, 1, 1], block = [4, 1, 1], smem = 0, args = ["x", "out"]>]>
// CHECK: kb.candidate @c2 {{.*}} verdict <compile_error, "no entry 'k'">
kb.candidate @c2 of @t policy decisions {v = 2} ptx "FAKE compile_error"
    launch <[<"k", grid = [1, 1, 1], block = [4, 1, 1], smem = 0, args = ["x", "out"]>]>

// kb-verify and kb-time share one runner, which kopt tells `bye` when it exits.
// LOG1:      hello
// LOG1-NEXT: task t min_bytes=32 flops=0
// LOG1-NEXT: verify t c0
// LOG1-NEXT: verify t c1
// LOG1-NEXT: verify t c2
// LOG1-NEXT: time t c0
// LOG1-NEXT: bye

// FILE: {"candidate":"c0","device":"FAKE-GPU","key":"{{[0-9a-f]+}}","op":"verify","result":{"detail":"","max_abs_error":0,"max_rel_error":0,"trials":5,"verdict":"correct"},"task":"t"}
// FILE: {"candidate":"c1",{{.*}}"verdict":"incorrect"}
// FILE: {"candidate":"c2",{{.*}}"verdict":"compile_error"}

// LOG2:      hello
// LOG2-NEXT: bye
// LOG2-NOT:  {{.}}

// CACHED: kb-verify: t 1/3 c0 correct [cached]
// CACHED: kb-time: t 1/1 c0 80.0 us, speedup 1.250 [cached]

// CORRUPT: warning: kb-verify: {{.*}}.cache:5: corrupt result cache entry skipped ({{.*}})

// LOG4:      hello
// LOG4-NEXT: task t
// LOG4-NEXT: verify t c0 trials=3 seed=0
