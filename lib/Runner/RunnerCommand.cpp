//===- RunnerCommand.cpp - finding the kopt-runner to start ---------------===//
#include "kopt/Runner/RunnerCommand.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/Program.h"

using namespace llvm;

static constexpr const char *kRunnerName = "kopt-runner";

/// `path` as one word for /bin/sh.
static std::string shellQuote(StringRef path) {
  std::string quoted = "'";
  for (char c : path) {
    if (c == '\'')
      quoted += "'\\''";
    else
      quoted += c;
  }
  return quoted + "'";
}

Expected<std::string> kopt::runner::resolveRunnerCommand(StringRef option) {
  if (!option.empty())
    return option.str();
  if (std::optional<std::string> fromEnv = sys::Process::GetEnv(kRunnerEnvVar);
      fromEnv && !fromEnv->empty())
    return *fromEnv;
  // The executable's own path (/proc/self/exe on Linux): a build or install tree keeps kopt and
  // kopt-runner side by side.
  std::string self = sys::fs::getMainExecutable("kopt", nullptr);
  if (!self.empty()) {
    SmallString<256> beside(sys::path::parent_path(self));
    sys::path::append(beside, kRunnerName);
    if (sys::fs::is_regular_file(beside) && sys::fs::can_execute(beside))
      return shellQuote(beside);
  }
  if (ErrorOr<std::string> inPath = sys::findProgramByName(kRunnerName))
    return shellQuote(*inPath);
  return createStringError(
      "no kopt-runner was found; give the command that starts one with --runner=CMD (the pass "
      "option runner=\"CMD\"), e.g. --runner='ssh gpu1 kopt-runner', or set KOPT_RUNNER=CMD; "
      "kopt also looks for kopt-runner beside kopt and in PATH");
}
