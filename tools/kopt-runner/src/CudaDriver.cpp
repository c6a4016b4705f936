//===- CudaDriver.cpp - the CUDA Driver API, loaded at run time ----------===//
#include "CudaDriver.h"

#include <dlfcn.h>

#define KOPT_STR_(x) #x
#define KOPT_STR(x) KOPT_STR_(x)

using namespace kopt::runner;

bool CudaDriver::load(std::string &error) {
  void *lib = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
  if (!lib) {
    error = std::string("cannot load libcuda.so.1: ") + dlerror();
    return false;
  }
  // KOPT_STR(name) expands cuda.h's macro first, giving the versioned symbol where there is one.
#define KOPT_CUDA_FN(name)                                                                  \
  name = reinterpret_cast<decltype(name)>(dlsym(lib, KOPT_STR(name)));                     \
  if (!name) {                                                                             \
    error = "libcuda.so.1 lacks " KOPT_STR(name);                                           \
    return false;                                                                          \
  }
#include "CudaFunctions.def"
#undef KOPT_CUDA_FN
  return true;
}

std::string CudaDriver::describe(CUresult result) const {
  const char *name = nullptr, *text = nullptr;
  if (cuGetErrorName)
    cuGetErrorName(result, &name);
  if (cuGetErrorString)
    cuGetErrorString(result, &text);
  return std::string(name ? name : "CUDA error " + std::to_string(result)) + ": " +
         (text ? text : "");
}

bool kopt::runner::isStickyError(CUresult result) {
  switch (result) {
  case CUDA_ERROR_ILLEGAL_ADDRESS:
  case CUDA_ERROR_LAUNCH_FAILED:
  case CUDA_ERROR_ILLEGAL_INSTRUCTION:
  case CUDA_ERROR_MISALIGNED_ADDRESS:
  case CUDA_ERROR_INVALID_ADDRESS_SPACE:
  case CUDA_ERROR_INVALID_PC:
  case CUDA_ERROR_HARDWARE_STACK_ERROR:
  case CUDA_ERROR_ASSERT:
  case CUDA_ERROR_LAUNCH_TIMEOUT:
  case CUDA_ERROR_ECC_UNCORRECTABLE:
  case CUDA_ERROR_CONTEXT_IS_DESTROYED:
    return true;
  default:
    return false;
  }
}
