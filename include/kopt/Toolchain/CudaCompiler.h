//===- CudaCompiler.h - CUDA C++ to PTX with clang, NVRTC or nvcc -*- C++ -*-===//
//
// CUDA C++ source compiles to PTX with clang, NVRTC (loaded at run time) or nvcc, in a limited
// child process (LimitedChild.h) on temporary files of a directory of its own.
//
//===----------------------------------------------------------------------===//
#ifndef KOPT_TOOLCHAIN_CUDACOMPILER_H
#define KOPT_TOOLCHAIN_CUDACOMPILER_H

#include "kopt/Toolchain/LimitedChild.h"

#include "llvm/Support/Error.h"

#include <string>

namespace kopt::toolchain {

/// `option` if set, else the clang++ of the LLVM kopt was built with, else clang++-22 or clang++
/// in PATH.
llvm::Expected<std::string> resolveClang(llvm::StringRef option);

/// CUDA's nvcc: `cudaPath`/bin/nvcc, else nvcc in PATH.
llvm::Expected<std::string> resolveNvcc(llvm::StringRef cudaPath);

/// How to compile CUDA C++.
struct CudaCompileOptions {
  std::string compiler; // auto, clang, nvrtc or nvcc
  std::string clang;    // resolveClang's option
  std::string cudaPath; // the CUDA toolkit
  std::string chip;     // e.g. sm_90
  CompileLimits limits;
};

/// Compiles `source`, named `fileName` in the compiler's messages, to PTX with the compiler
/// options.compiler names (auto: clang if there is one, else NVRTC, else nvcc):
/// `clang++ --cuda-device-only -S --cuda-gpu-arch=CHIP -O3 -x cuda --cuda-path=CUDA`, NVRTC with
/// `--gpu-architecture=CHIP --include-path=CUDA/include`, or `nvcc -ptx -arch=CHIP -O3`, under
/// options.limits. Fails with the compiler's messages (without the temporary directory), or the
/// limit it hit.
llvm::Expected<std::string> compileCudaToPtx(llvm::StringRef source, llvm::StringRef fileName,
                                             const CudaCompileOptions &options);

} // namespace kopt::toolchain

#endif // KOPT_TOOLCHAIN_CUDACOMPILER_H
