//===- SetTolerancePass.cpp - kb-set-tolerance -----------------------------===//
#include "kb/KbOps.h"
#include "kopt/Passes/Passes.h"

#include "llvm/ADT/StringSwitch.h"

#include <optional>

namespace kopt {
#define GEN_PASS_DEF_KBSETTOLERANCE
#include "kopt/Passes/Passes.h.inc"
} // namespace kopt

using namespace mlir;
using namespace kb;

namespace {
struct KbSetTolerancePass : kopt::impl::KbSetToleranceBase<KbSetTolerancePass> {
  using KbSetToleranceBase::KbSetToleranceBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    std::optional<double> tolerance = llvm::StringSwitch<std::optional<double>>(preset)
                                          .Case("kernelbench", 1e-4)
                                          .Case("loose", 1e-2)
                                          .Default(std::nullopt);
    if (!tolerance) {
      emitError(module.getLoc()) << "kb-set-tolerance: unknown preset '" << preset
                                 << "' (kernelbench or loose)";
      return signalPassFailure();
    }
    // Candidates that depend on the tolerance already: compiled (TF32 or not) or judged.
    DenseSet<StringRef> settled;
    module.walk([&](CandidateOp candidate) {
      VerdictAttr verdict = candidate.getVerdictAttr();
      if (candidate.getPtxAttr() || (verdict && verdict.getKind() != VerdictKind::ParseError))
        settled.insert(candidate.getTask());
    });
    module.walk([&](TaskOp task) {
      if (settled.contains(task.getSymName())) {
        task.emitError() << "kb-set-tolerance: task @" << task.getSymName()
                         << " has candidates compiled or judged under its tolerance; set the "
                            "tolerance before kb-lower-to-ptx";
        return signalPassFailure();
      }
      Builder b(task.getContext());
      task.setAtolAttr(b.getF64FloatAttr(*tolerance));
      task.setRtolAttr(b.getF64FloatAttr(*tolerance));
    });
  }
};
} // namespace
