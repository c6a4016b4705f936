// RUN: kopt %s --split-input-file --verify-diagnostics

// Launch plans: three-dimensional, positive grids and blocks of at most 1024 threads, within
// CUDA's limits (grid x < 2^31, grid y and z <= 65535, block z <= 64, dynamic shared memory
// < 2^32 bytes), at least one bound buffer, and scratch buffers that exist.

// expected-error@+1 {{launch grid and block have three dimensions (x, y, z)}}
module attributes {kb.l = #kb.launch<"k", grid = [16, 4], block = [256, 1, 1], smem = 0, args = ["x"]>} {}

// -----

// expected-error@+1 {{launch grid and block have three dimensions (x, y, z)}}
module attributes {kb.l = #kb.launch<"k", grid = [16, 1, 1], block = [256, 1, 1, 1], smem = 0, args = ["x"]>} {}

// -----

// expected-error@+1 {{launch 'k': grid and block dimensions must be positive}}
module attributes {kb.l = #kb.launch<"k", grid = [16, 1, 1], block = [256, 0, 1], smem = 0, args = ["x"]>} {}

// -----

// expected-error@+1 {{launch 'k': grid and block dimensions must be positive}}
module attributes {kb.l = #kb.launch<"k", grid = [-1, 1, 1], block = [256, 1, 1], smem = 0, args = ["x"]>} {}

// -----

// expected-error@+1 {{launch 'k': a block holds at most 1024 threads, got 2048}}
module attributes {kb.l = #kb.launch<"k", grid = [1, 1, 1], block = [32, 32, 2], smem = 0, args = ["x"]>} {}

// -----

// expected-error@+1 {{launch 'k': a block holds at most 1024 threads, got 1025}}
module attributes {kb.l = #kb.launch<"k", grid = [1, 1, 1], block = [1025, 1, 1], smem = 0, args = ["x"]>} {}

// -----

// expected-error@+1 {{launch 'k': grid x is 2147483648, over CUDA's limit of 2147483647}}
module attributes {kb.l = #kb.launch<"k", grid = [2147483648, 1, 1], block = [256, 1, 1], smem = 0, args = ["x"]>} {}

// -----

// A grid that a 32-bit launch would narrow to one block.
// expected-error@+1 {{launch 'k': grid x is 4294967297, over CUDA's limit of 2147483647}}
module attributes {kb.l = #kb.launch<"k", grid = [4294967297, 1, 1], block = [256, 1, 1], smem = 0, args = ["x"]>} {}

// -----

// expected-error@+1 {{launch 'k': grid y is 65536, over CUDA's limit of 65535}}
module attributes {kb.l = #kb.launch<"k", grid = [1, 65536, 1], block = [256, 1, 1], smem = 0, args = ["x"]>} {}

// -----

// expected-error@+1 {{launch 'k': grid z is 65536, over CUDA's limit of 65535}}
module attributes {kb.l = #kb.launch<"k", grid = [1, 1, 65536], block = [256, 1, 1], smem = 0, args = ["x"]>} {}

// -----

// 128 threads, but more than 64 of them along z.
// expected-error@+1 {{launch 'k': block z is 128, over CUDA's limit of 64}}
module attributes {kb.l = #kb.launch<"k", grid = [1, 1, 1], block = [1, 1, 128], smem = 0, args = ["x"]>} {}

// -----

// expected-error@+1 {{launch 'k': 4294967296 bytes of dynamic shared memory, over CUDA's 32-bit limit of 4294967295}}
module attributes {kb.l = #kb.launch<"k", grid = [1, 1, 1], block = [128, 1, 1], smem = 4294967296, args = ["x"]>} {}

// -----

// expected-error@+1 {{launch 'k': negative shared memory size}}
module attributes {kb.l = #kb.launch<"k", grid = [1, 1, 1], block = [128, 1, 1], smem = -4, args = ["x"]>} {}

// -----

// An empty argument list does not even parse (so LaunchAttr::verify's "binds no buffers" is only
// reachable from C++).
// expected-error@+2 {{expected attribute value}}
// expected-error@+1 {{failed to parse Kb_LaunchAttr parameter 'args'}}
module attributes {kb.l = #kb.launch<"k", grid = [1, 1, 1], block = [128, 1, 1], smem = 0, args = []>} {}

// -----

// expected-error@+1 {{launch needs an entry name}}
module attributes {kb.l = #kb.launch<"", grid = [1, 1, 1], block = [128, 1, 1], smem = 0, args = ["x"]>} {}

// -----

// Likewise an empty launch list ("launch plan has no launches" is only reachable from C++).
// expected-error@+2 {{expected '<'}}
// expected-error@+1 {{failed to parse Kb_LaunchPlanAttr parameter 'launches'}}
module attributes {kb.p = #kb.launch_plan<[]>} {}

// -----

// expected-error@+1 {{scratch buffer sizes must be positive}}
module attributes {kb.p = #kb.launch_plan<[<"k", grid = [1, 1, 1], block = [1, 1, 1], smem = 0, args = ["scratch0"]>], scratch = [0]>} {}

// -----

// expected-error@+1 {{launch 'k' binds 'scratch1' but the plan has 1 scratch buffer(s)}}
module attributes {kb.p = #kb.launch_plan<[<"k", grid = [1, 1, 1], block = [1, 1, 1], smem = 0, args = ["x", "scratch1"]>], scratch = [64]>} {}

// -----

// expected-error@+1 {{launch 'second' binds 'scratch0' but the plan has 0 scratch buffer(s)}}
module attributes {kb.p = #kb.launch_plan<[<"first", grid = [1, 1, 1], block = [1, 1, 1], smem = 0, args = ["x"]>, <"second", grid = [1, 1, 1], block = [1, 1, 1], smem = 0, args = ["scratch0"]>]>} {}

// -----

// "scratch" needs an index.
// expected-error@+1 {{launch 'k' binds 'scratch' but the plan has 1 scratch buffer(s)}}
module attributes {kb.p = #kb.launch_plan<[<"k", grid = [1, 1, 1], block = [1, 1, 1], smem = 0, args = ["scratch"]>], scratch = [64]>} {}

// -----

kb.task @t tolerance(atol 0.0, rtol 0.0) {
  kb.input "x" : tensor<4xf32> dist(normal(0.0, 1.0))
  kb.output "y" : tensor<4xf32>
  kb.reference "return x"
  kb.payload(%x: tensor<4xf32>, %y: tensor<4xf32>) {
    kb.yield %x : tensor<4xf32>
  }
}
// An invalid launch inside a candidate: the launch's error, then the plan's.
// expected-error@+2 {{launch 'k': a block holds at most 1024 threads, got 2048}}
// expected-error@+1 {{failed to parse Kb_LaunchPlanAttr parameter 'launches'}}
kb.candidate @c0 of @t policy decisions {block = 2048} launch <[<"k", grid = [1, 1, 1], block = [2048, 1, 1], smem = 0, args = ["x", "y"]>]>

// -----

kb.task @t tolerance(atol 0.0, rtol 0.0) {
  kb.input "x" : tensor<4xf32> dist(normal(0.0, 1.0))
  kb.output "y" : tensor<4xf32>
  kb.reference "return x"
  kb.payload(%x: tensor<4xf32>, %y: tensor<4xf32>) {
    kb.yield %x : tensor<4xf32>
  }
}
// expected-error@+1 {{'kb.candidate' op launch 'k' binds 'z', which is no input or output of @t}}
kb.candidate @c0 of @t policy decisions {} launch <[<"k", grid = [1, 1, 1], block = [4, 1, 1], smem = 0, args = ["x", "z"]>]>

// -----

kb.task @t tolerance(atol 0.0, rtol 0.0) {
  kb.input "x" : tensor<4xf32> dist(normal(0.0, 1.0))
  kb.output "y" : tensor<4xf32>
  kb.reference "return x"
  kb.payload(%x: tensor<4xf32>, %y: tensor<4xf32>) {
    kb.yield %x : tensor<4xf32>
  }
}
kb.task @u tolerance(atol 0.0, rtol 0.0) {
  kb.input "a" : tensor<4xf32> dist(normal(0.0, 1.0))
  kb.output "b" : tensor<4xf32>
  kb.reference "return a"
  kb.payload(%a: tensor<4xf32>, %b: tensor<4xf32>) {
    kb.yield %a : tensor<4xf32>
  }
}
// Names are those of the candidate's own task, not of another one; every launch is checked.
// expected-error@+1 {{'kb.candidate' op launch 'second' binds 'b', which is no input or output of @t}}
kb.candidate @c0 of @t policy decisions {} launch <[<"first", grid = [1, 1, 1], block = [4, 1, 1], smem = 0, args = ["x", "y"]>, <"second", grid = [1, 1, 1], block = [4, 1, 1], smem = 0, args = ["x", "b"]>]>

// -----

// expected-error@+1 {{launch 'k' passes 'i16:3'; immediates are i32:N, i64:N, f32:X or f64:X}}
module attributes {kb.p = #kb.launch_plan<[<"k", grid = [1, 1, 1], block = [1, 1, 1], smem = 0, args = ["x", "i16:3"]>]>} {}

// -----

// expected-error@+1 {{launch 'k' passes 'i32:x'; immediates are i32:N, i64:N, f32:X or f64:X}}
module attributes {kb.p = #kb.launch_plan<[<"k", grid = [1, 1, 1], block = [1, 1, 1], smem = 0, args = ["x", "i32:x"]>]>} {}

// -----

// expected-error@+1 {{launch 'k' passes 'f32:'; immediates are i32:N, i64:N, f32:X or f64:X}}
module attributes {kb.p = #kb.launch_plan<[<"k", grid = [1, 1, 1], block = [1, 1, 1], smem = 0, args = ["f32:"]>]>} {}

// -----

// An integer immediate must be an integer.
// expected-error@+1 {{launch 'k' passes 'i64:1.5'; immediates are i32:N, i64:N, f32:X or f64:X}}
module attributes {kb.p = #kb.launch_plan<[<"k", grid = [1, 1, 1], block = [1, 1, 1], smem = 0, args = ["i64:1.5"]>]>} {}

// -----

// A ':' makes any argument an immediate, even one that starts like a scratch buffer.
// expected-error@+1 {{launch 'k' passes 'scratch0:1'; immediates are i32:N, i64:N, f32:X or f64:X}}
module attributes {kb.p = #kb.launch_plan<[<"k", grid = [1, 1, 1], block = [1, 1, 1], smem = 0, args = ["scratch0:1"]>], scratch = [8]>} {}
