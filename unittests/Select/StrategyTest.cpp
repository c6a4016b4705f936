//===- StrategyTest.cpp - selection strategies ----------------------------===//
#include "kopt/Select/Strategy.h"

#include "gtest/gtest.h"

#include <map>

using namespace kopt::select;

namespace {

CandidateRecord correct(std::string id, double meanLogProb, double timeUs) {
  CandidateRecord r;
  r.id = std::move(id);
  r.verified = r.correct = true;
  r.meanLogProb = meanLogProb;
  r.timeUs = timeUs;
  r.speedup = 1000.0 / timeUs;
  return r;
}

CandidateRecord incorrect(std::string id, double meanLogProb) {
  CandidateRecord r;
  r.id = std::move(id);
  r.verified = true;
  r.meanLogProb = meanLogProb;
  return r;
}

Strategy parsed(llvm::StringRef text) {
  llvm::Expected<Strategy> s = Strategy::parse(text);
  EXPECT_TRUE(static_cast<bool>(s)) << text.str();
  if (!s) {
    llvm::consumeError(s.takeError());
    return {};
  }
  return *s;
}

std::optional<size_t> chosen(llvm::StringRef strategy, llvm::ArrayRef<CandidateRecord> records,
                             uint64_t seed = 0) {
  llvm::Expected<Selection> s = select(parsed(strategy), records, seed);
  EXPECT_TRUE(static_cast<bool>(s));
  if (!s) {
    llvm::consumeError(s.takeError());
    return std::nullopt;
  }
  return s->chosen;
}

std::string errorOf(llvm::StringRef strategy, llvm::ArrayRef<CandidateRecord> records) {
  llvm::Expected<Selection> s = select(parsed(strategy), records, 0);
  if (s)
    return "";
  return llvm::toString(s.takeError());
}

// Means: c0 -0.1 (most confident), c1 -2.0 (most surprising), c2 -0.5, c3 -1.5, c4 -1.0
// (incorrect). Times: c0 50, c1 40, c2 10, c3 30. Worked out by hand:
//   oracle -> c2; confidence -> c0; surprise -> c1; surprise-top3 (c1, c3, c4 is incorrect
//   so c2) -> fastest of {c1, c3, c2} = c2; surprise-top2 {c1, c3} -> c3;
//   confidence-top2 {c0, c2} -> c2; bon-2 {c0, c1} -> c1.
std::vector<CandidateRecord> fiveCandidates() {
  return {correct("c0", -0.1, 50), correct("c1", -2.0, 40), correct("c2", -0.5, 10),
          correct("c3", -1.5, 30), incorrect("c4", -1.0)};
}

TEST(StrategyParse, NamesRoundTrip) {
  for (const char *name : {"oracle", "random", "confidence", "surprise", "surprise-top3",
                           "surprise-top10", "confidence-top2", "bon-1", "bon-64"})
    EXPECT_EQ(parsed(name).name(), name);
  EXPECT_EQ(parsed("surprise-top").name(), "surprise-top3");
  EXPECT_EQ(parsed("model").name(), "model");
  EXPECT_EQ(parsed("model-top8").name(), "model-top8");
  EXPECT_EQ(parsed("model-top").name(), "model-top3");
}

TEST(StrategyParse, RejectsMalformed) {
  for (const char *name : {"", "fastest", "surprise-top0", "surprise-topx", "bon-", "bon-0",
                           "bon--1", "Oracle", "model-top0", "models"}) {
    llvm::Expected<Strategy> s = Strategy::parse(name);
    EXPECT_FALSE(static_cast<bool>(s)) << name;
    if (!s)
      llvm::consumeError(s.takeError());
  }
}

TEST(Select, EachStrategyOnHandWorkedSet) {
  std::vector<CandidateRecord> records = fiveCandidates();
  EXPECT_EQ(chosen("oracle", records), 2u);
  EXPECT_EQ(chosen("confidence", records), 0u);
  EXPECT_EQ(chosen("surprise", records), 1u);
  EXPECT_EQ(chosen("surprise-top3", records), 2u);
  EXPECT_EQ(chosen("surprise-top2", records), 3u);
  EXPECT_EQ(chosen("confidence-top2", records), 2u);
  EXPECT_EQ(chosen("bon-2", records), 1u);
  EXPECT_EQ(chosen("bon-1", records), 0u);
}

// The five candidates with predicted speedups: c0 1.2, c1 3.0 (predicted fastest, timed 40),
// c2 0.5 (truly fastest, timed 10), c3 2.0 (timed 30), c4 9.0 (incorrect: never chosen).
// model -> c1; model-top2 {c1, c3} -> c3; model-top3 {c1, c3, c0} -> c3.
std::vector<CandidateRecord> predictedCandidates() {
  std::vector<CandidateRecord> records = fiveCandidates();
  double predicted[] = {1.2, 3.0, 0.5, 2.0, 9.0};
  for (auto [record, speedup] : llvm::zip_equal(records, predicted))
    record.predictedSpeedup = speedup;
  return records;
}

TEST(Select, ModelStrategiesRankByPrediction) {
  std::vector<CandidateRecord> records = predictedCandidates();
  EXPECT_EQ(chosen("model", records), 1u);
  EXPECT_EQ(chosen("model-top2", records), 3u);
  EXPECT_EQ(chosen("model-top3", records), 3u);
  EXPECT_EQ(chosen("model-top4", records), 2u);
  llvm::Expected<std::vector<size_t>> timed = candidatesToTime(parsed("model-top3"), records);
  ASSERT_TRUE(static_cast<bool>(timed));
  EXPECT_EQ(*timed, (std::vector<size_t>{0, 1, 3}));
  // `model` reads no timing; a correct candidate without a prediction is an error naming it.
  for (CandidateRecord &r : records)
    r.timeUs.reset();
  EXPECT_EQ(chosen("model", records), 1u);
  records[3].predictedSpeedup.reset();
  EXPECT_EQ(errorOf("model", records),
            "candidate @c3 has no predicted speedup; 'model' ranks by it (kb-predict)");
}

// Samples of one kernel count once: c1 and c3 are one kernel, so surprise-top2 ranks the correct
// c1, c3 (a copy of c1, skipped), c2, and times c1 and c2; without the kernel numbers it times c1
// and c3, one kernel twice.
TEST(Select, TopKTimesDistinctKernels) {
  std::vector<CandidateRecord> records = fiveCandidates();
  records[3].timeUs = records[1].timeUs;
  EXPECT_EQ(*candidatesToTime(parsed("surprise-top2"), records), (std::vector<size_t>{1, 3}));
  for (auto [record, kernel] : llvm::zip_equal(records, std::vector<size_t>{0, 1, 2, 1, 3}))
    record.kernel = kernel;
  EXPECT_EQ(*candidatesToTime(parsed("surprise-top2"), records), (std::vector<size_t>{1, 2}));
  EXPECT_EQ(chosen("surprise-top2", records), 2u);
  // Best-of-K is over samples, copies included.
  EXPECT_EQ(*candidatesToTime(parsed("bon-4"), records), (std::vector<size_t>{0, 1, 2, 3}));
}

TEST(Select, TimingsReadAreWhatTheStrategyNeeds) {
  std::vector<CandidateRecord> records = fiveCandidates();
  auto timed = [&](llvm::StringRef s) {
    llvm::Expected<std::vector<size_t>> t = candidatesToTime(parsed(s), records);
    EXPECT_TRUE(static_cast<bool>(t));
    return t ? *t : std::vector<size_t>{};
  };
  EXPECT_EQ(timed("random"), std::vector<size_t>{});
  EXPECT_EQ(timed("confidence"), std::vector<size_t>{});
  EXPECT_EQ(timed("surprise"), std::vector<size_t>{});
  EXPECT_EQ(timed("surprise-top3"), (std::vector<size_t>{1, 2, 3}));
  EXPECT_EQ(timed("confidence-top1"), (std::vector<size_t>{0}));
  EXPECT_EQ(timed("oracle"), (std::vector<size_t>{0, 1, 2, 3}));
  EXPECT_EQ(timed("bon-5"), (std::vector<size_t>{0, 1, 2, 3}));
}

TEST(Select, StrategiesThatTimeNothingNeedNoTimings) {
  std::vector<CandidateRecord> records = fiveCandidates();
  for (CandidateRecord &r : records)
    r.timeUs.reset();
  EXPECT_EQ(chosen("surprise", records), 1u);
  EXPECT_EQ(chosen("confidence", records), 0u);
  EXPECT_NE(errorOf("surprise-top3", records).find("has no timing"), std::string::npos);
}

TEST(Select, NoCorrectCandidate) {
  std::vector<CandidateRecord> records = {incorrect("a", -1), incorrect("b", -2)};
  for (const char *s : {"oracle", "random", "confidence", "surprise", "surprise-top3", "bon-2"}) {
    llvm::Expected<Selection> sel = select(parsed(s), records, 7);
    ASSERT_TRUE(static_cast<bool>(sel)) << s;
    EXPECT_FALSE(sel->chosen.has_value()) << s;
    EXPECT_TRUE(sel->timed.empty()) << s;
  }
  EXPECT_FALSE(chosen("oracle", {}).has_value());
}

TEST(Select, FewerCorrectThanK) {
  std::vector<CandidateRecord> records = {incorrect("a", -3), correct("b", -1, 20),
                                          correct("c", -2, 30)};
  llvm::Expected<Selection> sel = select(parsed("surprise-top5"), records, 0);
  ASSERT_TRUE(static_cast<bool>(sel));
  EXPECT_EQ(sel->chosen, 1u);
  EXPECT_EQ(sel->timed, (std::vector<size_t>{1, 2}));
}

TEST(Select, TiesGoToTheEarlierCandidate) {
  std::vector<CandidateRecord> records = {correct("a", -1, 20), correct("b", -1, 20),
                                          correct("c", -1, 20)};
  for (const char *s : {"oracle", "confidence", "surprise", "surprise-top3", "bon-3"})
    EXPECT_EQ(chosen(s, records), 0u) << s;
  // A tie on log-prob at the top-K boundary keeps the earlier candidate in the top K.
  records = {correct("a", -1, 50), correct("b", -2, 40), correct("c", -2, 10)};
  llvm::Expected<std::vector<size_t>> timed = candidatesToTime(parsed("surprise-top1"), records);
  ASSERT_TRUE(static_cast<bool>(timed));
  EXPECT_EQ(*timed, std::vector<size_t>{1});
}

TEST(Select, ErrorsNameTheCandidate) {
  std::vector<CandidateRecord> records = fiveCandidates();
  records[3].meanLogProb.reset();
  EXPECT_NE(errorOf("surprise", records).find("@c3 has no log-probabilities"),
            std::string::npos);
  EXPECT_EQ(errorOf("oracle", records), ""); // the oracle does not rank by log-prob
  records = fiveCandidates();
  records[1].verified = false;
  EXPECT_NE(errorOf("random", records).find("@c1 has no verdict"), std::string::npos);
  records = fiveCandidates();
  records[2].timeUs.reset();
  EXPECT_NE(errorOf("oracle", records).find("@c2 has no timing"), std::string::npos);
  // An incorrect candidate without log-probs is never ranked, so it is no error.
  records = fiveCandidates();
  records[4].meanLogProb.reset();
  EXPECT_EQ(errorOf("surprise", records), "");
}

TEST(Select, CandidateErrorCarriesTheIndex) {
  std::vector<CandidateRecord> records = fiveCandidates();
  records[2].timeUs.reset();
  llvm::Expected<Selection> sel = select(parsed("oracle"), records, 0);
  ASSERT_FALSE(static_cast<bool>(sel));
  size_t index = 99;
  llvm::handleAllErrors(sel.takeError(), [&](const CandidateError &e) { index = e.index; });
  EXPECT_EQ(index, 2u);
}

TEST(Select, RandomIsSeededAndUniformOverCorrect) {
  std::vector<CandidateRecord> records = fiveCandidates();
  EXPECT_EQ(chosen("random", records, 42), chosen("random", records, 42));
  std::map<size_t, int> counts;
  const int trials = 4000;
  for (uint64_t seed = 0; seed < trials; ++seed)
    ++counts[*chosen("random", records, seed)];
  EXPECT_EQ(counts.count(4), 0u); // never the incorrect one
  // Chi-squared over the 4 correct candidates, 3 degrees of freedom: 16.27 is p = 0.001.
  double chi2 = 0;
  for (size_t i = 0; i < 4; ++i) {
    double expected = trials / 4.0, observed = counts[i];
    chi2 += (observed - expected) * (observed - expected) / expected;
  }
  EXPECT_LT(chi2, 16.27);
}

TEST(Select, SuccessMeansCorrectAndFaster) {
  CandidateRecord r = correct("a", -1, 100);
  r.speedup = 1.5;
  EXPECT_TRUE(isSuccess(r));
  r.speedup = 1.0;
  EXPECT_FALSE(isSuccess(r));
  r.speedup.reset();
  EXPECT_FALSE(isSuccess(r));
  CandidateRecord wrong = incorrect("b", -1);
  wrong.speedup = 3.0;
  EXPECT_FALSE(isSuccess(wrong));
}

} // namespace
