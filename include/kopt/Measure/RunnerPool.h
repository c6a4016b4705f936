//===- RunnerPool.h - tasks shared over several runners ---------*- C++ -*-===//
//
// kb-verify and kb-time over a pool of runners, one per GPU: each runner has a session of its own
// (its runner, its handle on the result cache) and takes whole tasks, so that a task's
// measurements and its eager baseline come from one device.
//
//===----------------------------------------------------------------------===//
#ifndef KOPT_MEASURE_RUNNERPOOL_H
#define KOPT_MEASURE_RUNNERPOOL_H

#include "kb/KbOps.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace kopt {

/// The commands of the pass's pool (runner::poolCommands), or failure after an error at `module`.
/// A pool of more than one needs MLIR's multithreading: its runners' threads write to the IR.
mlir::FailureOr<std::vector<std::string>> openPool(mlir::ModuleOp module, llvm::StringRef pass,
                                                   llvm::StringRef runnerOption, int64_t runners);

/// How long a task's `candidates` measurements take, roughly, for ordering a pool's work: their
/// number times the task's roofline (its least bytes, or its flops at 16 per byte, whichever is
/// more).
double taskWeight(kb::TaskOp task, size_t candidates);

/// Runs `work(runner, task)` for tasks 0..weights.size()-1 on `runners` runners. With one, in
/// order on this thread. With more, each runner's thread takes the heaviest task left whenever it
/// is free, so that a slow runner holds up no other. A runner whose `work` returns false (it can
/// no longer be reached) takes no more tasks; the others go on with the rest.
void shareTasks(size_t runners, llvm::ArrayRef<double> weights,
                llvm::function_ref<bool(size_t runner, size_t task)> work);

/// "runner 2/4" for the second of four runners' progress lines; "" for a pool of one.
std::string runnerLabel(size_t runner, size_t runners);

} // namespace kopt

#endif // KOPT_MEASURE_RUNNERPOOL_H
