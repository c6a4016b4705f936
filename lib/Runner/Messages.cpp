//===- Messages.cpp - typed kopt-runner messages --------------------------===//
#include "kopt/Runner/Messages.h"

#include "llvm/Support/FormatVariadic.h"

#include <cmath>

using namespace llvm;
using namespace kopt::runner;
namespace protocol = kopt::protocol;

json::Object kopt::runner::helloRequest() {
  return protocol::requestJSON(protocol::HelloRequest{});
}

json::Object kopt::runner::taskRequest(const TaskSpec &task) { return protocol::requestJSON(task); }

json::Object kopt::runner::verifyRequest(const KernelSpec &kernel, const VerifySettings &settings) {
  return protocol::requestJSON(protocol::VerifyRequest{kernel, settings});
}

json::Object kopt::runner::timeRequest(const KernelSpec &kernel, const TimeSettings &settings) {
  return protocol::requestJSON(protocol::TimeRequest{kernel, settings});
}

json::Object kopt::runner::byeRequest() { return protocol::requestJSON(protocol::ByeRequest{}); }

std::string kopt::runner::describeSettings(const VerifySettings &settings) {
  return formatv("verify trials={0} seed={1}", settings.trials, settings.seed);
}

std::string kopt::runner::describeSettings(const TimeSettings &settings) {
  // %a: the exact doubles, so that no two settings share a key.
  return formatv("time seed={0} target={1} max_seconds={2} min_reps={3} max_reps={4}",
                 settings.seed, format("%a", settings.targetRelError),
                 format("%a", settings.maxSeconds), settings.minReps, settings.maxReps);
}

std::string DeviceInfo::identity() const {
  return formatv("{0}|{1}|driver {2}|torch {3}", name, kind, driver, torch);
}

bool kopt::runner::isProtocolVerdict(StringRef verdict) {
  return protocol::parseVerdict(verdict).has_value();
}

bool kopt::runner::isWellFormedTiming(const TimeResult &result) {
  return std::isfinite(result.medianUs) && std::isfinite(result.q3Us) && 0 <= result.q1Us &&
         result.q1Us <= result.medianUs && result.medianUs <= result.q3Us && result.n >= 1;
}

/// A baseline's median over the kernel's, when that is a finite positive number.
static std::optional<double> speedupOver(double eagerMedianUs, double medianUs) {
  double speedup = eagerMedianUs / medianUs;
  if (!(medianUs > 0) || !(eagerMedianUs > 0) || !std::isfinite(speedup) || !(speedup > 0))
    return std::nullopt;
  return speedup;
}

std::optional<double> kopt::runner::speedupOverEager(const TimeResult &result) {
  return speedupOver(result.eagerMedianUs, result.medianUs);
}

std::optional<double> kopt::runner::speedupOverEagerTF32(const TimeResult &result) {
  if (!result.eagerTF32.medianUs)
    return std::nullopt;
  return speedupOver(*result.eagerTF32.medianUs, result.medianUs);
}
