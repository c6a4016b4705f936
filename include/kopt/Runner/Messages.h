//===- Messages.h - typed kopt-runner messages ------------------*- C++ -*-===//
//
// The requests kopt sends to kopt-runner and the replies it reads back: the protocol's messages
// (protocol/kopt_runner_protocol.h, shared with kopt-runner), their JSON forms through llvm::json
// (fromJSON and toJSON, found by argument-dependent lookup), and what kopt reads from them.
// Nothing here knows of the IR.
//
//===----------------------------------------------------------------------===//
#ifndef KOPT_RUNNER_MESSAGES_H
#define KOPT_RUNNER_MESSAGES_H

#include "kopt_runner_json_llvm.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/JSON.h"

#include <optional>
#include <string>

namespace kopt::runner {

// The protocol's messages, under the names kopt's passes use.
using DistSpec = protocol::Distribution;
using TensorSpec = protocol::Tensor;
using TaskSpec = protocol::Task;
using LaunchSpec = protocol::Launch;
using KernelSpec = protocol::Kernel;
using VerifySettings = protocol::VerifySettings;
using TimeSettings = protocol::TimeSettings;
using VerifyResult = protocol::VerifyReply;
using TimeResult = protocol::TimeReply;

/// The `device` of the hello reply.
struct DeviceInfo : protocol::Device {
  /// What results measured on this device depend on, for cache keys.
  std::string identity() const;
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

/// The same over eager with TF32 allowed (the baseline at matched precision); none also where the
/// runner did not time that baseline (runners before it).
std::optional<double> speedupOverEagerTF32(const TimeResult &result);

} // namespace kopt::runner

#endif // KOPT_RUNNER_MESSAGES_H
