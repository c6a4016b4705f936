//===- Summary.h - machine-readable selection summary -----------*- C++ -*-===//
#ifndef KOPT_PASSES_SUMMARY_H
#define KOPT_PASSES_SUMMARY_H

#include "mlir/IR/BuiltinOps.h"
#include "llvm/Support/raw_ostream.h"

namespace kopt {

/// Prints a JSON array with one object per task: its name, candidate and verdict counts, the
/// selected candidate (or null), the strategy that chose it, how many timings it read, the
/// selected candidate's speedup over eager at fp32 (KernelBench's convention) with its interval,
/// its speedup over eager with TF32 allowed (`speedup_tf32`, matched precision) with its interval
/// where that was timed, and whether the selection is a success (correct and speedup > 1 over
/// eager at fp32; null when no speedup is known).
void printSelectionSummary(mlir::ModuleOp module, llvm::raw_ostream &os);

/// True when every task of the module has a selected candidate.
bool everyTaskSelected(mlir::ModuleOp module);

} // namespace kopt

#endif // KOPT_PASSES_SUMMARY_H
