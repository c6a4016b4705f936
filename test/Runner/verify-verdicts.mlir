// RUN: rm -f %t.log
// RUN: kopt %s --pass-pipeline='builtin.module(kb-verify{runner="%fake-runner --log %t.log" timeout=2 cache=none})' 2>%t.err | FileCheck %s
// RUN: FileCheck %s --check-prefix=LOG < %t.log
// RUN: FileCheck %s --check-prefix=PROGRESS < %t.err

// Every verdict kb-verify can set. The runner dies (c1, c6), hangs (c2), breaks the protocol (c3)
// and reports a lost CUDA context (c4) in the middle of the set: each costs one restart, and the
// candidates after it still get their verdicts. c9 is verified already and is left alone.

kb.task @relu tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<16x16xf32> dist(uniform(0.0, 1.0), normal(0.0, 1.0))
  kb.output "out" : tensor<16x16xf32>
  kb.reference "return torch.relu(x)"
  kb.payload(%x: tensor<16x16xf32>, %out: tensor<16x16xf32>) {
    %zero = arith.constant 0.0 : f32
    %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                         iterator_types = ["parallel", "parallel"]}
        ins(%x : tensor<16x16xf32>) outs(%out : tensor<16x16xf32>) {
    ^bb0(%in: f32, %o: f32):
      %m = arith.maximumf %in, %zero : f32
      linalg.yield %m : f32
    } -> tensor<16x16xf32>
    kb.yield %r : tensor<16x16xf32>
  }
}

// CHECK-LABEL: kb.candidate @c0
// CHECK-SAME:    verdict <correct>{{$}}
kb.candidate @c0 of @relu policy decisions {v = 0} ptx "FAKE correct"
    launch <[<"k", grid = [1, 1, 1], block = [256, 1, 1], smem = 0, args = ["x", "out"]>]>
// CHECK-LABEL: kb.candidate @c1
// CHECK-SAME:    verdict <crash, "runner exited with status 3 without replying">
kb.candidate @c1 of @relu policy decisions {v = 1} ptx "FAKE crash"
    launch <[<"k", grid = [1, 1, 1], block = [256, 1, 1], smem = 0, args = ["x", "out"]>]>
// CHECK-LABEL: kb.candidate @c2
// CHECK-SAME:    verdict <timeout, "no reply within 2 s; runner killed">
kb.candidate @c2 of @relu policy decisions {v = 2} ptx "FAKE hang"
    launch <[<"k", grid = [1, 1, 1], block = [256, 1, 1], smem = 0, args = ["x", "out"]>]>
// CHECK-LABEL: kb.candidate @c3
// CHECK-SAME:    verdict <crash, "runner broke the protocol: reply is not JSON {{.*}}: this is not JSON">
kb.candidate @c3 of @relu policy decisions {v = 3} ptx "FAKE garbage"
    launch <[<"k", grid = [1, 1, 1], block = [256, 1, 1], smem = 0, args = ["x", "out"]>]>
// CHECK-LABEL: kb.candidate @c4
// CHECK-SAME:    verdict <crash, "illegal memory access">
kb.candidate @c4 of @relu policy decisions {v = 4} ptx "FAKE crash-reply"
    launch <[<"k", grid = [1, 1, 1], block = [256, 1, 1], smem = 0, args = ["x", "out"]>]>
// CHECK-LABEL: kb.candidate @c5
// CHECK-SAME:    verdict <incorrect, "max abs error 0.5 at [3]">
kb.candidate @c5 of @relu policy decisions {v = 5} ptx "FAKE incorrect"
    launch <[<"k", grid = [1, 1, 1], block = [256, 1, 1], smem = 0, args = ["x", "out"]>]>
// CHECK-LABEL: kb.candidate @c6
// CHECK-SAME:    verdict <crash, "runner exited with status {{[0-9]+}} (signal 11: Segmentation fault) without replying">
kb.candidate @c6 of @relu policy decisions {v = 6} ptx "FAKE segv"
    launch <[<"k", grid = [1, 1, 1], block = [256, 1, 1], smem = 0, args = ["x", "out"]>]>
// CHECK-LABEL: kb.candidate @c7
// CHECK-SAME:    verdict <compile_error, "no entry 'k'">
kb.candidate @c7 of @relu policy decisions {v = 7} ptx "FAKE compile_error"
    launch <[<"k", grid = [1, 1, 1], block = [256, 1, 1], smem = 0, args = ["x", "out"]>]>
// CHECK-LABEL: kb.candidate @c8
// CHECK-SAME:    verdict <launch_error, "too many resources requested">
kb.candidate @c8 of @relu policy decisions {v = 8} ptx "FAKE launch_error"
    launch <[<"k", grid = [1, 1, 1], block = [256, 1, 1], smem = 0, args = ["x", "out"]>]>
// CHECK-LABEL: kb.candidate @c9
// CHECK-SAME:    verdict <incorrect, "recorded">{{$}}
kb.candidate @c9 of @relu policy decisions {v = 9} ptx "FAKE correct"
    launch <[<"k", grid = [1, 1, 1], block = [256, 1, 1], smem = 0, args = ["x", "out"]>]>
    verdict <incorrect, "recorded">
// CHECK-LABEL: kb.candidate @c10
// CHECK-SAME:    verdict <mutated_input, "input 'x' changed">
kb.candidate @c10 of @relu policy decisions {v = 10} ptx "FAKE mutated_input"
    launch <[<"k", grid = [1, 1, 1], block = [256, 1, 1], smem = 0, args = ["x", "out"]>]>
// CHECK-LABEL: kb.candidate @c11
// CHECK-SAME:    verdict <unwritten_output, "16 elements of 'out' never written">
kb.candidate @c11 of @relu policy decisions {v = 11} ptx "FAKE unwritten_output"
    launch <[<"k", grid = [1, 1, 1], block = [256, 1, 1], smem = 0, args = ["x", "out"]>]>

// A fresh runner after each crash, timeout and protocol break: greeted, and told the task again.
// LOG:      hello
// LOG-NEXT: task relu min_bytes=2048 flops=256
// LOG-NEXT: verify relu c0 trials=5 seed=0
// LOG-NEXT: verify relu c1
// LOG-NEXT: hello
// LOG-NEXT: task relu
// LOG-NEXT: verify relu c2
// LOG-NEXT: hello
// LOG-NEXT: task relu
// LOG-NEXT: verify relu c3
// LOG-NEXT: hello
// LOG-NEXT: task relu
// LOG-NEXT: verify relu c4
// LOG-NEXT: hello
// LOG-NEXT: task relu
// LOG-NEXT: verify relu c5
// LOG-NEXT: verify relu c6
// LOG-NEXT: hello
// LOG-NEXT: task relu
// LOG-NEXT: verify relu c7
// LOG-NEXT: verify relu c8
// LOG-NEXT: verify relu c10
// LOG-NEXT: verify relu c11
// LOG-NEXT: bye
// LOG-NOT:  {{.}}

// PROGRESS:      kb-verify: relu 1/11 c0 correct
// PROGRESS-NEXT: kb-verify: relu 2/11 c1 crash (runner exited with status 3 without replying)
// PROGRESS-NEXT: kb-verify: relu 3/11 c2 timeout (no reply within 2 s; runner killed)
// PROGRESS:      kb-verify: relu 11/11 c11 unwritten_output
