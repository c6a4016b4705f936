//===- ServerTest.cpp - server responses and retries ----------------------===//
#include "kopt/Sample/Server.h"

#include "gtest/gtest.h"

using namespace kopt::sample;

namespace {
ServerOptions chatOptions(unsigned n) {
  ServerOptions options;
  options.model = "m";
  options.n = n;
  return options;
}

std::string chatResponse(llvm::StringRef choices) {
  return ("{\"model\": \"m\", \"choices\": [" + choices + "]}").str();
}

TEST(ServerResponse, KeepsAtMostNChoicesInIndexOrder) {
  std::string body = chatResponse(R"({"index": 2, "message": {"content": "c"}},
                                     {"index": 0, "message": {"content": "a"}},
                                     {"index": 1, "message": {"content": "b"}})");
  llvm::Expected<std::vector<Sample>> samples = parseResponse(body, chatOptions(2), "t", "url");
  ASSERT_TRUE(bool(samples)) << llvm::toString(samples.takeError());
  ASSERT_EQ(samples->size(), 2u);
  EXPECT_EQ((*samples)[0].text, "a");
  EXPECT_EQ((*samples)[1].text, "b");
}

TEST(ServerResponse, NullOrAbsentContentIsAnEmptyAnswer) {
  std::string body = chatResponse(R"({"index": 0, "message": {"content": null}},
                                     {"index": 1, "message": {"role": "assistant"}},
                                     {"index": 2})");
  llvm::Expected<std::vector<Sample>> samples = parseResponse(body, chatOptions(3), "t", "url");
  ASSERT_TRUE(bool(samples)) << llvm::toString(samples.takeError());
  ASSERT_EQ(samples->size(), 3u);
  for (const Sample &sample : *samples)
    EXPECT_EQ(sample.text, "");

  ServerOptions completions = chatOptions(1);
  completions.endpoint = Endpoint::Completions;
  samples = parseResponse(R"({"choices": [{"text": null}]})", completions, "t", "url");
  ASSERT_TRUE(bool(samples)) << llvm::toString(samples.takeError());
  EXPECT_EQ(samples->front().text, "");
}

TEST(ServerResponse, ContentOfAnotherTypeIsAnError) {
  llvm::Expected<std::vector<Sample>> samples = parseResponse(
      chatResponse(R"({"message": {"content": 7}})"), chatOptions(1), "t", "url");
  ASSERT_FALSE(samples);
  EXPECT_EQ(llvm::toString(samples.takeError()), "choices[0]: message.content is not a string");
}

TEST(ServerResponse, DeepNestingIsAnError) {
  std::string body = std::string(50000, '[') + std::string(50000, ']');
  llvm::Expected<std::vector<Sample>> samples = parseResponse(body, chatOptions(1), "t", "url");
  ASSERT_FALSE(samples);
  EXPECT_EQ(llvm::toString(samples.takeError()),
            "malformed JSON in the response: arrays and objects nested deeper than 256 levels "
            "(at byte 256)");
}

TEST(ServerRetry, FollowsRetryAfterOn429And503) {
  ServerOptions options = chatOptions(1);
  EXPECT_EQ(retryDelaySeconds(options, 0, 429, "7", 0), 7.0);
  EXPECT_EQ(retryDelaySeconds(options, 3, 503, " 0 ", 0), 0.0);
  // An HTTP date, 20 s after `now`.
  std::time_t now = 1445412460; // Wed, 21 Oct 2015 07:27:40 GMT
  EXPECT_EQ(retryDelaySeconds(options, 0, 429, "Wed, 21 Oct 2015 07:28:00 GMT", now), 20.0);
  EXPECT_EQ(retryDelaySeconds(options, 0, 429, "Wed, 21 Oct 2015 07:00:00 GMT", now), 0.0);
}

TEST(ServerRetry, BoundsRetryAfter) {
  ServerOptions options = chatOptions(1);
  EXPECT_EQ(retryDelaySeconds(options, 0, 429, "86400", 0), kMaxRetryAfterSeconds);
  EXPECT_EQ(retryDelaySeconds(options, 0, 429, "99999999999999999999", 0),
            options.backoffSeconds);
}

TEST(ServerRetry, BacksOffExponentiallyOtherwise) {
  ServerOptions options = chatOptions(1);
  options.backoffSeconds = 0.5;
  EXPECT_EQ(retryDelaySeconds(options, 0, 500, "7", 0), 0.5); // Retry-After only on 429, 503
  EXPECT_EQ(retryDelaySeconds(options, 2, 429, "", 0), 2.0);
  EXPECT_EQ(retryDelaySeconds(options, 1, 429, "soon", 0), 1.0);
  EXPECT_EQ(retryDelaySeconds(options, 20, 0, "", 0), 30.0);
}
} // namespace
