//===- Train.cpp - policy-gradient updates of the kernel policy -----------===//
#include "kopt/Learn/Train.h"

#include <algorithm>
#include <cassert>
#include <cmath>

using namespace kopt::learn;
using kopt::codegen::ScheduleSpace;

PolicyGradient kopt::learn::policyGradient(const Policy &policy,
                                           llvm::ArrayRef<Rollout> rollouts,
                                           double temperature) {
  PolicyGradient total;
  for (const Rollout &rollout : rollouts) {
    if (rollout.advantage == 0 || rollout.valueIndices.empty())
      continue;
    double scale = rollout.advantage /
                   (static_cast<double>(rollout.valueIndices.size()) * rollouts.size());
    // A chain's stages move their families' weights.
    codegen::forEachStage(
        *rollout.space, llvm::ArrayRef<size_t>(rollout.valueIndices),
        [&](const ScheduleSpace &stage, llvm::ArrayRef<size_t> values) {
          FamilyWeights one = policy.gradient(stage, rollout.task, values, temperature);
          FamilyWeights &sum =
              total.try_emplace(stage.family, FamilyWeights::zeros(stage)).first->second;
          for (auto [sumDecision, oneDecision] : llvm::zip_equal(sum.decisions, one.decisions))
            for (auto [sumRow, oneRow] : llvm::zip_equal(sumDecision, oneDecision))
              for (auto [s, g] : llvm::zip_equal(sumRow, oneRow))
                s += scale * g;
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
      {"matmul", "tf32", 0},
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
