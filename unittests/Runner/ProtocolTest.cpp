//===- ProtocolTest.cpp - the protocol's messages through llvm::json ------===//
//
// The exact text kopt writes for one request of each kind (the wire format must not drift), and
// every message read back as it was written.
//
//===----------------------------------------------------------------------===//
#include "kopt_runner_json_llvm.h"

#include "gtest/gtest.h"

using namespace kopt::protocol;
namespace json = llvm::json;

namespace {

std::string text(const json::Value &value) { return llvm::formatv("{0}", value).str(); }

Kernel reluKernel() {
  return {"relu", "c0", "PTX", {{"k", {4, 1, 1}, {256, 1, 1}, 0, {"x", "out", "i64:4"}}}, {64}};
}

/// Writes `message`, reads it back and writes it again: the two texts agree.
template <typename T> void expectRoundTrip(const T &message) {
  json::Value written = toJSON(message);
  T read;
  json::Path::Root root;
  ASSERT_TRUE(fromJSON(written, read, root)) << llvm::toString(root.getError());
  EXPECT_EQ(text(toJSON(read)), text(written));
}

TEST(Protocol, RequestsOnTheWire) {
  EXPECT_EQ(text(requestJSON(HelloRequest{})), R"({"op":"hello","protocol":1})");
  Task task{"relu",
            "return torch.relu(x)",
            {{"x", {4, 8}, "f32", {{"uniform", {0.0, 1.0}}, {"normal", {0.0, 1.0}}}}},
            {{"out", {4, 8}, "f32", {}}},
            1e-4,
            1e-4,
            256,
            32};
  EXPECT_EQ(text(requestJSON(task)),
            R"({"atol":0.0001,"flops":32,"inputs":[{"dists":[{"kind":"uniform","params":[0,1]},)"
            R"({"kind":"normal","params":[0,1]}],"dtype":"f32","name":"x","shape":[4,8]}],)"
            R"("min_bytes":256,"op":"task","outputs":[{"dtype":"f32","name":"out","shape":[4,8]}],)"
            R"json("reference":"return torch.relu(x)","rtol":0.0001,"task":"relu"})json");
  const char *launches = R"("launches":[{"args":["x","out","i64:4"],"block":[256,1,1],)"
                         R"("entry":"k","grid":[4,1,1],"smem":0}])";
  EXPECT_EQ(text(requestJSON(VerifyRequest{reluKernel(), VerifySettings{3, 7}})),
            std::string(R"({"candidate":"c0",)") + launches +
                R"(,"op":"verify","ptx":"PTX","scratch":[64],"seed":7,"task":"relu","trials":3})");
  EXPECT_EQ(text(requestJSON(TimeRequest{reluKernel(), TimeSettings{}})),
            std::string(R"({"candidate":"c0",)") + launches +
                R"(,"max_reps":10000,"max_seconds":2,"min_reps":10,"op":"time","ptx":"PTX",)"
                R"("scratch":[64],"seed":0,"target_rel_error":0.01,"task":"relu"})");
  EXPECT_EQ(text(requestJSON(EagerRequest{"relu", TimeSettings{}})),
            R"({"max_reps":10000,"max_seconds":2,"min_reps":10,"op":"eager",)"
            R"("target_rel_error":0.01,"task":"relu"})");
  EXPECT_EQ(text(requestJSON(HostCheckRequest{"relu", "/tmp/relu.so", VerifySettings{}})),
            R"({"library":"/tmp/relu.so","op":"host_check","seed":0,"task":"relu","trials":5})");
  EXPECT_EQ(text(requestJSON(ByeRequest{})), R"({"op":"bye"})");
}

TEST(Protocol, MessagesReadBackAsWritten) {
  expectRoundTrip(HelloRequest{});
  expectRoundTrip(Task{"t",
                       "return x",
                       {{"x", {}, "f64", {{"constant", {2.5}}}}},
                       {{"out", {3}, "i64", {}}},
                       0.5,
                       0.25,
                       8,
                       0});
  expectRoundTrip(VerifyRequest{reluKernel(), VerifySettings{1, 18446744073709551615u}});
  expectRoundTrip(TimeRequest{reluKernel(), TimeSettings{3, 0.005, 3.0, 20, 100}});
  expectRoundTrip(EagerRequest{"relu", TimeSettings{}});
  expectRoundTrip(HostCheckRequest{"relu", "lib.so", VerifySettings{2, 1}});

  HelloReply hello;
  hello.device.name = "NVIDIA H200";
  hello.device.kind = "cuda";
  hello.device.driver = 13000;
  hello.device.sms = 132;
  hello.device.tf32FlopsPerS = 4.9e14;
  expectRoundTrip(hello);
  expectRoundTrip(VerifyReply{"incorrect", "max abs error 0.5 at [3]", 0.5, 0.25, 5});
  expectRoundTrip(VerifyReply{"compile_error", "no entry", {}, {}, {}});
  TimeReply time;
  time.medianUs = 3.5;
  time.n = 30;
  time.relError = 0.004;
  time.recheck = "correct";
  time.recheckDetail = "5 trials passed";
  expectRoundTrip(time);
  expectRoundTrip(TimeFailureReply{VerifyReply{"crash", "context lost", {}, {}, {}}, "crash"});
  expectRoundTrip(EagerReply{7.0, 6.9, 7.1, 30, std::nullopt});
}

TEST(Protocol, OptionalFieldsAreLeftOutWhenEmpty) {
  EXPECT_EQ(text(toJSON(VerifyReply{"correct", "", {}, {}, {}})),
            R"({"detail":"","verdict":"correct"})");
  EXPECT_EQ(text(toJSON(Tensor{"out", {2}, "f32", {}})),
            R"({"dtype":"f32","name":"out","shape":[2]})");
}

TEST(Protocol, ReadingKeepsDefaultsAndRefusesWhatIsMissing) {
  VerifyRequest request;
  json::Path::Root root;
  ASSERT_TRUE(fromJSON(*json::parse(R"({"task": "t", "candidate": "c", "ptx": "",
      "launches": [{"entry": "k", "grid": [1, 1, 1], "block": [32, 1, 1], "args": []}]})"),
                       request, root));
  EXPECT_EQ(request.settings.trials, kDefaultTrials);
  EXPECT_EQ(request.kernel.launches[0].smem, 0);
  EXPECT_TRUE(request.kernel.scratch.empty());

  json::Path::Root missing("request");
  EXPECT_FALSE(
      fromJSON(*json::parse(R"({"task": "t", "ptx": "", "launches": []})"), request, missing));
  EXPECT_NE(llvm::toString(missing.getError()).find("candidate"), std::string::npos);
}

TEST(Protocol, LaunchValuesMustFitALaunch) {
  for (const char *launch :
       {R"({"entry": "k", "grid": [4294967296, 1, 1], "block": [1, 1, 1], "args": []})",
        R"({"entry": "k", "grid": [1, 1], "block": [1, 1, 1], "args": []})",
        R"({"entry": "k", "grid": [1, 1, 1], "block": [0, 1, 1], "args": []})",
        R"({"entry": "k", "grid": [1, 1, 1], "block": [1, 1, 1], "smem": -1, "args": []})"}) {
    Launch read;
    json::Path::Root root;
    EXPECT_FALSE(fromJSON(*json::parse(launch), read, root)) << launch;
    llvm::consumeError(root.getError());
  }
}

TEST(Protocol, VerdictsAreSpelledOnce) {
  EXPECT_STREQ(spelling(Verdict::OutOfBoundsWrite), "out_of_bounds_write");
  for (const char *verdict : kVerdictSpellings)
    EXPECT_STREQ(spelling(*parseVerdict(verdict)), verdict);
  EXPECT_FALSE(parseVerdict("Correct"));
}

} // namespace
