//===- MeasurementsFuzzer.cpp - fuzz the measurements reader --------------===//
//
// Loads the input as a measurements file read back as a reward table (kb-recorded-rewards,
// kb-train's and kb-ttt's `rewards`).
//
//===----------------------------------------------------------------------===//
#include "FuzzInput.h"
#include "kopt/Passes/Measurements.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::Expected<kopt::RewardTable> table = kopt::RewardTable::load(
      kopt::fuzz::writeInputFile(kopt::fuzz::bytes(data, size), "jsonl"));
  if (!table)
    llvm::consumeError(table.takeError());
  else
    (void)table->find("task", "{}");
  return 0;
}
