//===- CudaSource.h - CUDA C++ candidates -----------------------*- C++ -*-===//
//
// A CUDA C++ candidate is source text with `extern "C" __global__` entries; clang compiles it to
// PTX (a child process on temporary files). Its launch plan is the one the candidate carries, else
// the one in its `// kopt-launch:` comments (LaunchPlan.h).
//
//===----------------------------------------------------------------------===//
#ifndef KOPT_CODEGEN_CUDASOURCE_H
#define KOPT_CODEGEN_CUDASOURCE_H

#include "kopt/Codegen/LaunchPlan.h"
#include "kopt/Codegen/Lower.h"

namespace kopt::codegen {

/// `option` if set, else the clang++ of the LLVM kopt was built with, else clang++-22 or clang++
/// in PATH.
llvm::Expected<std::string> resolveClang(llvm::StringRef option);

/// Compiles `source` (named `name`.cu in clang's messages), a candidate for `task`, with
/// `clang++ --cuda-device-only -S --cuda-gpu-arch=CHIP -O3 -x cuda --cuda-path=CUDA`. Fails with
/// clang's messages, or, before running clang, when there is no launch plan or the plan is
/// malformed or binds a name that is not one of the task's buffers; after, when a launch's
/// entry is not a kernel of the PTX.
llvm::Expected<Kernel> compileCudaCandidate(kb::TaskOp task, llvm::StringRef name,
                                            llvm::StringRef source,
                                            std::optional<LaunchPlan> plan, const Target &target);

} // namespace kopt::codegen

#endif // KOPT_CODEGEN_CUDASOURCE_H
