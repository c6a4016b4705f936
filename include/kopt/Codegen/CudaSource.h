//===- CudaSource.h - CUDA C++ candidates -----------------------*- C++ -*-===//
//
// A CUDA C++ candidate is source text with `extern "C" __global__` entries; clang, NVRTC or nvcc
// compiles it to PTX in a limited child process on temporary files (kopt/Toolchain/CudaCompiler.h),
// after its directives are checked (CudaSandbox.h). Its launch plan is the one the candidate carries, else the one in its
// `// kopt-launch:` comments (LaunchPlan.h).
//
//===----------------------------------------------------------------------===//
#ifndef KOPT_CODEGEN_CUDASOURCE_H
#define KOPT_CODEGEN_CUDASOURCE_H

#include "kopt/Codegen/LaunchPlan.h"
#include "kopt/Codegen/Lower.h"

namespace kopt::codegen {

/// Fails unless target.cudaCompiler is auto, clang, nvrtc or nvcc and the limits are positive.
llvm::Error checkCudaOptions(const Target &target);

/// Compiles `source` (named `name`.cu in the compiler's messages), a candidate for `task`, with
/// the compiler target.cudaCompiler names under target.cudaLimits (toolchain::compileCudaToPtx).
/// Fails with the compiler's messages (or the limit it hit), or, before compiling, when there is
/// no launch plan or the plan is malformed or binds a name that is not one of the task's buffers,
/// or a directive is refused (checkCudaDirectives); after, when a launch's entry is not a kernel
/// of the PTX.
llvm::Expected<Kernel> compileCudaCandidate(kb::TaskOp task, llvm::StringRef name,
                                            llvm::StringRef source,
                                            std::optional<LaunchPlan> plan, const Target &target);

} // namespace kopt::codegen

#endif // KOPT_CODEGEN_CUDASOURCE_H
