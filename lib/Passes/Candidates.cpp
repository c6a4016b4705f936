//===- Candidates.cpp - reading candidates out of the IR ------------------===//
#include "kopt/Passes/Candidates.h"

#include "llvm/ADT/DenseMap.h"

using namespace mlir;
using namespace kb;

std::vector<kopt::TaskCandidates> kopt::collectTaskCandidates(ModuleOp module) {
  std::vector<TaskCandidates> tasks;
  // A candidate refers to the task of its own symbol table (nested modules have their own).
  llvm::DenseMap<std::pair<Operation *, StringAttr>, size_t> indexOf;
  module.walk([&](TaskOp task) {
    indexOf[{task->getParentOp(), task.getSymNameAttr()}] = tasks.size();
    tasks.push_back({task, {}});
  });
  module.walk([&](CandidateOp candidate) {
    auto it = indexOf.find({candidate->getParentOp(), candidate.getTaskAttr().getAttr()});
    if (it != indexOf.end())
      tasks[it->second].candidates.push_back(candidate);
  });
  return tasks;
}

std::vector<kopt::select::CandidateRecord>
kopt::toRecords(llvm::ArrayRef<CandidateOp> candidates) {
  std::vector<select::CandidateRecord> records;
  records.reserve(candidates.size());
  llvm::DenseMap<std::pair<Attribute, Attribute>, size_t> kernels; // (PTX, launch) -> its number
  for (CandidateOp candidate : candidates) {
    select::CandidateRecord record;
    record.id = candidate.getSymName().str();
    if (candidate.getPtxAttr() && candidate.getLaunchAttr())
      record.kernel = kernels.try_emplace(kernelOf(candidate), kernels.size()).first->second;
    // A candidate a verification budget left out is settled too: not correct as far as any
    // strategy is concerned, and no reason to stop.
    if (VerdictAttr verdict = candidate.getVerdictAttr()) {
      record.verified = true;
      record.correct = verdict.isCorrect();
    }
    if (LogProbAttr logprob = candidate.getLogprobAttr())
      record.meanLogProb = logprob.getMean();
    if (TimingAttr time = candidate.getTimeAttr())
      record.timeUs = time.getMedian().convertToDouble();
    if (std::optional<llvm::APFloat> speedup = candidate.getSpeedup())
      record.speedup = speedup->convertToDouble();
    if (PredictionAttr predicted = candidate.getPredictedAttr())
      record.predictedSpeedup = predicted.getSpeedup().convertToDouble();
    records.push_back(std::move(record));
  }
  return records;
}

llvm::DenseMap<Operation *, Operation *> kopt::candidateInsertionPoints(ModuleOp module,
                                                                       SymbolTable &symbols) {
  llvm::DenseMap<Operation *, Operation *> insertAfter;
  for (Operation &op : module.getBody()->getOperations()) {
    if (auto task = dyn_cast<TaskOp>(op))
      insertAfter[task] = &op;
    else if (auto candidate = dyn_cast<CandidateOp>(op))
      if (auto task = symbols.lookup<TaskOp>(candidate.getTask()))
        insertAfter[task] = &op;
  }
  return insertAfter;
}

std::string kopt::freshCandidateName(SymbolTable &symbols, StringRef task, StringRef infix,
                                     unsigned &next) {
  std::string name;
  do
    name = (task + infix + llvm::Twine(next++)).str();
  while (symbols.lookup(name));
  return name;
}
