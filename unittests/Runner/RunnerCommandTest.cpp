//===- RunnerCommandTest.cpp - finding the kopt-runner to start -----------===//
#include "kopt/Runner/RunnerCommand.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <cstdlib>
#include <optional>

using namespace kopt::runner;

namespace {

/// Sets an environment variable (or unsets it, for nullptr) until the end of the scope.
class ScopedEnv {
public:
  ScopedEnv(const char *name, const char *value) : name(name) {
    if (const char *old = std::getenv(name))
      previous = old;
    if (value)
      setenv(name, value, 1);
    else
      unsetenv(name);
  }
  ~ScopedEnv() {
    if (previous)
      setenv(name, previous->c_str(), 1);
    else
      unsetenv(name);
  }

private:
  const char *name;
  std::optional<std::string> previous;
};

TEST(RunnerCommand, TheOptionWins) {
  ScopedEnv env("KOPT_RUNNER", "from-env");
  llvm::Expected<std::string> command = resolveRunnerCommand("ssh gpu1 kopt-runner");
  ASSERT_TRUE(static_cast<bool>(command));
  EXPECT_EQ(*command, "ssh gpu1 kopt-runner");
}

TEST(RunnerCommand, ThenTheEnvironment) {
  ScopedEnv env("KOPT_RUNNER", "srun --gpus=1 kopt-runner");
  llvm::Expected<std::string> command = resolveRunnerCommand("");
  ASSERT_TRUE(static_cast<bool>(command));
  EXPECT_EQ(*command, "srun --gpus=1 kopt-runner");
}

TEST(RunnerCommand, ThenPath) {
  ScopedEnv env("KOPT_RUNNER", nullptr);
  llvm::SmallString<256> folder;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("kopt runner's bin", folder));
  llvm::SmallString<256> runner(folder);
  llvm::sys::path::append(runner, "kopt-runner");
  {
    std::error_code error;
    llvm::raw_fd_ostream out(runner, error);
    out << "#!/bin/sh\n";
  }
  llvm::sys::fs::setPermissions(runner, llvm::sys::fs::all_read | llvm::sys::fs::all_exe);
  std::optional<ScopedEnv> path(std::in_place, "PATH", folder.c_str());
  llvm::Expected<std::string> command = resolveRunnerCommand("");
  path.reset();
  ASSERT_TRUE(static_cast<bool>(command));
  // Quoted for the shell: the folder has a space and a quote in its name.
  EXPECT_EQ(*command,
            "'" + std::string(folder).replace(folder.find('\''), 1, "'\\''") + "/kopt-runner'");
  llvm::sys::fs::remove_directories(folder);
}

TEST(RunnerCommand, OtherwiseSaysWhatToSet) {
  ScopedEnv env("KOPT_RUNNER", nullptr), path("PATH", "/nonexistent");
  llvm::Expected<std::string> command = resolveRunnerCommand("");
  ASSERT_FALSE(static_cast<bool>(command));
  std::string message = llvm::toString(command.takeError());
  EXPECT_NE(message.find("--runner=CMD"), std::string::npos) << message;
  EXPECT_NE(message.find("KOPT_RUNNER"), std::string::npos) << message;
}

} // namespace
