//===- Lower.h - candidates to PTX ------------------------------*- C++ -*-===//
//
// Compiles candidates to PTX and launch plans: a policy candidate by building its family's kernel
// from the task's payload and lowering it through GPU -> NVVM -> LLVM's NVPTX back end, in
// process; a CUDA C++ candidate with clang, NVRTC or nvcc. lowerAll() compiles many in parallel,
// each worker thread with an MLIR context of its own (the task travels to it as text), so results
// depend only on the candidate and come back in job order. A failure is a result carrying the
// diagnostic.
//
//===----------------------------------------------------------------------===//
#ifndef KOPT_CODEGEN_LOWER_H
#define KOPT_CODEGEN_LOWER_H

#include "kb/KbOps.h"
#include "kopt/Codegen/CudaSandbox.h"
#include "kopt/Codegen/LaunchPlan.h"
#include "kopt/Codegen/ScheduleSpace.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/STLFunctionalExtras.h"

#include <optional>
#include <string>
#include <vector>

namespace kopt::codegen {

/// What kernels are compiled for.
struct Target {
  std::string chip = "sm_90";
  int64_t numSMs = 132; // grid-stride grids are blocks_per_sm x this (132: H100 SXM, H200)
  std::string cudaPath; // CUDA toolkit (libdevice, clang's --cuda-path); see resolveCudaPath
  std::string clang;    // clang++ for CUDA C++; see resolveClang
  std::string cudaCompiler = "auto"; // auto, clang, nvrtc or nvcc; see compileCudaCandidate
  CompileLimits cudaLimits;          // what compiling one CUDA C++ candidate may spend
};

/// `option` if set, else $CUDA_PATH, else /usr/local/cuda. (Deliberately not CUDA_HOME or
/// CUDA_ROOT: a stale one of those must not change what kopt compiles.)
std::string resolveCudaPath(llvm::StringRef option);

/// Checks that the NVPTX back end knows the chip (and initializes it, once per process).
llvm::Error validateTarget(const Target &target);

/// Adds what lowering needs to a registry: dialects, bufferization and conversion interfaces,
/// translations to LLVM IR. Registers only; loads nothing.
void registerLoweringDialects(mlir::DialectRegistry &registry);

/// The task's inputs then outputs, by name: what launches bind and kernels take, in this order.
std::vector<std::string> taskBufferNames(kb::TaskOp task);

/// The task's payload as `func.func @name(inputs..., outputs...)` on buffers, alone in a new module,
/// prepared as for a kernel (see Pipeline.h) and bufferized, each result written into its output
/// buffer, nothing returned; rank-0 inputs are passed by value. For running the payload on the
/// host (the consistency check of task files). Errors are emitted on the task's context.
mlir::FailureOr<mlir::OwningOpRef<mlir::ModuleOp>> payloadOnBuffers(kb::TaskOp task,
                                                                     llvm::StringRef name);

/// One candidate to compile.
struct LowerJob {
  size_t task = 0;                        // index into lowerAll's tasks
  std::string name;                       // the candidate's symbol (names the CUDA source file)
  std::optional<DecisionList> decisions;  // a policy candidate, else
  std::string source;                     // CUDA C++ source
  std::optional<LaunchPlan> plan;         // the plan the candidate already carries
};

struct LowerResult {
  std::optional<Kernel> kernel;
  std::string error; // the diagnostics, when there is no kernel
};

/// Compiles `jobs` on `threads` worker threads (0: one per hardware thread). `tasks` are modules
/// holding one kb.task each, as text printed with locations; they are parsed into each worker's
/// context, made from `registry` plus registerLoweringDialects. `onDone` is called once per job,
/// one call at a time, as jobs finish.
std::vector<LowerResult>
lowerAll(const mlir::DialectRegistry &registry, llvm::ArrayRef<std::string> tasks,
         llvm::ArrayRef<LowerJob> jobs, const Target &target, unsigned threads,
         llvm::function_ref<void(size_t, const LowerResult &)> onDone = {});

/// A task as lowerAll and scheduleSpaces take it: a module holding a copy of the task, as text
/// with locations.
std::string taskAsText(kb::TaskOp task);

/// The schedule space of a task's family, or why it has none.
struct SpaceResult {
  const ScheduleSpace *space = nullptr;
  std::string error; // the diagnostics, when there is no space
};

/// The family of each task (`tasks` as for lowerAll), decided as kb-lower-to-ptx decides it: from
/// the payload prepared for a kernel, in a context of its own. A task whose outputs no kernel can
/// write, or whose payload cannot be prepared, has none.
std::vector<SpaceResult> scheduleSpaces(const mlir::DialectRegistry &registry,
                                        llvm::ArrayRef<std::string> tasks);

} // namespace kopt::codegen

#endif // KOPT_CODEGEN_LOWER_H
