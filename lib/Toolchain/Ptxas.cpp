//===- Ptxas.cpp - running ptxas -v on a PTX module -----------------------===//
#include "kopt/Toolchain/Ptxas.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace kopt::toolchain;
using kopt::features::PtxasReport;

static constexpr const char *kCudaPtxas = "/usr/local/cuda/bin/ptxas";

/// sm_90 (the H200's) for PTX of that or an older target, which ptxas assembles for newer ones;
/// else the PTX's own target, which ptxas needs when it is newer or architecture-specific (sm_90a).
static std::string ptxasArch(StringRef target) {
  StringRef number = target;
  unsigned version;
  if (number.consume_front("sm_") && !number.getAsInteger(10, version) && version <= 90)
    return "sm_90";
  return target.starts_with("sm_") ? target.str() : "sm_90";
}

Expected<PtxasLookup> kopt::toolchain::findPtxas(StringRef option) {
  auto given = [](StringRef path, StringRef from) -> Expected<PtxasLookup> {
    if (path == kNoPtxas)
      return PtxasLookup{std::nullopt, /*turnedOff=*/true};
    ErrorOr<std::string> found =
        path.contains('/') ? ErrorOr<std::string>(path.str()) : sys::findProgramByName(path);
    if (found && sys::fs::is_regular_file(*found) && sys::fs::can_execute(*found))
      return PtxasLookup{*found};
    return createStringError("%s names '%s', which is no executable ptxas (give its path, or "
                             "`none` to tag without ptxas)",
                             from.str().c_str(), path.str().c_str());
  };
  if (!option.empty())
    return given(option, "the ptxas option");
  if (std::optional<std::string> fromEnv = sys::Process::GetEnv(kPtxasEnvVar);
      fromEnv && !fromEnv->empty())
    return given(*fromEnv, "$" + std::string(kPtxasEnvVar));
  if (sys::fs::can_execute(kCudaPtxas))
    return PtxasLookup{kCudaPtxas};
  if (ErrorOr<std::string> inPath = sys::findProgramByName("ptxas"))
    return PtxasLookup{*inPath};
  return PtxasLookup{};
}

PtxasReport kopt::toolchain::runPtxas(StringRef ptxas, StringRef ptx, StringRef target,
                                     unsigned timeoutSeconds) {
  PtxasReport failed;
  SmallString<128> input, cubin, log;
  int fd;
  if (std::error_code ec = sys::fs::createTemporaryFile("kopt", "ptx", fd, input)) {
    failed.error = "cannot write a temporary PTX file: " + ec.message();
    return failed;
  }
  FileRemover removeInput(input);
  {
    raw_fd_ostream os(fd, /*shouldClose=*/true);
    os << ptx;
  }
  if (std::error_code ec = sys::fs::createTemporaryFile("kopt", "cubin", cubin);
      ec || (ec = sys::fs::createTemporaryFile("kopt-ptxas", "log", log))) {
    failed.error = "cannot create a temporary file: " + ec.message();
    return failed;
  }
  FileRemover removeCubin(cubin), removeLog(log);

  std::string arch = "-arch=" + ptxasArch(target);
  StringRef args[] = {ptxas, arch, "-v", input, "-o", cubin};
  std::optional<StringRef> redirects[] = {StringRef(), StringRef(log), StringRef(log)};
  std::string message;
  int status = sys::ExecuteAndWait(ptxas, args, std::nullopt, redirects, timeoutSeconds,
                                   /*MemoryLimit=*/0, &message);

  std::string text;
  if (ErrorOr<std::unique_ptr<MemoryBuffer>> buffer = MemoryBuffer::getFile(log))
    text = (*buffer)->getBuffer().str();
  // The temporary file's name would make the error differ from run to run.
  for (size_t at; (at = text.find(input.str())) != std::string::npos;)
    text.replace(at, input.size(), "<ptx>");
  PtxasReport report = kopt::features::parsePtxasOutput(text);
  if (status == 0)
    return report;
  if (!report.error.empty())
    failed.error = report.error;
  else if (status == -2) // killed at the timeout, or crashed
    failed.error = "ptxas did not finish: " + message;
  else
    failed.error = "ptxas failed (status " + std::to_string(status) + ")" +
                   (message.empty() ? "" : ": " + message);
  return failed;
}
