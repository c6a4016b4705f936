//===- kopt_runner_protocol.h - kopt <-> kopt-runner protocol ---*- C++ -*-===//
//
// The one definition kopt and kopt-runner share. The protocol is JSON Lines over the runner's
// stdin and stdout: one request object per line from kopt, one reply object per line from the
// runner, in order; docs/runner-protocol.md describes every message and field.
//
// Every message is a plain struct whose static `fields` names each of its JSON fields once, with
// how it is written and read (Field). kopt-runner links no LLVM, so this header uses only the C++
// standard library; kopt_runner_json_llvm.h (kopt, llvm::json) and kopt_runner_json_nlohmann.h
// (kopt-runner, nlohmann/json) turn any of these structs into JSON and back by visiting `fields`.
//
//===----------------------------------------------------------------------===//
#ifndef KOPT_RUNNER_PROTOCOL_H
#define KOPT_RUNNER_PROTOCOL_H

#include <cstdint>
#include <iterator>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

namespace kopt::protocol {

/// Bumped on any incompatible change; `hello` checks it.
inline constexpr int kVersion = 1;

// The envelope: a request has an id (kopt's choice) and an op; its reply echoes the id and says
// whether it is ok, or gives an error.
inline constexpr const char *kIdField = "id";
inline constexpr const char *kOpField = "op";
inline constexpr const char *kOkField = "ok";
inline constexpr const char *kErrorField = "error";

// Request kinds (the "op" field).
inline constexpr const char *kOpHello = "hello";
inline constexpr const char *kOpTask = "task";
inline constexpr const char *kOpVerify = "verify";
inline constexpr const char *kOpTime = "time";
inline constexpr const char *kOpEager = "eager";
inline constexpr const char *kOpHostCheck = "host_check";
inline constexpr const char *kOpBye = "bye";

/// A candidate's verdict. Spelled as the kb dialect spells them.
enum class Verdict {
  Correct,
  Incorrect,
  CompileError,
  LaunchError,
  Crash,
  Timeout,
  MutatedInput,
  UnwrittenOutput,
  OutOfBoundsWrite,
};
/// The spellings, in Verdict's order.
inline constexpr const char *kVerdictSpellings[] = {
    "correct", "incorrect",     "compile_error",    "launch_error",       "crash",
    "timeout", "mutated_input", "unwritten_output", "out_of_bounds_write"};
static_assert(std::size(kVerdictSpellings) == size_t(Verdict::OutOfBoundsWrite) + 1);

constexpr const char *spelling(Verdict verdict) { return kVerdictSpellings[size_t(verdict)]; }

inline std::optional<Verdict> parseVerdict(std::string_view text) {
  for (size_t i = 0; i < std::size(kVerdictSpellings); ++i)
    if (text == kVerdictSpellings[i])
      return Verdict(i);
  return std::nullopt;
}

/// For code that compares a reply's verdict text (kb-time's recheck).
inline constexpr const char *kCorrect = spelling(Verdict::Correct);

// Defaults of the request settings.
inline constexpr int kDefaultTrials = 5;
/// The function a host_check library exports: `void kopt_host_entry(void **buffers)`.
inline constexpr const char *kHostEntry = "kopt_host_entry";
inline constexpr double kDefaultTargetRelError = 0.01; // of the median
inline constexpr double kDefaultMaxSeconds = 2.0;      // per timing request
inline constexpr int kDefaultMinReps = 10;
inline constexpr int kDefaultMaxReps = 10000;

/// How a field is written and read. A std::optional member is written only when it holds a
/// value, and reads as empty when absent or null, whatever its Field says.
struct Field {
  enum Presence {
    Required,         // always written; a message without it is refused
    Defaulted,        // always written; when absent, the reader leaves the member as it is
    OmittedWhenEmpty, // an array written only when not empty; absent, it reads as empty
  };
  Presence presence = Required;
  /// Integers (a scalar, or each element of an array) outside [least, most] are refused, and so
  /// are arrays of other than `count` elements (0: any number).
  int64_t least = std::numeric_limits<int64_t>::min();
  int64_t most = std::numeric_limits<int64_t>::max();
  size_t count = 0;
  /// A string field whose value is of another JSON type is read as that value's JSON text.
  bool anyValueAsText = false;
};

/// A string field that keeps a value of another JSON type as its JSON text.
inline constexpr Field kTextOfAnyValue = [] {
  Field field;
  field.anyValueAsText = true;
  return field;
}();

/// What a launch can take (cuLaunchKernel's unsigned int): larger values are refused, never
/// narrowed, which would make another launch than the one asked for.
inline constexpr int64_t kMaxLaunchValue = std::numeric_limits<uint32_t>::max();

/// A launch argument `scratchN` binds the N-th scratch buffer of the kernel.
inline constexpr const char *kScratchArgPrefix = "scratch";

// Field names several messages share.
inline constexpr const char *kTaskField = "task";
inline constexpr const char *kSeedField = "seed";
inline constexpr const char *kProtocolField = "protocol";
inline constexpr const char *kRelErrorField = "rel_error";
inline constexpr const char *kRecheckField = "recheck";

//===----------------------------------------------------------------------===//
// Pieces of messages
//===----------------------------------------------------------------------===//

struct Distribution {
  std::string kind; // uniform, normal, constant, randint
  std::vector<double> params;
  /// upper_triangular, lower_triangular, symmetric or diagonal: applied to each matrix (the last
  /// two dimensions) of the draw. Absent: the draw as it is.
  std::optional<std::string> structure;

  template <typename Self, typename Visit> static void fields(Self &self, Visit &&visit) {
    visit("kind", self.kind);
    visit("params", self.params);
    visit("structure", self.structure);
  }
};

struct Tensor {
  std::string name;
  std::vector<int64_t> shape;      // empty for a scalar
  std::string dtype;               // f16, bf16, f32, f64, i1, i32, i64
  std::vector<Distribution> dists; // inputs only

  template <typename Self, typename Visit> static void fields(Self &self, Visit &&visit) {
    visit("name", self.name);
    visit("shape", self.shape);
    visit("dtype", self.dtype);
    visit("dists", self.dists, Field{Field::OmittedWhenEmpty});
  }
};

/// One kernel launch of a candidate.
struct Launch {
  std::string entry;
  std::vector<int64_t> grid{1, 1, 1}, block{1, 1, 1}; // x, y, z
  int64_t smem = 0;                                   // dynamic shared memory, bytes
  std::vector<std::string> args; // task buffer names, `scratchN` or immediates, in parameter order

  /// How errors in a launch name it.
  std::string label() const { return "launch '" + entry + "'"; }

  template <typename Self, typename Visit> static void fields(Self &self, Visit &&visit) {
    visit("entry", self.entry);
    visit("grid", self.grid, Field{Field::Required, 1, kMaxLaunchValue, 3});
    visit("block", self.block, Field{Field::Required, 1, kMaxLaunchValue, 3});
    visit("smem", self.smem, Field{Field::Defaulted, 0, kMaxLaunchValue});
    visit("args", self.args);
  }
};

/// What `verify` and `time` run: a candidate's PTX and launch plan.
struct Kernel {
  std::string task, candidate, ptx;
  std::vector<Launch> launches;
  std::vector<int64_t> scratch; // bytes per scratch buffer

  template <typename Self, typename Visit> static void fields(Self &self, Visit &&visit) {
    visit(kTaskField, self.task);
    visit("candidate", self.candidate);
    visit("ptx", self.ptx);
    visit("launches", self.launches);
    visit("scratch", self.scratch, Field{Field::Defaulted});
  }
};

struct VerifySettings {
  int64_t trials = kDefaultTrials;
  uint64_t seed = 0;

  template <typename Self, typename Visit> static void fields(Self &self, Visit &&visit) {
    visit("trials", self.trials, Field{Field::Defaulted});
    visit(kSeedField, self.seed, Field{Field::Defaulted});
  }
};

struct TimeSettings {
  uint64_t seed = 0;
  double targetRelError = kDefaultTargetRelError;
  double maxSeconds = kDefaultMaxSeconds;
  int64_t minReps = kDefaultMinReps;
  int64_t maxReps = kDefaultMaxReps;

  template <typename Self, typename Visit> static void fields(Self &self, Visit &&visit) {
    visit(kSeedField, self.seed, Field{Field::Defaulted});
    repetitionFields(self, visit);
  }
  /// When repetitions stop; `eager` takes these alone.
  template <typename Self, typename Visit> static void repetitionFields(Self &self, Visit &&visit) {
    visit("target_rel_error", self.targetRelError, Field{Field::Defaulted});
    visit("max_seconds", self.maxSeconds, Field{Field::Defaulted});
    visit("min_reps", self.minReps, Field{Field::Defaulted});
    visit("max_reps", self.maxReps, Field{Field::Defaulted});
  }
};

/// The `device` of the hello reply.
struct Device {
  std::string name, kind, torch; // kind: cuda or cpu
  int64_t driver = 0;            // CUDA driver version, 0 on cpu
  std::optional<int64_t> sms, l2Bytes;
  std::optional<double> bandwidthBytesPerS, peakBandwidthBytesPerS, fp32FlopsPerS, tf32FlopsPerS;
  std::optional<std::string> whyNoGpu; // on cpu

  template <typename Self, typename Visit> static void fields(Self &self, Visit &&visit) {
    visit("name", self.name);
    visit("kind", self.kind);
    visit("driver", self.driver);
    visit("torch", self.torch, Field{Field::Defaulted});
    visit("sms", self.sms);
    visit("l2_bytes", self.l2Bytes);
    visit("bandwidth_bytes_per_s", self.bandwidthBytesPerS);
    visit("peak_bandwidth_bytes_per_s", self.peakBandwidthBytesPerS);
    visit("fp32_flops_per_s", self.fp32FlopsPerS);
    visit("tf32_flops_per_s", self.tf32FlopsPerS);
    visit("why_no_gpu", self.whyNoGpu);
  }
};

/// Eager's timing fields, which the time and eager replies share.
template <typename Visit, typename Number, typename Count>
void visitEagerTiming(Visit &visit, Number &median, Number &q1, Number &q3, Count &n) {
  visit("eager_median_us", median);
  visit("eager_q1_us", q1);
  visit("eager_q3_us", q3);
  visit("eager_n", n);
}

/// PyTorch eager timed again with TF32 allowed in cuBLAS and cuDNN (PyTorch's
/// `torch.backends.cuda.matmul.allow_tf32` and `torch.backends.cudnn.allow_tf32`): the baseline
/// at the precision a TF32 kernel runs at. Optional: runners before it leave it out, and a client
/// reads its absence as unknown.
struct EagerTF32Timing {
  std::optional<double> medianUs, q1Us, q3Us;
  std::optional<int64_t> n;
  std::optional<double> relError; // as eager's: includes the drift over the run

  template <typename Self, typename Visit> static void fields(Self &self, Visit &&visit) {
    visit("eager_tf32_median_us", self.medianUs);
    visit("eager_tf32_q1_us", self.q1Us);
    visit("eager_tf32_q3_us", self.q3Us);
    visit("eager_tf32_n", self.n);
    visit("eager_tf32_rel_error", self.relError);
  }
};

//===----------------------------------------------------------------------===//
// Requests: each names its op; the envelope adds the id.
//===----------------------------------------------------------------------===//

struct HelloRequest {
  static constexpr const char *kOp = kOpHello;
  int64_t protocol = kVersion;

  template <typename Self, typename Visit> static void fields(Self &self, Visit &&visit) {
    visit(kProtocolField, self.protocol);
  }
};

/// The `task` declaration.
struct Task {
  static constexpr const char *kOp = kOpTask;
  std::string name;
  std::string reference; // the body of `def reference(<inputs>)` in TorchScript
  std::vector<Tensor> inputs, outputs;
  double atol = 0, rtol = 0;
  int64_t minBytes = 0, flops = 0; // the least traffic and work of any kernel

  template <typename Self, typename Visit> static void fields(Self &self, Visit &&visit) {
    visit(kTaskField, self.name);
    visit("reference", self.reference);
    visit("inputs", self.inputs);
    visit("outputs", self.outputs);
    visit("atol", self.atol);
    visit("rtol", self.rtol);
    visit("min_bytes", self.minBytes, Field{Field::Defaulted});
    visit("flops", self.flops, Field{Field::Defaulted});
  }
};

struct VerifyRequest {
  static constexpr const char *kOp = kOpVerify;
  Kernel kernel;
  VerifySettings settings;

  template <typename Self, typename Visit> static void fields(Self &self, Visit &&visit) {
    Kernel::fields(self.kernel, visit);
    VerifySettings::fields(self.settings, visit);
  }
};

struct TimeRequest {
  static constexpr const char *kOp = kOpTime;
  Kernel kernel;
  TimeSettings settings;

  template <typename Self, typename Visit> static void fields(Self &self, Visit &&visit) {
    Kernel::fields(self.kernel, visit);
    TimeSettings::fields(self.settings, visit);
  }
};

/// Times one block of a task's reference alone (its seed is not asked for).
struct EagerRequest {
  static constexpr const char *kOp = kOpEager;
  std::string task;
  TimeSettings settings;

  template <typename Self, typename Visit> static void fields(Self &self, Visit &&visit) {
    visit(kTaskField, self.task);
    TimeSettings::repetitionFields(self.settings, visit);
  }
};

/// Checks a host implementation of a declared task, from a shared library exporting kHostEntry.
struct HostCheckRequest {
  static constexpr const char *kOp = kOpHostCheck;
  std::string task, library;
  VerifySettings settings;

  template <typename Self, typename Visit> static void fields(Self &self, Visit &&visit) {
    visit(kTaskField, self.task);
    visit("library", self.library);
    VerifySettings::fields(self.settings, visit);
  }
};

struct ByeRequest {
  static constexpr const char *kOp = kOpBye;

  template <typename Self, typename Visit> static void fields(Self &, Visit &&) {}
};

//===----------------------------------------------------------------------===//
// Replies (`ok: true`; the envelope adds id and ok). task and bye replies have no fields.
//===----------------------------------------------------------------------===//

struct HelloReply {
  int64_t protocol = kVersion;
  Device device;

  template <typename Self, typename Visit> static void fields(Self &self, Visit &&visit) {
    visit(kProtocolField, self.protocol);
    visit("device", self.device);
  }
};

/// The reply to `verify` and `host_check`.
struct VerifyReply {
  std::string verdict; // spelling(Verdict)
  std::string detail;
  std::optional<double> maxAbsError, maxRelError; // when outputs were compared
  std::optional<int64_t> trials;

  template <typename Self, typename Visit> static void fields(Self &self, Visit &&visit) {
    visit("verdict", self.verdict);
    visit("detail", self.detail, Field{Field::Defaulted});
    visit("max_abs_error", self.maxAbsError);
    visit("max_rel_error", self.maxRelError);
    visit("trials", self.trials);
  }
};

struct TimeReply {
  double medianUs = 0, q1Us = 0, q3Us = 0;
  int64_t n = 0;
  std::optional<double> relError;
  double eagerMedianUs = 0, eagerQ1Us = 0, eagerQ3Us = 0;
  int64_t eagerN = 0;
  /// Relative standard errors of the two medians; eager's includes its drift over the run.
  std::optional<double> eagerRelError;
  std::optional<double> limitUs;
  std::string recheck; // the verdict of the timed runs' outputs
  std::optional<std::string> recheckDetail;
  std::optional<std::string> fault; // set when the time is below the physical limit
  EagerTF32Timing eagerTF32;

  template <typename Self, typename Visit> static void fields(Self &self, Visit &&visit) {
    visit("median_us", self.medianUs);
    visit("q1_us", self.q1Us);
    visit("q3_us", self.q3Us);
    visit("n", self.n);
    visit(kRelErrorField, self.relError);
    visitEagerTiming(visit, self.eagerMedianUs, self.eagerQ1Us, self.eagerQ3Us, self.eagerN);
    visit("eager_rel_error", self.eagerRelError);
    visit("limit_us", self.limitUs);
    visit(kRecheckField, self.recheck);
    visit("recheck_detail", self.recheckDetail);
    // A message; any other value is kept as its JSON text.
    visit("fault", self.fault, kTextOfAnyValue);
    EagerTF32Timing::fields(self.eagerTF32, visit);
  }
};

/// The reply to `time` when the candidate failed while being timed: its verdict, twice.
struct TimeFailureReply {
  VerifyReply failure;
  std::string recheck;

  template <typename Self, typename Visit> static void fields(Self &self, Visit &&visit) {
    VerifyReply::fields(self.failure, visit);
    visit(kRecheckField, self.recheck);
  }
};

struct EagerReply {
  double medianUs = 0, q1Us = 0, q3Us = 0;
  int64_t n = 0;
  std::optional<double> relError;
  EagerTF32Timing eagerTF32;

  template <typename Self, typename Visit> static void fields(Self &self, Visit &&visit) {
    visitEagerTiming(visit, self.medianUs, self.q1Us, self.q3Us, self.n);
    visit(kRelErrorField, self.relError);
    EagerTF32Timing::fields(self.eagerTF32, visit);
  }
};

//===----------------------------------------------------------------------===//
// What the JSON seams need to know of a member's type
//===----------------------------------------------------------------------===//

namespace detail {
template <typename T> struct IsOptional : std::false_type {};
template <typename T> struct IsOptional<std::optional<T>> : std::true_type {};
template <typename T> struct IsVector : std::false_type {};
template <typename T> struct IsVector<std::vector<T>> : std::true_type {};

struct FieldProbe {
  template <typename T> void operator()(const char *, T &, Field = {}) {}
};
template <typename T, typename = void> struct HasFields : std::false_type {};
template <typename T>
struct HasFields<
    T, std::void_t<decltype(T::fields(std::declval<T &>(), std::declval<FieldProbe &>()))>>
    : std::true_type {};
} // namespace detail

template <typename T> inline constexpr bool isOptional = detail::IsOptional<T>::value;
template <typename T> inline constexpr bool isVector = detail::IsVector<T>::value;
/// A message or a piece of one: a struct with `fields`.
template <typename T> inline constexpr bool isMessage = detail::HasFields<T>::value;

/// Why an integer of field `name`, given as `text`, is refused.
inline std::string outOfRange(const char *name, const std::string &text, const Field &field) {
  return std::string(name) + " value " + text + " is no integer from " +
         std::to_string(field.least) + " to " + std::to_string(field.most);
}

/// Why an array of field `name`, given as `text`, is refused.
inline std::string wrongCount(const char *name, const std::string &text, const Field &field) {
  return std::string(name) + " takes " + std::to_string(field.count) + " integer(s), got " + text;
}

} // namespace kopt::protocol

#endif // KOPT_RUNNER_PROTOCOL_H
