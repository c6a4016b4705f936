// RUN: kopt %s --split-input-file --verify-diagnostics

// XFAIL: *
// BUG: kb::isImmediateArgument (KbAttrs.cpp) parses `i32:N` into an int64_t and `f32:X` into a
// double, so it accepts i32 immediates outside [-2^31, 2^31) and f32 immediates that overflow
// float (and NaN or infinity for both float kinds); the runner would pass a truncated or
// non-finite value. Each split below is accepted today.

// expected-error@+1 {{launch 'k' passes 'i32:4294967296'}}
module attributes {kb.p = #kb.launch_plan<[<"k", grid = [1, 1, 1], block = [1, 1, 1], smem = 0, args = ["x", "i32:4294967296"]>]>} {}

// -----

// expected-error@+1 {{launch 'k' passes 'f32:1e40'}}
module attributes {kb.p = #kb.launch_plan<[<"k", grid = [1, 1, 1], block = [1, 1, 1], smem = 0, args = ["x", "f32:1e40"]>]>} {}

// -----

// expected-error@+1 {{launch 'k' passes 'f64:nan'}}
module attributes {kb.p = #kb.launch_plan<[<"k", grid = [1, 1, 1], block = [1, 1, 1], smem = 0, args = ["x", "f64:nan"]>]>} {}
