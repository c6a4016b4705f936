//===- Candidates.h - reading candidates out of the IR ----------*- C++ -*-===//
#ifndef KOPT_PASSES_CANDIDATES_H
#define KOPT_PASSES_CANDIDATES_H

#include "kb/KbOps.h"
#include "kopt/Select/Strategy.h"

#include <vector>

namespace kopt {

/// A task and its candidates, in sample order (the order they appear in the module).
struct TaskCandidates {
  kb::TaskOp task;
  llvm::SmallVector<kb::CandidateOp> candidates;
};

/// Every task of the module and of the modules nested in it, in order, each with its candidates.
std::vector<TaskCandidates> collectTaskCandidates(mlir::ModuleOp module);

/// What selection needs of each candidate.
std::vector<select::CandidateRecord> toRecords(llvm::ArrayRef<kb::CandidateOp> candidates);

} // namespace kopt

#endif // KOPT_PASSES_CANDIDATES_H
