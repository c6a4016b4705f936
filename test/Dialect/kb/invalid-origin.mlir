// RUN: kopt %s --split-input-file --verify-diagnostics

// A task's origin names a benchmark, and levels and problems are numbered from 1.

// expected-error@+1 {{origin level and problem are numbered from 1}}
kb.task @t origin <"KernelBench", level 0, problem 19> tolerance(atol 0.0, rtol 0.0) {
}

// -----

// expected-error@+1 {{origin level and problem are numbered from 1}}
kb.task @t origin <"KernelBench", level 1, problem 0> tolerance(atol 0.0, rtol 0.0) {
}

// -----

// expected-error@+1 {{origin level and problem are numbered from 1}}
kb.task @t origin <"KernelBench", level -2, problem 3> tolerance(atol 0.0, rtol 0.0) {
}

// -----

// expected-error@+1 {{origin needs a benchmark name}}
kb.task @t origin <"", level 1, problem 1> tolerance(atol 0.0, rtol 0.0) {
}

// -----

// expected-error@+1 {{origin level and problem are numbered from 1}}
module attributes {kb.o = #kb.origin<"KernelBench", level 0, problem 0>} {}
