//===- Ptxas.cpp - what ptxas -v says about each kernel -------------------===//
#include "kopt/Features/Ptxas.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace llvm;
using namespace kopt::features;

namespace {
struct Field {
  StringRef key;
  int64_t PtxasKernelInfo::*member;
};

const Field kFields[] = {
    {"registers", &PtxasKernelInfo::registers},
    {"stack_bytes", &PtxasKernelInfo::stackBytes},
    {"spill_store_bytes", &PtxasKernelInfo::spillStoreBytes},
    {"spill_load_bytes", &PtxasKernelInfo::spillLoadBytes},
    {"ptxas_shared_bytes", &PtxasKernelInfo::sharedBytes},
};

constexpr const char *kCudaPtxas = "/usr/local/cuda/bin/ptxas";
} // namespace

/// The number just before `what` in `line` ("22" for " registers" in "Used 22 registers"), if any.
static std::optional<int64_t> numberBefore(StringRef line, StringRef what) {
  size_t at = line.find(what);
  if (at == StringRef::npos)
    return std::nullopt;
  StringRef before = line.take_front(at).rtrim();
  int64_t value;
  if (before.substr(before.find_last_of(" ,:") + 1).getAsInteger(10, value))
    return std::nullopt;
  return value;
}

/// sm_90 (the H200's) for PTX of that or an older target, which ptxas assembles for newer ones;
/// else the PTX's own target, which ptxas needs when it is newer or architecture-specific (sm_90a).
static std::string ptxasArch(StringRef target) {
  StringRef number = target;
  unsigned version;
  if (number.consume_front("sm_") && !number.getAsInteger(10, version) && version <= 90)
    return "sm_90";
  return target.starts_with("sm_") ? target.str() : "sm_90";
}

static std::string squeezeSpaces(StringRef line) {
  std::string squeezed;
  for (char c : line.trim())
    if (c != ' ' || squeezed.empty() || squeezed.back() != ' ')
      squeezed += c;
  return squeezed;
}

PtxasReport kopt::features::parsePtxasOutput(StringRef text) {
  PtxasReport report;
  PtxasKernelInfo *entry = nullptr;      // the entry being compiled: `Used ...` is about it
  PtxasKernelInfo *properties = nullptr; // `Function properties for X`, when X is an entry
  SmallVector<StringRef> lines;
  text.split(lines, '\n');
  for (StringRef line : lines) {
    line = line.trim();
    if (size_t at = line.find("Compiling entry function '"); at != StringRef::npos) {
      StringRef name = line.drop_front(at + 26).split('\'').first;
      entry = &report.kernels[name];
    } else if (size_t at = line.find("Function properties for "); at != StringRef::npos) {
      auto it = report.kernels.find(line.drop_front(at + 24).trim());
      properties = it == report.kernels.end() ? nullptr : &it->second;
    } else if (line.contains("bytes stack frame")) {
      if (!properties)
        continue;
      properties->stackBytes = numberBefore(line, " bytes stack frame").value_or(0);
      properties->spillStoreBytes = numberBefore(line, " bytes spill stores").value_or(0);
      properties->spillLoadBytes = numberBefore(line, " bytes spill loads").value_or(0);
    } else if (line.contains("Used ") && line.contains(" registers")) {
      if (!entry)
        continue;
      entry->registers = numberBefore(line, " registers").value_or(0);
      entry->sharedBytes = numberBefore(line, " bytes smem").value_or(0);
    } else if (report.error.empty() &&
               (line.starts_with("ptxas fatal") || line.contains("error   :") ||
                line.starts_with("ptxas error"))) {
      report.error = squeezeSpaces(line);
    }
  }
  return report;
}

PtxasKernelInfo kopt::features::combineKernels(ArrayRef<PtxasKernelInfo> kernels) {
  PtxasKernelInfo combined;
  for (const PtxasKernelInfo &kernel : kernels)
    for (const Field &field : kFields)
      combined.*field.member = std::max(combined.*field.member, kernel.*field.member);
  return combined;
}

std::vector<NamedFeature> kopt::features::namedFeatures(const PtxasKernelInfo &info) {
  std::vector<NamedFeature> named;
  for (const Field &field : kFields)
    named.emplace_back(field.key, info.*field.member);
  return named;
}

Expected<PtxasLookup> kopt::features::findPtxas(StringRef option) {
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

PtxasReport kopt::features::runPtxas(StringRef ptxas, StringRef ptx, StringRef target,
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
  PtxasReport report = parsePtxasOutput(text);
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
