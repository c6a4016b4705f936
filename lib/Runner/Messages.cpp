//===- Messages.cpp - typed kopt-runner messages --------------------------===//
#include "kopt/Runner/Messages.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <cmath>

using namespace llvm;
using namespace kopt::runner;
namespace protocol = kopt::protocol;

static json::Array toArray(const std::vector<int64_t> &values) { return json::Array(values); }

static json::Object tensorJSON(const TensorSpec &tensor, bool withDists) {
  json::Object object{
      {"name", tensor.name}, {"shape", toArray(tensor.shape)}, {"dtype", tensor.dtype}};
  if (withDists) {
    json::Array dists;
    for (const DistSpec &dist : tensor.dists)
      dists.push_back(json::Object{{"kind", dist.kind}, {"params", json::Array(dist.params)}});
    object["dists"] = std::move(dists);
  }
  return object;
}

/// The fields `verify` and `time` share.
static json::Object kernelRequest(StringRef op, const KernelSpec &kernel) {
  json::Array launches;
  for (const LaunchSpec &launch : kernel.launches)
    launches.push_back(json::Object{{"entry", launch.entry},
                                    {"grid", toArray(launch.grid)},
                                    {"block", toArray(launch.block)},
                                    {"smem", launch.smem},
                                    {"args", json::Array(launch.args)}});
  return json::Object{{"op", op},
                      {"task", kernel.task},
                      {"candidate", kernel.candidate},
                      {"ptx", kernel.ptx},
                      {"launches", std::move(launches)},
                      {"scratch", toArray(kernel.scratch)}};
}

json::Object kopt::runner::helloRequest() {
  return json::Object{{"op", protocol::kOpHello}, {"protocol", protocol::kVersion}};
}

json::Object kopt::runner::taskRequest(const TaskSpec &task) {
  json::Array inputs, outputs;
  for (const TensorSpec &input : task.inputs)
    inputs.push_back(tensorJSON(input, /*withDists=*/true));
  for (const TensorSpec &output : task.outputs)
    outputs.push_back(tensorJSON(output, /*withDists=*/false));
  return json::Object{{"op", protocol::kOpTask},
                      {"task", task.name},
                      {"reference", task.reference},
                      {"inputs", std::move(inputs)},
                      {"outputs", std::move(outputs)},
                      {"atol", task.atol},
                      {"rtol", task.rtol},
                      {"min_bytes", task.minBytes},
                      {"flops", task.flops}};
}

json::Object kopt::runner::verifyRequest(const KernelSpec &kernel, const VerifySettings &settings) {
  json::Object request = kernelRequest(protocol::kOpVerify, kernel);
  request["trials"] = settings.trials;
  request["seed"] = settings.seed;
  return request;
}

json::Object kopt::runner::timeRequest(const KernelSpec &kernel, const TimeSettings &settings) {
  json::Object request = kernelRequest(protocol::kOpTime, kernel);
  request["seed"] = settings.seed;
  request["target_rel_error"] = settings.targetRelError;
  request["max_seconds"] = settings.maxSeconds;
  request["min_reps"] = settings.minReps;
  request["max_reps"] = settings.maxReps;
  return request;
}

json::Object kopt::runner::byeRequest() { return json::Object{{"op", protocol::kOpBye}}; }

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
  return is_contained({protocol::kCorrect, protocol::kIncorrect, protocol::kCompileError,
                       protocol::kLaunchError, protocol::kCrash, protocol::kTimeout,
                       protocol::kMutatedInput, protocol::kUnwrittenOutput,
                       protocol::kOutOfBoundsWrite},
                      verdict);
}

bool kopt::runner::isWellFormedTiming(const TimeResult &result) {
  return std::isfinite(result.medianUs) && std::isfinite(result.q3Us) && 0 <= result.q1Us &&
         result.q1Us <= result.medianUs && result.medianUs <= result.q3Us && result.n >= 1;
}

std::optional<double> kopt::runner::speedupOverEager(const TimeResult &result) {
  double speedup = result.eagerMedianUs / result.medianUs;
  if (!(result.medianUs > 0) || !(result.eagerMedianUs > 0) || !std::isfinite(speedup) ||
      !(speedup > 0))
    return std::nullopt;
  return speedup;
}

bool kopt::runner::fromJSON(const json::Value &value, DeviceInfo &out, json::Path path) {
  json::ObjectMapper map(value, path);
  return map && map.map("name", out.name) && map.map("kind", out.kind) &&
         map.map("driver", out.driver) && map.mapOptional("torch", out.torch) &&
         map.mapOptional("sms", out.sms) && map.mapOptional("l2_bytes", out.l2Bytes) &&
         map.mapOptional("bandwidth_bytes_per_s", out.bandwidthBytesPerS) &&
         map.mapOptional("fp32_flops_per_s", out.fp32FlopsPerS);
}

bool kopt::runner::fromJSON(const json::Value &value, VerifyResult &out, json::Path path) {
  json::ObjectMapper map(value, path);
  return map && map.map("verdict", out.verdict) && map.mapOptional("detail", out.detail) &&
         map.mapOptional("max_abs_error", out.maxAbsError) &&
         map.mapOptional("max_rel_error", out.maxRelError) && map.mapOptional("trials", out.trials);
}

bool kopt::runner::fromJSON(const json::Value &value, TimeResult &out, json::Path path) {
  json::ObjectMapper map(value, path);
  if (!(map && map.map("median_us", out.medianUs) && map.map("q1_us", out.q1Us) &&
        map.map("q3_us", out.q3Us) && map.map("n", out.n) &&
        map.mapOptional("rel_error", out.relError) &&
        map.map("eager_median_us", out.eagerMedianUs) && map.map("eager_q1_us", out.eagerQ1Us) &&
        map.map("eager_q3_us", out.eagerQ3Us) && map.map("eager_n", out.eagerN) &&
        map.mapOptional("eager_rel_error", out.eagerRelError) &&
        map.mapOptional("limit_us", out.limitUs) && map.map("recheck", out.recheck)))
    return false;
  // `fault` is a message; anything else the runner puts there is kept as its JSON text.
  const json::Value *fault = value.getAsObject()->get("fault");
  if (!fault || fault->kind() == json::Value::Null)
    out.fault.reset();
  else if (std::optional<StringRef> text = fault->getAsString())
    out.fault = text->str();
  else
    out.fault = formatv("{0}", *fault).str();
  return true;
}

json::Value kopt::runner::toJSON(const VerifyResult &result) {
  json::Object object{{"verdict", result.verdict}, {"detail", result.detail}};
  if (result.maxAbsError)
    object["max_abs_error"] = *result.maxAbsError;
  if (result.maxRelError)
    object["max_rel_error"] = *result.maxRelError;
  if (result.trials)
    object["trials"] = *result.trials;
  return object;
}

json::Value kopt::runner::toJSON(const TimeResult &result) {
  json::Object object{{"median_us", result.medianUs},
                      {"q1_us", result.q1Us},
                      {"q3_us", result.q3Us},
                      {"n", result.n},
                      {"eager_median_us", result.eagerMedianUs},
                      {"eager_q1_us", result.eagerQ1Us},
                      {"eager_q3_us", result.eagerQ3Us},
                      {"eager_n", result.eagerN},
                      {"recheck", result.recheck}};
  if (result.relError)
    object["rel_error"] = *result.relError;
  if (result.eagerRelError)
    object["eager_rel_error"] = *result.eagerRelError;
  if (result.limitUs)
    object["limit_us"] = *result.limitUs;
  if (result.fault)
    object["fault"] = *result.fault;
  return object;
}
