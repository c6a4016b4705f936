//===- RunnerCommand.cpp - finding the kopt-runner to start ---------------===//
#include "kopt/Runner/RunnerCommand.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
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

Expected<std::vector<std::string>> kopt::runner::poolCommands(StringRef option, int64_t count) {
  if (count < 1)
    return createStringError(formatv("a pool needs one runner or more, not {0}", count));
  if (count == 1)
    return std::vector<std::string>{option.str()};
  // The template: the option, else $KOPT_RUNNER, else the kopt-runner found, one GPU each.
  std::string given = option.str();
  if (given.empty())
    given = sys::Process::GetEnv(kRunnerEnvVar).value_or("");
  std::string pattern = given;
  if (given.empty()) {
    Expected<std::string> found = resolveRunnerCommand("");
    if (!found)
      return found.takeError();
    pattern = "CUDA_VISIBLE_DEVICES=" + std::string(kGpuPlaceholder) + " " + *found;
  } else if (!StringRef(given).contains(kGpuPlaceholder)) {
    return createStringError(formatv("the command of a pool of {0} runners needs {1} where each "
                                     "runner's GPU goes (0 to {2}), else they all share one: '{3}'",
                                     count, kGpuPlaceholder, count - 1, given));
  }
  std::vector<std::string> commands;
  const size_t placeholderSize = StringRef(kGpuPlaceholder).size();
  for (int64_t gpu = 0; gpu < count; ++gpu) {
    std::string command = pattern, number = std::to_string(gpu);
    for (size_t at = command.find(kGpuPlaceholder); at != std::string::npos;
         at = command.find(kGpuPlaceholder, at + number.size()))
      command.replace(at, placeholderSize, number);
    commands.push_back(std::move(command));
  }
  return commands;
}
