// RUN: kopt %s | FileCheck %s
// RUN: kopt %s | kopt | FileCheck %s

// Every verdict kind, with and without its diagnostic. An empty detail is the same as none.

kb.task @neg tolerance(atol 0.0, rtol 0.0) {
  kb.input "x" : tensor<32xf32> dist(normal(0.0, 1.0))
  kb.output "y" : tensor<32xf32>
  kb.reference "return -x"
  kb.payload(%x: tensor<32xf32>, %y: tensor<32xf32>) {
    %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
                         iterator_types = ["parallel"]}
        ins(%x : tensor<32xf32>) outs(%y : tensor<32xf32>) {
    ^bb0(%in: f32, %o: f32):
      %n = arith.negf %in : f32
      linalg.yield %n : f32
    } -> tensor<32xf32>
    kb.yield %r : tensor<32xf32>
  }
}

// CHECK:      kb.candidate @v0 of @neg manual source "k" verdict <correct>{{$}}
// CHECK-NEXT: kb.candidate @v1 of @neg manual source "k" verdict <correct, "bitwise equal">{{$}}
// CHECK-NEXT: kb.candidate @v2 of @neg manual source "k" verdict <incorrect>{{$}}
// CHECK-NEXT: kb.candidate @v3 of @neg manual source "k" verdict <incorrect, "max abs err 2.0 at [7]">{{$}}
// CHECK-NEXT: kb.candidate @v4 of @neg manual source "k" verdict <compile_error>{{$}}
// CHECK-NEXT: kb.candidate @v5 of @neg manual source "k" verdict <compile_error, "error: expected ';'">{{$}}
// CHECK-NEXT: kb.candidate @v6 of @neg manual source "k" verdict <launch_error>{{$}}
// CHECK-NEXT: kb.candidate @v7 of @neg manual source "k" verdict <launch_error, "too many resources requested for launch">{{$}}
// CHECK-NEXT: kb.candidate @v8 of @neg manual source "k" verdict <crash>{{$}}
// CHECK-NEXT: kb.candidate @v9 of @neg manual source "k" verdict <crash, "illegal memory access">{{$}}
// CHECK-NEXT: kb.candidate @v10 of @neg manual source "k" verdict <timeout>{{$}}
// CHECK-NEXT: kb.candidate @v11 of @neg manual source "k" verdict <timeout, "> 10 s">{{$}}
// CHECK-NEXT: kb.candidate @v12 of @neg manual source "k" verdict <mutated_input>{{$}}
// CHECK-NEXT: kb.candidate @v13 of @neg manual source "k" verdict <mutated_input, "x changed at [0]">{{$}}
// CHECK-NEXT: kb.candidate @v14 of @neg manual source "k" verdict <unwritten_output>{{$}}
// CHECK-NEXT: kb.candidate @v15 of @neg manual source "k" verdict <unwritten_output, "y[31] never written">{{$}}
// CHECK-NEXT: kb.candidate @v16 of @neg manual source "k" verdict <parse_error>{{$}}
// CHECK-NEXT: kb.candidate @v17 of @neg manual source "k" verdict <parse_error, "no kernel found in the \22response\22">{{$}}
// CHECK-NEXT: kb.candidate @v18 of @neg manual source "k" verdict <crash>{{$}}
kb.candidate @v0 of @neg manual source "k" verdict <correct>
kb.candidate @v1 of @neg manual source "k" verdict <correct, "bitwise equal">
kb.candidate @v2 of @neg manual source "k" verdict <incorrect>
kb.candidate @v3 of @neg manual source "k" verdict <incorrect, "max abs err 2.0 at [7]">
kb.candidate @v4 of @neg manual source "k" verdict <compile_error>
kb.candidate @v5 of @neg manual source "k" verdict <compile_error, "error: expected ';'">
kb.candidate @v6 of @neg manual source "k" verdict <launch_error>
kb.candidate @v7 of @neg manual source "k" verdict <launch_error, "too many resources requested for launch">
kb.candidate @v8 of @neg manual source "k" verdict <crash>
kb.candidate @v9 of @neg manual source "k" verdict <crash, "illegal memory access">
kb.candidate @v10 of @neg manual source "k" verdict <timeout>
kb.candidate @v11 of @neg manual source "k" verdict <timeout, "> 10 s">
kb.candidate @v12 of @neg manual source "k" verdict <mutated_input>
kb.candidate @v13 of @neg manual source "k" verdict <mutated_input, "x changed at [0]">
kb.candidate @v14 of @neg manual source "k" verdict <unwritten_output>
kb.candidate @v15 of @neg manual source "k" verdict <unwritten_output, "y[31] never written">
kb.candidate @v16 of @neg manual source "k" verdict <parse_error>
kb.candidate @v17 of @neg manual source "k" verdict <parse_error, "no kernel found in the \"response\"">
kb.candidate @v18 of @neg manual source "k" verdict <crash, "">
