//===- SampleCandidates.h - LLM samples as candidates -----------*- C++ -*-===//
//
// Turns LLM samples (kopt/Sample/Replay.h) into `kb.candidate`s: the kernel out of each sample's
// text, its log-prob statistics, `parse_error` where the text has no code. Shared by kb-replay
// and kb-sample-server so that both make the same candidates out of the same samples.
//
//===----------------------------------------------------------------------===//
#ifndef KOPT_PASSES_SAMPLECANDIDATES_H
#define KOPT_PASSES_SAMPLECANDIDATES_H

#include "kb/KbOps.h"
#include "kopt/Sample/Replay.h"
#include "mlir/IR/BuiltinOps.h"

namespace kopt {

/// Adds one candidate `@<task><infix><N>` of the given origin per sample, after its task's
/// existing candidates, in order; N counts from 0 per task and skips names already taken. Checks
/// every sample first (its task is a kb.task of the module, its log-prob statistics are valid)
/// and adds nothing if one fails; errors are emitted on the module.
mlir::LogicalResult addSampleCandidates(mlir::ModuleOp module,
                                        llvm::ArrayRef<sample::Sample> samples,
                                        sample::LogProbScope scope, kb::CandidateOrigin origin,
                                        llvm::StringRef infix);

} // namespace kopt

#endif // KOPT_PASSES_SAMPLECANDIDATES_H
