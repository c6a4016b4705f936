//===- CudaCompiler.cpp - CUDA C++ to PTX with clang, NVRTC or nvcc -------===//
#include "kopt/Toolchain/CudaCompiler.h"
#include "Nvrtc.h"

#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"

#include <cstdio>
#include <iterator>

using namespace kopt::toolchain;
using llvm::StringRef;

/// NVRTC_ERROR_OUT_OF_MEMORY, what nvrtcCompileProgram returns at the memory limit.
static constexpr int kNvrtcOutOfMemory = 1;

#ifndef KOPT_LLVM_TOOLS_DIR
#define KOPT_LLVM_TOOLS_DIR ""
#endif

/// The most of a compiler's messages a verdict keeps.
static constexpr size_t kMaxMessageBytes = 8192;

llvm::Expected<std::string> kopt::toolchain::resolveClang(StringRef option) {
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

llvm::Expected<std::string> kopt::toolchain::resolveNvcc(StringRef cudaPath) {
  llvm::SmallString<128> beside(cudaPath);
  llvm::sys::path::append(beside, "bin", "nvcc");
  if (llvm::sys::fs::can_execute(beside))
    return beside.str().str();
  if (llvm::ErrorOr<std::string> path = llvm::sys::findProgramByName("nvcc"))
    return *path;
  return llvm::createStringError("no nvcc (looked for " + beside.str() + " and nvcc in PATH)");
}

namespace {
/// The compiler a candidate goes to: its name and, for clang and nvcc, the program.
struct CudaCompiler {
  std::string name;
  std::string program;
  const Nvrtc *nvrtc = nullptr;
};
} // namespace

/// The compiler `options` ask for; `auto` takes the first of clang, NVRTC and nvcc that is there.
static llvm::Expected<CudaCompiler> chooseCompiler(const CudaCompileOptions &options) {
  StringRef wanted = options.compiler;
  std::vector<std::string> missing;
  auto note = [&](llvm::Error error) { missing.push_back(llvm::toString(std::move(error))); };
  if (wanted == "auto" || wanted == "clang") {
    llvm::Expected<std::string> clang = resolveClang(options.clang);
    if (clang)
      return CudaCompiler{"clang", *clang};
    note(clang.takeError());
  }
  if (wanted == "auto" || wanted == "nvrtc") {
    llvm::Expected<const Nvrtc &> nvrtc = loadNvrtc(options.cudaPath);
    if (nvrtc)
      return CudaCompiler{"nvrtc", nvrtc->path, &*nvrtc};
    note(nvrtc.takeError());
  }
  if (wanted == "auto" || wanted == "nvcc") {
    llvm::Expected<std::string> nvcc = resolveNvcc(options.cudaPath);
    if (nvcc)
      return CudaCompiler{"nvcc", *nvcc};
    note(nvcc.takeError());
  }
  return llvm::createStringError("no compiler for CUDA C++ (cuda-compiler=" + wanted +
                                 "): " + llvm::join(missing, "; "));
}

/// Compiles `sourcePath` with NVRTC in a forked child (NVRTC runs in process, so the limits
/// need a process of their own): the log goes to `logPath`, the PTX to `ptxPath`.
static ChildOutcome runNvrtc(const Nvrtc &nvrtc, StringRef source, StringRef fileName,
                             StringRef dir, StringRef logPath, StringRef ptxPath,
                             const CudaCompileOptions &options) {
  // Everything is prepared before the fork; the child only calls NVRTC and writes files.
  std::string sourceText = source.str(), name = fileName.str(), log = logPath.str(),
              ptx = ptxPath.str();
  std::string arch = "--gpu-architecture=" + options.chip;
  std::string include = "--include-path=" + options.cudaPath + "/include";
  const char *nvrtcOptions[] = {arch.c_str(), include.c_str()};
  auto write = [](const std::string &path, const char *text, size_t size) {
    FILE *file = fopen(path.c_str(), "w");
    if (!file)
      return false;
    bool written = fwrite(text, 1, size, file) == size;
    return fclose(file) == 0 && written;
  };
  return runForkedLimited(
      [&] {
        Nvrtc::Program program = nullptr;
        if (nvrtc.createProgram(&program, sourceText.c_str(), name.c_str(), 0, nullptr,
                                nullptr) != 0)
          return 3;
        int compiled = nvrtc.compileProgram(program, std::size(nvrtcOptions), nvrtcOptions);
        size_t size = 0;
        std::string text;
        if (nvrtc.getProgramLogSize(program, &size) == 0 && size > 1) {
          text.resize(size);
          nvrtc.getProgramLog(program, text.data());
          text.resize(size - 1);
        }
        write(log, text.data(), text.size());
        if (compiled != 0)
          return compiled == kNvrtcOutOfMemory ? 2 : 1;
        if (nvrtc.getPTXSize(program, &size) != 0 || size == 0)
          return 3;
        text.resize(size);
        nvrtc.getPTX(program, text.data());
        return write(ptx, text.data(), size - 1) ? 0 : 3;
      },
      dir, options.limits);
}

llvm::Expected<std::string> kopt::toolchain::compileCudaToPtx(StringRef source,
                                                            StringRef fileName,
                                                            const CudaCompileOptions &options) {
  llvm::Expected<CudaCompiler> compiler = chooseCompiler(options);
  if (!compiler)
    return compiler.takeError();

  // The compiler runs on files in a directory of this candidate's own; its messages name the file
  // without the directory, so that they do not change from run to run.
  llvm::SmallString<128> dir;
  if (std::error_code ec = llvm::sys::fs::createUniqueDirectory("kopt-cuda", dir))
    return llvm::createStringError(ec, "cannot create a temporary directory");
  llvm::scope_exit removeDir([&] { llvm::sys::fs::remove_directories(dir); });
  llvm::SmallString<128> sourcePath(dir), ptxPath(dir), logPath(dir);
  llvm::sys::path::append(sourcePath, fileName);
  llvm::sys::path::append(ptxPath, "out.ptx");
  llvm::sys::path::append(logPath, "compiler.log");
  if (llvm::Error error = writeFile(sourcePath, source))
    return std::move(error);

  ChildOutcome outcome;
  if (compiler->nvrtc) {
    outcome = runNvrtc(*compiler->nvrtc, source, fileName, dir, logPath, ptxPath, options);
  } else if (compiler->name == "clang") {
    // No -I: clang searches its own and the C++ library's headers (its CUDA wrappers need them)
    // and CUDA's.
    outcome = runProgramLimited(compiler->program,
                                {compiler->program, "--cuda-device-only", "-S",
                                 "--cuda-gpu-arch=" + options.chip, "-O3", "-x", "cuda",
                                 "--cuda-path=" + options.cudaPath, "-Wno-unknown-cuda-version",
                                 "-fno-color-diagnostics", fileName.str(), "-o", "out.ptx"},
                                dir, logPath, options.limits);
  } else {
    outcome = runProgramLimited(compiler->program,
                                {compiler->program, "-ptx", "-arch=" + options.chip, "-O3",
                                 "-x", "cu", fileName.str(), "-o", "out.ptx"},
                                dir, logPath, options.limits);
  }

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
    log = log.substr(0, kMaxMessageBytes) + "\n[... " + compiler->name + "'s messages cut]";
  // At the time limit the log holds only what the kill left (a crash report), so it is dropped.
  if (outcome.kind == ChildOutcome::TimedOut)
    return llvm::createStringError(describeAbnormalEnd(outcome, compiler->name,
                                                       options.limits));
  if (outcome.kind != ChildOutcome::Exited)
    return llvm::createStringError(describeAbnormalEnd(outcome, compiler->name,
                                                       options.limits) +
                                   (log.empty() ? "" : ": " + log));
  if (outcome.code != 0) {
    if (compiler->nvrtc && outcome.code == 2)
      log = llvm::formatv("nvrtc ran out of memory (the limit is {0} MiB, kb-lower-to-ptx "
                          "cuda-memory-limit){1}",
                          options.limits.memoryMiB, log.empty() ? "" : ": " + log)
                .str();
    return llvm::createStringError(log.empty() ? compiler->name + " failed without a message"
                                               : log);
  }

  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> ptx = llvm::MemoryBuffer::getFile(ptxPath);
  if (!ptx)
    return llvm::createStringError(ptx.getError(), compiler->name + " wrote no PTX");
  return (*ptx)->getBuffer().str();
}
