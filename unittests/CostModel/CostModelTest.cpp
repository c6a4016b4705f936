//===- CostModelTest.cpp - the learned cost model -------------------------===//
#include "kopt/CostModel/CostModel.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>

using namespace kopt::costmodel;

namespace {

/// Candidates whose answer is known: log speedup = 2 x0 - x1 (x2 is noise the model must
/// ignore), correct exactly when x1 < 0.5.
std::vector<Example> knownExamples(unsigned count, unsigned seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> unit(0.0f, 1.0f);
  std::vector<Example> examples;
  for (unsigned i = 0; i < count; ++i) {
    float x0 = unit(rng), x1 = unit(rng), x2 = unit(rng);
    examples.push_back({{x0, x1, x2}, x1 < 0.5f, std::exp(2.0 * x0 - x1)});
  }
  return examples;
}

const std::vector<std::string> kNames = {"x0", "x1", "x2"};

FitOptions smallFit() {
  FitOptions options;
  options.rounds = 60;
  options.maxDepth = 4;
  options.eta = 0.3;
  return options;
}

std::string text(const CostModel &model) {
  llvm::Expected<llvm::json::Value> document = model.toJSON();
  if (!document) {
    ADD_FAILURE() << llvm::toString(document.takeError());
    return "";
  }
  std::string out;
  llvm::raw_string_ostream(out) << *document;
  return out;
}

std::vector<double> rankOf(const std::vector<double> &values) {
  std::vector<size_t> order(values.size());
  std::iota(order.begin(), order.end(), 0);
  std::sort(order.begin(), order.end(), [&](size_t a, size_t b) { return values[a] < values[b]; });
  std::vector<double> ranks(values.size());
  for (size_t r = 0; r < order.size(); ++r)
    ranks[order[r]] = static_cast<double>(r);
  return ranks;
}

double spearman(const std::vector<double> &a, const std::vector<double> &b) {
  std::vector<double> ra = rankOf(a), rb = rankOf(b);
  double n = static_cast<double>(a.size()), sum = 0;
  for (size_t i = 0; i < a.size(); ++i)
    sum += (ra[i] - rb[i]) * (ra[i] - rb[i]);
  return 1 - 6 * sum / (n * (n * n - 1));
}

TEST(CostModelTest, SameExamplesGiveTheSameModelBytes) {
  std::vector<Example> examples = knownExamples(400, 1);
  llvm::Expected<CostModel> first = CostModel::fit(kNames, examples, smallFit());
  llvm::Expected<CostModel> second = CostModel::fit(kNames, examples, smallFit());
  ASSERT_TRUE(static_cast<bool>(first)) << llvm::toString(first.takeError());
  ASSERT_TRUE(static_cast<bool>(second)) << llvm::toString(second.takeError());
  EXPECT_EQ(text(*first), text(*second));
  // Other examples give another model: the bytes depend on the data, not only on the options.
  llvm::Expected<CostModel> other = CostModel::fit(kNames, knownExamples(400, 2), smallFit());
  ASSERT_TRUE(static_cast<bool>(other)) << llvm::toString(other.takeError());
  EXPECT_NE(text(*first), text(*other));
}

TEST(CostModelTest, RanksHeldOutCandidatesOfAKnownAnswer) {
  llvm::Expected<CostModel> model = CostModel::fit(kNames, knownExamples(800, 3), smallFit());
  ASSERT_TRUE(static_cast<bool>(model)) << llvm::toString(model.takeError());
  std::vector<Example> heldOut = knownExamples(200, 4);
  std::vector<std::vector<float>> rows;
  std::vector<double> truth;
  for (const Example &example : heldOut) {
    rows.push_back(example.features);
    truth.push_back(std::log(example.speedup));
  }
  llvm::Expected<std::vector<Prediction>> predictions = model->predict(rows);
  ASSERT_TRUE(static_cast<bool>(predictions)) << llvm::toString(predictions.takeError());
  std::vector<double> predicted;
  for (const Prediction &p : *predictions)
    predicted.push_back(std::log(p.speedup));
  EXPECT_GT(spearman(predicted, truth), 0.95);
  // Correctness is a step in x1: the model puts held-out candidates on the right side of it.
  unsigned right = 0;
  for (auto [example, p] : llvm::zip(heldOut, *predictions))
    right += (p.pCorrect > 0.5) == example.correct;
  EXPECT_GE(right, 190u);
}

TEST(CostModelTest, FileRoundTripPredictsTheSame) {
  llvm::Expected<CostModel> model = CostModel::fit(kNames, knownExamples(300, 5), smallFit());
  ASSERT_TRUE(static_cast<bool>(model)) << llvm::toString(model.takeError());
  llvm::SmallString<128> path;
  ASSERT_FALSE(llvm::sys::fs::createTemporaryFile("cost-model", "json", path));
  ASSERT_FALSE(static_cast<bool>(model->save(path)));
  llvm::Expected<CostModel> loaded = CostModel::load(path);
  llvm::sys::fs::remove(path);
  ASSERT_TRUE(static_cast<bool>(loaded)) << llvm::toString(loaded.takeError());
  EXPECT_EQ(loaded->featureNames(), model->featureNames());
  // A missing feature (NaN) is allowed: trees send it down their default branch.
  std::vector<std::vector<float>> rows = {{0.9f, 0.1f, 0.5f}, {0.1f, 0.9f, NAN}};
  llvm::Expected<std::vector<Prediction>> before = model->predict(rows);
  llvm::Expected<std::vector<Prediction>> after = loaded->predict(rows);
  ASSERT_TRUE(before && after);
  for (size_t i = 0; i < rows.size(); ++i) {
    EXPECT_EQ((*before)[i].speedup, (*after)[i].speedup);
    EXPECT_EQ((*before)[i].pCorrect, (*after)[i].pCorrect);
  }
  EXPECT_GT((*before)[0].speedup, (*before)[1].speedup);
}

TEST(CostModelTest, RefusesWhatItCannotUse) {
  std::vector<Example> allWrong = {{{0.1f, 0.2f, 0.3f}, false, 0.0}};
  EXPECT_EQ(llvm::toString(CostModel::fit(kNames, allWrong, smallFit()).takeError()),
            "cost model: no correct example with a speedup to fit on");
  llvm::Expected<CostModel> model = CostModel::fit(kNames, knownExamples(100, 6), smallFit());
  ASSERT_TRUE(static_cast<bool>(model)) << llvm::toString(model.takeError());
  EXPECT_EQ(llvm::toString(model->predict({{1.0f, 2.0f}}).takeError()),
            "cost model: row 0 has 2 features, the model 3");
  EXPECT_EQ(llvm::toString(CostModel::fromJSON(llvm::json::Object{{"format", "other"}}).takeError()),
            "cost model: not a kopt cost model (\"format\" must be \"kopt-cost-model\")");
  EXPECT_EQ(llvm::toString(CostModel::load("/nonexistent/model.json").takeError()),
            "cost model: cannot read '/nonexistent/model.json'");
}

} // namespace
