//===- TagFeaturesPass.cpp - kb-tag-features ------------------------------===//
#include "kb/KbOps.h"
#include "kopt/Features/PtxFeatures.h"
#include "kopt/Passes/Passes.h"
#include "kopt/Toolchain/Ptxas.h"

#include "mlir/IR/Threading.h"
#include "llvm/ADT/MapVector.h"

namespace kopt {
#define GEN_PASS_DEF_KBTAGFEATURES
#include "kopt/Passes/Passes.h.inc"
} // namespace kopt

using namespace mlir;
using namespace kb;
using namespace kopt::features;
using namespace kopt::toolchain;

namespace {
/// One distinct PTX text, analysed once however many candidates share it.
struct Analysis {
  PtxModule module;
  std::optional<PtxasReport> ptxas;
};

struct KbTagFeaturesPass : kopt::impl::KbTagFeaturesBase<KbTagFeaturesPass> {
  using KbTagFeaturesBase::KbTagFeaturesBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    // Identical PTX texts are one uniqued StringAttr: candidates of one source file share it.
    llvm::MapVector<StringAttr, SmallVector<CandidateOp>> byPtx;
    module.walk([&](CandidateOp candidate) {
      if (candidate.getPtxAttr() && !candidate.getFeaturesAttr())
        byPtx[candidate.getPtxAttr()].push_back(candidate);
    });
    if (byPtx.empty())
      return;

    llvm::Expected<PtxasLookup> lookup = findPtxas(ptxas);
    if (!lookup) {
      emitError(module.getLoc()) << "kb-tag-features: " << llvm::toString(lookup.takeError());
      return signalPassFailure();
    }
    const std::optional<std::string> &ptxasPath = lookup->path;
    if (!ptxasPath && !lookup->turnedOff)
      emitRemark(module.getLoc())
          << "kb-tag-features: no ptxas found (ptxas=PATH, $" << kPtxasEnvVar
          << ", /usr/local/cuda/bin/ptxas, PATH); registers, stack and spills are not tagged "
             "(ptxas=none: no ptxas, no remark)";

    std::vector<Analysis> analyses(byPtx.size());
    parallelFor(&getContext(), 0, byPtx.size(), [&](size_t i) {
      StringRef ptx = byPtx.begin()[i].first.getValue();
      analyses[i].module = analyzePtx(ptx);
      if (ptxasPath)
        analyses[i].ptxas = runPtxas(*ptxasPath, ptx, analyses[i].module.target);
    });
    for (auto [entry, analysis] : llvm::zip(byPtx, analyses))
      for (CandidateOp candidate : entry.second)
        candidate.setFeaturesAttr(tag(candidate, analysis));
  }

  /// The features of the kernels `candidate` launches, or of every kernel when it names none that
  /// the PTX defines.
  DictionaryAttr tag(CandidateOp candidate, const Analysis &analysis) {
    SmallVector<const PtxKernel *> kernels;
    if (LaunchPlanAttr plan = candidate.getLaunchAttr())
      for (LaunchAttr launch : plan.getLaunches()) {
        const PtxKernel *kernel = analysis.module.find(launch.getEntry());
        if (!kernel)
          emitWarning(candidate.getLoc())
              << "candidate @" << candidate.getSymName() << " launches '" << launch.getEntry()
              << "', which its PTX does not define";
        else if (!llvm::is_contained(kernels, kernel))
          kernels.push_back(kernel);
      }
    if (kernels.empty())
      for (const PtxKernel &kernel : analysis.module.kernels)
        kernels.push_back(&kernel);

    SmallVector<PtxFeatures> ptx;
    SmallVector<PtxasKernelInfo> ptxas;
    for (const PtxKernel *kernel : kernels) {
      ptx.push_back(kernel->features);
      if (analysis.ptxas && analysis.ptxas->error.empty())
        if (auto it = analysis.ptxas->kernels.find(kernel->name);
            it != analysis.ptxas->kernels.end())
          ptxas.push_back(it->second);
    }

    Builder builder(&getContext());
    SmallVector<NamedAttribute> features;
    auto add = [&](const std::vector<NamedFeature> &named) {
      for (auto [key, value] : named)
        features.push_back(builder.getNamedAttr(key, builder.getI64IntegerAttr(value)));
    };
    add(namedFeatures(combineKernels(ptx)));
    if (!ptxas.empty())
      add(namedFeatures(combineKernels(ptxas)));
    if (analysis.ptxas && !analysis.ptxas->error.empty())
      features.push_back(builder.getNamedAttr(kPtxasErrorKey,
                                              builder.getStringAttr(analysis.ptxas->error)));
    return builder.getDictionaryAttr(features);
  }
};
} // namespace
