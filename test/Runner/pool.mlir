// RUN: rm -rf %t && mkdir -p %t
// The same module measured by one runner and by a pool of three (kb-verify, then kb-time of
// every correct candidate) gives the same IR.
// RUN: kopt %s -o %t/one.mlir --pass-pipeline='builtin.module(kb-verify{runner="%fake-runner --log %t/one.log" timeout=2 cache=none}, kb-time{runner="%fake-runner --log %t/one.log" strategy=all timeout=5 cache=none})' 2>%t/one.err
// RUN: kopt %s -o %t/pool.mlir --pass-pipeline='builtin.module(kb-verify{runner="%fake-runner --hello-delay 0.5 --log %t/gpu{gpu}.log" runners=3 timeout=2 cache=%t/cache.jsonl}, kb-time{runner="%fake-runner --hello-delay 0.5 --log %t/gpu{gpu}.log" runners=3 strategy=all timeout=5 cache=%t/cache.jsonl})' 2>%t/pool.err
// RUN: diff %t/one.mlir %t/pool.mlir
// RUN: FileCheck %s < %t/pool.mlir
// RUN: FileCheck %s --check-prefix=PROGRESS < %t/pool.err
// Each runner took whole tasks: all of a task's timings (and its eager baseline) come from one
// runner. Every runner had work: each starts slowly (half a second), so that none can finish a
// task before the others have taken theirs.
// RUN: grep -H '^time' %t/gpu0.log %t/gpu1.log %t/gpu2.log | cut -d' ' -f1,2 | sort -u | cut -d: -f2 | sort | uniq -c | FileCheck %s --check-prefix=TASKS
// RUN: grep -c -E '^(verify|time)' %t/gpu0.log %t/gpu1.log %t/gpu2.log | FileCheck %s --check-prefix=EVERY-RUNNER
// The three writers left one cache line per result; from it, one runner measures again only
// what is never cached (the crash).
// RUN: grep -c '"op":"verify"' %t/cache.jsonl | FileCheck %s --check-prefix=CACHE-VERIFY
// RUN: grep -c '"op":"time"' %t/cache.jsonl | FileCheck %s --check-prefix=CACHE-TIME
// RUN: kopt %s -o %t/cached.mlir --pass-pipeline='builtin.module(kb-verify{runner="%fake-runner --log %t/again.log" timeout=2 cache=%t/cache.jsonl}, kb-time{runner="%fake-runner --log %t/again.log" strategy=all timeout=5 cache=%t/cache.jsonl})' 2>/dev/null
// RUN: diff %t/one.mlir %t/cached.mlir
// RUN: grep -E '^(verify|time)' %t/again.log | FileCheck %s --check-prefix=AGAIN
//
// A pool's command must say where each runner's GPU goes; a pool has one runner or more.
// RUN: not kopt %s --pass-pipeline='builtin.module(kb-verify{runner="%fake-runner" runners=2})' 2>&1 | FileCheck %s --check-prefix=NO-GPU
// RUN: not kopt %s --pass-pipeline='builtin.module(kb-verify{runner="%fake-runner" runners=0})' 2>&1 | FileCheck %s --check-prefix=ZERO
// RUN: not kopt %s --mlir-disable-threading --pass-pipeline='builtin.module(kb-verify{runner="%fake-runner --log %t/gpu{gpu}.log" runners=2})' 2>&1 | FileCheck %s --check-prefix=THREADS
//
// A runner that cannot start stops taking tasks; the others verify the rest.
// RUN: not kopt %s -o /dev/null --pass-pipeline='builtin.module(kb-verify{runner="%pool-runner {gpu} %t/half.log" runners=2 timeout=2 cache=none})' 2>&1 | FileCheck %s --check-prefix=HALF
// RUN: grep -c '^verify' %t/half.log | FileCheck %s --check-prefix=HALF-LOG

// Four tasks of different sizes; @big's c1 crashes its runner, which is restarted.

kb.task @big tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<4096xf32> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<4096xf32>
  kb.reference "return torch.relu(x)"
  kb.payload(%x: tensor<4096xf32>, %out: tensor<4096xf32>) {
    %zero = arith.constant 0.0 : f32
    %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
                         iterator_types = ["parallel"]}
        ins(%x : tensor<4096xf32>) outs(%out : tensor<4096xf32>) {
    ^bb0(%in: f32, %o: f32):
      %m = arith.maximumf %in, %zero : f32
      linalg.yield %m : f32
    } -> tensor<4096xf32>
    kb.yield %r : tensor<4096xf32>
  }
}
kb.task @mid tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<1024xf32> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<1024xf32>
  kb.reference "return torch.relu(x)"
  kb.payload(%x: tensor<1024xf32>, %out: tensor<1024xf32>) {
    %zero = arith.constant 0.0 : f32
    %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
                         iterator_types = ["parallel"]}
        ins(%x : tensor<1024xf32>) outs(%out : tensor<1024xf32>) {
    ^bb0(%in: f32, %o: f32):
      %m = arith.maximumf %in, %zero : f32
      linalg.yield %m : f32
    } -> tensor<1024xf32>
    kb.yield %r : tensor<1024xf32>
  }
}
kb.task @small tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<64xf32> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<64xf32>
  kb.reference "return torch.relu(x)"
  kb.payload(%x: tensor<64xf32>, %out: tensor<64xf32>) {
    %zero = arith.constant 0.0 : f32
    %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
                         iterator_types = ["parallel"]}
        ins(%x : tensor<64xf32>) outs(%out : tensor<64xf32>) {
    ^bb0(%in: f32, %o: f32):
      %m = arith.maximumf %in, %zero : f32
      linalg.yield %m : f32
    } -> tensor<64xf32>
    kb.yield %r : tensor<64xf32>
  }
}
kb.task @tiny tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<4xf32> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<4xf32>
  kb.reference "return torch.relu(x)"
  kb.payload(%x: tensor<4xf32>, %out: tensor<4xf32>) {
    %zero = arith.constant 0.0 : f32
    %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
                         iterator_types = ["parallel"]}
        ins(%x : tensor<4xf32>) outs(%out : tensor<4xf32>) {
    ^bb0(%in: f32, %o: f32):
      %m = arith.maximumf %in, %zero : f32
      linalg.yield %m : f32
    } -> tensor<4xf32>
    kb.yield %r : tensor<4xf32>
  }
}
kb.candidate @b0 of @big policy decisions {v = 0} ptx "FAKE correct time=10 eager=20"
    launch <[<"k", grid = [1, 1, 1], block = [256, 1, 1], smem = 0, args = ["x", "out"]>]>
kb.candidate @b1 of @big policy decisions {v = 1} ptx "FAKE crash"
    launch <[<"k", grid = [1, 1, 1], block = [256, 1, 1], smem = 0, args = ["x", "out"]>]>
kb.candidate @b2 of @big policy decisions {v = 2} ptx "FAKE correct time=40 eager=20"
    launch <[<"k", grid = [1, 1, 1], block = [256, 1, 1], smem = 0, args = ["x", "out"]>]>
kb.candidate @b3 of @big policy decisions {v = 3} ptx "FAKE correct time=10 eager=20"
    launch <[<"k", grid = [1, 1, 1], block = [256, 1, 1], smem = 0, args = ["x", "out"]>]>
kb.candidate @m0 of @mid policy decisions {v = 0} ptx "FAKE correct time=5 eager=10"
    launch <[<"k", grid = [1, 1, 1], block = [256, 1, 1], smem = 0, args = ["x", "out"]>]>
kb.candidate @m1 of @mid policy decisions {v = 1} ptx "FAKE incorrect"
    launch <[<"k", grid = [1, 1, 1], block = [256, 1, 1], smem = 0, args = ["x", "out"]>]>
kb.candidate @s0 of @small policy decisions {v = 0} ptx "FAKE correct time=2 eager=3"
    launch <[<"k", grid = [1, 1, 1], block = [256, 1, 1], smem = 0, args = ["x", "out"]>]>
kb.candidate @s1 of @small policy decisions {v = 1} ptx "FAKE correct time=4 eager=3"
    launch <[<"k", grid = [1, 1, 1], block = [256, 1, 1], smem = 0, args = ["x", "out"]>]>
kb.candidate @t0 of @tiny policy decisions {v = 0} ptx "FAKE correct time=1 eager=1"
    launch <[<"k", grid = [1, 1, 1], block = [256, 1, 1], smem = 0, args = ["x", "out"]>]>

// CHECK-LABEL: kb.candidate @b0
// CHECK-SAME:    verdict <correct>
// CHECK-SAME:    speedup 2.0{{$}}
// CHECK-LABEL: kb.candidate @b1
// CHECK-SAME:    verdict <crash
// CHECK-LABEL: kb.candidate @b2
// CHECK-SAME:    speedup 0.5{{$}}
// CHECK-LABEL: kb.candidate @m1
// CHECK-SAME:    verdict <incorrect
// CHECK-LABEL: kb.candidate @t0
// CHECK-SAME:    verdict <correct>

// PROGRESS-DAG: kb-verify runner {{[123]}}/3: big 4/4 b3 correct
// PROGRESS-DAG: kb-verify runner {{[123]}}/3: tiny 1/1 t0 correct
// PROGRESS-DAG: kb-time runner {{[123]}}/3: small 2/2 s1

// TASKS:      1 time big
// TASKS-NEXT: 1 time mid
// TASKS-NEXT: 1 time small
// TASKS-NEXT: 1 time tiny

// EVERY-RUNNER: gpu0.log:{{[1-9]}}
// EVERY-RUNNER: gpu1.log:{{[1-9]}}
// EVERY-RUNNER: gpu2.log:{{[1-9]}}

// CACHE-VERIFY: 7
// CACHE-TIME: 6

// AGAIN:     verify big b1 trials=5 seed=0{{$}}
// AGAIN-NOT: {{.}}

// NO-GPU: error: kb-verify: the command of a pool of 2 runners needs {gpu} where each runner's GPU goes (0 to 1)
// ZERO: error: kb-verify: a pool needs one runner or more, not 0
// THREADS: error: kb-verify: a pool of 2 runners measures on as many threads, which MLIR's multithreading must allow

// HALF: error: kb-verify: cannot run candidate
// HALF-LOG: {{[1-9]}}
