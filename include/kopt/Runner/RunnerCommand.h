//===- RunnerCommand.h - finding the kopt-runner to start -------*- C++ -*-===//
#ifndef KOPT_RUNNER_RUNNERCOMMAND_H
#define KOPT_RUNNER_RUNNERCOMMAND_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace kopt::runner {

/// The environment variable that names the runner command.
inline constexpr const char *kRunnerEnvVar = "KOPT_RUNNER";

/// The shell command that starts a runner: `option` when given, else $KOPT_RUNNER, else
/// `kopt-runner` beside the running executable, else `kopt-runner` in PATH. The error says what to
/// set.
llvm::Expected<std::string> resolveRunnerCommand(llvm::StringRef option);

/// What `{gpu}` stands for in a pool's command template.
inline constexpr const char *kGpuPlaceholder = "{gpu}";

/// The commands of a pool of `count` runners (one per GPU): with one, `option` as it is (resolved
/// when a runner is needed); with more, the template `option` with every `{gpu}` replaced by 0 to
/// count-1, by default `CUDA_VISIBLE_DEVICES={gpu} ` before the kopt-runner resolveRunnerCommand
/// finds. A template without `{gpu}` would start every runner on one GPU: an error, as is a count
/// below one.
llvm::Expected<std::vector<std::string>> poolCommands(llvm::StringRef option, int64_t count);

} // namespace kopt::runner

#endif // KOPT_RUNNER_RUNNERCOMMAND_H
