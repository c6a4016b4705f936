//===- PolicyFuzzer.cpp - fuzz the policy file loader ---------------------===//
//
// Loads the input as a policy file and, when it loads, uses it on every family's space as
// kb-sample, kb-score and kb-ttt do: draws, log-probs, distributions, a gradient, and saving.
//
//===----------------------------------------------------------------------===//
#include "FuzzInput.h"
#include "kopt/Codegen/ScheduleSpace.h"
#include "kopt/Learn/Policy.h"

using namespace kopt::learn;
namespace codegen = kopt::codegen;
namespace fuzz = kopt::fuzz;

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::Expected<Policy> policy =
      Policy::load(fuzz::writeInputFile(fuzz::bytes(data, size), "json"));
  if (!policy) {
    llvm::consumeError(policy.takeError());
    return 0;
  }
  std::vector<double> task(taskFeatureNames().size(), 1.0);
  Rng rng(0);
  for (const codegen::ScheduleSpace *space :
       {&codegen::elementwiseSpace(), &codegen::reductionSpace(), &codegen::attentionSpace(),
        &codegen::matmulSpace(), &codegen::globalReductionSpace(), &codegen::scanSpace(),
        &codegen::normalizationSpace(), &codegen::windowSpace()}) {
    PolicySample sample = policy->sample(*space, task, rng);
    (void)policy->logProbs(*space, task, sample.valueIndices);
    (void)policy->distributions(*space, task, sample.valueIndices);
    (void)policy->gradient(*space, task, sample.valueIndices);
  }
  (void)policy->toJSON();
  return 0;
}
