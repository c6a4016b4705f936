//===- TrainPass.cpp - kb-train -------------------------------------------===//
#include "kb/KbOps.h"
#include "kopt/Learn/Train.h"
#include "kopt/Passes/Passes.h"
#include "kopt/Passes/Rollouts.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/Path.h"

#include <chrono>
#include <cmath>
#include <numeric>

namespace kopt {
#define GEN_PASS_DEF_KBTRAIN
#include "kopt/Passes/Passes.h.inc"
} // namespace kopt

using namespace mlir;
using namespace kb;
namespace codegen = kopt::codegen;
namespace learn = kopt::learn;

namespace {
struct TrainTask {
  TaskOp task;
  const codegen::ScheduleSpace *space;
};

struct KbTrainPass : kopt::impl::KbTrainBase<KbTrainPass> {
  using KbTrainBase::KbTrainBase;

  kopt::RewardSource rewardSource() const {
    return {rewards, runner, cache, chip, trials, maxSeconds, target};
  }

  void getDependentDialects(DialectRegistry &registry) const override {
    KbTrainBase::getDependentDialects(registry);
    rewardSource().getDependentDialects(registry);
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (steps < 1 || batch < 1 || group < 2 || window < 1 || !(lr > 0) ||
        !(temperature > 0) || !std::isfinite(temperature)) {
      module.emitError() << "kb-train: steps, batch, window, lr and temperature must be "
                            "positive, and group at least 2 (advantages compare a group)";
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

    std::vector<TrainTask> pool;
    SmallVector<TaskOp> tasks;
    for (TaskOp task : module.getOps<TaskOp>()) {
      auto taskSplit = task->getAttrOfType<StringAttr>("split");
      if (split.empty() || (taskSplit && taskSplit.getValue() == split))
        tasks.push_back(task);
    }
    std::vector<codegen::SpaceResult> spaces = kopt::spacesOf(&getContext(), tasks);
    for (auto [task, space] : llvm::zip_equal(tasks, spaces))
      if (space.space)
        pool.push_back({task, space.space});
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
    learn::Rng rng(seed);
    learn::Adam adam(lr);
    learn::RunningMedianReward reward(window);
    std::vector<size_t> order;
    size_t next = 0;
    std::vector<bool> dropped(pool.size(), false);
    for (unsigned step = 1; step <= steps; ++step) {
      auto started = std::chrono::steady_clock::now();
      kopt::RolloutRound round(module, "_g");
      llvm::SmallDenseSet<size_t> inBatch;
      std::vector<size_t> drawn; // pool indices, in the order of the round's groups
      size_t available = llvm::count(dropped, false);
      for (size_t i = 0; i < std::min<size_t>(batch, available); ++i) {
        size_t index = nextTask(order, next, inBatch, dropped, rng);
        inBatch.insert(index);
        drawn.push_back(index);
        round.draw(pool[index].task, *pool[index].space, *policy, rng, group, temperature);
      }
      if (failed(runPipeline(measure, round.module()))) {
        // A task whose rollouts could not all be measured (the runner refused it, a table does
        // not hold it) leaves the training; the others' rollouts still count.
        std::vector<kopt::RolloutGroup> &groups = round.groups();
        for (size_t g = groups.size(); g-- > 0;) {
          if (llvm::all_of(groups[g].candidates, isMeasured))
            continue;
          groups[g].task.emitWarning()
              << "kb-train: @" << groups[g].task.getSymName()
              << " leaves the training: its rollouts could not be measured";
          dropped[drawn[g]] = true;
          groups.erase(groups.begin() + g);
        }
        if (groups.empty() || llvm::all_of(dropped, [](bool d) { return d; }))
          return signalPassFailure();
      }
      round.readSpeedups();

      std::vector<learn::Rollout> rollouts;
      llvm::json::Object entropy;
      llvm::json::Array names;
      double correct = 0, fast = 0, speedupSum = 0, rewardSum = 0, total = 0;
      llvm::StringMap<std::pair<std::vector<double>, size_t>> familyEntropy;
      for (kopt::RolloutGroup &entry : round.groups()) {
        names.push_back(entry.task.getSymName());
        kopt::RolloutStats stats = kopt::statsOf(entry, *policy, temperature);
        auto &[sum, count] = familyEntropy[entry.space->family];
        sum.resize(stats.entropy.size(), 0.0);
        for (auto [s, e] : llvm::zip_equal(sum, stats.entropy))
          s += e;
        ++count;
        std::vector<double> rewards = reward.rewards(entry.task.getSymName(), entry.speedups);
        std::vector<double> advantages = learn::zScores(rewards);
        for (auto [drawn, speedup, r, advantage] :
             llvm::zip_equal(entry.draws, entry.speedups, rewards, advantages)) {
          rollouts.push_back({entry.space, entry.features, drawn.valueIndices, advantage});
          correct += speedup > 0;
          fast += speedup > 1;
          speedupSum += speedup;
          rewardSum += r;
          ++total;
        }
      }
      for (auto &[family, entry] : familyEntropy) {
        llvm::json::Array values;
        for (double sum : entry.first)
          values.push_back(sum / entry.second);
        entropy[family] = std::move(values);
      }
      adam.ascend(*policy, learn::policyGradient(*policy, rollouts, temperature));
      if (llvm::Error error = savePolicy(*policy))
        return fail(std::move(error));

      double seconds =
          std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
      llvm::json::Object line{{"step", static_cast<int64_t>(step)},
                              {"tasks", std::move(names)},
                              {"rollouts", static_cast<int64_t>(total)},
                              {"correct_rate", correct / total},
                              {"fast_1", fast / total},
                              {"mean_speedup", correct ? speedupSum / correct : 0.0},
                              {"mean_reward", rewardSum / total},
                              {"entropy", std::move(entropy)},
                              {"seconds", seconds}};
      llvm::errs() << llvm::formatv(
          "kb-train: step {0}/{1}: correct {2:f3}, fast_1 {3:f3}, mean speedup {4:f3}, "
          "{5:f1} s\n",
          step, steps, correct / total, fast / total, correct ? speedupSum / correct : 0.0,
          seconds);
      if (llvm::Error error = appendLog(std::move(line)))
        return fail(std::move(error));
    }
    markAllAnalysesPreserved();
  }

  /// The next task of the seeded passes over the pool (reshuffled at the start of each) that is
  /// neither in this batch nor dropped: a batch that runs into the next pass takes each task once.
  static size_t nextTask(std::vector<size_t> &order, size_t &next,
                         const llvm::SmallDenseSet<size_t> &inBatch,
                         const std::vector<bool> &dropped, learn::Rng &rng) {
    while (true) {
      if (next == order.size()) {
        order.resize(dropped.size());
        std::iota(order.begin(), order.end(), 0);
        for (size_t j = order.size(); j > 1; --j)
          std::swap(order[j - 1], order[rng.next() % j]);
        next = 0;
      }
      size_t pick = next;
      while (pick < order.size() && (inBatch.contains(order[pick]) || dropped[order[pick]]))
        ++pick;
      if (pick == order.size()) { // the rest of this pass is in the batch or dropped
        next = order.size();
        continue;
      }
      std::swap(order[next], order[pick]);
      return order[next++];
    }
  }

  /// Whether a rollout came back with what its reward needs.
  static bool isMeasured(CandidateOp candidate) {
    VerdictAttr verdict = candidate.getVerdictAttr();
    return verdict && (!verdict.isCorrect() || candidate.getSpeedup());
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

  void fail(llvm::Error error) {
    getOperation().emitError() << "kb-train: " << llvm::toString(std::move(error));
    signalPassFailure();
  }
};
} // namespace
