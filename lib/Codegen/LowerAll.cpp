//===- LowerAll.cpp - candidates compiled on worker threads ---------------===//
#include "TaskLowering.h"
#include "kopt/Codegen/CudaSource.h"
#include "kopt/Codegen/Lower.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/ThreadPool.h"
#include "llvm/Support/Threading.h"

#include <atomic>
#include <cstdlib>
#include <map>
#include <mutex>

using namespace mlir;
using namespace kopt::codegen;

std::string kopt::codegen::resolveCudaPath(StringRef option) {
  if (!option.empty())
    return option.str();
  if (const char *path = std::getenv("CUDA_PATH"); path && *path)
    return path;
  return "/usr/local/cuda";
}

/// `file:line:col: ` for the first file location in `location`, if any.
static std::string locationPrefix(Location location) {
  std::string prefix;
  location->walk([&](Location inner) {
    if (auto file = dyn_cast<FileLineColLoc>(inner)) {
      prefix = llvm::formatv("{0}:{1}:{2}: ", file.getFilename(), file.getLine(),
                             file.getColumn())
                   .str();
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  return prefix;
}

namespace {
/// A thread's MLIR context and the tasks parsed into it.
class Worker {
public:
  Worker(const DialectRegistry &registry, ArrayRef<std::string> tasks, const Target &target)
      : context(registry, MLIRContext::Threading::DISABLED), tasks(tasks), target(target) {
    context.printOpOnDiagnostic(false); // a verdict carries the message, not an IR dump
  }

  LowerResult run(const LowerJob &job) {
    std::string errors;
    ScopedDiagnosticHandler handler = collectErrors(errors);
    kb::TaskOp task = parsedTask(job.task);
    if (!task)
      return {std::nullopt, errors};
    if (!job.decisions) {
      llvm::Expected<Kernel> kernel =
          compileCudaCandidate(task, job.name, job.source, job.plan, target);
      if (!kernel)
        return {std::nullopt, llvm::toString(kernel.takeError())};
      return {std::move(*kernel), ""};
    }
    const TaskLowering *lowering = loweringOf(job.task);
    FailureOr<Kernel> kernel = lowering
                                   ? lowerCandidate(task, *lowering, *job.decisions, target)
                                   : FailureOr<Kernel>(failure());
    if (failed(kernel))
      return {std::nullopt, errors.empty() ? "lowering failed without a diagnostic" : errors};
    return {std::move(*kernel), ""};
  }

  SpaceResult space(size_t index) {
    std::string errors;
    ScopedDiagnosticHandler handler = collectErrors(errors);
    const TaskLowering *lowering = loweringOf(index);
    if (!lowering)
      return {nullptr, errors};
    return {lowering->space, ""};
  }

private:
  /// Appends the error diagnostics of the context, with their notes, to `errors`.
  ScopedDiagnosticHandler collectErrors(std::string &errors) {
    return ScopedDiagnosticHandler(&context, [&errors](Diagnostic &diagnostic) {
      if (diagnostic.getSeverity() == DiagnosticSeverity::Error)
        append(errors, diagnostic, "error");
      return success();
    });
  }

  static void append(std::string &out, Diagnostic &diagnostic, StringRef severity) {
    if (!out.empty())
      out += '\n';
    out += locationPrefix(diagnostic.getLocation()) + severity.str() + ": " + diagnostic.str();
    for (Diagnostic &note : diagnostic.getNotes())
      append(out, note, "note");
  }

  kb::TaskOp parsedTask(size_t index) {
    OwningOpRef<ModuleOp> &module = parsed[index];
    if (!module)
      module = parseSourceString<ModuleOp>(tasks[index], &context);
    if (!module)
      return nullptr;
    auto ops = module->getOps<kb::TaskOp>();
    return ops.empty() ? nullptr : *ops.begin();
  }

  /// The task's lowering, found once per worker: which family takes the payload, or which cut
  /// into stages (each candidate would search again: every family's analysis, every cut).
  /// Null where there is none; the context has the diagnostics then.
  const TaskLowering *loweringOf(size_t index) {
    auto found = lowerings.find(index);
    if (found != lowerings.end())
      return &found->second;
    kb::TaskOp task = parsedTask(index);
    if (!task)
      return nullptr;
    FailureOr<TaskLowering> lowering = lowerTaskOf(task, kernelName(task.getSymName()));
    if (failed(lowering))
      return nullptr; // not kept: each candidate's verdict repeats the diagnostics
    return &lowerings.emplace(index, std::move(*lowering)).first->second;
  }

  MLIRContext context;
  ArrayRef<std::string> tasks;
  const Target &target;
  std::map<size_t, OwningOpRef<ModuleOp>> parsed;
  std::map<size_t, TaskLowering> lowerings;
};
} // namespace

std::vector<LowerResult>
kopt::codegen::lowerAll(const DialectRegistry &registry, ArrayRef<std::string> tasks,
                        ArrayRef<LowerJob> jobs, const Target &target, unsigned threads,
                        llvm::function_ref<void(size_t, const LowerResult &)> onDone) {
  DialectRegistry full;
  registry.appendTo(full);
  registerLoweringDialects(full);

  std::vector<LowerResult> results(jobs.size());
  if (jobs.empty())
    return results;
  if (llvm::Error error = validateTarget(target)) {
    std::string message = llvm::toString(std::move(error));
    for (auto [i, result] : llvm::enumerate(results)) {
      result.error = message;
      if (onDone)
        onDone(i, result);
    }
    return results;
  }
  std::atomic<size_t> next{0};
  std::mutex doneMutex;
  auto work = [&] {
    Worker worker(full, tasks, target);
    for (size_t i; (i = next++) < jobs.size();) {
      results[i] = worker.run(jobs[i]);
      if (onDone) {
        std::lock_guard<std::mutex> lock(doneMutex);
        onDone(i, results[i]);
      }
    }
  };
  size_t workers = threads ? threads : llvm::hardware_concurrency().compute_thread_count();
  workers = std::min(workers, jobs.size());
  if (workers <= 1) {
    work();
    return results;
  }
  llvm::DefaultThreadPool pool(llvm::hardware_concurrency(workers));
  for (size_t w = 0; w < workers; ++w)
    pool.async(work);
  pool.wait();
  return results;
}

std::vector<SpaceResult> kopt::codegen::scheduleSpaces(const DialectRegistry &registry,
                                                       ArrayRef<std::string> tasks) {
  DialectRegistry full;
  registry.appendTo(full);
  registerLoweringDialects(full);
  Target unused; // the family does not depend on the target
  Worker worker(full, tasks, unused);
  std::vector<SpaceResult> results;
  for (size_t i = 0; i < tasks.size(); ++i)
    results.push_back(worker.space(i));
  return results;
}

std::string kopt::codegen::taskAsText(kb::TaskOp task) {
  OwningOpRef<ModuleOp> holder = ModuleOp::create(task.getLoc());
  holder->getBody()->push_back(task->clone());
  std::string text;
  llvm::raw_string_ostream os(text);
  holder->print(os, OpPrintingFlags().enableDebugInfo(/*enable=*/true, /*prettyForm=*/false));
  return text;
}
