//===- CudaSource.cpp - CUDA C++ candidates -------------------------------===//
#include "kopt/Codegen/CudaSource.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/Regex.h"

using namespace kopt::codegen;
using llvm::StringRef;

#ifndef KOPT_LLVM_TOOLS_DIR
#define KOPT_LLVM_TOOLS_DIR ""
#endif

/// How long clang may take for one candidate.
static constexpr unsigned kClangSeconds = 120;
/// The most of clang's messages a verdict keeps.
static constexpr size_t kMaxMessageBytes = 8192;

llvm::Expected<std::string> kopt::codegen::resolveClang(StringRef option) {
  if (!option.empty())
    return option.str();
  llvm::SmallString<128> beside(KOPT_LLVM_TOOLS_DIR);
  llvm::sys::path::append(beside, "clang++");
  if (!llvm::StringRef(KOPT_LLVM_TOOLS_DIR).empty() && llvm::sys::fs::can_execute(beside))
    return beside.str().str();
  for (StringRef name : {"clang++-22", "clang++"})
    if (llvm::ErrorOr<std::string> path = llvm::sys::findProgramByName(name))
      return *path;
  return llvm::createStringError("no clang++ to compile CUDA C++ with (looked for " +
                                 beside.str() + ", clang++-22 and clang++ in PATH)");
}

static llvm::Error writeFile(StringRef path, StringRef text) {
  std::error_code ec;
  llvm::raw_fd_ostream out(path, ec);
  if (ec)
    return llvm::createStringError(ec, "cannot write " + path);
  out << text;
  return llvm::Error::success();
}

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
  llvm::Expected<std::string> clang = resolveClang(target.clang);
  if (!clang)
    return clang.takeError();

  // clang runs on files in a directory of this candidate's own; its messages name the file
  // without the directory, so that they do not change from run to run.
  llvm::SmallString<128> dir;
  if (std::error_code ec = llvm::sys::fs::createUniqueDirectory("kopt-cuda", dir))
    return llvm::createStringError(ec, "cannot create a temporary directory");
  llvm::scope_exit removeDir([&] { llvm::sys::fs::remove_directories(dir); });
  llvm::SmallString<128> sourcePath(dir), ptxPath(dir), logPath(dir);
  llvm::sys::path::append(sourcePath, fileName);
  llvm::sys::path::append(ptxPath, "out.ptx");
  llvm::sys::path::append(logPath, "clang.log");
  if (llvm::Error error = writeFile(sourcePath, source))
    return std::move(error);

  std::string arch = "--cuda-gpu-arch=" + target.chip;
  std::string cudaPath = "--cuda-path=" + resolveCudaPath(target.cudaPath);
  StringRef args[] = {*clang,   "--cuda-device-only", "-S",     arch,
                      "-O3",    "-x",                 "cuda",   cudaPath,
                      "-Wno-unknown-cuda-version",    "-fno-color-diagnostics",
                      sourcePath, "-o",               ptxPath};
  std::optional<StringRef> redirects[] = {StringRef(""), StringRef(logPath), StringRef(logPath)};
  std::string failure;
  int status = llvm::sys::ExecuteAndWait(*clang, args, /*Env=*/std::nullopt, redirects,
                                         kClangSeconds, /*MemoryLimit=*/0, &failure);
  std::string log;
  if (llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
          llvm::MemoryBuffer::getFile(logPath))
    log = (*buffer)->getBuffer().str();
  llvm::SmallString<128> prefix(dir);
  prefix += llvm::sys::path::get_separator();
  log = llvm::StringRef(log).trim().str();
  for (size_t at; (at = log.find(prefix.str())) != std::string::npos;)
    log.erase(at, prefix.size());
  if (log.size() > kMaxMessageBytes)
    log = log.substr(0, kMaxMessageBytes) + "\n[... clang's messages cut]";
  if (status != 0) {
    if (status < 0)
      return llvm::createStringError(llvm::formatv("clang did not finish ({0}): {1}",
                                                   failure.empty() ? "killed" : failure, log));
    return llvm::createStringError(log.empty() ? "clang failed without a message" : log);
  }

  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> ptx = llvm::MemoryBuffer::getFile(ptxPath);
  if (!ptx)
    return llvm::createStringError(ptx.getError(), "clang wrote no PTX");
  Kernel kernel{(*ptx)->getBuffer().str(), std::move(*plan)};
  std::vector<std::string> entries = ptxEntries(kernel.ptx);
  for (const Launch &launch : kernel.plan.launches)
    if (!llvm::is_contained(entries, launch.entry))
      return llvm::createStringError(llvm::formatv(
          "launch entry '{0}' is not a kernel of the PTX (its kernels: {1}); entries are "
          "`extern \"C\" __global__` functions",
          launch.entry, entries.empty() ? "none" : llvm::join(entries, ", ")));
  return kernel;
}
