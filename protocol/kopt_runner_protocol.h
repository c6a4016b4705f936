//===- kopt_runner_protocol.h - kopt <-> kopt-runner protocol ---*- C++ -*-===//
//
// The one definition kopt and kopt-runner share (kopt-runner links no LLVM or MLIR, so this header
// uses only the C++ standard library). The protocol is JSON Lines over the runner's stdin and
// stdout: one request object per line from kopt, one reply object per line from the runner, in
// order. docs/runner-protocol.md describes every message and field.
//
//===----------------------------------------------------------------------===//
#ifndef KOPT_RUNNER_PROTOCOL_H
#define KOPT_RUNNER_PROTOCOL_H

namespace kopt::protocol {

/// Bumped on any incompatible change; `hello` checks it.
inline constexpr int kVersion = 1;

// Request kinds (the "op" field).
inline constexpr const char *kOpHello = "hello";
inline constexpr const char *kOpTask = "task";
inline constexpr const char *kOpVerify = "verify";
inline constexpr const char *kOpTime = "time";
inline constexpr const char *kOpEager = "eager";
inline constexpr const char *kOpHostCheck = "host_check";
inline constexpr const char *kOpBye = "bye";

// Verdicts, spelled as the kb dialect spells them.
inline constexpr const char *kCorrect = "correct";
inline constexpr const char *kIncorrect = "incorrect";
inline constexpr const char *kCompileError = "compile_error";
inline constexpr const char *kLaunchError = "launch_error";
inline constexpr const char *kCrash = "crash";
inline constexpr const char *kTimeout = "timeout";
inline constexpr const char *kMutatedInput = "mutated_input";
inline constexpr const char *kUnwrittenOutput = "unwritten_output";
inline constexpr const char *kOutOfBoundsWrite = "out_of_bounds_write";

// Defaults of the request settings.
inline constexpr int kDefaultTrials = 5;
/// The function a host_check library exports: `void kopt_host_entry(void **buffers)`.
inline constexpr const char *kHostEntry = "kopt_host_entry";
inline constexpr double kDefaultTargetRelError = 0.01; // of the median
inline constexpr double kDefaultMaxSeconds = 2.0;      // per timing request
inline constexpr int kDefaultMinReps = 10;
inline constexpr int kDefaultMaxReps = 10000;

} // namespace kopt::protocol

#endif // KOPT_RUNNER_PROTOCOL_H
