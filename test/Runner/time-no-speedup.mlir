// Timings that give no finite positive speedup (a median of 1e-320 us over eager's 100 us is an
// infinite one; eager's 1e-320 us over 1e6 us rounds to 0) are evaluator faults: the candidate
// becomes incorrect with a warning, no attribute verifier sees them, and the cache does not
// reuse them: the next run times them again.
// RUN: rm -f %t.cache %t.log1 %t.log2
// RUN: kopt %s --pass-pipeline='builtin.module(kb-time{runner="%fake-runner --log %t.log1" strategy=all timeout=5 cache=%t.cache})' 2>%t.err1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=WARN < %t.err1
// RUN: kopt %s --pass-pipeline='builtin.module(kb-time{runner="%fake-runner --log %t.log2" strategy=all timeout=5 cache=%t.cache})' 2>/dev/null | FileCheck %s
// RUN: FileCheck %s --check-prefix=AGAIN < %t.log2

kb.task @t tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<4xf32> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<4xf32>
  kb.reference "return x"
  kb.payload(%x: tensor<4xf32>, %out: tensor<4xf32>) {
    kb.yield %x : tensor<4xf32>
  }
}
// CHECK-LABEL: kb.candidate @tiny
// CHECK-SAME:    verdict <incorrect, "evaluator fault: no finite positive speedup from a median of {{[0-9.]+}}e-321 us over eager's 1.000000e+02 us"> time <median = {{.*}}>{{$}}
kb.candidate @tiny of @t policy decisions {v = 0} ptx "FAKE correct time=1e-320 eager=100"
    launch <[<"k", grid = [1, 1, 1], block = [4, 1, 1], smem = 0, args = ["x", "out"]>]> verdict <correct>
// CHECK-LABEL: kb.candidate @slow
// CHECK-SAME:    verdict <incorrect, "evaluator fault: no finite positive speedup from a median of 1.000000e+06 us over eager's {{[0-9.]+}}e-321 us"> time <median = 1000000.0, {{.*}}>{{$}}
kb.candidate @slow of @t policy decisions {v = 1} ptx "FAKE correct time=1e6 eager=1e-320"
    launch <[<"k", grid = [1, 1, 1], block = [4, 1, 1], smem = 0, args = ["x", "out"]>]> verdict <correct>
// CHECK-LABEL: kb.candidate @fine
// CHECK-SAME:    verdict <correct> time <median = 50.0, {{.*}}> speedup 2.0{{$}}
kb.candidate @fine of @t policy decisions {v = 2} ptx "FAKE correct time=50 eager=100"
    launch <[<"k", grid = [1, 1, 1], block = [4, 1, 1], smem = 0, args = ["x", "out"]>]> verdict <correct>

// WARN: warning: candidate @tiny marked incorrect: evaluator fault: no finite positive speedup
// WARN: warning: candidate @slow marked incorrect: evaluator fault: no finite positive speedup

// AGAIN:      hello
// AGAIN-NEXT: task t
// AGAIN-NEXT: time t tiny
// AGAIN-NEXT: time t slow
// AGAIN-NEXT: bye
