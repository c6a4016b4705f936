//===- LaunchPlan.h - launch plans as plain data ----------------*- C++ -*-===//
//
// What a compiled candidate is: PTX text and the launches that run it. Plain data, so that
// candidates compile in worker threads with their own MLIR contexts; kb.launch_plan attributes
// are made from it in the pass's context. Also the `// kopt-launch:` comments that give a CUDA
// C++ candidate its plan.
//
//===----------------------------------------------------------------------===//
#ifndef KOPT_CODEGEN_LAUNCHPLAN_H
#define KOPT_CODEGEN_LAUNCHPLAN_H

#include "kb/KbAttrs.h"
#include "kopt_runner_protocol.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace kopt::codegen {

/// One launch: entry, grid, block, dynamic shared memory and argument bindings, as the runner
/// protocol defines it (the same struct kopt-runner launches).
using Launch = protocol::Launch;

struct LaunchPlan {
  std::vector<Launch> launches;
  std::vector<int64_t> scratchBytes;
};

/// A compiled candidate.
struct Kernel {
  std::string ptx;
  LaunchPlan plan;
};

/// The plan in the `// kopt-launch:` and `// kopt-scratch:` comment lines of CUDA C++ source,
/// or std::nullopt when it has none. One line per launch, in launch order:
///
///   // kopt-launch: ENTRY grid(X[,Y[,Z]]) block(X[,Y[,Z]]) [smem(BYTES)] args(A, B, ...)
///   // kopt-scratch: BYTES[, BYTES...]
///
/// Missing grid/block dimensions are 1, smem defaults to 0. args bind the kernel's parameters in
/// order: a task input or output by name, `scratchN` (the N-th size of the kopt-scratch line), or
/// an immediate `i32:N`, `i64:N`, `f32:X`, `f64:X`. Errors name `fileName` and the line.
llvm::Expected<std::optional<LaunchPlan>> parseLaunchComments(llvm::StringRef source,
                                                              llvm::StringRef fileName);

/// Checks the plan as the kb dialect's verifiers would (see toAttr), and that every argument is
/// one of `buffers` (the task's inputs and outputs), a scratch buffer of the plan or an immediate.
llvm::Error checkLaunchPlan(mlir::MLIRContext *context, const LaunchPlan &plan,
                            llvm::ArrayRef<std::string> buffers);

LaunchPlan fromAttr(kb::LaunchPlanAttr attr);
/// Fails with the attribute verifier's message (e.g. a block of more than 1024 threads).
llvm::Expected<kb::LaunchPlanAttr> toAttr(mlir::MLIRContext *context, const LaunchPlan &plan);

} // namespace kopt::codegen

#endif // KOPT_CODEGEN_LAUNCHPLAN_H
