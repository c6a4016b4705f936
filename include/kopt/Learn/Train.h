//===- Train.h - policy-gradient updates of the kernel policy ---*- C++ -*-===//
//
// What the outer loop (GRPO, kb-train) and test-time training (kb-ttt) share: rollouts with
// advantages, the policy-gradient estimate, Adam, and the statistics logged per step. Rewards
// come from elsewhere (kopt-runner or a recorded table); nothing here compiles or runs kernels.
//
//===----------------------------------------------------------------------===//
#ifndef KOPT_LEARN_TRAIN_H
#define KOPT_LEARN_TRAIN_H

#include "kopt/Learn/Policy.h"

#include "llvm/ADT/StringMap.h"

#include <deque>
#include <vector>

namespace kopt::learn {

/// One decision list drawn for a task, and the advantage it earned.
struct Rollout {
  const codegen::ScheduleSpace *space;
  std::vector<double> task; // taskFeatures
  std::vector<size_t> valueIndices;
  double advantage = 0;
};

/// A gradient over the weights of some families, shaped as the policy's.
using PolicyGradient = llvm::StringMap<FamilyWeights>;

/// The policy-gradient estimate of the objective E[advantage x log-prob]: the mean over rollouts
/// of advantage x the gradient of the rollout's mean log-prob per decision (the study's per-token
/// mean). Rollouts with zero advantage contribute nothing.
PolicyGradient policyGradient(const Policy &policy, llvm::ArrayRef<Rollout> rollouts,
                              double temperature = 1.0);

/// Adam (Kingma and Ba, 2015) ascending the objective, with one pair of moments per weight.
class Adam {
public:
  explicit Adam(double learningRate, double beta1 = 0.9, double beta2 = 0.999,
                double epsilon = 1e-8)
      : learningRate(learningRate), beta1(beta1), beta2(beta2), epsilon(epsilon) {}

  /// One step along `gradient`. A gradient that is zero everywhere (no rollout had an advantage)
  /// is no step at all: the policy and the moments stay as they are.
  void ascend(Policy &policy, const PolicyGradient &gradient);
  int64_t steps() const { return numSteps; }

private:
  double learningRate, beta1, beta2, epsilon;
  int64_t numSteps = 0;
  PolicyGradient firstMoment, secondMoment;
};

/// (x - mean) / standard deviation (population); all zeros when every value is the same.
std::vector<double> zScores(llvm::ArrayRef<double> values);

/// The exact entropy (nats) of each decision's distribution given the earlier values of each
/// list, averaged over the lists: how sure the policy still is, decision by decision.
std::vector<double> entropyPerDecision(const Policy &policy, const codegen::ScheduleSpace &space,
                                       llvm::ArrayRef<double> task,
                                       llvm::ArrayRef<std::vector<size_t>> lists,
                                       double temperature = 1.0);

/// The outer loop's reward: 0 for an incorrect kernel, else its speedup over the median of the
/// task's last `window` correct speedups, so that tasks where any kernel is fast do not drown the
/// others.
class RunningMedianReward {
public:
  explicit RunningMedianReward(size_t window = 32) : window(window) {}
  /// The rewards of one group of rollouts of `task` (speedup <= 0 marks an incorrect one). Its
  /// correct speedups join the window first, so the first group is judged against itself.
  std::vector<double> rewards(llvm::StringRef task, llvm::ArrayRef<double> speedups);

private:
  size_t window;
  llvm::StringMap<std::deque<double>> history;
};

/// The "conventional code" prior: each decision's logits favour, by `strength` on the bias
/// feature, the value most hand-written kernels use (docs/learning.md): one element per thread,
/// 256-thread blocks, scalar accesses, one thread per reduced row, 32 x 32 shared-memory tiles.
Policy conventionalPrior(double strength = 2.0);

} // namespace kopt::learn

#endif // KOPT_LEARN_TRAIN_H
