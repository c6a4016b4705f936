//===- LimitedChild.h - compilers in limited child processes ----*- C++ -*-===//
//
// A compiler given model output must not hold the machine: it runs in a child process of its own
// process group with CPU-time and address-space limits, and is killed with its whole group at the
// wall-clock limit.
//
//===----------------------------------------------------------------------===//
#ifndef KOPT_TOOLCHAIN_LIMITEDCHILD_H
#define KOPT_TOOLCHAIN_LIMITEDCHILD_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace kopt::toolchain {

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

} // namespace kopt::toolchain

#endif // KOPT_TOOLCHAIN_LIMITEDCHILD_H
