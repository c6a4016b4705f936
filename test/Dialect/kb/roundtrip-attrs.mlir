// RUN: kopt %s | FileCheck %s
// RUN: kopt %s | kopt | FileCheck %s

// Every kb attribute in its standalone #kb.* syntax, outside of the ops that normally hold them.

// CHECK:      module attributes {
// CHECK-SAME:   kb.constant = #kb.dist<constant(-3.5)>
// CHECK-SAME:   kb.diagonal = #kb.dist<diagonal(randint(0.0, 3.0))>
// CHECK-SAME:   kb.launch = #kb.launch<"k", grid = [1, 2, 3], block = [32, 8, 4], smem = 48, args = ["a", "scratch0"]>
// CHECK-SAME:   kb.logprob = #kb.logprob<sum = -0.125, count = 8>
// CHECK-SAME:   kb.normal = #kb.dist<normal(0.0, 1.0)>
// CHECK-SAME:   kb.origin = #kb.origin<"TritonBench", level 3, problem 42>
// CHECK-SAME:   kb.origin_kind = #kb<origin_kind server>
// CHECK-SAME:   kb.plan = #kb.launch_plan<[<"a", grid = [1, 1, 1], block = [1, 1, 1], smem = 0, args = ["x"]>, <"b", grid = [2, 1, 1], block = [1024, 1, 1], smem = 0, args = ["scratch1", "scratch0"]>], scratch = [16, 8]>
// CHECK-SAME:   kb.plan_no_scratch = #kb.launch_plan<[<"a", grid = [1, 1, 1], block = [1, 1, 1], smem = 0, args = ["x"]>]>
// CHECK-SAME:   kb.randint = #kb.dist<randint(-5.0, 5.0)>
// CHECK-SAME:   kb.selection = #kb.selection<"bon-8", timed = 0>
// CHECK-SAME:   kb.timing = #kb.timing<median = 0.0, q1 = 0.0, q3 = 0.5, n = 1>
// CHECK-SAME:   kb.uniform = #kb.dist<uniform(-0.5, 0.5)>
// CHECK-SAME:   kb.upper = #kb.dist<upper_triangular(uniform(0.0, 1.0))>
// CHECK-SAME:   kb.verdict = #kb.verdict<mutated_input, "in place">
// CHECK-SAME: } {
module attributes {
  kb.uniform = #kb.dist<uniform(-0.5, 0.5)>,
  kb.normal = #kb.dist<normal(0.0, 1.0)>,
  kb.constant = #kb.dist<constant(-3.5)>,
  kb.randint = #kb.dist<randint(-5.0, 5.0)>,
  kb.upper = #kb.dist<upper_triangular(uniform(0.0, 1.0))>,
  kb.diagonal = #kb.dist<diagonal(randint(0.0, 3.0))>,
  kb.origin = #kb.origin<"TritonBench", level 3, problem 42>,
  kb.origin_kind = #kb<origin_kind server>,
  kb.logprob = #kb.logprob<sum = -0.125, count = 8>,
  kb.launch = #kb.launch<"k", grid = [1, 2, 3], block = [32, 8, 4], smem = 48, args = ["a", "scratch0"]>,
  kb.plan = #kb.launch_plan<[<"a", grid = [1, 1, 1], block = [1, 1, 1], smem = 0, args = ["x"]>,
                             <"b", grid = [2, 1, 1], block = [1024, 1, 1], smem = 0, args = ["scratch1", "scratch0"]>],
                            scratch = [16, 8]>,
  kb.plan_no_scratch = #kb.launch_plan<[<"a", grid = [1, 1, 1], block = [1, 1, 1], smem = 0, args = ["x"]>]>,
  kb.verdict = #kb.verdict<mutated_input, "in place">,
  kb.timing = #kb.timing<median = 0.0, q1 = 0.0, q3 = 0.5, n = 1>,
  kb.selection = #kb.selection<"bon-8", timed = 0>
} {
}
