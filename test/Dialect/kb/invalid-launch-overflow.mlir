// RUN: kopt %s --split-input-file --verify-diagnostics

// Block dimensions whose product would overflow 64 bits are rejected, not wrapped.

// expected-error@+1 {{launch 'k': a block holds at most 1024 threads, got 4294967296 along x}}
module attributes {kb.l = #kb.launch<"k", grid = [1, 1, 1], block = [4294967296, 4294967296, 1], smem = 0, args = ["x"]>} {}

// -----

// expected-error@+1 {{launch 'k': a block holds at most 1024 threads}}
module attributes {kb.l = #kb.launch<"k", grid = [1, 1, 1], block = [2147483648, 2147483648, 4], smem = 0, args = ["x"]>} {}
