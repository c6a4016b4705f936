//===- RunnerClient.cpp - talking to kopt-runner --------------------------===//
#include "kopt/Runner/RunnerClient.h"
#include "kopt/Support/Input.h"

#include "llvm/Support/FormatVariadic.h"

#include <map>
#include <memory>

using namespace llvm;
using namespace kopt::runner;
namespace protocol = kopt::protocol;
using protocol::Verdict;

char RunnerError::ID = 0;

namespace {
/// How long a runner may take to exit after `bye` or after reporting a crash.
constexpr double kExitGraceSeconds = 5.0;
/// How long kopt waits for the reply to `bye` when it is done.
constexpr double kByeSeconds = 2.0;
/// What kopt records when the runner dies or breaks the protocol.
constexpr const char *kCrash = protocol::spelling(Verdict::Crash);

std::string serialize(json::Value value) { return formatv("{0}", value).str(); }

std::string clip(StringRef text) {
  return text.size() > 120 ? (text.take_front(120) + "...").str() : text.str();
}
} // namespace

struct RunnerClient::Reply {
  enum Kind { Ok, Refused, Lost } kind = Ok;
  json::Object body; // Ok
  std::string error; // Refused
  NoReply lost;      // Lost: the runner is stopped
};

RunnerClient::Reply RunnerClient::request(json::Object message, double timeoutSeconds) {
  int64_t id = nextId++;
  message[protocol::kIdField] = id;
  Exchange exchange = process.exchange(serialize(std::move(message)), timeoutSeconds);
  Reply reply;
  auto lost = [&](StringRef verdict, std::string detail) {
    reply.kind = Reply::Lost;
    reply.lost = {verdict.str(), std::move(detail)};
    return std::move(reply);
  };
  if (exchange.kind == Exchange::Timeout)
    return lost(protocol::spelling(Verdict::Timeout), exchange.detail);
  if (exchange.kind == Exchange::Crash)
    return lost(kCrash, exchange.detail);

  // A runner out of step cannot be trusted with the next request: stop it, a fresh one follows.
  auto broken = [&](const Twine &why) {
    process.stop(0);
    return lost(kCrash, ("runner broke the protocol: " + why).str());
  };
  Expected<json::Value> value = kopt::parseJson(exchange.line);
  if (!value)
    return broken("reply is not JSON (" + toString(value.takeError()) +
                  "): " + clip(exchange.line));
  json::Object *object = value->getAsObject();
  if (!object)
    return broken("reply is not a JSON object: " + clip(exchange.line));
  if (object->getInteger(protocol::kIdField) != id)
    return broken(formatv("reply to request {0} carries another id: {1}", id, clip(exchange.line)));
  std::optional<bool> ok = object->getBoolean(protocol::kOkField);
  if (!ok)
    return broken("reply has no \"ok\": " + clip(exchange.line));
  if (!*ok) {
    reply.kind = Reply::Refused;
    reply.error = object->getString(protocol::kErrorField).value_or("(no error message)").str();
    return reply;
  }
  reply.body = std::move(*object);
  return reply;
}

Error RunnerClient::ensureStarted(double timeoutSeconds) {
  if (process.isRunning())
    return Error::success();
  auto unavailable = [&](const Twine &why) {
    return make_error<RunnerError>(RunnerError::Kind::Unavailable,
                                   ("kopt-runner '" + getCommand() + "' " + why).str());
  };
  declared.clear();
  if (Error error = process.start())
    return unavailable("did not start: " + toString(std::move(error)));

  Reply reply = request(helloRequest(), timeoutSeconds);
  if (reply.kind == Reply::Lost)
    return unavailable("did not answer hello: " + reply.lost.detail);
  if (reply.kind == Reply::Refused) {
    process.stop(kExitGraceSeconds);
    return unavailable(
        formatv("refused protocol version {0}: {1}", protocol::kVersion, reply.error));
  }
  std::optional<int64_t> version = reply.body.getInteger(protocol::kProtocolField);
  if (version != protocol::kVersion) {
    process.stop(kExitGraceSeconds);
    return unavailable(formatv("speaks protocol version {0}; this kopt speaks {1}",
                               version ? std::to_string(*version) : "(none)", protocol::kVersion));
  }
  protocol::HelloReply hello;
  json::Path::Root root(protocol::kOpHello);
  if (!fromJSON(json::Value(std::move(reply.body)), hello, root)) {
    process.stop(0);
    return unavailable("answered hello without a valid device: " + toString(root.getError()));
  }
  DeviceInfo info;
  static_cast<protocol::Device &>(info) = std::move(hello.device);
  if (device && device->identity() != info.identity()) {
    process.stop(kExitGraceSeconds);
    return unavailable("restarted on another device ('" + info.identity() + "', was '" +
                       device->identity() + "')");
  }
  device = std::move(info);
  return Error::success();
}

Expected<DeviceInfo> RunnerClient::hello(double timeoutSeconds) {
  if (Error error = ensureStarted(timeoutSeconds))
    return std::move(error);
  return *device;
}

void RunnerClient::defineTask(TaskSpec task) {
  std::string name = task.name;
  tasks.insert_or_assign(name, std::move(task));
}

Error RunnerClient::ensureTask(StringRef name, double timeoutSeconds) {
  auto task = tasks.find(name);
  assert(task != tasks.end() && "a request names a task that was not defined");
  json::Object message = taskRequest(task->second);
  std::string declaration = serialize(json::Object(message));
  auto known = declared.find(name);
  if (known != declared.end() && known->second == declaration)
    return Error::success();
  Reply reply = request(std::move(message), timeoutSeconds);
  if (reply.kind == Reply::Lost)
    return make_error<RunnerError>(
        RunnerError::Kind::TaskRefused,
        ("kopt-runner did not answer the declaration of task '" + name + "': " + reply.lost.detail)
            .str());
  if (reply.kind == Reply::Refused)
    return make_error<RunnerError>(
        RunnerError::Kind::TaskRefused,
        ("kopt-runner refused task '" + name + "': " + reply.error).str());
  declared.insert_or_assign(name, std::move(declaration));
  return Error::success();
}

template <typename Result>
Expected<std::variant<Result, NoReply>>
RunnerClient::kernelRequest(json::Object message, const KernelSpec &kernel, double timeoutSeconds) {
  using Outcome = std::variant<Result, NoReply>;
  if (Error error = ensureStarted(timeoutSeconds))
    return std::move(error);
  if (Error error = ensureTask(kernel.task, timeoutSeconds))
    return std::move(error);
  Reply reply = request(std::move(message), timeoutSeconds);
  if (reply.kind == Reply::Lost)
    return Outcome(std::move(reply.lost));
  if (reply.kind == Reply::Refused)
    return make_error<RunnerError>(RunnerError::Kind::Refused, "kopt-runner refused candidate '" +
                                                                   kernel.candidate +
                                                                   "': " + reply.error);
  Result result;
  json::Path::Root root("reply");
  if (!fromJSON(json::Value(std::move(reply.body)), result, root)) {
    process.stop(0);
    return Outcome(NoReply{kCrash, "runner broke the protocol: " + toString(root.getError())});
  }
  return Outcome(std::move(result));
}

Expected<VerifyOutcome> RunnerClient::verify(const KernelSpec &kernel,
                                             const VerifySettings &settings,
                                             double timeoutSeconds) {
  Expected<VerifyOutcome> outcome =
      kernelRequest<VerifyResult>(verifyRequest(kernel, settings), kernel, timeoutSeconds);
  if (!outcome || !std::holds_alternative<VerifyResult>(*outcome))
    return outcome;
  const VerifyResult &result = std::get<VerifyResult>(*outcome);
  if (!isProtocolVerdict(result.verdict)) {
    process.stop(0);
    return VerifyOutcome(NoReply{kCrash, "runner broke the protocol: unknown verdict '" +
                                             clip(result.verdict) + "'"});
  }
  // The candidate lost the CUDA context: the runner exits after replying.
  if (result.verdict == kCrash)
    process.stop(kExitGraceSeconds);
  return outcome;
}

Expected<TimeOutcome> RunnerClient::time(const KernelSpec &kernel, const TimeSettings &settings,
                                         double timeoutSeconds) {
  Expected<TimeOutcome> outcome =
      kernelRequest<TimeResult>(timeRequest(kernel, settings), kernel, timeoutSeconds);
  if (!outcome || !std::holds_alternative<TimeResult>(*outcome))
    return outcome;
  const TimeResult &result = std::get<TimeResult>(*outcome);
  if (!isProtocolVerdict(result.recheck)) {
    process.stop(0);
    return TimeOutcome(NoReply{kCrash, "runner broke the protocol: unknown recheck "
                                       "verdict '" +
                                           clip(result.recheck) + "'"});
  }
  if (result.recheck == kCrash)
    process.stop(kExitGraceSeconds);
  return outcome;
}

void RunnerClient::close() {
  if (!process.isRunning())
    return;
  Reply reply = request(byeRequest(), kByeSeconds);
  if (reply.kind != Reply::Lost)
    process.stop(kExitGraceSeconds);
}

namespace {
struct PooledRunner {
  explicit PooledRunner(std::string command) : client(std::move(command)) {}
  std::mutex mutex;
  RunnerClient client;
};

/// Destroyed when kopt exits, which says `bye` to every runner still running.
struct RunnerPool {
  std::mutex mutex;
  std::map<std::string, std::unique_ptr<PooledRunner>> runners;
};
} // namespace

RunnerLease kopt::runner::acquireRunner(StringRef command) {
  static RunnerPool pool;
  PooledRunner *runner;
  {
    std::lock_guard<std::mutex> guard(pool.mutex);
    std::unique_ptr<PooledRunner> &slot = pool.runners[command.str()];
    if (!slot)
      slot = std::make_unique<PooledRunner>(command.str());
    runner = slot.get();
  }
  return RunnerLease(std::unique_lock<std::mutex>(runner->mutex), &runner->client);
}
