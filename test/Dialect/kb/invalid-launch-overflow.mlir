// RUN: kopt %s --split-input-file --verify-diagnostics

// XFAIL: *
// BUG: LaunchAttr::verify (KbAttrs.cpp) multiplies block[0] * block[1] * block[2] in int64_t
// without guarding against overflow (undefined behaviour); 2^32 * 2^32 * 1 wraps to 0 and
// 2^31 * 2^31 * 4 wraps to 0 as well, so these blocks of 2^64 threads pass the 1024-thread check.

// expected-error@+1 {{launch 'k': a block holds at most 1024 threads}}
module attributes {kb.l = #kb.launch<"k", grid = [1, 1, 1], block = [4294967296, 4294967296, 1], smem = 0, args = ["x"]>} {}

// -----

// expected-error@+1 {{launch 'k': a block holds at most 1024 threads}}
module attributes {kb.l = #kb.launch<"k", grid = [1, 1, 1], block = [2147483648, 2147483648, 4], smem = 0, args = ["x"]>} {}
