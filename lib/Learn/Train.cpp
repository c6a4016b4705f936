//===- Train.cpp - policy-gradient updates of the kernel policy -----------===//
#include "kopt/Learn/Train.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Support/xxhash.h"

#include <algorithm>
#include <cassert>
#include <chrono>
#include <cmath>
#include <numeric>
#include <set>

using namespace kopt::learn;
using kopt::codegen::ScheduleSpace;

/// Which decisions of `space` shaped the kernel of a drawn list (value indices, in table order).
static std::vector<bool> shapingDecisions(const ScheduleSpace &space,
                                          llvm::ArrayRef<size_t> valueIndices) {
  llvm::SmallVector<int64_t> values;
  for (auto [decision, index] : llvm::zip_equal(space.decisions, valueIndices))
    values.push_back(decision.domain[index]);
  return kopt::codegen::activeDecisions(space, values);
}

PolicyGradient kopt::learn::policyGradient(const Policy &policy,
                                           llvm::ArrayRef<Rollout> rollouts, double temperature,
                                           double entropyBonus) {
  PolicyGradient total;
  auto accumulate = [&](const ScheduleSpace &stage, const FamilyWeights &one, double scale) {
    FamilyWeights &sum =
        total.try_emplace(stage.family, FamilyWeights::zeros(stage)).first->second;
    for (auto [sumDecision, oneDecision] : llvm::zip_equal(sum.decisions, one.decisions))
      for (auto [sumRow, oneRow] : llvm::zip_equal(sumDecision, oneDecision))
        for (auto [s, g] : llvm::zip_equal(sumRow, oneRow))
          s += scale * g;
  };
  for (const Rollout &rollout : rollouts) {
    if ((rollout.advantage == 0 && entropyBonus == 0) || rollout.valueIndices.empty())
      continue;
    // Only the decisions that shaped the kernel move weights: not the builder a family's space
    // that also offers the chain did not choose.
    std::vector<bool> active = shapingDecisions(*rollout.space, rollout.valueIndices);
    // Means per decision, then over the rollouts.
    double perDecision =
        1.0 / (static_cast<double>(llvm::count(active, true)) * rollouts.size());
    auto masked = [&](FamilyWeights gradient, size_t offset) {
      for (auto [d, rows] : llvm::enumerate(gradient.decisions))
        if (!active[offset + d])
          for (std::vector<double> &row : rows)
            std::fill(row.begin(), row.end(), 0.0);
      return gradient;
    };
    // A chain's stages move their families' weights.
    llvm::ArrayRef<size_t> all(rollout.valueIndices);
    codegen::forEachStage(
        *rollout.space, all, [&](const ScheduleSpace &stage, llvm::ArrayRef<size_t> values) {
          size_t offset = values.data() - all.data();
          if (rollout.advantage != 0)
            accumulate(stage,
                       masked(policy.gradient(stage, rollout.task, values, temperature), offset),
                       rollout.advantage * perDecision);
          if (entropyBonus != 0)
            accumulate(
                stage,
                masked(policy.entropyGradient(stage, rollout.task, values, temperature), offset),
                entropyBonus * perDecision);
        });
  }
  return total;
}

void Adam::ascend(Policy &policy, const PolicyGradient &gradient) {
  bool any = false;
  for (const auto &family : gradient)
    for (const auto &decision : family.second.decisions)
      for (const auto &row : decision)
        any |= llvm::any_of(row, [](double g) { return g != 0; });
  if (!any)
    return;
  ++numSteps;
  double correction1 = 1 - std::pow(beta1, numSteps);
  double correction2 = 1 - std::pow(beta2, numSteps);
  for (const ScheduleSpace *space : codegen::allScheduleSpaces()) {
    auto found = gradient.find(space->family);
    // A family without rollouts this step still decays its moments and moves by them, as
    // Adam does with a zero gradient.
    FamilyWeights zeros = FamilyWeights::zeros(*space);
    const FamilyWeights &g = found == gradient.end() ? zeros : found->second;
    FamilyWeights &m = firstMoment.try_emplace(space->family, zeros).first->second;
    FamilyWeights &v = secondMoment.try_emplace(space->family, zeros).first->second;
    FamilyWeights &w = policy.weights(*space);
    for (size_t d = 0; d < w.decisions.size(); ++d)
      for (size_t value = 0; value < w.decisions[d].size(); ++value)
        for (size_t f = 0; f < w.decisions[d][value].size(); ++f) {
          double grad = g.decisions[d][value][f];
          double &m1 = m.decisions[d][value][f], &m2 = v.decisions[d][value][f];
          m1 = beta1 * m1 + (1 - beta1) * grad;
          m2 = beta2 * m2 + (1 - beta2) * grad * grad;
          w.decisions[d][value][f] +=
              learningRate * (m1 / correction1) / (std::sqrt(m2 / correction2) + epsilon);
        }
  }
}

std::vector<double> kopt::learn::zScores(llvm::ArrayRef<double> values) {
  std::vector<double> scores(values.size(), 0.0);
  if (values.empty())
    return scores;
  double mean = 0, variance = 0;
  for (double value : values)
    mean += value;
  mean /= values.size();
  for (double value : values)
    variance += (value - mean) * (value - mean);
  double deviation = std::sqrt(variance / values.size());
  // Equal values (up to rounding) carry no signal.
  if (!(deviation > 1e-12 * std::max(1.0, std::abs(mean))))
    return scores;
  for (auto [score, value] : llvm::zip_equal(scores, values))
    score = (value - mean) / deviation;
  return scores;
}

std::vector<double> kopt::learn::entropyPerDecision(const Policy &policy,
                                                    const ScheduleSpace &space,
                                                    llvm::ArrayRef<double> task,
                                                    llvm::ArrayRef<std::vector<size_t>> lists,
                                                    double temperature) {
  std::vector<double> entropy(space.decisions.size(), 0.0);
  for (const std::vector<size_t> &list : lists) {
    std::vector<std::vector<double>> distributions =
        policy.distributions(space, task, list, temperature);
    for (auto [sum, logProbs] : llvm::zip_equal(entropy, distributions))
      for (double logProb : logProbs)
        sum -= std::exp(logProb) * logProb;
  }
  if (!lists.empty())
    for (double &sum : entropy)
      sum /= lists.size();
  return entropy;
}

std::vector<double> RunningMedianReward::rewards(llvm::StringRef task,
                                                 llvm::ArrayRef<double> speedups) {
  std::deque<double> &recent = history[task];
  for (double speedup : speedups)
    if (speedup > 0) {
      recent.push_back(speedup);
      if (recent.size() > window)
        recent.pop_front();
    }
  std::vector<double> rewards(speedups.size(), 0.0);
  if (recent.empty())
    return rewards;
  std::vector<double> sorted(recent.begin(), recent.end());
  std::sort(sorted.begin(), sorted.end());
  size_t half = sorted.size() / 2;
  double median = sorted.size() % 2 ? sorted[half] : (sorted[half - 1] + sorted[half]) / 2;
  for (auto [reward, speedup] : llvm::zip_equal(rewards, speedups))
    if (speedup > 0)
      reward = speedup / median;
  return rewards;
}

Policy kopt::learn::conventionalPrior(double strength) {
  struct Conventional {
    llvm::StringLiteral family, decision;
    int64_t value;
  };
  static constexpr Conventional kValues[] = {
      {"elementwise", "vector", 1},        {"elementwise", "per_thread", 1},
      {"elementwise", "block", 256},       {"elementwise", "grid_stride", 0},
      {"reduction", "threads_per_output", 1}, {"reduction", "block", 256},
      {"reduction", "vector", 1},          {"reduction", "unroll", 1},
      {"reduction", "shuffle", 0},         {"matmul", "block_m", 32},
      {"matmul", "block_n", 32},           {"matmul", "block_k", 32},
      {"matmul", "thread_m", 1},           {"matmul", "thread_n", 1},
      {"matmul", "vector", 1},             {"matmul", "unroll_k", 1},
      {"matmul", "stages", 1},             {"matmul", "cp_async", 0},
      {"matmul", "tf32", 0},               {"matmul", "split_k", 1},
  };
  Policy policy;
  for (const Conventional &entry : kValues)
    for (const ScheduleSpace *space : codegen::allScheduleSpaces()) {
      if (space->family != entry.family)
        continue;
      const codegen::Decision *decision = space->find(entry.decision);
      assert(decision && "conventional value of an unknown decision");
      size_t index = decision - space->decisions.begin();
      size_t value = llvm::find(decision->domain, entry.value) - decision->domain.begin();
      assert(value < decision->domain.size() && "conventional value outside the domain");
      // Feature 0 is the bias.
      policy.weights(*space).decisions[index][value][0] = strength;
    }
  return policy;
}

//===----------------------------------------------------------------------===//
// The loops
//===----------------------------------------------------------------------===//

/// `n` rollouts of `tasks[index]` drawn from the policy.
static RolloutGroup drawGroup(const Policy &policy, llvm::ArrayRef<LearningTask> tasks,
                              size_t index, unsigned n, Rng &rng, double temperature) {
  RolloutGroup group{index, {}, {}};
  const LearningTask &task = tasks[index];
  for (unsigned i = 0; i < n; ++i)
    group.draws.push_back(policy.sample(*task.space, task.features, rng, temperature));
  return group;
}

double RolloutStats::meanEntropy() const {
  double sum = 0;
  for (double value : entropy)
    sum += value;
  return entropy.empty() ? 0 : sum / entropy.size();
}

RolloutStats kopt::learn::statsOf(const RolloutGroup &group, const LearningTask &task,
                                  const Policy &policy, double temperature) {
  RolloutStats stats;
  size_t n = group.draws.size();
  if (n == 0)
    return stats;
  std::set<std::vector<size_t>> lists;
  std::vector<std::vector<size_t>> all;
  for (auto [drawn, speedup] : llvm::zip_equal(group.draws, group.speedups)) {
    stats.fast1 += speedup > 1 ? 1.0 / n : 0;
    stats.correctRate += speedup > 0 ? 1.0 / n : 0;
    stats.bestSpeedup = std::max(stats.bestSpeedup, speedup);
    double sum = 0;
    for (double logProb : drawn.logProbs)
      sum += logProb;
    stats.meanSurprisal -= sum / drawn.logProbs.size() / n;
    // Distinct kernels: decisions that did not shape the kernel count as one value.
    std::vector<size_t> kernel = drawn.valueIndices;
    std::vector<bool> active = shapingDecisions(*task.space, kernel);
    for (auto [index, shapes] : llvm::zip_equal(kernel, active))
      if (!shapes)
        index = 0;
    lists.insert(kernel);
    all.push_back(drawn.valueIndices);
  }
  stats.distinct = lists.size();
  stats.entropy = entropyPerDecision(policy, *task.space, task.features, all, temperature);
  return stats;
}

namespace {
/// The order in which the outer loop takes tasks: seeded passes over them, each reshuffled, that
/// skip the tasks that left the training.
class TaskOrder {
public:
  explicit TaskOrder(size_t numTasks) : left(numTasks, false) {}

  /// The next task of the current pass that is neither in this batch nor left: a batch that runs
  /// into the next pass takes each task once.
  size_t next(const llvm::SmallDenseSet<size_t> &inBatch, Rng &rng) {
    while (true) {
      if (position == order.size()) {
        order.resize(left.size());
        std::iota(order.begin(), order.end(), 0);
        for (size_t j = order.size(); j > 1; --j)
          std::swap(order[j - 1], order[rng.next() % j]);
        position = 0;
      }
      size_t pick = position;
      while (pick < order.size() && (inBatch.contains(order[pick]) || left[order[pick]]))
        ++pick;
      if (pick == order.size()) { // the rest of this pass is in the batch or left
        position = order.size();
        continue;
      }
      std::swap(order[position], order[pick]);
      return order[position++];
    }
  }

  void leave(size_t task) { left[task] = true; }
  size_t remaining() const { return llvm::count(left, false); }

private:
  std::vector<size_t> order;
  size_t position = 0;
  std::vector<bool> left;
};
} // namespace

llvm::LogicalResult kopt::learn::trainGrpo(Policy &policy, llvm::ArrayRef<LearningTask> tasks,
                                           const GrpoOptions &options,
                                           const GrpoCallbacks &callbacks) {
  Rng rng(options.seed);
  Adam adam(options.lr);
  RunningMedianReward reward(options.window);
  TaskOrder order(tasks.size());
  for (unsigned step = 1; step <= options.steps; ++step) {
    auto started = std::chrono::steady_clock::now();
    std::vector<RolloutGroup> groups;
    llvm::SmallDenseSet<size_t> inBatch;
    size_t available = order.remaining();
    for (size_t i = 0; i < std::min<size_t>(options.batch, available); ++i) {
      size_t index = order.next(inBatch, rng);
      inBatch.insert(index);
      groups.push_back(drawGroup(policy, tasks, index, options.group, rng, options.temperature));
    }
    if (llvm::failed(callbacks.measure(groups)))
      return llvm::failure();
    // A task whose rollouts could not all be measured leaves the training; the others' rollouts
    // still count.
    for (size_t g = groups.size(); g-- > 0;) {
      if (groups[g].measured)
        continue;
      callbacks.taskLeft(tasks[groups[g].task]);
      order.leave(groups[g].task);
      groups.erase(groups.begin() + g);
    }
    if (groups.empty() || order.remaining() == 0)
      return llvm::failure();

    std::vector<Rollout> rollouts;
    llvm::json::Object entropy;
    llvm::json::Array names, distinct; // distinct kernels per group, in the order of `tasks`
    double distinctSum = 0;
    double correct = 0, fast = 0, speedupSum = 0, rewardSum = 0, total = 0;
    llvm::StringMap<std::pair<std::vector<double>, size_t>> familyEntropy;
    for (const RolloutGroup &group : groups) {
      const LearningTask &task = tasks[group.task];
      names.push_back(task.name);
      RolloutStats stats = statsOf(group, task, policy, options.temperature);
      distinct.push_back(static_cast<int64_t>(stats.distinct));
      distinctSum += stats.distinct;
      auto &[sum, count] = familyEntropy[task.space->family];
      sum.resize(stats.entropy.size(), 0.0);
      for (auto [s, e] : llvm::zip_equal(sum, stats.entropy))
        s += e;
      ++count;
      std::vector<double> rewards = reward.rewards(task.name, group.speedups);
      std::vector<double> advantages = zScores(rewards);
      for (auto [drawn, speedup, r, advantage] :
           llvm::zip_equal(group.draws, group.speedups, rewards, advantages)) {
        rollouts.push_back({task.space, task.features, drawn.valueIndices, advantage});
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
    adam.ascend(policy,
                policyGradient(policy, rollouts, options.temperature, options.entropyBonus));
    if (llvm::failed(callbacks.checkpoint(policy)))
      return llvm::failure();

    double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    llvm::json::Object line{{"step", static_cast<int64_t>(step)},
                            {"tasks", std::move(names)},
                            {"distinct", std::move(distinct)},
                            {"rollouts", static_cast<int64_t>(total)},
                            {"correct_rate", correct / total},
                            {"fast_1", fast / total},
                            {"mean_speedup", correct ? speedupSum / correct : 0.0},
                            {"mean_reward", rewardSum / total},
                            {"entropy", std::move(entropy)},
                            {"seconds", seconds}};
    llvm::errs() << llvm::formatv(
        "kb-train: step {0}/{1}: correct {2:f3}, fast_1 {3:f3}, mean speedup {4:f3}, "
        "{5:f1} distinct per task, {6:f1} s\n",
        step, options.steps, correct / total, fast / total,
        correct ? speedupSum / correct : 0.0, distinctSum / groups.size(), seconds);
    if (llvm::failed(callbacks.log(std::move(line))))
      return llvm::failure();
  }
  return llvm::success();
}

llvm::FailureOr<Adaptation> kopt::learn::adapt(Policy policy, const LearningTask &task,
                                               const AdaptOptions &options,
                                               RewardCallback measure) {
  Rng rng(options.seed ^ llvm::xxh3_64bits(task.name));
  Adam adam(options.lr);
  Adaptation result;
  std::vector<AdaptationStep> &done = result.steps;
  for (unsigned step = 1; step <= options.steps; ++step) {
    AdaptationStep &current = done.emplace_back();
    current.policy = policy;
    RolloutGroup group = drawGroup(policy, task, 0, options.n, rng, options.temperature);
    if (llvm::failed(measure(group)))
      return llvm::failure();
    current.stats = statsOf(group, task, policy, options.temperature);
    llvm::errs() << llvm::formatv(
        "kb-ttt: {0} step {1}/{2}: fast_1 {3:f3}, correct {4:f3}, best {5:f3}x, {6} distinct, "
        "entropy {7:f3}, surprisal {8:f3}\n",
        task.name, step, options.steps, current.stats.fast1, current.stats.correctRate,
        current.stats.bestSpeedup, current.stats.distinct, current.stats.meanEntropy(),
        current.stats.meanSurprisal);
    if (options.earlyStop && done.size() > 1 &&
        current.stats.fast1 < done[done.size() - 2].stats.fast1)
      break;
    std::vector<double> advantages = zScores(group.speedups);
    std::vector<Rollout> rollouts;
    for (auto [drawn, advantage] : llvm::zip_equal(group.draws, advantages))
      rollouts.push_back({task.space, task.features, drawn.valueIndices, advantage});
    adam.ascend(policy,
                policyGradient(policy, rollouts, options.temperature, options.entropyBonus));
  }

  result.chosen = done.size() - 1;
  if (options.earlyStop && done.size() > 1 &&
      done.back().stats.fast1 < done[done.size() - 2].stats.fast1)
    result.chosen = done.size() - 2;
  if (options.bestOfAdaptation)
    for (size_t i = 0; i < done.size(); ++i)
      if (done[i].stats.fast1 > done[result.chosen].stats.fast1 ||
          (done[i].stats.fast1 == done[result.chosen].stats.fast1 && i < result.chosen))
        result.chosen = i;
  return result;
}
