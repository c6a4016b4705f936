//===- Candidates.h - reading candidates out of the IR ----------*- C++ -*-===//
#ifndef KOPT_PASSES_CANDIDATES_H
#define KOPT_PASSES_CANDIDATES_H

#include "kb/KbOps.h"
#include "kopt/Select/Strategy.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/DenseMap.h"

#include <string>

#include <vector>

namespace kopt {

/// A task and its candidates, in sample order (the order they appear in the module).
struct TaskCandidates {
  kb::TaskOp task;
  llvm::SmallVector<kb::CandidateOp> candidates;
};

/// Every task of the module and of the modules nested in it, in order, each with its candidates.
std::vector<TaskCandidates> collectTaskCandidates(mlir::ModuleOp module);

/// A candidate's kernel: its PTX and launch plan (null attributes where it has none). Samples
/// whose decisions meet in one kernel have one.
inline std::pair<mlir::Attribute, mlir::Attribute> kernelOf(kb::CandidateOp candidate) {
  return {candidate.getPtxAttr(), candidate.getLaunchAttr()};
}

/// What selection needs of each candidate.
std::vector<select::CandidateRecord> toRecords(llvm::ArrayRef<kb::CandidateOp> candidates);

/// Where new candidates of each task of the module's body go, keyed by the task: after the last
/// of the task and its candidates, so that sample order is kept.
llvm::DenseMap<mlir::Operation *, mlir::Operation *>
candidateInsertionPoints(mlir::ModuleOp module, mlir::SymbolTable &symbols);

/// The first `<task><infix><N>` not yet a symbol, N counting up from `next`, which is left past
/// it.
std::string freshCandidateName(mlir::SymbolTable &symbols, llvm::StringRef task,
                               llvm::StringRef infix, unsigned &next);

} // namespace kopt

#endif // KOPT_PASSES_CANDIDATES_H
