//===- Train.h - policy-gradient updates of the kernel policy ---*- C++ -*-===//
//
// The outer loop (GRPO, kb-train) and test-time training (kb-ttt), and what they share: rollouts
// with advantages, the policy-gradient estimate, Adam, and the statistics logged per step. Rewards
// come from elsewhere (kopt-runner or a recorded table) through a callback the caller supplies;
// nothing here compiles or runs kernels.
//
//===----------------------------------------------------------------------===//
#ifndef KOPT_LEARN_TRAIN_H
#define KOPT_LEARN_TRAIN_H

#include "kopt/Learn/Policy.h"

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/LogicalResult.h"

#include <deque>
#include <string>
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

/// The gradient of the objective E[advantage x log-prob] + entropyBonus x E[entropy]
/// (docs/learning.md): the mean over rollouts of advantage x the gradient of the rollout's mean
/// log-prob per decision (the study's per-token mean), plus entropyBonus x the gradient of its
/// mean entropy per decision, each decision's distribution given the rollout's earlier values.
/// A rollout with zero advantage contributes only the entropy term.
PolicyGradient policyGradient(const Policy &policy, llvm::ArrayRef<Rollout> rollouts,
                              double temperature = 1.0, double entropyBonus = 0.0);

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

//===----------------------------------------------------------------------===//
// The loops
//===----------------------------------------------------------------------===//

/// A task the loops draw rollouts for.
struct LearningTask {
  std::string name;
  const codegen::ScheduleSpace *space;
  std::vector<double> features; // taskFeatures
};

/// The rollouts drawn for one task in one step, and what measuring them gave.
struct RolloutGroup {
  size_t task; // index of its LearningTask
  std::vector<PolicySample> draws;
  /// Per draw: its speedup when correct, else 0. Set by the reward callback.
  std::vector<double> speedups;
  /// Cleared by the reward callback when not every draw could be measured.
  bool measured = true;
};

/// Measures a step's rollouts: sets each group's speedups, or clears `measured`. Fails, after
/// reporting why, when the loop cannot go on.
using RewardCallback = llvm::function_ref<llvm::LogicalResult(llvm::MutableArrayRef<RolloutGroup>)>;

/// Statistics of one group of rollouts, as the loops log them.
struct RolloutStats {
  double fast1 = 0;            // share correct with speedup > 1
  double correctRate = 0;      // share correct
  double bestSpeedup = 0;      // 0 when none is correct
  double meanSurprisal = 0;    // mean over rollouts of minus the mean log-prob per decision
  size_t distinct = 0;         // distinct decision lists (kernels) in the group
  std::vector<double> entropy; // per decision (nats), exact, averaged over the rollouts
  double meanEntropy() const;
};

RolloutStats statsOf(const RolloutGroup &group, const LearningTask &task, const Policy &policy,
                     double temperature);

/// The outer loop's settings (kb-train's options of the same names; `entropy` is entropyBonus).
struct GrpoOptions {
  unsigned steps, batch, group;
  double lr, temperature;
  size_t window;
  uint64_t seed;
  double entropyBonus = 0; // see policyGradient
};

/// What the outer loop hands back. Each fails after reporting why, which stops the loop.
struct GrpoCallbacks {
  RewardCallback measure;
  /// A task whose rollouts could not all be measured leaves the training.
  llvm::function_ref<void(const LearningTask &)> taskLeft;
  /// The policy after each step.
  llvm::function_ref<llvm::LogicalResult(const Policy &)> checkpoint;
  /// The statistics of each step (one JSON Lines record).
  llvm::function_ref<llvm::LogicalResult(llvm::json::Object)> log;
};

/// GRPO over `tasks`: each step draws `group` rollouts for each of the next `batch` tasks (in a
/// seeded order reshuffled every pass over them), rewards them by RunningMedianReward, z-scores
/// the rewards within each group and takes one Adam step over the batch (with the entropy
/// bonus); progress on stderr, and per step a log line with each group's distinct kernels.
/// Fails when a callback fails or no task is left.
llvm::LogicalResult trainGrpo(Policy &policy, llvm::ArrayRef<LearningTask> tasks,
                              const GrpoOptions &options, const GrpoCallbacks &callbacks);

/// Test-time training's settings (kb-ttt's options of the same names; `entropy` is
/// entropyBonus).
struct AdaptOptions {
  unsigned steps, n;
  double lr, temperature;
  uint64_t seed; // each task draws from its own stream, seeded by this and its name
  bool earlyStop, bestOfAdaptation;
  double entropyBonus = 0; // see policyGradient
};

/// One step of a task's adaptation: the policy that drew its rollouts and their statistics.
struct AdaptationStep {
  Policy policy;
  RolloutStats stats;
};

struct Adaptation {
  std::vector<AdaptationStep> steps;
  size_t chosen; // the step whose rollouts are kept
};

/// Adapts `policy` to `task`: each step draws `n` rollouts, has `measure` measure them (one group),
/// and takes one Adam step with their speedups z-scored as advantages (and the entropy bonus);
/// progress on stderr. Stops
/// early, and chooses the step to keep, as AdaptOptions says.
llvm::FailureOr<Adaptation> adapt(Policy policy, const LearningTask &task,
                                  const AdaptOptions &options, RewardCallback measure);

} // namespace kopt::learn

#endif // KOPT_LEARN_TRAIN_H
