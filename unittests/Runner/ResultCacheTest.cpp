//===- ResultCacheTest.cpp - the result cache -----------------------------===//
#include "kopt/Runner/ResultCache.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <cstdlib>
#include <optional>

using namespace kopt::runner;
namespace json = llvm::json;

namespace {

class ResultCacheTest : public ::testing::Test {
protected:
  void SetUp() override {
    ASSERT_FALSE(llvm::sys::fs::createUniqueDirectory("kopt-cache-test", folder));
  }
  void TearDown() override { llvm::sys::fs::remove_directories(folder); }

  std::string pathOf(llvm::StringRef name) {
    llvm::SmallString<256> path(folder);
    llvm::sys::path::append(path, name);
    return std::string(path);
  }

  static std::string read(llvm::StringRef path) {
    auto buffer = llvm::MemoryBuffer::getFile(path);
    return buffer ? (*buffer)->getBuffer().str() : "";
  }

  static void write(llvm::StringRef path, llvm::StringRef text) {
    std::error_code error;
    llvm::raw_fd_ostream out(path, error);
    out << text;
  }

  llvm::SmallString<256> folder;
};

TEST_F(ResultCacheTest, AMissingFileIsAnEmptyCache) {
  std::vector<std::string> warnings;
  ResultCache cache = ResultCache::load(pathOf("absent.jsonl"), warnings);
  EXPECT_TRUE(warnings.empty());
  EXPECT_TRUE(cache.isEnabled());
  EXPECT_EQ(cache.size(), 0u);
  EXPECT_EQ(cache.lookup("k"), nullptr);
}

TEST_F(ResultCacheTest, AppendsAtOnceAndReadsBack) {
  std::string path = pathOf("nested/folder/results.jsonl");
  std::vector<std::string> warnings;
  ResultCache cache = ResultCache::load(path, warnings);
  ASSERT_FALSE(static_cast<bool>(
      cache.append("k1", json::Object{{"op", "verify"}}, json::Object{{"verdict", "correct"}})));
  // On disk before the cache is closed: a kill now loses nothing.
  EXPECT_EQ(read(path),
            "{\"key\":\"k1\",\"op\":\"verify\",\"result\":{\"verdict\":\"correct\"}}\n");
  ASSERT_FALSE(static_cast<bool>(cache.append("k2", {}, json::Value(2))));
  ASSERT_NE(cache.lookup("k1"), nullptr);

  ResultCache reloaded = ResultCache::load(path, warnings);
  EXPECT_TRUE(warnings.empty());
  EXPECT_EQ(reloaded.size(), 2u);
  const json::Value *first = reloaded.lookup("k1");
  ASSERT_NE(first, nullptr);
  EXPECT_EQ(first->getAsObject()->getString("verdict"), "correct");
  EXPECT_EQ(reloaded.lookup("k2")->getAsInteger(), 2);
}

TEST_F(ResultCacheTest, LaterEntriesWin) {
  std::string path = pathOf("results.jsonl");
  std::vector<std::string> warnings;
  {
    ResultCache cache = ResultCache::load(path, warnings);
    ASSERT_FALSE(static_cast<bool>(cache.append("k", {}, json::Value("old"))));
    ASSERT_FALSE(static_cast<bool>(cache.append("k", {}, json::Value("new"))));
    EXPECT_EQ(cache.lookup("k")->getAsString(), "new");
  }
  ResultCache reloaded = ResultCache::load(path, warnings);
  EXPECT_EQ(reloaded.lookup("k")->getAsString(), "new");
}

TEST_F(ResultCacheTest, SkipsCorruptLinesWithAWarning) {
  std::string path = pathOf("results.jsonl");
  write(path, "{\"key\":\"a\",\"result\":1}\n"
              "not json at all\n"
              "\n"
              "{\"result\":2}\n"
              "[1, 2]\n"
              "{\"key\":\"b\",\"result\":3}\n"
              "{\"key\":\"c\",\"res"); // cut off by a kill
  std::vector<std::string> warnings;
  ResultCache cache = ResultCache::load(path, warnings);
  EXPECT_EQ(cache.size(), 2u);
  EXPECT_EQ(cache.lookup("a")->getAsInteger(), 1);
  EXPECT_EQ(cache.lookup("b")->getAsInteger(), 3);
  ASSERT_EQ(warnings.size(), 4u);
  EXPECT_NE(warnings[0].find("results.jsonl:2: corrupt result cache entry skipped"),
            std::string::npos)
      << warnings[0];
  EXPECT_NE(warnings[1].find(":4:"), std::string::npos) << warnings[1];
  EXPECT_NE(warnings[2].find(":5:"), std::string::npos) << warnings[2];
  EXPECT_NE(warnings[3].find(":7:"), std::string::npos) << warnings[3];
}

TEST_F(ResultCacheTest, ADisabledCacheKeepsNothing) {
  ResultCache cache;
  EXPECT_FALSE(cache.isEnabled());
  EXPECT_FALSE(static_cast<bool>(cache.append("k", {}, json::Value(1))));
  EXPECT_EQ(cache.lookup("k"), nullptr);
}

TEST_F(ResultCacheTest, AnUnwritableCacheSaysSo) {
  std::string blocker = pathOf("file");
  write(blocker, "");
  std::vector<std::string> warnings;
  ResultCache cache = ResultCache::load(blocker + "/results.jsonl", warnings);
  llvm::Error error = cache.append("k", {}, json::Value(1));
  ASSERT_TRUE(static_cast<bool>(error));
  std::string message = llvm::toString(std::move(error));
  EXPECT_NE(message.find("cannot open " + blocker + "/results.jsonl"), std::string::npos)
      << message;
}

TEST_F(ResultCacheTest, APathThatIsNotARegularFileKeepsNoCache) {
  // /dev/zero would be read forever, /dev/full fails every write, a folder holds no lines.
  for (std::string path : {std::string("/dev/zero"), std::string("/dev/full"), pathOf("")}) {
    std::vector<std::string> warnings;
    ResultCache cache = ResultCache::load(path, warnings);
    EXPECT_FALSE(cache.isEnabled()) << path;
    ASSERT_EQ(warnings.size(), 1u) << path;
    EXPECT_EQ(warnings[0], "result cache " + path + " is not a regular file; results are not cached");
    EXPECT_FALSE(static_cast<bool>(cache.append("k", {}, json::Value(1))));
  }
}

TEST(ResultKey, EveryFieldCounts) {
  ResultKey base{"verify",         "H200|cuda|driver 13000|torch 2.11", "task", "ptx", "launch",
                 "trials=5 seed=0"};
  std::string digest = base.digest();
  EXPECT_EQ(digest.size(), 64u);
  EXPECT_EQ(digest, ResultKey(base).digest());
  for (std::string ResultKey::*field :
       {&ResultKey::op, &ResultKey::device, &ResultKey::task, &ResultKey::ptx, &ResultKey::launch,
        &ResultKey::settings}) {
    ResultKey other = base;
    other.*field += "'";
    EXPECT_NE(other.digest(), digest);
  }
  // Fields do not run together.
  ResultKey left{"ab", "c", "", "", "", ""}, right{"a", "bc", "", "", "", ""};
  EXPECT_NE(left.digest(), right.digest());
}

TEST(ResultKey, HashesText) {
  EXPECT_EQ(hashText(""), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
}

TEST(DefaultCachePath, FollowsXdgCacheHome) {
  std::optional<std::string> xdg, home;
  if (const char *value = std::getenv("XDG_CACHE_HOME"))
    xdg = value;
  if (const char *value = std::getenv("HOME"))
    home = value;
  setenv("XDG_CACHE_HOME", "/some/cache", 1);
  EXPECT_EQ(defaultCachePath(), "/some/cache/kopt/results.jsonl");
  unsetenv("XDG_CACHE_HOME");
  setenv("HOME", "/home/someone", 1);
  EXPECT_EQ(defaultCachePath(), "/home/someone/.cache/kopt/results.jsonl");
  xdg ? setenv("XDG_CACHE_HOME", xdg->c_str(), 1) : unsetenv("XDG_CACHE_HOME");
  home ? setenv("HOME", home->c_str(), 1) : unsetenv("HOME");
}

} // namespace
