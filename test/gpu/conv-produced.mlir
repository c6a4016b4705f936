// RUN: cat %S/../Codegen/Inputs/conv-produced-tasks.mlir %S/../Codegen/conv-produced.mlir | kopt --pass-pipeline='builtin.module(kb-lower-to-ptx,kb-verify{runner="%kopt_runner" timeout=60 cache=none})' 2>/dev/null | FileCheck %s
// RUN: kopt %S/../Codegen/Inputs/conv-produced-tasks.mlir --pass-pipeline='builtin.module(kb-sample{n=16 seed=5 policy=uniform},kb-lower-to-ptx,kb-verify{runner="%kopt_runner" timeout=60 cache=none})' -o %t 2>/dev/null
// RUN: grep -c 'kb.candidate .*verdict <' %t | FileCheck %s --check-prefix=JUDGED
// RUN: grep 'kb.candidate .* direct = false' %t | count 27
// RUN: grep 'kb.candidate' %t | %drop-direct-plain-tf32 | not grep -v 'verdict <correct'

// The depthwise-then-pointwise kernels whose B (the depthwise result) is computed in the kernel
// are correct at odd sizes: 13-pixel rows, an asymmetric dilated window with padding, a bias and
// a ReLU after the GEMM, 1-D, SIMT through registers and through cp.async, ordered split-K,
// split_tf32 on mma.sync and wgmma; and the chain through memory (`direct`). Then sixteen
// uniform draws of each task: all judged, every one correct but those whose chosen builder
// computes in plain TF32 (%drop-direct-plain-tf32), which 1e-4 may reject.

// CHECK: kb.candidate @simt of @dw_pw_1d {{.*}}verdict <correct
// CHECK: kb.candidate @async of @dw_pw_odd {{.*}}verdict <correct
// CHECK: kb.candidate @ordered of @dw_pw_1d {{.*}}verdict <correct
// CHECK: kb.candidate @mma of @dw_pw_dilated_bias_relu {{.*}}verdict <correct
// CHECK: kb.candidate @wgmma of @dw_pw_1d {{.*}}verdict <correct
// CHECK: kb.candidate @chain of @dw_pw_odd {{.*}}verdict <correct
// JUDGED: 48
