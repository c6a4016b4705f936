//===- RunnerProcessTest.cpp - supervising a runner process ---------------===//
//
// Real children that echo, crash, hang and misbehave; every test must finish in well under a
// second or two, whatever the child does.
//
//===----------------------------------------------------------------------===//
#include "kopt/Runner/RunnerProcess.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"

#include "gtest/gtest.h"

#include <cerrno>
#include <chrono>
#include <csignal>
#include <sys/wait.h>
#include <thread>

using namespace kopt::runner;
using Clock = std::chrono::steady_clock;

namespace {

double secondsSince(Clock::time_point start) {
  return std::chrono::duration<double>(Clock::now() - start).count();
}

/// True when `pid` is no child of ours any more: it was reaped.
bool isReaped(pid_t pid) {
  int status;
  return waitpid(pid, &status, WNOHANG) == -1 && errno == ECHILD;
}

/// True when no live process is left in the group `pid` led, within a second. Killed processes
/// the child had started stay zombies until init reaps them, so they do not count.
bool groupIsGone(pid_t pid) {
  auto alive = [&] {
    std::error_code error;
    for (llvm::sys::fs::directory_iterator entry("/proc", error), end; entry != end && !error;
         entry.increment(error)) {
      auto stat = llvm::MemoryBuffer::getFile(entry->path() + "/stat", /*IsText=*/true);
      if (!stat)
        continue;
      // pid (comm) state ppid pgrp ...: comm may hold spaces, so read after its ')'.
      llvm::StringRef text = (*stat)->getBuffer();
      llvm::SmallVector<llvm::StringRef> fields;
      text.substr(text.rfind(')') + 2).split(fields, ' ');
      int group;
      if (fields.size() > 2 && fields[0] != "Z" && !fields[2].getAsInteger(10, group) &&
          group == pid)
        return true;
    }
    return false;
  };
  for (int tries = 0; tries < 100; ++tries) {
    if (!alive())
      return true;
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
  return false;
}

void startOrFail(RunnerProcess &process) {
  llvm::Error error = process.start();
  ASSERT_FALSE(static_cast<bool>(error)) << llvm::toString(std::move(error));
}

TEST(RunnerProcess, ExchangesLines) {
  RunnerProcess process("cat");
  startOrFail(process);
  Exchange first = process.exchange(R"({"id": 1})", 5);
  EXPECT_EQ(first.kind, Exchange::Reply);
  EXPECT_EQ(first.line, R"({"id": 1})");
  EXPECT_EQ(process.exchange("second", 5).line, "second");
  pid_t pid = process.getPid();
  EXPECT_EQ(process.stop(5), "exited with status 0"); // cat ends at the end of its input
  EXPECT_TRUE(isReaped(pid));
}

TEST(RunnerProcess, LargeLinesGoBothWaysAtOnce) {
  // cat echoes while kopt still writes: a client that wrote everything before reading would
  // block forever on the full pipes.
  RunnerProcess process("cat");
  startOrFail(process);
  std::string big(4 << 20, 'x');
  Exchange reply = process.exchange(big, 10);
  ASSERT_EQ(reply.kind, Exchange::Reply);
  EXPECT_EQ(reply.line.size(), big.size());
}

TEST(RunnerProcess, AssemblesPartialLinesAndKeepsTheRest) {
  RunnerProcess process("read x; printf 'one'; sleep 0.1; printf ' two\\nthree\\n'; read y; "
                        "sleep 100");
  startOrFail(process);
  EXPECT_EQ(process.exchange("a", 5).line, "one two");
  EXPECT_EQ(process.exchange("b", 5).line, "three");
}

TEST(RunnerProcess, ReportsACrash) {
  RunnerProcess process("exit 3");
  startOrFail(process);
  pid_t pid = process.getPid();
  Clock::time_point start = Clock::now();
  Exchange exchange = process.exchange("request", 30);
  EXPECT_LT(secondsSince(start), 2.0);
  EXPECT_EQ(exchange.kind, Exchange::Crash);
  EXPECT_EQ(exchange.detail, "runner exited with status 3 without replying");
  EXPECT_FALSE(process.isRunning());
  EXPECT_TRUE(isReaped(pid));
}

TEST(RunnerProcess, ReportsADeathBySignal) {
  RunnerProcess process("exec sh -c 'kill -SEGV $$'");
  startOrFail(process);
  Exchange exchange = process.exchange("request", 30);
  EXPECT_EQ(exchange.kind, Exchange::Crash);
  EXPECT_EQ(exchange.detail,
            "runner was killed by signal 11 (Segmentation fault) without replying");
}

TEST(RunnerProcess, KillsAHangAndReapsIt) {
  RunnerProcess process("sleep 100");
  startOrFail(process);
  pid_t pid = process.getPid();
  Clock::time_point start = Clock::now();
  Exchange exchange = process.exchange("request", 0.2);
  double elapsed = secondsSince(start);
  EXPECT_GE(elapsed, 0.2);
  EXPECT_LT(elapsed, 2.0);
  EXPECT_EQ(exchange.kind, Exchange::Timeout);
  EXPECT_EQ(exchange.detail, "no reply within 0.2 s; runner killed");
  EXPECT_FALSE(process.isRunning());
  EXPECT_TRUE(isReaped(pid));
  EXPECT_TRUE(groupIsGone(pid));
}

TEST(RunnerProcess, KillsWhatTheRunnerStarted) {
  // The shell forks sleep (another command follows it); sleep holds the pipes. Killing the shell
  // alone would leave it running, and the pipes open.
  RunnerProcess process("sleep 100; true");
  startOrFail(process);
  pid_t pid = process.getPid();
  Clock::time_point start = Clock::now();
  EXPECT_EQ(process.exchange("request", 0.2).kind, Exchange::Timeout);
  EXPECT_LT(secondsSince(start), 2.0);
  EXPECT_TRUE(groupIsGone(pid));
}

TEST(RunnerProcess, AHangAfterReadingIsATimeout) {
  RunnerProcess process("read x; echo ok; read y; sleep 100");
  startOrFail(process);
  EXPECT_EQ(process.exchange("first", 5).line, "ok");
  Clock::time_point start = Clock::now();
  EXPECT_EQ(process.exchange("second", 0.2).kind, Exchange::Timeout);
  EXPECT_LT(secondsSince(start), 2.0);
}

TEST(RunnerProcess, WritingToADeadRunnerIsACrashNotSigpipe) {
  // The child is gone before the request is written: the write fails with EPIPE, which must not
  // end this process.
  RunnerProcess process("exec 0<&-; exit 4");
  startOrFail(process);
  std::string big(1 << 20, 'x');
  Exchange exchange = process.exchange(big, 30);
  EXPECT_EQ(exchange.kind, Exchange::Crash);
  EXPECT_EQ(exchange.detail, "runner exited with status 4 without replying");
}

TEST(RunnerProcess, AMissingCommandExitsWith127) {
  RunnerProcess process("/nonexistent/kopt-runner");
  startOrFail(process);
  Exchange exchange = process.exchange("request", 30);
  EXPECT_EQ(exchange.kind, Exchange::Crash);
  EXPECT_EQ(exchange.detail, "runner exited with status 127 without replying");
}

TEST(RunnerProcess, StopKillsARunnerThatIgnoresTheEndOfItsInput) {
  RunnerProcess process("sleep 100");
  startOrFail(process);
  pid_t pid = process.getPid();
  Clock::time_point start = Clock::now();
  EXPECT_EQ(process.stop(0.1), "was killed by signal 9 (Killed)");
  EXPECT_LT(secondsSince(start), 2.0);
  EXPECT_TRUE(isReaped(pid));
}

TEST(RunnerProcess, RestartsAfterACrash) {
  RunnerProcess process("read x; case \"$x\" in crash) exit 1;; *) echo \"$x\";; esac; sleep 100");
  startOrFail(process);
  EXPECT_EQ(process.exchange("crash", 5).kind, Exchange::Crash);
  startOrFail(process);
  EXPECT_EQ(process.exchange("again", 5).line, "again");
}

TEST(RunnerProcess, DestructorEndsTheRunner) {
  pid_t pid;
  Clock::time_point start = Clock::now();
  {
    RunnerProcess process("sleep 100");
    startOrFail(process);
    pid = process.getPid();
  }
  EXPECT_LT(secondsSince(start), 2.0);
  EXPECT_TRUE(isReaped(pid));
}

} // namespace
