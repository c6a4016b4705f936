//===- RunnerReplyFuzzer.cpp - fuzz the reader of kopt-runner's replies ---===//
//
// Reads the input as one reply line of kopt-runner, as RunnerClient does: JSON, then the device
// of a hello reply and the results of verify and time replies with their verdicts checked.
// Cached results are read back through the same fromJSON.
//
//===----------------------------------------------------------------------===//
#include "FuzzInput.h"
#include "kopt/Runner/Messages.h"

using namespace kopt::runner;

template <typename Record>
static bool read(const llvm::json::Value &value, Record &record) {
  llvm::json::Path::Root root("reply");
  if (fromJSON(value, record, root))
    return true;
  llvm::consumeError(root.getError());
  return false;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::Expected<llvm::json::Value> reply = llvm::json::parse(kopt::fuzz::bytes(data, size));
  if (!reply) {
    llvm::consumeError(reply.takeError());
    return 0;
  }
  const llvm::json::Object *object = reply->getAsObject();
  if (!object)
    return 0;
  if (const llvm::json::Value *device = object->get("device")) {
    DeviceInfo info;
    if (read(*device, info))
      (void)info.identity();
  }
  VerifyResult verified;
  if (read(*reply, verified)) {
    (void)isProtocolVerdict(verified.verdict);
    (void)toJSON(verified);
  }
  TimeResult timed;
  if (read(*reply, timed)) {
    (void)isProtocolVerdict(timed.recheck);
    (void)toJSON(timed);
  }
  return 0;
}
