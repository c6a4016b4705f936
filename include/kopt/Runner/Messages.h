//===- Messages.h - typed kopt-runner messages ------------------*- C++ -*-===//
//
// The requests kopt sends to kopt-runner and the replies it reads back, as plain records with their
// JSON forms (docs/runner-protocol.md). The names and defaults come from the protocol header that
// kopt-runner shares; nothing here knows of the IR.
//
//===----------------------------------------------------------------------===//
#ifndef KOPT_RUNNER_MESSAGES_H
#define KOPT_RUNNER_MESSAGES_H

#include "kopt_runner_protocol.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace kopt::runner {

struct DistSpec {
  std::string kind; // uniform, normal, constant, randint
  std::vector<double> params;
};

struct TensorSpec {
  std::string name;
  std::vector<int64_t> shape;  // empty for a scalar
  std::string dtype;           // f16, bf16, f32, f64, i1, i32, i64
  std::vector<DistSpec> dists; // inputs only
};

/// The `task` declaration.
struct TaskSpec {
  std::string name;
  std::string reference;
  std::vector<TensorSpec> inputs, outputs;
  double atol = 0, rtol = 0;
  int64_t minBytes = 0, flops = 0;
};

struct LaunchSpec {
  std::string entry;
  std::vector<int64_t> grid, block; // x, y, z
  int64_t smem = 0;
  std::vector<std::string> args;
};

/// What `verify` and `time` run: a candidate's PTX and launch plan.
struct KernelSpec {
  std::string task, candidate, ptx;
  std::vector<LaunchSpec> launches;
  std::vector<int64_t> scratch; // bytes per scratch buffer
};

struct VerifySettings {
  int64_t trials = protocol::kDefaultTrials;
  uint64_t seed = 0;
};

struct TimeSettings {
  uint64_t seed = 0;
  double targetRelError = protocol::kDefaultTargetRelError;
  double maxSeconds = protocol::kDefaultMaxSeconds;
  int64_t minReps = protocol::kDefaultMinReps;
  int64_t maxReps = protocol::kDefaultMaxReps;
};

/// The `device` of the hello reply.
struct DeviceInfo {
  std::string name, kind, torch;
  int64_t driver = 0;
  std::optional<int64_t> sms, l2Bytes;
  std::optional<double> bandwidthBytesPerS, fp32FlopsPerS;

  /// What results measured on this device depend on, for cache keys.
  std::string identity() const;
};

struct VerifyResult {
  std::string verdict; // one of the protocol's verdicts
  std::string detail;
  std::optional<double> maxAbsError, maxRelError;
  std::optional<int64_t> trials;
};

struct TimeResult {
  double medianUs = 0, q1Us = 0, q3Us = 0;
  int64_t n = 0;
  std::optional<double> relError;
  double eagerMedianUs = 0, eagerQ1Us = 0, eagerQ3Us = 0;
  int64_t eagerN = 0;
  /// Relative standard errors of the two medians; eager's includes its drift over the run.
  std::optional<double> eagerRelError;
  std::optional<double> limitUs;
  std::string recheck;              // the verdict of the timed runs' outputs
  std::optional<std::string> fault; // set when the time is below the physical limit
};

/// Requests, without their `id` (the client numbers them).
llvm::json::Object helloRequest();
llvm::json::Object taskRequest(const TaskSpec &task);
llvm::json::Object verifyRequest(const KernelSpec &kernel, const VerifySettings &settings);
llvm::json::Object timeRequest(const KernelSpec &kernel, const TimeSettings &settings);
llvm::json::Object byeRequest();

/// The request settings a result depends on, for cache keys.
std::string describeSettings(const VerifySettings &settings);
std::string describeSettings(const TimeSettings &settings);

/// True for the verdicts the protocol defines.
bool isProtocolVerdict(llvm::StringRef verdict);

/// Whether the kernel's timing is one kopt can record: finite, 0 <= q1 <= median <= q3, n >= 1.
bool isWellFormedTiming(const TimeResult &result);

/// Eager's median over the kernel's, when that is a finite positive number; none otherwise (a
/// median of 1e-320 us gives an infinite ratio, one of 0 us none at all): a fault of the evaluator.
std::optional<double> speedupOverEager(const TimeResult &result);

bool fromJSON(const llvm::json::Value &value, DeviceInfo &out, llvm::json::Path path);
bool fromJSON(const llvm::json::Value &value, VerifyResult &out, llvm::json::Path path);
bool fromJSON(const llvm::json::Value &value, TimeResult &out, llvm::json::Path path);
llvm::json::Value toJSON(const VerifyResult &result);
llvm::json::Value toJSON(const TimeResult &result);

} // namespace kopt::runner

#endif // KOPT_RUNNER_MESSAGES_H
