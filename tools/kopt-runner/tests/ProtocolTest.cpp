//===- ProtocolTest.cpp - the protocol's messages through nlohmann/json ---===//
//
// The exact text of the runner's replies, kopt's requests read as kopt writes them, and every
// message read back as it was written.
//
//===----------------------------------------------------------------------===//
#include "kopt_runner_json_nlohmann.h"

#include <gtest/gtest.h>

#include <cmath>

using namespace kopt::protocol;
using json = nlohmann::json;

namespace {

/// Writes `message`, reads it back and writes it again: the two texts agree.
template <typename T> void expectRoundTrip(const T &message) {
  json written = toJson(message);
  EXPECT_EQ(toJson(fromJson<T>(written)).dump(), written.dump());
}

std::string refusal(const std::string &text) {
  try {
    fromJson<VerifyRequest>(json::parse(text));
  } catch (const MessageError &error) {
    return error.what();
  }
  return "";
}

TEST(Protocol, RepliesOnTheWire) {
  EXPECT_EQ(toJson(VerifyReply{"incorrect", "max abs error 0.5 at [3]", 0.5, 0.25, {}}).dump(),
            R"({"detail":"max abs error 0.5 at [3]","max_abs_error":0.5,"max_rel_error":0.25,)"
            R"("verdict":"incorrect"})");
  TimeReply time;
  time.medianUs = 3.5;
  time.q1Us = 3.25;
  time.q3Us = 3.75;
  time.n = 30;
  time.relError = INFINITY; // unknown: null, as the runner has always written it
  time.eagerMedianUs = 7;
  time.eagerQ1Us = 7;
  time.eagerQ3Us = 7;
  time.eagerN = 30;
  time.eagerRelError = 0.01;
  time.limitUs = 0.0;
  time.recheck = spelling(Verdict::Correct);
  time.recheckDetail = "1 trials passed";
  EXPECT_EQ(toJson(time).dump(),
            R"({"eager_median_us":7.0,"eager_n":30,"eager_q1_us":7.0,"eager_q3_us":7.0,)"
            R"("eager_rel_error":0.01,"limit_us":0.0,"median_us":3.5,"n":30,"q1_us":3.25,)"
            R"("q3_us":3.75,"recheck":"correct","recheck_detail":"1 trials passed",)"
            R"("rel_error":null})");
  // With eager's TF32 timing: its fields beside eager's; an unknown error is null.
  time.eagerTF32 = EagerTF32Timing{2.5, 2.25, 2.75, 30, INFINITY};
  EXPECT_EQ(toJson(time).dump(),
            R"({"eager_median_us":7.0,"eager_n":30,"eager_q1_us":7.0,"eager_q3_us":7.0,)"
            R"("eager_rel_error":0.01,"eager_tf32_median_us":2.5,"eager_tf32_n":30,)"
            R"("eager_tf32_q1_us":2.25,"eager_tf32_q3_us":2.75,"eager_tf32_rel_error":null,)"
            R"("limit_us":0.0,"median_us":3.5,"n":30,"q1_us":3.25,"q3_us":3.75,)"
            R"("recheck":"correct","recheck_detail":"1 trials passed","rel_error":null})");
  EXPECT_EQ(toJson(TimeFailureReply{VerifyReply{"crash", "lost", {}, {}, {}}, "crash"}).dump(),
            R"({"detail":"lost","recheck":"crash","verdict":"crash"})");
  EXPECT_EQ(toJson(EagerReply{7.5, 7.0, 8.0, 12, 0.002, {}}).dump(),
            R"({"eager_median_us":7.5,"eager_n":12,"eager_q1_us":7.0,"eager_q3_us":8.0,)"
            R"("rel_error":0.002})");
  EXPECT_EQ(toJson(EagerReply{7.5, 7.0, 8.0, 12, 0.002, {2.5, 2.0, 3.0, 12, 0.004}}).dump(),
            R"({"eager_median_us":7.5,"eager_n":12,"eager_q1_us":7.0,"eager_q3_us":8.0,)"
            R"("eager_tf32_median_us":2.5,"eager_tf32_n":12,"eager_tf32_q1_us":2.0,)"
            R"("eager_tf32_q3_us":3.0,"eager_tf32_rel_error":0.004,"rel_error":0.002})");
  HelloReply hello;
  hello.device.name = "cpu";
  hello.device.kind = "cpu";
  hello.device.torch = "2.11.0";
  hello.device.whyNoGpu = "--cpu given";
  EXPECT_EQ(toJson(hello).dump(),
            R"({"device":{"driver":0,"kind":"cpu","name":"cpu","torch":"2.11.0",)"
            R"("why_no_gpu":"--cpu given"},"protocol":1})");
}

TEST(Protocol, ReadsRequestsAsKoptWritesThem) {
  // kopt's text for this request (unittests/Runner/ProtocolTest.cpp checks that it writes it).
  auto verify = fromJson<VerifyRequest>(json::parse(
      R"({"candidate":"c0","launches":[{"args":["x","out","i64:4"],"block":[256,1,1],)"
      R"("entry":"k","grid":[4,1,1],"smem":0}],"op":"verify","ptx":"PTX","scratch":[64],)"
      R"("seed":7,"task":"relu","trials":3})"));
  EXPECT_EQ(verify.kernel.task, "relu");
  EXPECT_EQ(verify.kernel.candidate, "c0");
  ASSERT_EQ(verify.kernel.launches.size(), 1u);
  EXPECT_EQ(verify.kernel.launches[0].block, (std::vector<int64_t>{256, 1, 1}));
  EXPECT_EQ(verify.kernel.launches[0].args, (std::vector<std::string>{"x", "out", "i64:4"}));
  EXPECT_EQ(verify.kernel.scratch, std::vector<int64_t>{64});
  EXPECT_EQ(verify.settings.trials, 3);
  EXPECT_EQ(verify.settings.seed, 7u);

  auto time = fromJson<TimeRequest>(json::parse(
      R"({"candidate":"c0","launches":[],"max_reps":10000,"max_seconds":2,"min_reps":10,)"
      R"("op":"time","ptx":"PTX","scratch":[64],"seed":0,"target_rel_error":0.01,"task":"relu"})"));
  EXPECT_EQ(time.settings.maxSeconds, 2.0);
  EXPECT_EQ(time.settings.targetRelError, 0.01);
  EXPECT_EQ(time.settings.maxReps, 10000);

  // Clients may leave settings out: the protocol's defaults apply.
  auto eager = fromJson<EagerRequest>(json::parse(R"({"op":"eager","task":"t"})"));
  EXPECT_EQ(eager.settings.minReps, kDefaultMinReps);
  auto task = fromJson<Task>(json::parse(
      R"({"task":"t","reference":"return x","inputs":[],"outputs":[],"atol":0.5,"rtol":0})"));
  EXPECT_EQ(task.minBytes, 0);
  EXPECT_EQ(task.atol, 0.5);
}

TEST(Protocol, MessagesReadBackAsWritten) {
  Kernel kernel{"relu", "c0", "PTX", {{"k", {4, 1, 1}, {256, 1, 1}, 1024, {"x", "out"}}}, {}};
  expectRoundTrip(VerifyRequest{kernel, VerifySettings{1, 18446744073709551615u}});
  expectRoundTrip(TimeRequest{kernel, TimeSettings{3, 0.005, 3.0, 20, 100}});
  expectRoundTrip(Task{"t",
                       "return x",
                       {{"x", {2}, "f16", {{"randint", {0, 9}}}}},
                       {{"out", {2}, "f16", {}}},
                       1e-3,
                       1e-3,
                       4,
                       2});
  expectRoundTrip(HostCheckRequest{"t", "lib.so", VerifySettings{}});
  expectRoundTrip(VerifyReply{"mutated_input", "input 'x' changed", {}, {}, 5});
  expectRoundTrip(EagerReply{7.5, 7.0, 8.0, 12, 0.002, {2.5, 2.0, 3.0, 12, 0.004}});
  // A reply without eager's TF32 timing (an older runner) reads it as unknown.
  auto old = fromJson<EagerReply>(json::parse(
      R"({"eager_median_us":7.5,"eager_n":12,"eager_q1_us":7.0,"eager_q3_us":8.0})"));
  EXPECT_FALSE(old.eagerTF32.medianUs.has_value());
  EXPECT_FALSE(old.eagerTF32.n.has_value());
}

TEST(Protocol, RefusalsNameTheField) {
  EXPECT_EQ(refusal(R"({"candidate":"c","ptx":"","launches":[]})"), "key 'task' not found");
  const char *launch = R"({"task":"t","candidate":"c","ptx":"","launches":[{"entry":"k",)";
  EXPECT_EQ(refusal(std::string(launch) + R"("grid":[1,1],"block":[1,1,1],"args":[]}]})"),
            "launch 'k': grid takes 3 integer(s), got [1,1]");
  EXPECT_EQ(refusal(std::string(launch) +
                    R"("grid":[1,1,1],"block":[1,1,1],"smem":4294967296,"args":[]}]})"),
            "launch 'k': smem value 4294967296 is no integer from 0 to 4294967295");
  EXPECT_EQ(refusal(std::string(launch) + R"("grid":[1,2.5,1],"block":[1,1,1],"args":[]}]})"),
            "launch 'k': grid value 2.5 is no integer from 1 to 4294967295");
}

} // namespace
