//===- MeasurementsPasses.cpp - kb-export-measurements, kb-recorded-rewards ===//
#include "kb/KbOps.h"
#include "kopt/Passes/Candidates.h"
#include "kopt/Passes/Measurements.h"
#include "kopt/Passes/Passes.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

namespace kopt {
#define GEN_PASS_DEF_KBEXPORTMEASUREMENTS
#define GEN_PASS_DEF_KBRECORDEDREWARDS
#include "kopt/Passes/Passes.h.inc"
} // namespace kopt

using namespace mlir;
using namespace kb;

namespace {
struct KbExportMeasurementsPass
    : kopt::impl::KbExportMeasurementsBase<KbExportMeasurementsPass> {
  using KbExportMeasurementsBase::KbExportMeasurementsBase;

  void runOnOperation() override {
    std::error_code error;
    std::optional<llvm::raw_fd_ostream> file;
    if (this->file != "-") {
      file.emplace(this->file, error, llvm::sys::fs::OF_Append | llvm::sys::fs::OF_Text);
      if (error) {
        getOperation().emitError() << "kb-export-measurements: cannot write '" << this->file
                                   << "': " << error.message();
        return signalPassFailure();
      }
    }
    llvm::raw_ostream &os = file ? *file : llvm::outs();
    for (const kopt::TaskCandidates &entry : kopt::collectTaskCandidates(getOperation()))
      for (CandidateOp candidate : entry.candidates)
        os << llvm::json::Value(kopt::measurementOf(candidate)) << '\n';
    os.flush();
    markAllAnalysesPreserved();
  }
};

struct KbRecordedRewardsPass : kopt::impl::KbRecordedRewardsBase<KbRecordedRewardsPass> {
  using KbRecordedRewardsBase::KbRecordedRewardsBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (!table_) {
      llvm::Expected<kopt::RewardTable> loaded = kopt::RewardTable::load(table);
      if (!loaded) {
        module.emitError() << "kb-recorded-rewards: " << llvm::toString(loaded.takeError());
        return signalPassFailure();
      }
      table_ = std::make_shared<kopt::RewardTable>(std::move(*loaded));
    }
    MLIRContext *context = &getContext();
    for (kopt::TaskCandidates &entry : kopt::collectTaskCandidates(module)) {
      for (CandidateOp candidate : entry.candidates) {
        if (candidate.getVerdictAttr() || !candidate.getDecisionsAttr())
          continue;
        SmallVector<std::string> unrecorded;
        const kopt::RecordedOutcome *outcome =
            table_->find(entry.task.getSymName(), candidate.getDecisionsAttr(), unrecorded);
        if (!outcome) {
          candidate.emitError() << "kb-recorded-rewards: '" << table << "' records no "
                                << "measurement of @" << entry.task.getSymName() << " with "
                                << kopt::decisionsKey(candidate.getDecisionsAttr());
          signalPassFailure();
          continue;
        }
        // Said once per task and pass instance: the learning passes run this one every step.
        if (!unrecorded.empty() && warned_.insert(entry.task.getSymName()).second)
          module.emitWarning() << "kb-recorded-rewards: '" << table << "' records no "
                               << llvm::join(unrecorded, ", ") << " for @"
                               << entry.task.getSymName()
                               << ": its outcomes stand for every value of "
                               << (unrecorded.size() == 1 ? "it" : "them");
        candidate.setVerdictAttr(VerdictAttr::get(context, outcome->verdict, outcome->detail));
        if (outcome->medianUs && outcome->q1Us && outcome->q3Us)
          candidate.setTimeAttr(TimingAttr::get(context, llvm::APFloat(*outcome->medianUs),
                                                llvm::APFloat(*outcome->q1Us),
                                                llvm::APFloat(*outcome->q3Us), outcome->n));
        if (outcome->speedup)
          candidate.setSpeedupAttr(FloatAttr::get(Float64Type::get(context), *outcome->speedup));
        if (outcome->speedupTF32)
          candidate.setSpeedupTf32Attr(
              FloatAttr::get(Float64Type::get(context), *outcome->speedupTF32));
      }
    }
  }

  // Read once per pass instance: the learning passes run this one every step.
  std::shared_ptr<kopt::RewardTable> table_;
  llvm::StringSet<> warned_;
};
} // namespace
