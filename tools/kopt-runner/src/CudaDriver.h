//===- CudaDriver.h - the CUDA Driver API, loaded at run time ---*- C++ -*-===//
//
// kopt-runner dlopens libcuda.so.1 instead of linking it, so that it starts (and serves the CPU
// side of the protocol) on machines without a GPU. cuda.h supplies only types and prototypes.
//
//===----------------------------------------------------------------------===//
#ifndef KOPT_RUNNER_CUDADRIVER_H
#define KOPT_RUNNER_CUDADRIVER_H

#include <cuda.h>

#include <string>

namespace kopt::runner {

struct CudaDriver {
#define KOPT_CUDA_FN(name) decltype(&::name) name = nullptr;
#include "CudaFunctions.def"
#undef KOPT_CUDA_FN

  /// Loads libcuda.so.1 and every entry point; false (with `error` set) if any is missing.
  bool load(std::string &error);

  /// "CUDA_ERROR_X: description" for `result`.
  std::string describe(CUresult result) const;
};

/// Errors after which the CUDA context is unusable: every later call fails too.
bool isStickyError(CUresult result);

} // namespace kopt::runner

#endif // KOPT_RUNNER_CUDADRIVER_H
