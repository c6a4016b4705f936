//===- PolicyTest.cpp - the kernel policy ---------------------------------===//
#include "kopt/Learn/Policy.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include "gtest/gtest.h"

#include <cmath>

using namespace kopt::learn;
using kopt::codegen::ScheduleSpace;

namespace {

const std::vector<double> kTask = {1.0, 20.0, 12.0, 4.0, 4.0};

/// Weights that differ from decision to decision, value to value and feature to feature.
Policy scrambledPolicy(uint64_t seed) {
  Policy policy;
  Rng rng(seed);
  for (const ScheduleSpace *space : kopt::codegen::allScheduleSpaces())
    for (auto &rows : policy.weights(*space).decisions)
      for (auto &row : rows)
        for (double &weight : row)
          weight = rng.uniform() - 0.5;
  return policy;
}

double sum(const std::vector<double> &values) {
  double total = 0;
  for (double value : values)
    total += value;
  return total;
}

TEST(PolicyTest, ZeroWeightsAreUniform) {
  Policy policy;
  Rng rng(7);
  for (const ScheduleSpace *space : kopt::codegen::allScheduleSpaces()) {
    PolicySample drawn = policy.sample(*space, kTask, rng);
    for (auto [decision, logProb] : llvm::zip_equal(space->decisions, drawn.logProbs))
      EXPECT_NEAR(logProb, -std::log(static_cast<double>(decision.domain.size())), 1e-12);
  }
}

/// Every value of a decision, with the earlier decisions fixed, has probabilities summing to 1.
TEST(PolicyTest, ValueProbabilitiesSumToOne) {
  Policy policy = scrambledPolicy(1);
  for (double temperature : {0.5, 1.0, 3.0})
    for (const ScheduleSpace *space : kopt::codegen::allScheduleSpaces()) {
      std::vector<size_t> values(space->decisions.size(), 0);
      for (size_t d = 0; d < values.size(); ++d) {
        double total = 0;
        for (size_t v = 0; v < space->decisions[d].domain.size(); ++v) {
          values[d] = v;
          total += std::exp(policy.logProbs(*space, kTask, values, temperature)[d]);
        }
        EXPECT_NEAR(total, 1.0, 1e-12) << space->family.str() << " decision " << d;
        values[d] = d % space->decisions[d].domain.size();
      }
    }
}

TEST(PolicyTest, SampledLogProbsAreExact) {
  Policy policy = scrambledPolicy(2);
  Rng rng(3);
  for (const ScheduleSpace *space : kopt::codegen::allScheduleSpaces()) {
    PolicySample drawn = policy.sample(*space, kTask, rng, 0.7);
    std::vector<double> again = policy.logProbs(*space, kTask, drawn.valueIndices, 0.7);
    for (auto [a, b] : llvm::zip_equal(drawn.logProbs, again))
      EXPECT_DOUBLE_EQ(a, b);
  }
}

/// A higher temperature flattens the distribution, a lower one sharpens it.
TEST(PolicyTest, TemperatureFlattensAndSharpens) {
  Policy policy = scrambledPolicy(4);
  const ScheduleSpace &space = kopt::codegen::elementwiseSpace();
  size_t domain = space.decisions[0].domain.size();
  auto spread = [&](double temperature) {
    double lowest = 0, highest = -INFINITY;
    for (size_t v = 0; v < domain; ++v) {
      std::vector<size_t> values(space.decisions.size(), 0);
      values[0] = v;
      double logProb = policy.logProbs(space, kTask, values, temperature)[0];
      lowest = std::min(lowest, logProb);
      highest = std::max(highest, logProb);
    }
    return highest - lowest;
  };
  EXPECT_GT(spread(0.25), spread(1.0));
  EXPECT_GT(spread(1.0), spread(4.0));
  EXPECT_LT(spread(1e6), 1e-5);
}

/// Finite weights give finite log-probs at any positive temperature: weights of both signs near
/// the largest double (whose plain dot products overflow to inf - inf), a temperature near 0.
TEST(PolicyTest, ExtremeWeightsAndTemperaturesGiveFiniteLogProbs) {
  Policy policy;
  Rng signs(6);
  for (const ScheduleSpace *space : kopt::codegen::allScheduleSpaces())
    for (auto &rows : policy.weights(*space).decisions)
      for (auto &row : rows)
        for (double &weight : row)
          weight = signs.uniform() < 0.5 ? -1.5e308 : 1.7e308;
  for (double temperature : {1e-310, 1e-3, 1.0, 1e300})
    for (const ScheduleSpace *space : kopt::codegen::allScheduleSpaces()) {
      Rng rng(7);
      PolicySample drawn = policy.sample(*space, kTask, rng, temperature);
      std::vector<std::vector<double>> distributions =
          policy.distributions(*space, kTask, drawn.valueIndices, temperature);
      for (const std::vector<double> &logProbs : distributions) {
        double total = 0;
        for (double logProb : logProbs) {
          EXPECT_TRUE(std::isfinite(logProb) && logProb <= 0)
              << space->family.str() << " at temperature " << temperature << ": " << logProb;
          total += std::exp(logProb);
        }
        EXPECT_NEAR(total, 1.0, 1e-9) << space->family.str();
      }
      EXPECT_TRUE(std::isfinite(sum(drawn.logProbs)));
    }
}

TEST(PolicyTest, SameSeedSameSamples) {
  Policy policy = scrambledPolicy(5);
  const ScheduleSpace &space = kopt::codegen::matmulSpace();
  Rng first(42), second(42), other(43);
  bool differs = false;
  for (int i = 0; i < 16; ++i) {
    PolicySample a = policy.sample(space, kTask, first);
    EXPECT_EQ(a.valueIndices, policy.sample(space, kTask, second).valueIndices);
    differs |= a.valueIndices != policy.sample(space, kTask, other).valueIndices;
  }
  EXPECT_TRUE(differs);
}

/// The analytic gradient against central differences of the summed log-prob.
TEST(PolicyTest, GradientMatchesFiniteDifferences) {
  Policy policy = scrambledPolicy(6);
  Rng rng(9);
  for (const ScheduleSpace *space : kopt::codegen::allScheduleSpaces()) {
    const double temperature = 0.8, step = 1e-5;
    std::vector<size_t> values = policy.sample(*space, kTask, rng, temperature).valueIndices;
    FamilyWeights gradient = policy.gradient(*space, kTask, values, temperature);
    FamilyWeights &weights = policy.weights(*space);
    for (size_t d = 0; d < weights.decisions.size(); ++d)
      for (size_t v = 0; v < weights.decisions[d].size(); ++v)
        for (size_t f = 0; f < weights.decisions[d][v].size(); ++f) {
          double &weight = weights.decisions[d][v][f];
          double saved = weight;
          weight = saved + step;
          double up = sum(policy.logProbs(*space, kTask, values, temperature));
          weight = saved - step;
          double down = sum(policy.logProbs(*space, kTask, values, temperature));
          weight = saved;
          double numeric = (up - down) / (2 * step);
          double analytic = gradient.decisions[d][v][f];
          EXPECT_LT(std::abs(numeric - analytic), 1e-4 * std::max(1.0, std::abs(analytic)))
              << space->family.str() << " w[" << d << "][" << v << "][" << f << "]";
        }
  }
}

TEST(PolicyTest, FileRoundTrip) {
  llvm::SmallString<128> path;
  ASSERT_FALSE(llvm::sys::fs::createTemporaryFile("policy", "json", path));
  Policy policy = scrambledPolicy(10);
  ASSERT_FALSE(llvm::errorToBool(policy.save(path)));
  llvm::Expected<Policy> loaded = Policy::load(path);
  llvm::sys::fs::remove(path);
  ASSERT_TRUE(bool(loaded)) << llvm::toString(loaded.takeError());
  for (const ScheduleSpace *space : kopt::codegen::allScheduleSpaces())
    EXPECT_EQ(loaded->weights(*space).decisions, policy.weights(*space).decisions);
}

std::string loadError(llvm::json::Value value) {
  llvm::Expected<Policy> policy = Policy::fromJSON(value);
  return policy ? std::string("(loaded)") : llvm::toString(policy.takeError());
}

llvm::json::Object &elementwiseDecision(llvm::json::Object &file, llvm::StringRef name) {
  return *file.getObject("families")
              ->getObject("elementwise")
              ->getObject("decisions")
              ->getObject(name);
}

TEST(PolicyTest, FileErrors) {
  llvm::json::Value good = Policy().toJSON();
  auto edited = [&](auto edit) {
    llvm::json::Value copy = good;
    edit(*copy.getAsObject());
    return loadError(std::move(copy));
  };
  EXPECT_EQ(loadError(good), "(loaded)");
  EXPECT_NE(edited([](llvm::json::Object &o) { o["version"] = 2; }).find("version 2 is not "
                                                                         "supported"),
            std::string::npos);
  EXPECT_NE(edited([](llvm::json::Object &o) { o["format"] = "other"; }).find("not a policy"),
            std::string::npos);
  EXPECT_NE(edited([](llvm::json::Object &o) {
              (*o.getObject("families"))["convolution"] = llvm::json::Object();
            }).find("unknown family 'convolution'"),
            std::string::npos);
  EXPECT_NE(edited([](llvm::json::Object &o) {
              llvm::json::Object &block = elementwiseDecision(o, "block");
              block["values"] = llvm::json::Array{64, 128};
            }).find("family 'elementwise', decision 'block': 'values' must be the decision's "
                    "domain [64, 128, 256, 512, 1024]"),
            std::string::npos);
  EXPECT_NE(edited([](llvm::json::Object &o) {
              o.getObject("families")
                  ->getObject("reduction")
                  ->getObject("decisions")
                  ->erase(kopt::codegen::reductionSpace().decisions[0].name);
            }).find("is missing, but"),
            std::string::npos);
  EXPECT_NE(edited([](llvm::json::Object &o) {
              llvm::json::Object &vector = elementwiseDecision(o, "vector");
              (*vector.getArray("weights"))[0] = llvm::json::Array{1.0};
            }).find("each weight row must hold 5 numbers"),
            std::string::npos);
}

// A file written before its family's space grew by a last decision loads, with the uniform
// prior (zero weights) for that decision.
TEST(PolicyTest, FileWithoutANewerLastDecisionLoads) {
  const kopt::codegen::ScheduleSpace &space = kopt::codegen::matmulSpace();
  llvm::json::Value file = Policy().toJSON();
  llvm::json::Object &decisions =
      *file.getAsObject()->getObject("families")->getObject("matmul")->getObject("decisions");
  llvm::json::Array &firstRow =
      *(*decisions.getObject(space.decisions[0].name)->getArray("weights"))[0].getAsArray();
  firstRow[0] = 0.5;
  decisions.erase(space.decisions.back().name);
  llvm::Expected<Policy> policy = Policy::fromJSON(file);
  ASSERT_TRUE(static_cast<bool>(policy)) << llvm::toString(policy.takeError());
  const FamilyWeights &weights = policy->weights(space);
  EXPECT_EQ(weights.decisions.front()[0][0], 0.5);
  for (const std::vector<double> &row : weights.decisions.back())
    for (double weight : row)
      EXPECT_EQ(weight, 0.0);
}

} // namespace
