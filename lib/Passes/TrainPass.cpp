//===- TrainPass.cpp - kb-train -------------------------------------------===//
#include "kb/KbOps.h"
#include "kopt/Learn/Train.h"
#include "kopt/Passes/Passes.h"
#include "kopt/Passes/Rollouts.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

#include <cmath>

namespace kopt {
#define GEN_PASS_DEF_KBTRAIN
#include "kopt/Passes/Passes.h.inc"
} // namespace kopt

using namespace mlir;
using namespace kb;
namespace codegen = kopt::codegen;
namespace learn = kopt::learn;

namespace {
struct KbTrainPass : kopt::impl::KbTrainBase<KbTrainPass> {
  using KbTrainBase::KbTrainBase;

  kopt::RewardSource rewardSource() const {
    return {rewards, runner, runners, cache, chip, trials, maxSeconds, target};
  }

  void getDependentDialects(DialectRegistry &registry) const override {
    KbTrainBase::getDependentDialects(registry);
    rewardSource().getDependentDialects(registry);
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (steps < 1 || batch < 1 || group < 2 || window < 1 || !(lr > 0) ||
        !(temperature > 0) || !std::isfinite(temperature) || !(entropy >= 0) ||
        !std::isfinite(entropy)) {
      module.emitError() << "kb-train: steps, batch, window, lr and temperature must be "
                            "positive, entropy at least 0, and group at least 2 (advantages "
                            "compare a group)";
      return signalPassFailure();
    }
    if (out.empty()) {
      module.emitError() << "kb-train: `out` must name the policy file to write";
      return signalPassFailure();
    }
    if (failed(rewardSource().check(module, "kb-train")))
      return signalPassFailure();
    FailureOr<learn::Policy> policy = startingPolicy();
    if (failed(policy))
      return signalPassFailure();

    SmallVector<TaskOp> tasks, ops;
    for (TaskOp task : module.getOps<TaskOp>()) {
      auto taskSplit = task->getAttrOfType<StringAttr>("split");
      if (split.empty() || (taskSplit && taskSplit.getValue() == split))
        tasks.push_back(task);
    }
    std::vector<learn::LearningTask> pool;
    std::vector<codegen::SpaceResult> spaces = kopt::spacesOf(&getContext(), tasks);
    for (auto [task, space] : llvm::zip_equal(tasks, spaces))
      if (space.space) {
        ops.push_back(task);
        pool.push_back({task.getSymName().str(), space.space, learn::taskFeatures(task)});
      }
    if (pool.empty()) {
      module.emitError() << "kb-train: no task of split '" << split
                         << "' that kopt can schedule";
      return signalPassFailure();
    }
    llvm::errs() << llvm::formatv("kb-train: {0} of {1} tasks of split '{2}' have a schedule "
                                  "space; {3} steps of {4} tasks x {5} rollouts\n",
                                  pool.size(), tasks.size(), split, steps,
                                  std::min<size_t>(batch, pool.size()), group);

    OpPassManager measure(ModuleOp::getOperationName());
    rewardSource().buildPipeline(measure);
    auto measureRollouts = [&](MutableArrayRef<learn::RolloutGroup> groups) {
      kopt::RolloutRound round(module, "_g");
      // Groups left unmeasured leave the training; the loop goes on with the others.
      (void)round.measure(groups, ops, pool,
                          [&](ModuleOp scratch) { return runPipeline(measure, scratch); });
      return success();
    };
    auto taskLeft = [&](const learn::LearningTask &task) {
      ops[&task - pool.data()].emitWarning()
          << "kb-train: @" << task.name
          << " leaves the training: its rollouts could not be measured";
    };
    auto checkpoint = [&](const learn::Policy &trained) { return report(savePolicy(trained)); };
    auto writeLog = [&](llvm::json::Object line) { return report(appendLog(std::move(line))); };
    learn::GrpoOptions options{steps, batch, group, lr, temperature, window, seed, entropy};
    if (failed(learn::trainGrpo(*policy, pool, options,
                                {measureRollouts, taskLeft, checkpoint, writeLog})))
      return signalPassFailure();
    markAllAnalysesPreserved();
  }

  FailureOr<learn::Policy> startingPolicy() {
    if (prior == "uniform")
      return learn::Policy();
    if (prior == "conventional")
      return learn::conventionalPrior();
    return kopt::loadPolicy(getOperation(), prior);
  }

  /// Writes the policy through a temporary file, so that `out` always holds a whole one.
  llvm::Error savePolicy(const learn::Policy &policy) {
    std::string temporary = out + ".tmp";
    if (llvm::Error error = policy.save(temporary))
      return error;
    if (std::error_code error = llvm::sys::fs::rename(temporary, out))
      return llvm::createStringError(
          llvm::formatv("cannot write '{0}': {1}", out, error.message()));
    return llvm::Error::success();
  }

  llvm::Error appendLog(llvm::json::Object line) {
    if (log.empty())
      return llvm::Error::success();
    std::error_code error;
    llvm::raw_fd_ostream os(log, error, llvm::sys::fs::OF_Append);
    if (error)
      return llvm::createStringError(
          llvm::formatv("cannot write '{0}': {1}", log, error.message()));
    os << llvm::json::Value(std::move(line)) << '\n';
    return llvm::Error::success();
  }

  /// `error`, if any, as an error at the module.
  LogicalResult report(llvm::Error error) {
    if (!error)
      return success();
    return getOperation().emitError() << "kb-train: " << llvm::toString(std::move(error));
  }
};
} // namespace
