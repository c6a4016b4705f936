//===- SelectPass.cpp - kb-select -----------------------------------------===//
#include "kb/KbOps.h"
#include "kopt/Passes/Candidates.h"
#include "kopt/Passes/Passes.h"
#include "kopt/Select/Strategy.h"

namespace kopt {
#define GEN_PASS_DEF_KBSELECT
#include "kopt/Passes/Passes.h.inc"
} // namespace kopt

using namespace mlir;
using namespace kb;

namespace {
struct KbSelectPass : kopt::impl::KbSelectBase<KbSelectPass> {
  using KbSelectBase::KbSelectBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    llvm::Expected<kopt::select::Strategy> strategy =
        kopt::select::Strategy::parse(this->strategy);
    if (!strategy) {
      module.emitError() << llvm::toString(strategy.takeError());
      return signalPassFailure();
    }
    for (kopt::TaskCandidates &entry : kopt::collectTaskCandidates(module))
      if (failed(selectFor(entry, *strategy)))
        signalPassFailure();
  }

  LogicalResult selectFor(kopt::TaskCandidates &entry,
                          const kopt::select::Strategy &strategy) {
    llvm::Expected<kopt::select::Selection> selection =
        kopt::select::select(strategy, kopt::toRecords(entry.candidates), seed);
    if (!selection) {
      llvm::handleAllErrors(selection.takeError(),
                            [&](const kopt::select::CandidateError &error) {
                              entry.candidates[error.index].emitError(error.message);
                            });
      return failure();
    }
    for (CandidateOp candidate : entry.candidates)
      candidate.removeSelectedAttr();
    if (!selection->chosen) {
      entry.task.emitWarning() << "no correct candidate among " << entry.candidates.size()
                               << "; nothing selected";
      return success();
    }
    entry.candidates[*selection->chosen].setSelectedAttr(SelectionAttr::get(
        &getContext(), strategy.name(), static_cast<int64_t>(selection->timed.size())));
    return success();
  }
};
} // namespace
