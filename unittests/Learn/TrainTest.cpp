//===- TrainTest.cpp - policy-gradient updates ----------------------------===//
#include "kopt/Learn/Train.h"
#include "PolicyTesting.h"

#include "gtest/gtest.h"

#include <cmath>

using namespace kopt::learn;
using kopt::codegen::ScheduleSpace;

namespace {

const std::vector<double> kTask = {1.0, 0.6, 0.4, 0.5, 0.5, 0.4, 0.5,
                                   0.3, 0.0, 0.6, 0.2, 0.5, 0.25, 0.4, 1.0};

double probability(const Policy &policy, const ScheduleSpace &space,
                   const std::vector<size_t> &list, size_t decision) {
  return std::exp(policy.logProbs(space, kTask, list)[decision]);
}

TEST(TrainTest, GradientStepMovesProbabilityTowardHighAdvantage) {
  const ScheduleSpace &space = kopt::codegen::elementwiseSpace();
  Policy policy;
  std::vector<size_t> good(space.decisions.size(), 0), bad(space.decisions.size(), 1);
  std::vector<Rollout> rollouts = {{&space, kTask, good, 1.0}, {&space, kTask, bad, -1.0}};
  double goodBefore = probability(policy, space, good, 0);
  double badBefore = probability(policy, space, bad, 0);
  Adam adam(0.1);
  adam.ascend(policy, policyGradient(policy, rollouts));
  EXPECT_EQ(adam.steps(), 1);
  EXPECT_GT(probability(policy, space, good, 0), goodBefore);
  EXPECT_LT(probability(policy, space, bad, 0), badBefore);
}

/// A chain is drawn, scored and trained as its stages: its log-probs are theirs in turn, and a
/// step on a chain's rollouts moves the stage families' weights.
TEST(TrainTest, ChainsUseTheirStagesWeights) {
  using kopt::codegen::chainSpace;
  const ScheduleSpace &window = kopt::codegen::windowSpace();
  const ScheduleSpace &reduction = kopt::codegen::reductionSpace();
  const ScheduleSpace &chain = chainSpace({&window, &reduction});
  Policy policy;
  Rng rng(7);
  PolicySample drawn = policy.sample(chain, kTask, rng);
  ASSERT_EQ(drawn.valueIndices.size(), chain.decisions.size());
  std::vector<size_t> first(drawn.valueIndices.begin(),
                            drawn.valueIndices.begin() + window.decisions.size());
  std::vector<size_t> second(drawn.valueIndices.begin() + window.decisions.size(),
                             drawn.valueIndices.end());
  std::vector<double> expected = policy.logProbs(window, kTask, first);
  llvm::append_range(expected, policy.logProbs(reduction, kTask, second));
  EXPECT_EQ(policy.logProbs(chain, kTask, drawn.valueIndices), expected);

  std::vector<size_t> good(chain.decisions.size(), 0), bad(chain.decisions.size(), 1);
  std::vector<Rollout> rollouts = {{&chain, kTask, good, 1.0}, {&chain, kTask, bad, -1.0}};
  PolicyGradient gradient = policyGradient(policy, rollouts);
  EXPECT_EQ(gradient.size(), 2u);
  EXPECT_TRUE(gradient.count("window") && gradient.count("reduction"));
  std::vector<size_t> goodReduction(reduction.decisions.size(), 0);
  double before = probability(policy, reduction, goodReduction, 0);
  Adam adam(0.1);
  adam.ascend(policy, gradient);
  EXPECT_GT(probability(policy, reduction, goodReduction, 0), before);
  EXPECT_GT(probability(policy, chain, good, window.decisions.size()), before);
}

/// A family's space that also offers the chain moves only the weights of what a rollout built:
/// the chain's stages and the choice where it chose the chain, the family's decisions where not.
TEST(TrainTest, FusedOrChainMovesOnlyTheChosenBuilder) {
  using kopt::codegen::chainSpace;
  const ScheduleSpace &attention = kopt::codegen::attentionSpace();
  const ScheduleSpace &matmul = kopt::codegen::matmulSpace();
  const ScheduleSpace &normalization = kopt::codegen::normalizationSpace();
  const ScheduleSpace &either =
      chainSpace({&matmul, &normalization, &matmul}, &attention, "unfused");
  size_t choice = attention.find("unfused") - attention.decisions.begin();
  ASSERT_EQ(either.chainChoice, static_cast<int64_t>(choice));
  auto moved = [](const FamilyWeights &weights, size_t decision) {
    for (const std::vector<double> &row : weights.decisions[decision])
      for (double g : row)
        if (g != 0)
          return true;
    return false;
  };
  Policy policy;
  std::vector<size_t> list(either.decisions.size(), 1); // every boolean true: the chain
  PolicyGradient chain = policyGradient(policy, {{&either, kTask, list, 1.0}});
  ASSERT_TRUE(chain.count("attention") && chain.count("matmul") && chain.count("normalization"));
  EXPECT_TRUE(moved(chain.at("attention"), choice));
  for (size_t d = 0; d < attention.decisions.size(); ++d)
    if (d != choice)
      EXPECT_FALSE(moved(chain.at("attention"), d)) << attention.decisions[d].name.str();
  EXPECT_TRUE(moved(chain.at("matmul"), 0));
  EXPECT_TRUE(moved(chain.at("normalization"), 0));

  list[choice] = 0; // the fused kernel: the stages' decisions did nothing
  PolicyGradient fused = policyGradient(policy, {{&either, kTask, list, 1.0}});
  for (size_t d = 0; d < attention.decisions.size(); ++d)
    EXPECT_TRUE(moved(fused.at("attention"), d)) << attention.decisions[d].name.str();
  for (const char *family : {"matmul", "normalization"})
    if (fused.count(family))
      for (size_t d = 0; d < fused.at(family).decisions.size(); ++d)
        EXPECT_FALSE(moved(fused.at(family), d)) << family;
}

TEST(TrainTest, ZeroAdvantagesLeaveThePolicyAndAdamUnchanged) {
  const ScheduleSpace &space = kopt::codegen::reductionSpace();
  Policy policy;
  Adam adam(0.1);
  std::vector<size_t> list(space.decisions.size(), 1);
  // A first step gives Adam momentum, which a step without signal must not spend.
  adam.ascend(policy, policyGradient(policy, {{&space, kTask, list, 1.0}}));
  llvm::json::Value before = policy.toJSON();
  adam.ascend(policy, policyGradient(policy, {{&space, kTask, list, 0.0},
                                              {&space, kTask, list, 0.0}}));
  EXPECT_EQ(adam.steps(), 1);
  EXPECT_EQ(policy.toJSON(), before);
}

TEST(TrainTest, ZScores) {
  std::vector<double> scores = zScores({1.0, 2.0, 3.0});
  EXPECT_NEAR(scores[0], -std::sqrt(1.5), 1e-12);
  EXPECT_NEAR(scores[1], 0.0, 1e-12);
  EXPECT_NEAR(scores[2], std::sqrt(1.5), 1e-12);
  for (double score : zScores({2.5, 2.5, 2.5}))
    EXPECT_EQ(score, 0.0);
  EXPECT_TRUE(zScores({}).empty());
}

TEST(TrainTest, EntropyOfTheUniformPolicyIsLogDomainSize) {
  const ScheduleSpace &space = kopt::codegen::matmulSpace();
  Policy policy;
  std::vector<size_t> list(space.decisions.size(), 0);
  std::vector<double> entropy = entropyPerDecision(policy, space, kTask, {list, list});
  for (auto [value, decision] : llvm::zip_equal(entropy, space.decisions))
    EXPECT_NEAR(value, std::log(static_cast<double>(decision.domain.size())), 1e-12);
}

TEST(TrainTest, EntropyFallsAsTheGradientSharpensThePolicy) {
  const ScheduleSpace &space = kopt::codegen::elementwiseSpace();
  Policy policy;
  std::vector<size_t> good(space.decisions.size(), 0), bad(space.decisions.size(), 1);
  Adam adam(0.2);
  double previous = INFINITY;
  for (int step = 0; step < 5; ++step) {
    std::vector<double> entropy = entropyPerDecision(policy, space, kTask, {good});
    double mean = 0;
    for (double value : entropy)
      mean += value / entropy.size();
    EXPECT_LT(mean, previous) << "step " << step;
    previous = mean;
    adam.ascend(policy, policyGradient(policy, {{&space, kTask, good, 1.0},
                                                {&space, kTask, bad, -1.0}}));
  }
}

TEST(TrainTest, RunningMedianReward) {
  RunningMedianReward reward(/*window=*/3);
  // The first group is judged against its own median (2); an incorrect kernel earns 0.
  std::vector<double> first = reward.rewards("t", {1.0, 2.0, 4.0, 0.0});
  EXPECT_EQ(first, (std::vector<double>{0.5, 1.0, 2.0, 0.0}));
  // The window keeps the last three correct speedups: {4, 8, 8}, median 8.
  std::vector<double> second = reward.rewards("t", {8.0, 8.0});
  EXPECT_EQ(second, (std::vector<double>{1.0, 1.0}));
  // Tasks keep separate windows; a group without a correct kernel earns nothing.
  EXPECT_EQ(reward.rewards("u", {0.0, 0.0}), (std::vector<double>{0.0, 0.0}));
}

/// The rewards of a made-up task: speedup 2 when the first decision takes its first value, else
/// 0.5.
llvm::LogicalResult firstValueIsFast(llvm::MutableArrayRef<RolloutGroup> groups) {
  for (RolloutGroup &group : groups) {
    group.speedups.clear();
    for (const PolicySample &drawn : group.draws)
      group.speedups.push_back(drawn.valueIndices[0] == 0 ? 2.0 : 0.5);
  }
  return llvm::success();
}

TEST(TrainTest, AdaptationLearnsFromTheRewardCallback) {
  LearningTask task{"t", &kopt::codegen::elementwiseSpace(), kTask};
  AdaptOptions options{/*steps=*/6, /*n=*/16, /*lr=*/0.3, /*temperature=*/1.0, /*seed=*/1,
                       /*earlyStop=*/false, /*bestOfAdaptation=*/false};
  llvm::FailureOr<Adaptation> adapted = adapt(Policy(), task, options, firstValueIsFast);
  ASSERT_TRUE(llvm::succeeded(adapted));
  ASSERT_EQ(adapted->steps.size(), 6u);
  EXPECT_EQ(adapted->chosen, 5u);
  EXPECT_GT(adapted->steps.back().stats.fast1, adapted->steps.front().stats.fast1);
  // The same seed draws the same rollouts.
  llvm::FailureOr<Adaptation> again = adapt(Policy(), task, options, firstValueIsFast);
  ASSERT_TRUE(llvm::succeeded(again));
  EXPECT_EQ(again->steps.back().stats.meanSurprisal, adapted->steps.back().stats.meanSurprisal);
  // Equal fast_1 everywhere: the best of the adaptation is its first step.
  options.bestOfAdaptation = true;
  auto allFast = [](llvm::MutableArrayRef<RolloutGroup> groups) {
    for (RolloutGroup &group : groups)
      group.speedups.assign(group.draws.size(), 2.0);
    return llvm::success();
  };
  llvm::FailureOr<Adaptation> best = adapt(Policy(), task, options, allFast);
  ASSERT_TRUE(llvm::succeeded(best));
  EXPECT_EQ(best->chosen, 0u);
  // A failed measurement stops the adaptation.
  EXPECT_TRUE(llvm::failed(
      adapt(Policy(), task, options, [](auto) { return llvm::failure(); })));
}

TEST(TrainTest, OuterLoopTakesDistinctTasksAndDropsUnmeasuredOnes) {
  const ScheduleSpace *space = &kopt::codegen::elementwiseSpace();
  std::vector<LearningTask> tasks = {{"a", space, kTask}, {"b", space, kTask}, {"c", space, kTask}};
  GrpoOptions options{/*steps=*/4, /*batch=*/2, /*group=*/4, /*lr=*/0.1, /*temperature=*/1.0,
                      /*window=*/8, /*seed=*/3};
  std::vector<std::string> left;
  size_t checkpoints = 0;
  std::vector<llvm::json::Object> lines;
  auto measure = [](llvm::MutableArrayRef<RolloutGroup> groups) {
    for (RolloutGroup &group : groups) {
      group.measured = group.task != 2; // "c" cannot be measured
      group.speedups.assign(group.draws.size(), 1.5);
    }
    return llvm::success();
  };
  auto taskLeft = [&](const LearningTask &task) { left.push_back(task.name); };
  auto checkpoint = [&](const Policy &) {
    ++checkpoints;
    return llvm::success();
  };
  auto log = [&](llvm::json::Object line) {
    lines.push_back(std::move(line));
    return llvm::success();
  };
  Policy policy;
  ASSERT_TRUE(llvm::succeeded(
      trainGrpo(policy, tasks, options, {measure, taskLeft, checkpoint, log})));
  EXPECT_EQ(left, std::vector<std::string>{"c"});
  EXPECT_EQ(checkpoints, 4u);
  ASSERT_EQ(lines.size(), 4u);
  for (llvm::json::Object &line : lines) {
    std::vector<std::string> names;
    for (const llvm::json::Value &name : *line.getArray("tasks"))
      names.push_back(name.getAsString()->str());
    EXPECT_LE(names.size(), 2u);
    EXPECT_EQ(llvm::count(names, "c"), 0);
    if (names.size() == 2)
      EXPECT_NE(names[0], names[1]);
    // Distinct kernels per group, one per task of the step.
    const llvm::json::Array *distinct = line.getArray("distinct");
    ASSERT_TRUE(distinct);
    ASSERT_EQ(distinct->size(), names.size());
    for (const llvm::json::Value &count : *distinct)
      EXPECT_TRUE(*count.getAsInteger() >= 1 && *count.getAsInteger() <= 4);
  }
}

double total(llvm::ArrayRef<double> values) {
  double sum = 0;
  for (double value : values)
    sum += value;
  return sum;
}

/// The analytic gradient of the summed entropy per decision against central differences, on
/// every family.
TEST(TrainTest, EntropyGradientMatchesFiniteDifferences) {
  Policy policy = scrambledPolicy(21);
  Rng rng(22);
  const double temperature = 0.8;
  for (const ScheduleSpace *space : kopt::codegen::allScheduleSpaces()) {
    std::vector<size_t> values = policy.sample(*space, kTask, rng, temperature).valueIndices;
    expectMatchesFiniteDifferences(
        policy, *space, policy.entropyGradient(*space, kTask, values, temperature), [&] {
          return total(entropyPerDecision(policy, *space, kTask, {values}, temperature));
        });
  }
}

/// The whole objective: the mean over rollouts of advantage x mean log-prob per decision plus
/// the bonus x mean entropy per decision; a rollout with zero advantage still counts for the
/// entropy.
TEST(TrainTest, PolicyGradientWithEntropyBonusMatchesFiniteDifferences) {
  Policy policy = scrambledPolicy(23);
  Rng rng(24);
  const double temperature = 1.3, bonus = 0.2;
  for (const ScheduleSpace *space :
       {&kopt::codegen::elementwiseSpace(), &kopt::codegen::matmulSpace()}) {
    std::vector<Rollout> rollouts;
    for (double advantage : {1.2, -0.7, 0.0})
      rollouts.push_back({space, kTask, policy.sample(*space, kTask, rng).valueIndices,
                          advantage});
    auto objective = [&] {
      double sum = 0;
      for (const Rollout &rollout : rollouts) {
        double decisions = static_cast<double>(rollout.valueIndices.size());
        sum += rollout.advantage *
                   total(policy.logProbs(*space, kTask, rollout.valueIndices, temperature)) /
                   decisions +
               bonus *
                   total(entropyPerDecision(policy, *space, kTask, {rollout.valueIndices},
                                            temperature)) /
                   decisions;
      }
      return sum / rollouts.size();
    };
    PolicyGradient gradient = policyGradient(policy, rollouts, temperature, bonus);
    expectMatchesFiniteDifferences(policy, *space, gradient.find(space->family)->second,
                                   objective);
  }
}

/// The mean entropy per decision of the uniform prior.
double uniformEntropy(const ScheduleSpace &space) {
  double mean = 0;
  for (const kopt::codegen::Decision &decision : space.decisions)
    mean += std::log(static_cast<double>(decision.domain.size())) / space.decisions.size();
  return mean;
}

/// Recorded rewards of an elementwise task: a fixed speedup per decision list, fastest where
/// the first two decisions take their first values.
llvm::LogicalResult recordedSpeedups(llvm::MutableArrayRef<RolloutGroup> groups) {
  for (RolloutGroup &group : groups) {
    group.speedups.clear();
    for (const PolicySample &drawn : group.draws)
      group.speedups.push_back(1.0 + (drawn.valueIndices[0] == 0) +
                               0.5 * (drawn.valueIndices[1] == 0) +
                               0.1 * static_cast<double>(drawn.valueIndices[2]));
  }
  return llvm::success();
}

/// The entropy bonus slows the fall of the policy's entropy as test-time training sharpens it:
/// kb-ttt's defaults (5 steps of 32 rollouts, lr 0.1), the mean entropy of the last step over 8
/// seeds, which the sampling noise of one seed would hide for a small bonus.
TEST(TrainTest, EntropyBonusSlowsTheFallOfEntropyInAdaptation) {
  LearningTask task{"t", &kopt::codegen::elementwiseSpace(), kTask};
  auto lastEntropy = [&](double bonus) {
    double mean = 0;
    for (uint64_t seed = 1; seed <= 8; ++seed) {
      AdaptOptions options{/*steps=*/5, /*n=*/32, /*lr=*/0.1, /*temperature=*/1.0, seed,
                           /*earlyStop=*/false, /*bestOfAdaptation=*/false, bonus};
      llvm::FailureOr<Adaptation> adapted = adapt(Policy(), task, options, recordedSpeedups);
      EXPECT_TRUE(llvm::succeeded(adapted));
      // The first step draws from the uniform prior whatever the bonus.
      EXPECT_NEAR(adapted->steps.front().stats.meanEntropy(), uniformEntropy(*task.space), 1e-12);
      mean += adapted->steps.back().stats.meanEntropy() / 8;
    }
    return mean;
  };
  double without = lastEntropy(0.0), small = lastEntropy(0.01), large = lastEntropy(0.1);
  EXPECT_LT(without, uniformEntropy(*task.space)); // the rewards do sharpen the policy
  // The larger the bonus, the less the entropy falls; the default (0.01) does not stop it.
  EXPECT_GT(small, without);
  EXPECT_LT(small, uniformEntropy(*task.space));
  EXPECT_GT(large, small);
}

/// The same in the outer loop, with the entropy its log reports.
TEST(TrainTest, EntropyBonusSlowsTheFallOfEntropyInTraining) {
  const ScheduleSpace *space = &kopt::codegen::elementwiseSpace();
  std::vector<LearningTask> tasks = {{"a", space, kTask}, {"b", space, kTask}};
  auto lastEntropy = [&](double bonus) {
    GrpoOptions options{/*steps=*/10, /*batch=*/2, /*group=*/8, /*lr=*/0.2,
                        /*temperature=*/1.0, /*window=*/8, /*seed=*/3, bonus};
    double last = 0;
    auto log = [&](llvm::json::Object line) {
      const llvm::json::Array &entropy =
          *line.getObject("entropy")->getArray(space->family);
      last = 0;
      for (const llvm::json::Value &value : entropy)
        last += *value.getAsNumber() / entropy.size();
      return llvm::success();
    };
    Policy policy;
    EXPECT_TRUE(llvm::succeeded(trainGrpo(
        policy, tasks, options,
        {recordedSpeedups, [](const LearningTask &) {},
         [](const Policy &) { return llvm::success(); }, log})));
    return last;
  };
  double without = lastEntropy(0.0), with = lastEntropy(0.1);
  EXPECT_LT(without, uniformEntropy(*space));
  EXPECT_GT(with, without);
}

} // namespace
