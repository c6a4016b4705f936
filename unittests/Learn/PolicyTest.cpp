//===- PolicyTest.cpp - the kernel policy ---------------------------------===//
#include "kopt/Learn/Policy.h"
#include "PolicyTesting.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"

#include "gtest/gtest.h"

#include <cmath>

using namespace kopt::learn;
using kopt::codegen::ScheduleSpace;

namespace {

// Every feature nonzero, so that every weight's gradient is checked.
const std::vector<double> kTask = {1.0, 20.0, 12.0, 4.0, 4.0, 0.7, 0.5,  0.3,
                                   0.1, 0.6,  0.4,  0.5, 0.25, 0.4, 1.0};

TEST(PolicyTest, TheTestTaskHasEveryFeature) {
  EXPECT_EQ(kTask.size(), taskFeatureNames().size());
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
  EXPECT_LT(spread(1e7), 1e-5);
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
  const double temperature = 0.8;
  for (const ScheduleSpace *space : kopt::codegen::allScheduleSpaces()) {
    std::vector<size_t> values = policy.sample(*space, kTask, rng, temperature).valueIndices;
    expectMatchesFiniteDifferences(
        policy, *space, policy.gradient(*space, kTask, values, temperature),
        [&] { return sum(policy.logProbs(*space, kTask, values, temperature)); });
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
  EXPECT_NE(edited([](llvm::json::Object &o) { o["version"] = 3; }).find("version 3 is not "
                                                                         "supported"),
            std::string::npos);
  auto elementwiseFeatures = [](llvm::json::Object &o) -> llvm::json::Value & {
    return (*o.getObject("families")->getObject("elementwise"))["features"];
  };
  EXPECT_NE(edited([&](llvm::json::Object &o) {
              elementwiseFeatures(o) = llvm::json::Array{"bias", "bias"};
            }).find("'features' must list task features, each once"),
            std::string::npos);
  EXPECT_NE(edited([&](llvm::json::Object &o) {
              elementwiseFeatures(o) = llvm::json::Array{"bias", "warp_count"};
            }).find("'features' must list task features, each once"),
            std::string::npos);
  // Version 1 files hold the five features of version 1.
  EXPECT_NE(edited([](llvm::json::Object &o) { o["version"] = 1; })
                .find("'features' of a version 1 file must be [bias, log2_elements, "
                      "log2_largest_dim, dtype_bytes, neg_log10_rtol]"),
            std::string::npos);
  EXPECT_NE(edited([](llvm::json::Object &o) { o["format"] = "other"; }).find("not a policy"),
            std::string::npos);
  EXPECT_NE(edited([](llvm::json::Object &o) {
              (*o.getObject("families"))["convolution"] = llvm::json::Object();
            }).find("unknown family 'convolution'"),
            std::string::npos);
  // Part of the domain loads (FileWrittenForASmallerSpaceLoads); a value outside it, or out of
  // its order, does not.
  for (std::vector<int64_t> values : std::vector<std::vector<int64_t>>{
           {64, 100}, {128, 64}, {64, 64}, {}})
    EXPECT_NE(edited([&](llvm::json::Object &o) {
                elementwiseDecision(o, "block")["values"] = llvm::json::Array(values);
              }).find("family 'elementwise', decision 'block': 'values' must be the decision's "
                      "domain [64, 128, 256, 512, 1024] or part of it, in that order"),
              std::string::npos);
  EXPECT_NE(edited([](llvm::json::Object &o) {
              elementwiseDecision(o, "block")["values"] = llvm::json::Array{64, 128};
            }).find("'weights' must hold one row per value (2)"),
            std::string::npos);
  EXPECT_NE(edited([](llvm::json::Object &o) {
              llvm::json::Object &vector = elementwiseDecision(o, "vector");
              (*vector.getArray("weights"))[0] = llvm::json::Array{1.0};
            }).find("each weight row must hold 15 numbers"),
            std::string::npos);
}

/// `file` (a policy's JSON) less value `position` of matmul's decision `decision`: its row, and
/// its column in every later decision's rows, as a file written before the value existed.
void dropMatmulValue(llvm::json::Value &file, size_t decision, size_t position) {
  const kopt::codegen::ScheduleSpace &space = kopt::codegen::matmulSpace();
  llvm::json::Object &decisions =
      *file.getAsObject()->getObject("families")->getObject("matmul")->getObject("decisions");
  llvm::json::Object &entry = *decisions.getObject(space.decisions[decision].name);
  llvm::json::Array &values = *entry.getArray("values");
  values.erase(values.begin() + position);
  llvm::json::Array &rows = *entry.getArray("weights");
  rows.erase(rows.begin() + position);
  size_t column = taskFeatureNames().size() + position;
  for (size_t earlier = 0; earlier < decision; ++earlier)
    if (const llvm::json::Object *other = decisions.getObject(space.decisions[earlier].name))
      column += other->getArray("values")->size();
  for (const kopt::codegen::Decision &later : space.decisions.drop_front(decision + 1))
    if (llvm::json::Object *other = decisions.getObject(later.name))
      for (llvm::json::Value &row : *other->getArray("weights"))
        row.getAsArray()->erase(row.getAsArray()->begin() + column);
}

/// A file written before its family's space grew, by values of a decision's domain or by whole
/// decisions, loads: what it has keeps its weights, what it lacks (those values' rows and their
/// one-hot columns in later rows, the new decision's rows) weighs 0, the uniform prior's part.
TEST(PolicyTest, FileWrittenForASmallerSpaceLoads) {
  const kopt::codegen::ScheduleSpace &space = kopt::codegen::matmulSpace();
  Policy policy = scrambledPolicy(13);
  llvm::json::Value file = policy.toJSON();
  size_t grown = 0, added = 3, last = space.decisions.size() - 1;
  ASSERT_GE(space.decisions[grown].domain.size(), 2u);
  dropMatmulValue(file, grown, 1);
  // Decision `added` and the last one as if they came later: no entry, no one-hot columns.
  for (size_t position = space.decisions[added].domain.size(); position-- > 0;)
    dropMatmulValue(file, added, position);
  for (size_t decision : {last, added})
    file.getAsObject()
        ->getObject("families")
        ->getObject("matmul")
        ->getObject("decisions")
        ->erase(space.decisions[decision].name);
  llvm::Expected<Policy> loaded = Policy::fromJSON(file);
  ASSERT_TRUE(static_cast<bool>(loaded)) << llvm::toString(loaded.takeError());

  const FamilyWeights &expected = policy.weights(space), &got = loaded->weights(space);
  size_t grownColumn = taskFeatureNames().size() + 1, addedColumns = 0;
  for (const kopt::codegen::Decision &earlier : space.decisions.take_front(added))
    addedColumns += earlier.domain.size();
  addedColumns += taskFeatureNames().size();
  for (auto [index, decision] : llvm::enumerate(space.decisions))
    for (auto [value, row] : llvm::enumerate(got.decisions[index]))
      for (auto [column, weight] : llvm::enumerate(row)) {
        bool dropped = index == added || index == last || (index == grown && value == 1) ||
                       (index > grown && column == grownColumn) ||
                       (index > added && column >= addedColumns &&
                        column < addedColumns + space.decisions[added].domain.size());
        EXPECT_EQ(weight, dropped ? 0.0 : expected.decisions[index][value][column])
            << decision.name.str() << " value " << value << " column " << column;
      }
}

/// `policy` as a version 1 file: the five features of version 1, and rows without the others.
llvm::json::Value asVersion1(const Policy &policy) {
  llvm::json::Value file = policy.toJSON();
  llvm::json::Object &root = *file.getAsObject();
  root["version"] = 1;
  size_t kept = version1FeatureNames().size(), dropped = taskFeatureNames().size() - kept;
  for (auto &family : *root.getObject("families")) {
    llvm::json::Object &entry = *family.second.getAsObject();
    entry["features"] = llvm::json::Array(
        llvm::map_range(version1FeatureNames(), [](llvm::StringLiteral n) { return n.str(); }));
    for (auto &decision : *entry.getObject("decisions"))
      for (llvm::json::Value &row : *decision.second.getAsObject()->getArray("weights")) {
        llvm::json::Array &numbers = *row.getAsArray();
        for (size_t i = 0; i < dropped; ++i)
          numbers.erase(numbers.begin() + kept);
      }
  }
  return file;
}

/// kTask without the features version 1 does not have.
std::vector<double> version1Part(std::vector<double> task) {
  std::fill(task.begin() + version1FeatureNames().size(), task.end(), 0.0);
  return task;
}

/// A version 1 file gives the distributions version 1 gave, on any task: those of its five
/// features alone, and the same again after a round trip through this version's file.
TEST(PolicyTest, Version1FileGivesTheSameDistributions) {
  llvm::json::Value file = asVersion1(scrambledPolicy(11));
  llvm::Expected<Policy> old = Policy::fromJSON(file);
  ASSERT_TRUE(static_cast<bool>(old)) << llvm::toString(old.takeError());
  llvm::json::Value rewritten = old->toJSON();
  EXPECT_EQ(rewritten.getAsObject()->getInteger("version"), kPolicyVersion);
  llvm::Expected<Policy> again = Policy::fromJSON(rewritten);
  ASSERT_TRUE(static_cast<bool>(again)) << llvm::toString(again.takeError());
  Rng rng(12);
  for (const ScheduleSpace *space : kopt::codegen::allScheduleSpaces()) {
    std::vector<size_t> values = old->sample(*space, kTask, rng).valueIndices;
    std::vector<std::vector<double>> distributions =
        old->distributions(*space, kTask, values);
    EXPECT_EQ(again->distributions(*space, kTask, values), distributions) << space->family.str();
    EXPECT_EQ(old->distributions(*space, version1Part(kTask), values), distributions)
        << space->family.str();
    EXPECT_EQ(again->logProbs(*space, kTask, values), old->logProbs(*space, kTask, values));

    // The first decision as version 1 computed it from the file: log softmax of each value's
    // row dotted with the five features.
    const llvm::json::Array &rows = *file.getAsObject()
                                         ->getObject("families")
                                         ->getObject(space->family)
                                         ->getObject("decisions")
                                         ->getObject(space->decisions[0].name)
                                         ->getArray("weights");
    std::vector<double> logits;
    for (const llvm::json::Value &row : rows) {
      double logit = 0;
      for (auto [weight, feature] : llvm::zip_first(*row.getAsArray(), kTask))
        logit += *weight.getAsNumber() * feature;
      logits.push_back(logit);
    }
    double top = *std::max_element(logits.begin(), logits.end()), total = 0;
    for (double logit : logits)
      total += std::exp(logit - top);
    for (auto [logit, logProb] : llvm::zip_equal(logits, distributions[0]))
      EXPECT_NEAR(logProb, logit - top - std::log(total), 1e-12) << space->family.str();
  }
}

/// The shipped base was trained with the payload features: a version 2 file whose distributions
/// move with them, so two tasks of one family draw from different distributions.
TEST(PolicyTest, BasePolicyReadsTheTaskFeatures) {
  llvm::Expected<llvm::json::Value> file = llvm::json::parse(basePolicyJSON());
  ASSERT_TRUE(static_cast<bool>(file)) << llvm::toString(file.takeError());
  EXPECT_EQ(file->getAsObject()->getInteger("version"), 2);
  llvm::Expected<Policy> base = Policy::base();
  ASSERT_TRUE(static_cast<bool>(base)) << llvm::toString(base.takeError());
  size_t spacesThatDiffer = 0;
  for (const ScheduleSpace *space : kopt::codegen::allScheduleSpaces()) {
    Rng first(13), second(13);
    PolicySample drawn = base->sample(*space, kTask, first);
    PolicySample withoutPayload = base->sample(*space, version1Part(kTask), second);
    spacesThatDiffer += drawn.logProbs != withoutPayload.logProbs;
  }
  EXPECT_GT(spacesThatDiffer, 0u);
}

} // namespace
