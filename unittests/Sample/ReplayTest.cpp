//===- ReplayTest.cpp - recorded samples: parsing, extraction, log-probs --===//
#include "kopt/Sample/Replay.h"

#include "gtest/gtest.h"

using namespace kopt::sample;

namespace {
Sample parseOne(llvm::StringRef line) {
  llvm::Expected<std::vector<Sample>> samples = parseSamples(line, "s.jsonl");
  if (!samples) {
    ADD_FAILURE() << llvm::toString(samples.takeError());
    return {};
  }
  EXPECT_EQ(samples->size(), 1u);
  return samples->empty() ? Sample{} : samples->front();
}

std::string errorOf(llvm::StringRef contents) {
  llvm::Expected<std::vector<Sample>> samples = parseSamples(contents, "s.jsonl");
  if (samples)
    return "";
  return llvm::toString(samples.takeError());
}

TEST(ReplayExtract, PrefersCudaTaggedBlock) {
  Extraction e = extractKernel("Let me think.\n```python\nx = 1\n```\nNow:\n```cuda\n"
                               "__global__ void k() {}\n```\nDone.");
  ASSERT_TRUE(e.code);
  EXPECT_EQ(*e.code, "__global__ void k() {}\n");
}

TEST(ReplayExtract, AcceptsCppTags) {
  for (const char *tag : {"c++", "cpp", "cu", "CUDA"}) {
    Extraction e = extractKernel(std::string("```text\nno\n```\n```") + tag + "\nint k;\n```");
    ASSERT_TRUE(e.code) << tag;
    EXPECT_EQ(*e.code, "int k;\n") << tag;
  }
}

TEST(ReplayExtract, FirstBlockWhenNoneTagged) {
  Extraction e = extractKernel("```\nfirst\n```\n```python\nsecond\n```");
  ASSERT_TRUE(e.code);
  EXPECT_EQ(*e.code, "first\n");
}

TEST(ReplayExtract, WholeTextWithGlobal) {
  std::string text = "extern \"C\" __global__ void k(float *x) { x[0] = 1; }";
  Extraction e = extractKernel(text);
  ASSERT_TRUE(e.code);
  EXPECT_EQ(*e.code, text);
}

TEST(ReplayExtract, UnclosedFenceRunsToEnd) {
  Extraction e = extractKernel("```cuda\r\n__global__ void k() {\r\n");
  ASSERT_TRUE(e.code);
  EXPECT_EQ(*e.code, "__global__ void k() {\n");
}

TEST(ReplayExtract, NoCodeIsAParseError) {
  Extraction e = extractKernel("I cannot write this kernel.");
  EXPECT_FALSE(e.code);
  EXPECT_NE(e.detail.find("no code block"), std::string::npos);
  Extraction empty = extractKernel("```cuda\n\n```");
  EXPECT_FALSE(empty.code);
  EXPECT_NE(empty.detail.find("empty"), std::string::npos);
}

TEST(ReplayParse, Fields) {
  Sample s = parseOne(R"({"id": "a", "task": "@relu", "text": "t", "model": "m",)"
                      R"( "sampling": {"temperature": 0.7, "top_p": 0.9, "max_tokens": 100},)"
                      R"( "token_logprobs": [-1, -0.5], "code_token_range": [0, 1]})");
  EXPECT_EQ(s.task, "relu");
  EXPECT_EQ(s.id, "a");
  EXPECT_EQ(s.model, "m");
  EXPECT_EQ(s.line, 1u);
  EXPECT_EQ(s.sampling.getNumber("temperature"), 0.7);
  ASSERT_TRUE(s.tokenLogprobs);
  EXPECT_EQ(s.tokenLogprobs->size(), 2u);
  ASSERT_TRUE(s.codeTokenRange);
  EXPECT_EQ(s.codeTokenRange->second, 1);
  EXPECT_EQ(s.describe(), "s.jsonl:1 (id \"a\")");
}

TEST(ReplayParse, MalformedLineNamesFileAndLine) {
  std::string error = errorOf("{\"task\": \"relu\", \"text\": \"t\"}\n\n{\"task\": \n");
  EXPECT_NE(error.find("s.jsonl:3: malformed JSON"), std::string::npos) << error;
  EXPECT_NE(errorOf(R"({"text": "t"})").find("s.jsonl:1: missing 'task'"), std::string::npos);
  EXPECT_NE(errorOf(R"([1])").find("must be a JSON object"), std::string::npos);
  EXPECT_NE(errorOf(R"({"task": "r", "text": "t", "logprob_sum": -1})").find("go together"),
            std::string::npos);
  EXPECT_NE(errorOf(R"({"task": "r", "text": "t", "token_logprobs": [0.5]})")
                .find("'token_logprobs'[0]"),
            std::string::npos);
  EXPECT_NE(errorOf(R"({"task": "r", "text": "t", "code_token_range": [1]})")
                .find("'code_token_range'"),
            std::string::npos);
  EXPECT_NE(errorOf(R"({"task": "r", "text": "t", "logprob_sum": -1, "logprob_count": 0})")
                .find("positive integer"),
            std::string::npos);
}

TEST(ReplayLogProbs, AllTokens) {
  Sample s = parseOne(R"({"task": "r", "text": "t", "token_logprobs": [-1, -0.5, -0.25, -0.25]})");
  llvm::Expected<std::optional<LogProbStats>> stats = logProbStats(s, LogProbScope::All);
  ASSERT_TRUE(bool(stats)) << llvm::toString(stats.takeError());
  ASSERT_TRUE(stats->has_value());
  EXPECT_DOUBLE_EQ((*stats)->sum, -2.0);
  EXPECT_EQ((*stats)->count, 4);
  EXPECT_DOUBLE_EQ((*stats)->mean(), -0.5);
}

TEST(ReplayLogProbs, SumAndCount) {
  Sample s = parseOne(R"({"task": "r", "text": "t", "logprob_sum": -12.5, "logprob_count": 50})");
  llvm::Expected<std::optional<LogProbStats>> stats = logProbStats(s, LogProbScope::All);
  ASSERT_TRUE(bool(stats));
  ASSERT_TRUE(stats->has_value());
  EXPECT_DOUBLE_EQ((*stats)->sum, -12.5);
  EXPECT_EQ((*stats)->count, 50);
  // Code scope needs per-token log-probs and a range.
  llvm::Expected<std::optional<LogProbStats>> code = logProbStats(s, LogProbScope::Code);
  ASSERT_FALSE(bool(code));
  EXPECT_NE(llvm::toString(code.takeError()).find("code_token_range"), std::string::npos);
}

TEST(ReplayLogProbs, MissingLogProbs) {
  Sample s = parseOne(R"({"id": "m", "task": "r", "text": "t"})");
  llvm::Expected<std::optional<LogProbStats>> stats = logProbStats(s, LogProbScope::All);
  ASSERT_TRUE(bool(stats));
  EXPECT_FALSE(stats->has_value());
  llvm::Expected<std::optional<LogProbStats>> code = logProbStats(s, LogProbScope::Code);
  ASSERT_FALSE(bool(code));
  std::string error = llvm::toString(code.takeError());
  EXPECT_NE(error.find("sample s.jsonl:1 (id \"m\")"), std::string::npos) << error;
}

TEST(ReplayLogProbs, CodeRange) {
  Sample s = parseOne(R"({"task": "r", "text": "t", "token_logprobs": [-4, -0.5, -0.25, -8],)"
                      R"( "code_token_range": [1, 3]})");
  llvm::Expected<std::optional<LogProbStats>> stats = logProbStats(s, LogProbScope::Code);
  ASSERT_TRUE(bool(stats)) << llvm::toString(stats.takeError());
  ASSERT_TRUE(stats->has_value());
  EXPECT_DOUBLE_EQ((*stats)->sum, -0.75);
  EXPECT_EQ((*stats)->count, 2);
  // The range does not matter for All.
  llvm::Expected<std::optional<LogProbStats>> all = logProbStats(s, LogProbScope::All);
  ASSERT_TRUE(bool(all));
  EXPECT_EQ((*all)->count, 4);
}

TEST(ReplayLogProbs, CodeRangeOutOfBounds) {
  for (const char *range : {"[2, 5]", "[-1, 2]", "[2, 2]", "[3, 1]"}) {
    Sample s = parseOne(std::string(R"({"id": "x", "task": "r", "text": "t",)") +
                        R"( "token_logprobs": [-1, -1, -1, -1], "code_token_range": )" + range +
                        "}");
    llvm::Expected<std::optional<LogProbStats>> stats = logProbStats(s, LogProbScope::Code);
    ASSERT_FALSE(bool(stats)) << range;
    std::string error = llvm::toString(stats.takeError());
    EXPECT_NE(error.find("sample s.jsonl:1 (id \"x\")"), std::string::npos) << error;
    EXPECT_NE(error.find("out of bounds of 4 tokens"), std::string::npos) << error;
  }
}

TEST(ReplayLogProbs, Scope) {
  EXPECT_EQ(*parseLogProbScope("all"), LogProbScope::All);
  EXPECT_EQ(*parseLogProbScope("code"), LogProbScope::Code);
  llvm::Expected<LogProbScope> bad = parseLogProbScope("tokens");
  ASSERT_FALSE(bool(bad));
  llvm::consumeError(bad.takeError());
}
} // namespace
