//===- RunnerCommand.h - finding the kopt-runner to start -------*- C++ -*-===//
#ifndef KOPT_RUNNER_RUNNERCOMMAND_H
#define KOPT_RUNNER_RUNNERCOMMAND_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace kopt::runner {

/// The environment variable that names the runner command.
inline constexpr const char *kRunnerEnvVar = "KOPT_RUNNER";

/// The shell command that starts a runner: `option` when given, else $KOPT_RUNNER, else
/// `kopt-runner` beside the running executable, else `kopt-runner` in PATH. The error says what to
/// set.
llvm::Expected<std::string> resolveRunnerCommand(llvm::StringRef option);

} // namespace kopt::runner

#endif // KOPT_RUNNER_RUNNERCOMMAND_H
