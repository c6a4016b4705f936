// RUN: kopt %s --mlir-print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: kopt %s --mlir-print-op-generic | kopt | FileCheck %s
// RUN: kopt %s > %t.custom.mlir
// RUN: kopt %s --mlir-print-op-generic | kopt > %t.generic.mlir
// RUN: diff %t.custom.mlir %t.generic.mlir

// The generic form carries every kb attribute in its standalone #kb.* syntax and reads back to
// the same custom form.

// GENERIC:      "kb.task"() <{atol = 1.000000e-04 : f64, origin = #kb.origin<"KernelBench", level 1, problem 19>, rtol = 1.000000e-04 : f64, sym_name = "relu"}> ({
// GENERIC-NEXT:   "kb.input"() <{dists = [#kb.dist<uniform(-1.0, 1.0)>, #kb.dist<normal(0.0, 1.0)>], name = "x", type = tensor<64x1024xf32>}> : () -> ()
// GENERIC-NEXT:   "kb.input"() <{dists = [#kb.dist<randint(0.0, 10.0)>, #kb.dist<constant(2.0)>], name = "n", type = i32}> : () -> ()
// GENERIC-NEXT:   "kb.output"() <{name = "out", type = tensor<64x1024xf32>}> : () -> ()
// GENERIC-NEXT:   "kb.reference"() <{source = "return torch.relu(x)"}> : () -> ()
// GENERIC-NEXT:   "kb.payload"() ({
// GENERIC-NEXT:   ^bb0(%{{.*}}: tensor<64x1024xf32>, %{{.*}}: i32, %{{.*}}: tensor<64x1024xf32>):
// GENERIC:          "kb.yield"(%{{.*}}) : (tensor<64x1024xf32>) -> ()
// GENERIC-NEXT:   }) : () -> ()
// GENERIC-NEXT: }) : () -> ()
// GENERIC-NEXT: "kb.candidate"() <{decisions = {block = 256 : i64}, features = {vectorized = true}, launch = #kb.launch_plan<[<"relu", grid = [256, 1, 1], block = [256, 1, 1], smem = 0, args = ["x", "out", "scratch0"]>], scratch = [64]>, logprob = #kb.logprob<sum = -1.5, count = 3>, origin = #kb<origin_kind policy>, ptx = "//ptx", selected = #kb.selection<"surprise-top3", timed = 2>, speedup = 1.020000e+00 : f64, sym_name = "c0", task = @relu, time = #kb.timing<median = 3010.0, q1 = 3000.0, q3 = 3020.0, n = 50>, verdict = #kb.verdict<correct>}> : () -> ()
// GENERIC-NEXT: "kb.candidate"() <{origin = #kb<origin_kind replay>, source = "k", sym_name = "c1", task = @relu, verdict = #kb.verdict<timeout, "killed after 10 s">}> : () -> ()
// GENERIC-NEXT: "kb.candidate"() <{origin = #kb<origin_kind server>, source = "k", sym_name = "c2", task = @relu}> : () -> ()
// GENERIC-NEXT: "kb.candidate"() <{origin = #kb<origin_kind manual>, source = "k", sym_name = "c3", task = @relu}> : () -> ()

// CHECK-LABEL: kb.task @relu origin <"KernelBench", level 1, problem 19> tolerance(atol 0.0001, rtol 0.0001) {
// CHECK-NEXT:    kb.input "x" : tensor<64x1024xf32> dist(uniform(-1.0, 1.0), normal(0.0, 1.0))
// CHECK-NEXT:    kb.input "n" : i32 dist(randint(0.0, 10.0), constant(2.0))
// CHECK-NEXT:    kb.output "out" : tensor<64x1024xf32>
// CHECK-NEXT:    kb.reference "return torch.relu(x)"
// CHECK-NEXT:    kb.payload(%x: tensor<64x1024xf32>, %n: i32, %out: tensor<64x1024xf32>) {
// CHECK:       kb.candidate @c0 of @relu policy decisions {block = 256 : i64} logprob <sum = -1.5, count = 3> ptx "//ptx" launch <[<"relu", grid = [256, 1, 1], block = [256, 1, 1], smem = 0, args = ["x", "out", "scratch0"]>], scratch = [64]> features {vectorized = true} verdict <correct> time <median = 3010.0, q1 = 3000.0, q3 = 3020.0, n = 50> speedup 1.02 selected <"surprise-top3", timed = 2>{{$}}
// CHECK-NEXT:  kb.candidate @c1 of @relu replay source "k" verdict <timeout, "killed after 10 s">{{$}}
// CHECK-NEXT:  kb.candidate @c2 of @relu server source "k"{{$}}
// CHECK-NEXT:  kb.candidate @c3 of @relu manual source "k"{{$}}

kb.task @relu origin <"KernelBench", level 1, problem 19> tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<64x1024xf32> dist(uniform(-1.0, 1.0), normal(0.0, 1.0))
  kb.input "n" : i32 dist(randint(0.0, 10.0), constant(2.0))
  kb.output "out" : tensor<64x1024xf32>
  kb.reference "return torch.relu(x)"
  kb.payload(%x: tensor<64x1024xf32>, %n: i32, %out: tensor<64x1024xf32>) {
    %zero = arith.constant 0.0 : f32
    %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                         iterator_types = ["parallel", "parallel"]}
        ins(%x : tensor<64x1024xf32>) outs(%out : tensor<64x1024xf32>) {
    ^bb0(%in: f32, %o: f32):
      %m = arith.maximumf %in, %zero : f32
      linalg.yield %m : f32
    } -> tensor<64x1024xf32>
    kb.yield %r : tensor<64x1024xf32>
  }
}
kb.candidate @c0 of @relu policy decisions {block = 256} logprob <sum = -1.5, count = 3> ptx "//ptx" launch <[<"relu", grid = [256, 1, 1], block = [256, 1, 1], smem = 0, args = ["x", "out", "scratch0"]>], scratch = [64]> features {vectorized = true} verdict <correct> time <median = 3010.0, q1 = 3000.0, q3 = 3020.0, n = 50> speedup 1.02 selected <"surprise-top3", timed = 2>
kb.candidate @c1 of @relu replay source "k" verdict <timeout, "killed after 10 s">
kb.candidate @c2 of @relu server source "k"
kb.candidate @c3 of @relu manual source "k"
