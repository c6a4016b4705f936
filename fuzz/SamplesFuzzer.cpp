//===- SamplesFuzzer.cpp - fuzz the samples file reader (kb-replay) -------===//
//
// Parses the input as a samples file, then does with each sample what kb-replay does: extracts
// the kernel and computes the log-prob statistics over all tokens and over the code's.
//
//===----------------------------------------------------------------------===//
#include "FuzzInput.h"
#include "kopt/Sample/Replay.h"

using namespace kopt::sample;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::Expected<std::vector<Sample>> samples =
      parseSamples(kopt::fuzz::bytes(data, size), "fuzz.jsonl");
  if (!samples) {
    llvm::consumeError(samples.takeError());
    return 0;
  }
  for (const Sample &sample : *samples) {
    (void)extractKernel(sample.text);
    for (LogProbScope scope : {LogProbScope::All, LogProbScope::Code}) {
      llvm::Expected<std::optional<LogProbStats>> stats = logProbStats(sample, scope);
      if (!stats)
        llvm::consumeError(stats.takeError());
      else if (*stats && (*stats)->count > 0)
        (void)(*stats)->mean();
    }
  }
  return 0;
}
