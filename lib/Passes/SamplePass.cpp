//===- SamplePass.cpp - kb-sample -----------------------------------------===//
#include "kb/KbOps.h"
#include "kopt/Codegen/Lower.h"
#include "kopt/Learn/Policy.h"
#include "kopt/Passes/Candidates.h"
#include "kopt/Passes/Passes.h"
#include "kopt/Passes/Rollouts.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/xxhash.h"

#include <cmath>
#include <map>
#include <optional>

namespace kopt {
#define GEN_PASS_DEF_KBSAMPLE
#include "kopt/Passes/Passes.h.inc"
} // namespace kopt

using namespace mlir;
using namespace kb;
namespace codegen = kopt::codegen;
namespace learn = kopt::learn;

/// Steps `valueIndices` to the next decision list of `space` in table order, the last decision
/// varying fastest; false after the last one.
static bool nextDecisionList(const codegen::ScheduleSpace &space,
                             std::vector<size_t> &valueIndices) {
  for (size_t index = valueIndices.size(); index-- > 0;) {
    if (++valueIndices[index] < space.decisions[index].domain.size())
      return true;
    valueIndices[index] = 0;
  }
  return false;
}

namespace {
struct KbSamplePass : kopt::impl::KbSampleBase<KbSamplePass> {
  using KbSampleBase::KbSampleBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (!(temperature > 0) || !std::isfinite(temperature)) {
      module.emitError() << "kb-sample: temperature must be finite and > 0, got " << temperature;
      return signalPassFailure();
    }
    FailureOr<learn::Policy> policy = kopt::loadPolicy(module, this->policy);
    if (failed(policy))
      return signalPassFailure();
    SmallVector<TaskOp> tasks(module.getOps<TaskOp>());
    std::vector<codegen::SpaceResult> spaces = kopt::spacesOf(&getContext(), tasks);

    SymbolTable symbols(module);
    llvm::DenseMap<Operation *, Operation *> insertAfter =
        kopt::candidateInsertionPoints(module, symbols);
    OpBuilder builder(&getContext());
    llvm::DenseSet<Operation *> sampled;
    if (onlyUnsampled)
      for (kopt::TaskCandidates &entry : kopt::collectTaskCandidates(module))
        if (!entry.candidates.empty())
          sampled.insert(entry.task);
    for (auto [task, space] : llvm::zip_equal(tasks, spaces)) {
      if (sampled.contains(task))
        continue;
      if (!space.space) {
        task.emitWarning() << "kb-sample: no policy candidates for @" << task.getSymName()
                           << ", kopt cannot schedule its payload:\n"
                           << space.error;
        continue;
      }
      // Seeded by the task's name too, so that a task's draws do not depend on the others.
      learn::Rng rng(seed ^ llvm::xxh3_64bits(task.getSymName()));
      std::vector<double> features = learn::taskFeatures(task);
      std::map<std::vector<size_t>, StringAttr> firstDrawnAs;
      unsigned next = 0;
      std::optional<std::vector<size_t>> enumerated;
      if (exhaustive)
        enumerated.emplace(space.space->decisions.size(), 0);
      for (unsigned i = 0; exhaustive ? enumerated.has_value() : i < n; ++i) {
        learn::PolicySample drawn;
        if (enumerated) {
          drawn.valueIndices = *enumerated;
          drawn.logProbs =
              policy->logProbs(*space.space, features, drawn.valueIndices, temperature);
          if (!nextDecisionList(*space.space, *enumerated))
            enumerated.reset();
        } else {
          drawn = policy->sample(*space.space, features, rng, temperature);
        }
        std::string name = kopt::freshCandidateName(symbols, task.getSymName(), "_s", next);
        Operation *&after = insertAfter[task];
        builder.setInsertionPointAfter(after);
        CandidateOp candidate =
            kopt::createPolicyCandidate(builder, task, name, *space.space, drawn);
        symbols.insert(candidate); // already in the module: only records the name
        auto [first, isNew] =
            firstDrawnAs.try_emplace(drawn.valueIndices, candidate.getSymNameAttr());
        if (!isNew)
          candidate->setAttr("duplicate_of", FlatSymbolRefAttr::get(first->second));
        after = candidate;
      }
    }
  }
};
} // namespace
