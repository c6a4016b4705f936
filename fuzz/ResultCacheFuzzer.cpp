//===- ResultCacheFuzzer.cpp - fuzz the result cache loader ---------------===//
//
// Loads the input as a result cache file (results.jsonl); every corrupt line must be skipped
// with a warning.
//
//===----------------------------------------------------------------------===//
#include "FuzzInput.h"
#include "kopt/Runner/ResultCache.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::vector<std::string> warnings;
  kopt::runner::ResultCache cache = kopt::runner::ResultCache::load(
      kopt::fuzz::writeInputFile(kopt::fuzz::bytes(data, size), "jsonl"), warnings);
  (void)cache.lookup("key");
  return 0;
}
