// RUN: kopt %s --split-input-file --verify-diagnostics

// Immediates must fit their type: no i32 beyond 32 bits, no f32 beyond its range, no NaN.

// expected-error@+1 {{launch 'k' passes 'i32:4294967296'}}
module attributes {kb.p = #kb.launch_plan<[<"k", grid = [1, 1, 1], block = [1, 1, 1], smem = 0, args = ["x", "i32:4294967296"]>]>} {}

// -----

// expected-error@+1 {{launch 'k' passes 'f32:1e40'}}
module attributes {kb.p = #kb.launch_plan<[<"k", grid = [1, 1, 1], block = [1, 1, 1], smem = 0, args = ["x", "f32:1e40"]>]>} {}

// -----

// expected-error@+1 {{launch 'k' passes 'f64:nan'}}
module attributes {kb.p = #kb.launch_plan<[<"k", grid = [1, 1, 1], block = [1, 1, 1], smem = 0, args = ["x", "f64:nan"]>]>} {}
