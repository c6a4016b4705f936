//===- CudaSandbox.h - what a CUDA C++ candidate may read and spend -*- C++ -*-===//
//
// A CUDA C++ candidate is model output: it must not read the host's files, nor hold the machine.
// Before a compiler sees it, its preprocessor directives are checked (no absolute or
// parent-relative include, no #embed, no computed include); the compiler then runs in a child
// process of its own process group with CPU-time and address-space limits, and is killed with
// its whole group at the wall-clock limit.
//
//===----------------------------------------------------------------------===//
#ifndef KOPT_CODEGEN_CUDASANDBOX_H
#define KOPT_CODEGEN_CUDASANDBOX_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace kopt::codegen {

/// Which parts of C++ source blankSource replaces by spaces. Block comments always go; newlines
/// and line splices stay, so lines and columns do not move.
struct Blanking {
  bool lineComments = true; // `// ...` to the end of the (spliced) line
  bool literals = false;    // the contents of string and character literals, raw ones included
};

/// `source` with the parts `blanking` names replaced by spaces.
std::string blankSource(llvm::StringRef source, Blanking blanking);

/// Fails, naming `fileName` and the line, if `source` has a directive that could make a compiler
/// read a file outside its include directories, or embed one: an `#include`, `#include_next` or
/// `#import`, a `__has_include(...)`, or a path in a `#pragma` or `_Pragma`, whose path is
/// absolute or has a `..` component; an include whose operand is a macro rather than "..." or
/// <...>; any `#embed` or `__has_embed`. Directives inside comments do not count.
llvm::Error checkCudaDirectives(llvm::StringRef source, llvm::StringRef fileName);

/// What a compiler child may spend.
struct CompileLimits {
  unsigned seconds = 60;     // wall clock and CPU time, for the child and all it starts
  unsigned memoryMiB = 4096; // address space each process of it may add (RLIMIT_AS)
};

/// How a limited child ended.
struct ChildOutcome {
  enum Kind { Exited, TimedOut, Signaled, NotStarted } kind = NotStarted;
  int code = 0;        // exit status (Exited) or signal (Signaled)
  std::string failure; // why it did not start (NotStarted)
};

/// Runs `program` with `args` (args[0] included), no environment but PATH, in `dir`, stdin from
/// /dev/null, stdout and stderr into `logPath`, under `limits`.
ChildOutcome runProgramLimited(llvm::StringRef program, llvm::ArrayRef<std::string> args,
                               llvm::StringRef dir, llvm::StringRef logPath,
                               const CompileLimits &limits);

/// Runs `body` in a forked child of this process, in `dir`, under `limits` (the address space may
/// grow by limits.memoryMiB beyond this process's at the fork); the child exits with what `body`
/// returns. `body` must only use what was loaded before the fork.
ChildOutcome runForkedLimited(llvm::function_ref<int()> body, llvm::StringRef dir,
                              const CompileLimits &limits);

/// The verdict text for a child that did not exit on its own: the limit it hit, or the signal.
std::string describeAbnormalEnd(const ChildOutcome &outcome, llvm::StringRef compiler,
                                const CompileLimits &limits);

} // namespace kopt::codegen

#endif // KOPT_CODEGEN_CUDASANDBOX_H
