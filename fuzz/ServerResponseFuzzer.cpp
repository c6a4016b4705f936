//===- ServerResponseFuzzer.cpp - fuzz the server sampler's response reader ===//
//
// Reads the input as an OpenAI-compatible server's response body, for both endpoints, and
// turns each sample into a candidate's source and log-probs as kb-sample-server does.
//
//===----------------------------------------------------------------------===//
#include "FuzzInput.h"
#include "kopt/Sample/Replay.h"
#include "kopt/Sample/Server.h"

using namespace kopt::sample;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  for (Endpoint endpoint : {Endpoint::Chat, Endpoint::Completions}) {
    ServerOptions options;
    options.endpoint = endpoint;
    options.n = 2;
    llvm::Expected<std::vector<Sample>> samples =
        parseResponse(kopt::fuzz::bytes(data, size), options, "task", "fuzz");
    if (!samples) {
      llvm::consumeError(samples.takeError());
      continue;
    }
    for (const Sample &sample : *samples) {
      (void)extractKernel(sample.text);
      (void)sampleToJSONLine(sample);
      llvm::Expected<std::optional<LogProbStats>> stats = logProbStats(sample, LogProbScope::All);
      if (!stats)
        llvm::consumeError(stats.takeError());
    }
  }
  return 0;
}
