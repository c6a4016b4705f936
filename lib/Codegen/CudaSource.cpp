//===- CudaSource.cpp - CUDA C++ candidates -------------------------------===//
#include "kopt/Codegen/CudaSource.h"
#include "kopt/Codegen/CudaSandbox.h"
#include "kopt/Toolchain/CudaCompiler.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/Regex.h"

using namespace kopt::codegen;
using llvm::StringRef;

/// The names after `.entry` in PTX.
static std::vector<std::string> ptxEntries(StringRef ptx) {
  std::vector<std::string> entries;
  llvm::Regex entry("\\.entry[ \t]+([A-Za-z_$][A-Za-z0-9_$]*)");
  llvm::SmallVector<StringRef> match;
  while (entry.match(ptx, &match)) {
    entries.push_back(match[1].str());
    ptx = ptx.drop_front(match[0].end() - ptx.begin());
  }
  return entries;
}

llvm::Error kopt::codegen::checkCudaOptions(const Target &target) {
  if (!llvm::is_contained({"auto", "clang", "nvrtc", "nvcc"}, target.cudaCompiler))
    return llvm::createStringError("cuda-compiler is auto, clang, nvrtc or nvcc, not '" +
                                   target.cudaCompiler + "'");
  if (target.cudaLimits.seconds == 0 || target.cudaLimits.memoryMiB == 0)
    return llvm::createStringError("cuda-time-limit and cuda-memory-limit must be positive");
  return llvm::Error::success();
}

llvm::Expected<Kernel> kopt::codegen::compileCudaCandidate(kb::TaskOp task, StringRef name,
                                                           StringRef source,
                                                           std::optional<LaunchPlan> plan,
                                                           const Target &target) {
  std::string fileName = (name.empty() ? "candidate" : name.str()) + ".cu";
  llvm::erase_if(fileName, [](char c) { return c == '/' || c == '\\'; });
  if (!plan) {
    llvm::Expected<std::optional<LaunchPlan>> parsed = parseLaunchComments(source, fileName);
    if (!parsed)
      return parsed.takeError();
    plan = std::move(*parsed);
  }
  if (!plan)
    return llvm::createStringError(
        "no launch plan: a CUDA C++ candidate carries a `launch` attribute or one "
        "`// kopt-launch: ENTRY grid(X,Y,Z) block(X,Y,Z) smem(BYTES) args(A, B, ...)` line per "
        "launch in its source");
  if (llvm::Error error = checkLaunchPlan(task.getContext(), *plan, taskBufferNames(task)))
    return std::move(error);
  if (llvm::Error error = checkCudaDirectives(source, fileName))
    return std::move(error);
  if (llvm::Error error = checkCudaOptions(target))
    return std::move(error);
  toolchain::CudaCompileOptions options{target.cudaCompiler, target.clang,
                                        resolveCudaPath(target.cudaPath), target.chip,
                                        target.cudaLimits};
  llvm::Expected<std::string> ptx = toolchain::compileCudaToPtx(source, fileName, options);
  if (!ptx)
    return ptx.takeError();
  Kernel kernel{std::move(*ptx), std::move(*plan)};
  std::vector<std::string> entries = ptxEntries(kernel.ptx);
  for (const Launch &launch : kernel.plan.launches)
    if (!llvm::is_contained(entries, launch.entry))
      return llvm::createStringError(llvm::formatv(
          "launch entry '{0}' is not a kernel of the PTX (its kernels: {1}); entries are "
          "`extern \"C\" __global__` functions",
          launch.entry, entries.empty() ? "none" : llvm::join(entries, ", ")));
  return kernel;
}
