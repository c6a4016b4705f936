//===- Nvrtc.h - NVRTC, loaded at run time ----------------------*- C++ -*-===//
//
// kopt compiles CUDA C++ with NVRTC where there is no clang. It opens libnvrtc with dlopen and
// declares the few functions it calls itself, so that kopt builds and runs without CUDA.
//
//===----------------------------------------------------------------------===//
#ifndef KOPT_LIB_TOOLCHAIN_NVRTC_H
#define KOPT_LIB_TOOLCHAIN_NVRTC_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstddef>
#include <string>

namespace kopt::toolchain {

/// The NVRTC functions kopt calls (their C signatures; nvrtcResult is an int, 0 success).
struct Nvrtc {
  using Program = struct NvrtcProgramImpl *;
  int (*createProgram)(Program *, const char *source, const char *name, int numHeaders,
                       const char *const *headers, const char *const *includeNames);
  int (*compileProgram)(Program, int numOptions, const char *const *options);
  int (*getProgramLogSize)(Program, size_t *);
  int (*getProgramLog)(Program, char *);
  int (*getPTXSize)(Program, size_t *);
  int (*getPTX)(Program, char *);
  int (*destroyProgram)(Program *);
  int (*version)(int *major, int *minor);
  std::string path; // the library it was loaded from
  int major = 0, minor = 0;
};

/// NVRTC, loaded once per process: libnvrtc from `cudaPath`/lib64, /usr/local/cuda/lib64, the
/// loader's search path, then PyTorch's CUDA wheels (site-packages/nvidia/cuda_nvrtc/lib and
/// nvidia/cu13/lib of the Python installations of $VIRTUAL_ENV, of the python3 in PATH and of
/// the usual prefixes). The error lists where it looked. The first call's `cudaPath` decides for the whole process.
llvm::Expected<const Nvrtc &> loadNvrtc(llvm::StringRef cudaPath);

} // namespace kopt::toolchain

#endif // KOPT_LIB_TOOLCHAIN_NVRTC_H
