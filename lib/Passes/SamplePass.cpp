//===- SamplePass.cpp - kb-sample -----------------------------------------===//
#include "kb/KbOps.h"
#include "kopt/Codegen/Lower.h"
#include "kopt/Learn/Policy.h"
#include "kopt/Passes/Candidates.h"
#include "kopt/Passes/Passes.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/xxhash.h"

#include <cmath>
#include <map>

namespace kopt {
#define GEN_PASS_DEF_KBSAMPLE
#include "kopt/Passes/Passes.h.inc"
} // namespace kopt

using namespace mlir;
using namespace kb;
namespace codegen = kopt::codegen;
namespace learn = kopt::learn;

/// The `decisions` dictionary of a drawn decision list, booleans written as such.
static DictionaryAttr decisionsAttr(Builder &builder, const codegen::ScheduleSpace &space,
                                    ArrayRef<size_t> valueIndices) {
  SmallVector<NamedAttribute> entries;
  for (auto [decision, index] : llvm::zip_equal(space.decisions, valueIndices)) {
    int64_t value = decision.domain[index];
    Attribute attr = decision.isBool ? Attribute(builder.getBoolAttr(value != 0))
                                     : Attribute(builder.getI64IntegerAttr(value));
    entries.push_back(builder.getNamedAttr(decision.name, attr));
  }
  return builder.getDictionaryAttr(entries);
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
    learn::Policy policy;
    if (!this->policy.empty()) {
      llvm::Expected<learn::Policy> loaded = learn::Policy::load(this->policy);
      if (!loaded) {
        module.emitError() << llvm::toString(loaded.takeError());
        return signalPassFailure();
      }
      policy = std::move(*loaded);
    }

    SmallVector<TaskOp> tasks(module.getOps<TaskOp>());
    std::vector<std::string> texts;
    for (TaskOp task : tasks)
      texts.push_back(codegen::taskAsText(task));
    std::vector<codegen::SpaceResult> spaces =
        codegen::scheduleSpaces(getContext().getDialectRegistry(), texts);

    SymbolTable symbols(module);
    llvm::DenseMap<Operation *, Operation *> insertAfter =
        kopt::candidateInsertionPoints(module, symbols);
    OpBuilder builder(&getContext());
    for (auto [task, space] : llvm::zip_equal(tasks, spaces)) {
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
      for (unsigned i = 0; i < n; ++i) {
        learn::PolicySample drawn = policy.sample(*space.space, features, rng, temperature);
        double sum = 0;
        for (double logProb : drawn.logProbs)
          sum += logProb;
        std::string name = kopt::freshCandidateName(symbols, task.getSymName(), "_s", next);
        Operation *&after = insertAfter[task];
        builder.setInsertionPointAfter(after);
        auto candidate = CandidateOp::create(
            builder, task.getLoc(), name, task.getSymName(), CandidateOrigin::Policy,
            decisionsAttr(builder, *space.space, drawn.valueIndices), /*source=*/nullptr,
            LogProbAttr::get(&getContext(), llvm::APFloat(sum),
                             static_cast<int64_t>(drawn.logProbs.size())),
            /*ptx=*/nullptr, /*launch=*/nullptr, /*features=*/nullptr, /*verdict=*/nullptr,
            /*time=*/nullptr, /*speedup=*/nullptr, /*selected=*/nullptr);
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
