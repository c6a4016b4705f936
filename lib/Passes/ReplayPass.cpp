//===- ReplayPass.cpp - kb-replay -----------------------------------------===//
#include "kb/KbOps.h"
#include "kopt/Passes/Candidates.h"
#include "kopt/Passes/Passes.h"
#include "kopt/Passes/SampleCandidates.h"
#include "kopt/Sample/Replay.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringMap.h"

namespace kopt {
#define GEN_PASS_DEF_KBREPLAY
#include "kopt/Passes/Passes.h.inc"
} // namespace kopt

using namespace mlir;
using namespace kb;
namespace ks = kopt::sample;

namespace {
struct KbReplayPass : kopt::impl::KbReplayBase<KbReplayPass> {
  using KbReplayBase::KbReplayBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (samples.empty()) {
      module.emitError() << "kb-replay needs a samples file (samples=PATH)";
      return signalPassFailure();
    }
    llvm::Expected<ks::LogProbScope> scope = ks::parseLogProbScope(logprobs);
    if (!scope) {
      module.emitError() << llvm::toString(scope.takeError());
      return signalPassFailure();
    }
    llvm::Expected<std::vector<ks::Sample>> read = ks::readSamples(samples);
    if (!read) {
      module.emitError() << llvm::toString(read.takeError());
      return signalPassFailure();
    }

    if (failed(kopt::addSampleCandidates(module, *read, *scope, CandidateOrigin::Replay, "_r")))
      return signalPassFailure();
  }
};
} // namespace

LogicalResult kopt::addSampleCandidates(ModuleOp module, ArrayRef<ks::Sample> samples,
                                        ks::LogProbScope scope, CandidateOrigin origin,
                                        StringRef infix) {
  MLIRContext *context = module.getContext();
  // Everything is checked before anything is added.
  SymbolTable symbols(module);
  struct Planned {
    const ks::Sample *sample;
    TaskOp task;
    std::optional<ks::LogProbStats> stats;
  };
  std::vector<Planned> planned;
  bool failedAny = false;
  for (const ks::Sample &sample : samples) {
    auto task = symbols.lookup<TaskOp>(sample.task);
    if (!task) {
      module.emitError() << "sample " << sample.describe() << " names task @" << sample.task
                         << ", which is not a kb.task of the module";
      failedAny = true;
      continue;
    }
    llvm::Expected<std::optional<ks::LogProbStats>> stats = ks::logProbStats(sample, scope);
    if (!stats) {
      module.emitError() << llvm::toString(stats.takeError());
      failedAny = true;
      continue;
    }
    if (*stats && (!std::isfinite((*stats)->sum) || (*stats)->sum > 0)) {
      module.emitError() << "sample " << sample.describe()
                         << ": log-prob sum must be finite and <= 0, got " << (*stats)->sum;
      failedAny = true;
      continue;
    }
    planned.push_back({&sample, task, *stats});
  }
  if (failedAny)
    return failure();

  llvm::DenseMap<Operation *, Operation *> insertAfter =
      kopt::candidateInsertionPoints(module, symbols);

  llvm::StringMap<unsigned> next; // per task, the next N to try
  OpBuilder builder(context);
  for (Planned &entry : planned) {
    const ks::Sample &sample = *entry.sample;
    StringRef taskName = entry.task.getSymName();
    std::string name = kopt::freshCandidateName(symbols, taskName, infix, next[taskName]);

    ks::Extraction kernel = ks::extractKernel(sample.text);
    std::string source = kernel.code ? *kernel.code : sample.text;
    if (StringRef(source).trim().empty())
      source = "// (empty sample)\n";
    VerdictAttr verdict;
    if (!kernel.code)
      verdict = VerdictAttr::get(context, VerdictKind::ParseError, kernel.detail);
    LogProbAttr logprob;
    if (entry.stats)
      logprob = LogProbAttr::get(context, llvm::APFloat(entry.stats->sum), entry.stats->count);

    Location loc = FileLineColLoc::get(context, sample.file, sample.line, 1);
    Operation *&after = insertAfter[entry.task];
    builder.setInsertionPointAfter(after);
    auto candidate = CandidateOp::create(
        builder, loc, name, taskName, origin, /*decisions=*/nullptr,
        builder.getStringAttr(source), logprob, /*ptx=*/nullptr, /*launch=*/nullptr,
        /*features=*/nullptr, /*predicted=*/nullptr, verdict, /*time=*/nullptr,
        /*speedup=*/nullptr,
        /*speedup_interval=*/nullptr, /*speedup_tf32=*/nullptr,
        /*speedup_tf32_interval=*/nullptr, /*selected=*/nullptr);
    symbols.insert(candidate); // already in the module: only records the name
    after = candidate;
  }
  return success();
}
