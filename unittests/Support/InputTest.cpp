//===- InputTest.cpp - bounded JSON parsing and file reads ----------------===//
#include "kopt/Support/Input.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <string>
#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace llvm;

namespace {
std::string nested(unsigned depth, char open, char close, StringRef inner = "") {
  return std::string(depth, open) + inner.str() + std::string(depth, close);
}

TEST(ParseJson, RefusesDeepNestingWithoutOverflowingTheStack) {
  // 50,000 levels: json::parse alone recurses through all of them.
  for (auto [open, close] : {std::pair('[', ']'), std::pair('{', '}')}) {
    Expected<json::Value> value = kopt::parseJson(nested(50000, open, close));
    ASSERT_FALSE(value);
    EXPECT_EQ(toString(value.takeError()),
              "arrays and objects nested deeper than 256 levels (at byte 256)");
  }
}

TEST(ParseJson, AcceptsNestingUpToTheLimit) {
  Expected<json::Value> value = kopt::parseJson(nested(256, '[', ']', "1"));
  ASSERT_TRUE(bool(value)) << toString(value.takeError());
  Expected<json::Value> deeper = kopt::parseJson(nested(4, '[', ']', "1"), /*maxDepth=*/3);
  EXPECT_FALSE(deeper);
  consumeError(deeper.takeError());
}

TEST(ParseJson, BracketsInStringsDoNotCount) {
  std::string text = "{\"a\": \"" + std::string(1000, '[') + "\\\"" + std::string(1000, '{') +
                     "\", \"b\": [1]}";
  Expected<json::Value> value = kopt::parseJson(text);
  ASSERT_TRUE(bool(value)) << toString(value.takeError());
  EXPECT_EQ(value->getAsObject()->getString("a")->size(), 2001u);
}

TEST(ParseJson, ReportsJsonErrorsAsJsonParseDoes) {
  Expected<json::Value> value = kopt::parseJson("{\"a\": ]");
  ASSERT_FALSE(value);
  EXPECT_NE(toString(value.takeError()).find("Invalid JSON value"), std::string::npos);
}

class ReadInputFile : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(sys::fs::createUniqueDirectory("kopt-input-test", folder));
  }
  void TearDown() override { sys::fs::remove_directories(folder); }
  std::string pathOf(StringRef name) { return (folder + "/" + name).str(); }
  SmallString<128> folder;
};

TEST_F(ReadInputFile, ReadsRegularFilesUpToTheLimit) {
  std::string path = pathOf("ten");
  {
    std::error_code error;
    raw_fd_ostream(path, error) << "0123456789";
    ASSERT_FALSE(error);
  }
  Expected<std::unique_ptr<MemoryBuffer>> whole = kopt::readInputFile(path, false, 10);
  ASSERT_TRUE(bool(whole)) << toString(whole.takeError());
  EXPECT_EQ((*whole)->getBuffer(), "0123456789");
  Expected<std::unique_ptr<MemoryBuffer>> over = kopt::readInputFile(path, false, 9);
  ASSERT_FALSE(over);
  EXPECT_EQ(toString(over.takeError()), "larger than 9 bytes, the limit");
}

TEST_F(ReadInputFile, RefusesDevicesAndFolders) {
  for (std::string path : {std::string("/dev/zero"), folder.str().str()}) {
    Expected<std::unique_ptr<MemoryBuffer>> buffer = kopt::readInputFile(path);
    ASSERT_FALSE(buffer) << path;
    EXPECT_EQ(toString(buffer.takeError()), "not a regular file or a pipe") << path;
  }
}

TEST_F(ReadInputFile, SaysWhenTheFileIsMissing) {
  Expected<std::unique_ptr<MemoryBuffer>> buffer = kopt::readInputFile(pathOf("none"));
  ASSERT_FALSE(buffer);
  EXPECT_EQ(errorToErrorCode(buffer.takeError()),
            std::make_error_code(std::errc::no_such_file_or_directory));
}

TEST_F(ReadInputFile, ReadsPipesToTheirEndOrTheLimit) {
  std::string path = pathOf("fifo");
  ASSERT_EQ(mkfifo(path.c_str(), 0600), 0);
  // A writer that never stops, as /dev/zero behind a pipe would be.
  pid_t writer = fork();
  ASSERT_NE(writer, -1);
  if (writer == 0) {
    int fd = ::open(path.c_str(), O_WRONLY);
    std::string block(4096, 'x');
    while (::write(fd, block.data(), block.size()) > 0) {
    }
    _exit(0);
  }
  Expected<std::unique_ptr<MemoryBuffer>> buffer = kopt::readInputFile(path, false, 100000);
  ASSERT_FALSE(buffer);
  EXPECT_EQ(toString(buffer.takeError()), "larger than 100000 bytes, the limit");
  // Closing the read end ends the writer (SIGPIPE or EPIPE).
  int status = 0;
  waitpid(writer, &status, 0);
}
} // namespace
