// RUN: kopt %s | FileCheck %s
// RUN: kopt %s | kopt | FileCheck %s

// Launch plans: several launches, scratch buffers shared between them, inputs and outputs of the
// candidate's task (tensors by pointer, scalars by value), and immediates (i32:N, i64:N, f32:X,
// f64:X) for the sizes a hand-written kernel takes.

kb.task @softmax origin <"KernelBench", level 1, problem 23> tolerance(atol 1.0e-5, rtol 1.0e-5) {
  kb.input "x" : tensor<16x128xf32> dist(normal(0.0, 1.0))
  kb.input "scale" : f32 dist(constant(1.0))
  kb.output "y" : tensor<16x128xf32>
  kb.reference "return torch.softmax(x * scale, dim=1)"
  kb.payload(%x: tensor<16x128xf32>, %scale: f32, %y: tensor<16x128xf32>) {
    kb.yield %x : tensor<16x128xf32>
  }
}

// CHECK:      kb.candidate @two_pass of @softmax manual source "..." launch <[
// CHECK-SAME:   <"row_max", grid = [16, 1, 1], block = [128, 1, 1], smem = 512, args = ["x", "scratch0", "i32:128"]>,
// CHECK-SAME:   <"normalize", grid = [16, 1, 1], block = [32, 4, 1], smem = 0, args = ["x", "scale", "scratch0", "scratch1", "y", "i64:-1", "f32:0.5", "f64:1e-3"]>
// CHECK-SAME:   ], scratch = [64, 4096]>{{$}}
kb.candidate @two_pass of @softmax manual source "..." launch <[
    <"row_max", grid = [16, 1, 1], block = [128, 1, 1], smem = 512, args = ["x", "scratch0", "i32:128"]>,
    <"normalize", grid = [16, 1, 1], block = [32, 4, 1], smem = 0, args = ["x", "scale", "scratch0", "scratch1", "y", "i64:-1", "f32:0.5", "f64:1e-3"]>
  ], scratch = [64, 4096]>

// The largest block (1024 threads in any shape) and no scratch at all.
// CHECK-NEXT: kb.candidate @big of @softmax policy decisions {} launch <[<"k", grid = [2147483647, 65535, 65535], block = [8, 8, 16], smem = 49152, args = ["y"]>]>{{$}}
kb.candidate @big of @softmax policy decisions {} launch <[<"k", grid = [2147483647, 65535, 65535], block = [8, 8, 16], smem = 49152, args = ["y"]>]>

// The deepest block and the most dynamic shared memory a plan may ask for (a device may allow
// less: the runner checks the launch against its own limits).
// CHECK-NEXT: kb.candidate @deep of @softmax policy decisions {} launch <[<"k", grid = [1, 1, 1], block = [16, 1, 64], smem = 4294967295, args = ["y"]>]>{{$}}
kb.candidate @deep of @softmax policy decisions {} launch <[<"k", grid = [1, 1, 1], block = [16, 1, 64], smem = 4294967295, args = ["y"]>]>
