// A result cache is a regular file. `-` (standard output, where the IR goes) is refused; a device
// or a folder keeps no cache, with one warning, and the run goes on.
// RUN: not kopt %s --pass-pipeline='builtin.module(kb-verify{runner="%fake-runner" timeout=5 cache=-})' 2>&1 | FileCheck %s --check-prefix=DASH
// DASH: error: kb-verify: cache=- would write the result cache to standard output, which carries the IR; give it a file, or none
// DASH-NOT: "key"
//
// RUN: kopt %s --pass-pipeline='builtin.module(kb-verify{runner="%fake-runner" timeout=5 cache=/dev/full}, kb-time{runner="%fake-runner" strategy=all timeout=5 cache=/dev/full})' 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=FULL < %t.err
// RUN: rm -rf %t.dir && mkdir %t.dir
// RUN: kopt %s --pass-pipeline='builtin.module(kb-verify{runner="%fake-runner" timeout=5 cache=%t.dir})' 2>&1 >/dev/null | FileCheck %s --check-prefix=FOLDER
// FULL:      warning: kb-verify: result cache /dev/full is not a regular file; results are not cached
// FULL-NOT:  warning
// FULL:      warning: kb-time: result cache /dev/full is not a regular file; results are not cached
// FULL-NOT:  warning
// FOLDER:     warning: kb-verify: result cache {{.*}}.dir is not a regular file; results are not cached
// FOLDER-NOT: warning

kb.task @t tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<4xf32> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<4xf32>
  kb.reference "return x"
  kb.payload(%x: tensor<4xf32>, %out: tensor<4xf32>) {
    kb.yield %x : tensor<4xf32>
  }
}
// CHECK: kb.candidate @c0 {{.*}} verdict <correct> time <median = 80.0, {{.*}}> speedup 1.25{{$}}
kb.candidate @c0 of @t policy decisions {v = 0} ptx "FAKE correct time=80 eager=100"
    launch <[<"k", grid = [1, 1, 1], block = [4, 1, 1], smem = 0, args = ["x", "out"]>]>
