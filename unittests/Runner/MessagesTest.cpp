//===- MessagesTest.cpp - typed kopt-runner messages ----------------------===//
#include "kopt/Runner/Messages.h"

#include "gtest/gtest.h"

#include <cmath>

using namespace kopt::runner;
namespace json = llvm::json;

namespace {

json::Value parse(llvm::StringRef text) {
  llvm::Expected<json::Value> value = json::parse(text);
  EXPECT_TRUE(static_cast<bool>(value));
  if (!value) {
    llvm::consumeError(value.takeError());
    return nullptr;
  }
  return *value;
}

TEST(Messages, VerifyRequestCarriesTheKernel) {
  KernelSpec kernel{"relu", "c0", "PTX", {{"k", {4, 1, 1}, {256, 1, 1}, 0, {"x", "out"}}}, {64}};
  json::Object request = verifyRequest(kernel, VerifySettings{3, 7});
  EXPECT_EQ(request.getString("op"), "verify");
  EXPECT_EQ(request.getString("task"), "relu");
  EXPECT_EQ(request.getString("candidate"), "c0");
  EXPECT_EQ(request.getInteger("trials"), 3);
  EXPECT_EQ(request.getInteger("seed"), 7);
  EXPECT_EQ(llvm::formatv("{0}", json::Value(std::move(*request.getArray("launches")))).str(),
            R"([{"args":["x","out"],"block":[256,1,1],"entry":"k","grid":[4,1,1],"smem":0}])");
  EXPECT_EQ(llvm::formatv("{0}", json::Value(std::move(*request.getArray("scratch")))).str(),
            "[64]");
}

TEST(Messages, TaskRequestCarriesShapesDistributionsAndCost) {
  TaskSpec task{"t",
                "return x",
                {{"x", {2, 3}, "f32", {{"uniform", {0.0, 1.0}}, {"normal", {0.0, 1.0}, "diagonal"}}}},
                {{"out", {}, "i64", {}}},
                1e-4,
                0.0,
                32,
                6};
  json::Object request = taskRequest(task);
  EXPECT_EQ(llvm::formatv("{0}", json::Value(std::move(request))).str(),
            R"({"atol":0.0001,"flops":6,"inputs":[{"dists":[{"kind":"uniform","params":[0,1]},)"
            R"({"kind":"normal","params":[0,1],"structure":"diagonal"}],)"
            R"("dtype":"f32","name":"x","shape":[2,3]}],"min_bytes":32,"op":"task",)"
            R"("outputs":[{"dtype":"i64","name":"out","shape":[]}],"reference":"return x",)"
            R"("rtol":0,"task":"t"})");
}

TEST(Messages, ReadsTimeReplies) {
  TimeResult result;
  json::Path::Root root;
  ASSERT_TRUE(fromJSON(parse(R"({"id": 4, "ok": true, "median_us": 3.5, "q1_us": 3.4,
      "q3_us": 3.6, "n": 30, "eager_median_us": 7, "eager_q1_us": 6.9, "eager_q3_us": 7.1,
      "eager_n": 30, "limit_us": 1.0, "recheck": "correct", "fault": "below the limit"})"),
                       result, root));
  EXPECT_EQ(result.medianUs, 3.5);
  EXPECT_EQ(result.eagerMedianUs, 7.0);
  EXPECT_EQ(result.n, 30);
  EXPECT_EQ(result.fault, "below the limit");
  EXPECT_FALSE(result.relError.has_value());

  // A fault that is not a message is kept as its JSON text; round trips keep every field.
  ASSERT_TRUE(fromJSON(parse(R"({"median_us": 1, "q1_us": 1, "q3_us": 1, "n": 1,
      "eager_median_us": 1, "eager_q1_us": 1, "eager_q3_us": 1, "eager_n": 1,
      "recheck": "incorrect", "fault": {"limit_us": 2}})"),
                       result, root));
  EXPECT_EQ(result.fault, R"({"limit_us":2})");
  TimeResult again;
  ASSERT_TRUE(fromJSON(toJSON(result), again, root));
  EXPECT_EQ(again.recheck, "incorrect");
  EXPECT_EQ(again.fault, result.fault);
}

TEST(Messages, ReadsTheTF32BaselineWhereTheRunnerGivesIt) {
  json::Path::Root root;
  // A reply of a runner before the TF32 baseline, as the result cache may hold it: usable, the
  // matched-precision speedup unknown.
  TimeResult old;
  ASSERT_TRUE(fromJSON(parse(R"({"median_us": 50, "q1_us": 49, "q3_us": 51, "n": 30,
      "rel_error": 0.01, "eager_median_us": 100, "eager_q1_us": 99, "eager_q3_us": 101,
      "eager_n": 30, "eager_rel_error": 0.02, "recheck": "correct"})"),
                       old, root));
  EXPECT_EQ(speedupOverEager(old), 2.0);
  EXPECT_FALSE(old.eagerTF32.medianUs.has_value());
  EXPECT_FALSE(old.eagerTF32.relError.has_value());
  EXPECT_EQ(speedupOverEagerTF32(old), std::nullopt);

  TimeResult result;
  ASSERT_TRUE(fromJSON(parse(R"({"median_us": 50, "q1_us": 49, "q3_us": 51, "n": 30,
      "eager_median_us": 100, "eager_q1_us": 99, "eager_q3_us": 101, "eager_n": 30,
      "recheck": "correct", "eager_tf32_median_us": 25, "eager_tf32_q1_us": 24,
      "eager_tf32_q3_us": 26, "eager_tf32_n": 28, "eager_tf32_rel_error": 0.03})"),
                       result, root));
  EXPECT_EQ(result.eagerTF32.medianUs, 25.0);
  EXPECT_EQ(result.eagerTF32.q1Us, 24.0);
  EXPECT_EQ(result.eagerTF32.q3Us, 26.0);
  EXPECT_EQ(result.eagerTF32.n, 28);
  EXPECT_EQ(result.eagerTF32.relError, 0.03);
  EXPECT_EQ(speedupOverEager(result), 2.0);
  EXPECT_EQ(speedupOverEagerTF32(result), 0.5);
  TimeResult again;
  ASSERT_TRUE(fromJSON(toJSON(result), again, root));
  EXPECT_EQ(again.eagerTF32.medianUs, 25.0);
  EXPECT_EQ(again.eagerTF32.relError, 0.03);

  // A TF32 median that gives no finite positive ratio is none, as eager's would be.
  result.eagerTF32.medianUs = 0;
  EXPECT_EQ(speedupOverEagerTF32(result), std::nullopt);
}

TEST(Messages, SpeedupsAreFinitePositiveRatiosOrNone) {
  auto timing = [](double median, double eager) {
    TimeResult result;
    result.medianUs = result.q1Us = result.q3Us = median;
    result.n = 10;
    result.eagerMedianUs = eager;
    return result;
  };
  EXPECT_EQ(speedupOverEager(timing(50, 100)), 2.0);
  EXPECT_EQ(speedupOverEager(timing(1e-320, 100)), std::nullopt); // infinite
  EXPECT_EQ(speedupOverEager(timing(1e6, 1e-320)), std::nullopt); // rounds to 0
  EXPECT_EQ(speedupOverEager(timing(0, 100)), std::nullopt);
  EXPECT_EQ(speedupOverEager(timing(50, std::nan(""))), std::nullopt);
  EXPECT_EQ(speedupOverEager(timing(50, INFINITY)), std::nullopt);
  EXPECT_TRUE(isWellFormedTiming(timing(50, 100)));
  TimeResult disordered = timing(50, 100);
  disordered.q1Us = 60;
  EXPECT_FALSE(isWellFormedTiming(disordered));
  EXPECT_FALSE(isWellFormedTiming(timing(-1, 100)));
  EXPECT_FALSE(isWellFormedTiming(TimeResult{}));
}

TEST(Messages, RejectsRepliesWithoutTheirFields) {
  VerifyResult verify;
  json::Path::Root root("reply");
  EXPECT_FALSE(fromJSON(parse(R"({"id": 1, "ok": true, "detail": "x"})"), verify, root));
  llvm::Error error = root.getError();
  EXPECT_NE(llvm::toString(std::move(error)).find("verdict"), std::string::npos);
  TimeResult time;
  json::Path::Root timeRoot;
  EXPECT_FALSE(fromJSON(parse(R"({"median_us": "fast"})"), time, timeRoot));
  llvm::consumeError(timeRoot.getError());
}

TEST(Messages, KnowsTheProtocolVerdicts) {
  for (const char *verdict : {"correct", "incorrect", "compile_error", "launch_error", "crash",
                              "timeout", "mutated_input", "unwritten_output"})
    EXPECT_TRUE(isProtocolVerdict(verdict)) << verdict;
  EXPECT_FALSE(isProtocolVerdict("parse_error"));
  EXPECT_FALSE(isProtocolVerdict("Correct"));
}

TEST(Messages, SettingsDescribeTheirValues) {
  EXPECT_EQ(describeSettings(VerifySettings{5, 0}), "verify trials=5 seed=0");
  TimeSettings a, b;
  b.targetRelError = 0.010000000000000002;
  EXPECT_NE(describeSettings(a), describeSettings(b));
}

} // namespace
