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

TEST(RunnerPool, OneRunnerIsTheOptionAsItIs) {
  for (const char *option : {"", "ssh gpu1 kopt-runner"}) {
    llvm::Expected<std::vector<std::string>> commands = poolCommands(option, 1);
    ASSERT_TRUE(static_cast<bool>(commands));
    EXPECT_EQ(*commands, std::vector<std::string>{option});
  }
}

TEST(RunnerPool, EveryGpuOfTheTemplateIsTheRunnersNumber) {
  llvm::Expected<std::vector<std::string>> commands =
      poolCommands("ssh node$(({gpu} / 4)) CUDA_VISIBLE_DEVICES=$(({gpu} % 4)) kopt-runner", 3);
  ASSERT_TRUE(static_cast<bool>(commands));
  EXPECT_EQ(*commands, (std::vector<std::string>{
                           "ssh node$((0 / 4)) CUDA_VISIBLE_DEVICES=$((0 % 4)) kopt-runner",
                           "ssh node$((1 / 4)) CUDA_VISIBLE_DEVICES=$((1 % 4)) kopt-runner",
                           "ssh node$((2 / 4)) CUDA_VISIBLE_DEVICES=$((2 % 4)) kopt-runner"}));
}

TEST(RunnerPool, TheEnvironmentMayHoldTheTemplate) {
  ScopedEnv env("KOPT_RUNNER", "srun --gpus=1 --job-name=r{gpu} kopt-runner");
  llvm::Expected<std::vector<std::string>> commands = poolCommands("", 2);
  ASSERT_TRUE(static_cast<bool>(commands));
  EXPECT_EQ(*commands, (std::vector<std::string>{"srun --gpus=1 --job-name=r0 kopt-runner",
                                                 "srun --gpus=1 --job-name=r1 kopt-runner"}));
}

TEST(RunnerPool, ByDefaultOneLocalGpuEach) {
  ScopedEnv env("KOPT_RUNNER", nullptr);
  llvm::SmallString<256> folder;
  ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("kopt-pool", folder));
  llvm::SmallString<256> runner(folder);
  llvm::sys::path::append(runner, "kopt-runner");
  {
    std::error_code error;
    llvm::raw_fd_ostream out(runner, error);
    out << "#!/bin/sh\n";
  }
  llvm::sys::fs::setPermissions(runner, llvm::sys::fs::all_read | llvm::sys::fs::all_exe);
  std::optional<ScopedEnv> path(std::in_place, "PATH", folder.c_str());
  llvm::Expected<std::vector<std::string>> commands = poolCommands("", 2);
  path.reset();
  ASSERT_TRUE(static_cast<bool>(commands));
  std::string quoted = "'" + std::string(runner) + "'";
  EXPECT_EQ(*commands, (std::vector<std::string>{"CUDA_VISIBLE_DEVICES=0 " + quoted,
                                                 "CUDA_VISIBLE_DEVICES=1 " + quoted}));
  llvm::sys::fs::remove_directories(folder);
}

TEST(RunnerPool, RefusesOneGpuForAllAndAnEmptyPool) {
  ScopedEnv env("KOPT_RUNNER", "kopt-runner");
  for (const char *option : {"ssh gpu1 kopt-runner", ""}) {
    llvm::Expected<std::vector<std::string>> shared = poolCommands(option, 2);
    ASSERT_FALSE(static_cast<bool>(shared));
    std::string message = llvm::toString(shared.takeError());
    EXPECT_NE(message.find("needs {gpu}"), std::string::npos) << message;
  }
  llvm::Expected<std::vector<std::string>> empty = poolCommands("x {gpu}", 0);
  ASSERT_FALSE(static_cast<bool>(empty));
  EXPECT_NE(llvm::toString(empty.takeError()).find("one runner or more"), std::string::npos);
}

} // namespace
