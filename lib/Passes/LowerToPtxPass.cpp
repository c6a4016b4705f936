//===- LowerToPtxPass.cpp - kb-lower-to-ptx -------------------------------===//
#include "kb/KbOps.h"
#include "kopt/Codegen/CudaSource.h"
#include "kopt/Codegen/Lower.h"
#include "kopt/Passes/Candidates.h"
#include "kopt/Passes/Passes.h"
#include "kopt/Measure/RunnerSession.h"

#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/DenseMap.h"

namespace kopt {
#define GEN_PASS_DEF_KBLOWERTOPTX
#include "kopt/Passes/Passes.h.inc"
} // namespace kopt

using namespace mlir;
using namespace kb;
namespace codegen = kopt::codegen;

namespace {
struct KbLowerToPtxPass : kopt::impl::KbLowerToPtxBase<KbLowerToPtxPass> {
  using KbLowerToPtxBase::KbLowerToPtxBase;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    codegen::Target target{chip, sms, cudaPath, clang, cudaCompiler,
                           {cudaTimeLimit, cudaMemoryLimit}};
    llvm::Error error = codegen::validateTarget(target);
    if (!error)
      error = codegen::checkCudaOptions(target);
    if (error) {
      module.emitError() << "kb-lower-to-ptx: " << llvm::toString(std::move(error));
      return signalPassFailure();
    }

    // One result per distinct (task, decisions or source, plan); candidates point at theirs.
    std::vector<std::string> tasks;
    std::vector<codegen::LowerJob> jobs;
    std::vector<codegen::LowerResult> results;
    std::vector<size_t> resultOfJob;
    SmallVector<std::pair<CandidateOp, size_t>> pending;
    llvm::DenseMap<std::tuple<Operation *, Attribute, Attribute>, size_t> resultOf;
    SmallVector<std::string> taskNames;
    for (kopt::TaskCandidates &entry : kopt::collectTaskCandidates(module)) {
      std::optional<size_t> taskIndex;
      for (CandidateOp candidate : entry.candidates) {
        if (candidate.getPtxAttr() || candidate.getVerdictAttr())
          continue;
        if (!taskIndex) {
          taskIndex = tasks.size();
          tasks.push_back(codegen::taskAsText(entry.task));
          taskNames.push_back(entry.task.getSymName().str());
        }
        Attribute what = candidate.getDecisionsAttr() ? Attribute(candidate.getDecisionsAttr())
                                                      : Attribute(candidate.getSourceAttr());
        auto [it, isNew] = resultOf.try_emplace(
            std::make_tuple(entry.task.getOperation(), what, Attribute(candidate.getLaunchAttr())),
            results.size());
        pending.emplace_back(candidate, it->second);
        if (!isNew)
          continue;
        results.emplace_back();
        std::optional<codegen::LowerJob> job = makeJob(candidate, *taskIndex, results.back());
        if (job) {
          resultOfJob.push_back(it->second);
          jobs.push_back(std::move(*job));
        }
      }
    }
    if (pending.empty())
      return;

    {
      std::string label = taskNames.size() == 1 ? taskNames.front()
                                                : std::to_string(taskNames.size()) + " tasks";
      kopt::Progress progress(&getContext(), "kb-lower-to-ptx", label, jobs.size());
      std::vector<codegen::LowerResult> compiled = codegen::lowerAll(
          getContext().getDialectRegistry(), tasks, jobs, target, threads,
          [&](size_t job, const codegen::LowerResult &result) {
            progress.step(jobs[job].name, result.kernel ? "ptx" : "compile_error");
          });
      for (auto [job, result] : llvm::enumerate(compiled))
        results[resultOfJob[job]] = std::move(result);
    }

    for (auto [candidate, index] : pending) {
      codegen::LowerResult &result = results[index];
      if (result.kernel) {
        llvm::Expected<LaunchPlanAttr> plan = codegen::toAttr(&getContext(), result.kernel->plan);
        if (plan) {
          candidate.setPtxAttr(StringAttr::get(&getContext(), result.kernel->ptx));
          candidate.setLaunchAttr(*plan);
          continue;
        }
        result.error = "launch plan: " + llvm::toString(plan.takeError());
      }
      candidate.setVerdictAttr(
          VerdictAttr::get(&getContext(), VerdictKind::CompileError, result.error));
    }
  }

  /// The job that compiles `candidate`, or none when it cannot be compiled at all (`result` then
  /// says why).
  static std::optional<codegen::LowerJob> makeJob(CandidateOp candidate, size_t task,
                                                  codegen::LowerResult &result) {
    codegen::LowerJob job;
    job.task = task;
    job.name = candidate.getSymName().str();
    if (DictionaryAttr decisions = candidate.getDecisionsAttr()) {
      llvm::Expected<codegen::DecisionList> list = codegen::toDecisionList(decisions);
      if (!list) {
        result.error = llvm::toString(list.takeError());
        return std::nullopt;
      }
      job.decisions = std::move(*list);
    } else {
      job.source = candidate.getSource()->str();
    }
    if (LaunchPlanAttr plan = candidate.getLaunchAttr())
      job.plan = codegen::fromAttr(plan);
    return job;
  }
};
} // namespace
