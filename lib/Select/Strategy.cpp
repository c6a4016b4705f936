//===- Strategy.cpp - selection strategies --------------------------------===//
#include "kopt/Select/Strategy.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/Support/FormatVariadic.h"

#include <algorithm>
#include <numeric>

using namespace llvm;
using namespace kopt::select;

char CandidateError::ID = 0;

static Error candidateError(size_t index, const Twine &message) {
  return make_error<CandidateError>(index, message.str());
}

Expected<Strategy> Strategy::parse(StringRef text) {
  auto withK = [&](StrategyKind kind, StringRef prefix) -> Expected<Strategy> {
    StringRef rest = text.drop_front(prefix.size());
    unsigned k = 3;
    if (!rest.empty() && (rest.getAsInteger(10, k) || k == 0))
      return createStringError("strategy '" + text + "': K must be a positive integer");
    return Strategy{kind, k};
  };
  if (text == "oracle")
    return Strategy{StrategyKind::Oracle, 0};
  if (text == "random")
    return Strategy{StrategyKind::Random, 0};
  if (text == "confidence")
    return Strategy{StrategyKind::Confidence, 0};
  if (text == "surprise")
    return Strategy{StrategyKind::Surprise, 0};
  if (text.starts_with("surprise-top"))
    return withK(StrategyKind::SurpriseTopK, "surprise-top");
  if (text.starts_with("confidence-top"))
    return withK(StrategyKind::ConfidenceTopK, "confidence-top");
  if (text == "model")
    return Strategy{StrategyKind::Model, 0};
  if (text.starts_with("model-top"))
    return withK(StrategyKind::ModelTopK, "model-top");
  if (text.starts_with("bon-")) {
    Expected<Strategy> s = withK(StrategyKind::BestOfK, "bon-");
    if (s && text.size() == 4)
      return createStringError("strategy 'bon-': K is required, e.g. bon-8");
    return s;
  }
  return createStringError("unknown selection strategy '" + text +
                           "'; expected one of:\n" + strategyHelp());
}

std::string Strategy::name() const {
  switch (kind) {
  case StrategyKind::Oracle:
    return "oracle";
  case StrategyKind::Random:
    return "random";
  case StrategyKind::Confidence:
    return "confidence";
  case StrategyKind::Surprise:
    return "surprise";
  case StrategyKind::SurpriseTopK:
    return formatv("surprise-top{0}", k);
  case StrategyKind::ConfidenceTopK:
    return formatv("confidence-top{0}", k);
  case StrategyKind::BestOfK:
    return formatv("bon-{0}", k);
  case StrategyKind::Model:
    return "model";
  case StrategyKind::ModelTopK:
    return formatv("model-top{0}", k);
  }
  llvm_unreachable("unknown strategy kind");
}

bool Strategy::needsPredictions() const {
  return kind == StrategyKind::Model || kind == StrategyKind::ModelTopK;
}

bool Strategy::needsLogProbs() const {
  switch (kind) {
  case StrategyKind::Confidence:
  case StrategyKind::Surprise:
  case StrategyKind::SurpriseTopK:
  case StrategyKind::ConfidenceTopK:
    return true;
  default:
    return false;
  }
}

StringRef kopt::select::strategyHelp() {
  return "  oracle           fastest correct candidate (times every correct one)\n"
         "  random           uniformly random correct candidate, seeded (times none)\n"
         "  confidence       highest mean log-prob among correct (times none)\n"
         "  surprise         lowest mean log-prob among correct (times none)\n"
         "  surprise-topK    fastest of the K most surprising correct kernels (times K; K=3)\n"
         "  confidence-topK  fastest of the K most confident correct kernels (times K)\n"
         "  model            highest predicted speedup among correct (kb-predict; times none)\n"
         "  model-topK       fastest of the K correct kernels predicted fastest (times K; K=3)\n"
         "  bon-K            best of the first K in sample order (times the correct among them)\n";
}

/// Indices of the correct candidates, after checking every candidate was verified and, where the
/// strategy ranks by log-probability, that every correct one has it.
static Expected<std::vector<size_t>> correctCandidates(const Strategy &strategy,
                                                       ArrayRef<CandidateRecord> records) {
  std::vector<size_t> correct;
  for (auto [index, record] : enumerate(records)) {
    if (!record.verified)
      return candidateError(index, "candidate @" + record.id +
                                       " has no verdict; selection needs every candidate "
                                       "verified (kb-verify)");
    if (!record.correct)
      continue;
    if (strategy.needsLogProbs() && !record.meanLogProb)
      return candidateError(index, "candidate @" + record.id + " has no log-probabilities; '" +
                                       strategy.name() + "' ranks by them");
    if (strategy.needsPredictions() && !record.predictedSpeedup)
      return candidateError(index, "candidate @" + record.id + " has no predicted speedup; '" +
                                       strategy.name() + "' ranks by it (kb-predict)");
    correct.push_back(index);
  }
  return correct;
}

/// `candidates` ordered by `key` (ascending or not), ties by sample order.
template <typename Key>
static std::vector<size_t> rankBy(std::vector<size_t> candidates, Key key, bool ascending) {
  std::stable_sort(candidates.begin(), candidates.end(), [&](size_t a, size_t b) {
    return ascending ? key(a) < key(b) : key(a) > key(b);
  });
  return candidates;
}

/// The first candidate of each of the first `k` distinct kernels in `ranked`: timing a kernel's
/// copy again would spend a timing on nothing new.
static std::vector<size_t> firstDistinctKernels(ArrayRef<size_t> ranked,
                                                ArrayRef<CandidateRecord> records, unsigned k) {
  std::vector<size_t> chosen;
  llvm::SmallDenseSet<size_t> kernels;
  for (size_t index : ranked) {
    if (chosen.size() == k)
      break;
    std::optional<size_t> kernel = records[index].kernel;
    if (!kernel || kernels.insert(*kernel).second)
      chosen.push_back(index);
  }
  return chosen;
}

Expected<std::vector<size_t>> kopt::select::candidatesToTime(const Strategy &strategy,
                                                             ArrayRef<CandidateRecord> records) {
  Expected<std::vector<size_t>> correct = correctCandidates(strategy, records);
  if (!correct)
    return correct.takeError();
  std::vector<size_t> timed;
  switch (strategy.kind) {
  case StrategyKind::Random:
  case StrategyKind::Confidence:
  case StrategyKind::Surprise:
  case StrategyKind::Model:
    break;
  case StrategyKind::Oracle:
    timed = *correct;
    break;
  case StrategyKind::SurpriseTopK:
  case StrategyKind::ConfidenceTopK:
  case StrategyKind::ModelTopK: {
    if (strategy.kind == StrategyKind::ModelTopK)
      timed = rankBy(*correct, [&](size_t i) { return *records[i].predictedSpeedup; },
                     /*ascending=*/false);
    else
      timed = rankBy(*correct, [&](size_t i) { return *records[i].meanLogProb; },
                     /*ascending=*/strategy.kind == StrategyKind::SurpriseTopK);
    timed = firstDistinctKernels(timed, records, strategy.k);
    std::sort(timed.begin(), timed.end());
    break;
  }
  case StrategyKind::BestOfK:
    for (size_t index : *correct)
      if (index < strategy.k)
        timed.push_back(index);
    break;
  }
  return timed;
}

/// A deterministic 64-bit mix of the seed (splitmix64), the same on every platform.
static uint64_t mixSeed(uint64_t seed) {
  uint64_t z = seed + 0x9e3779b97f4a7c15ULL;
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

Expected<Selection> kopt::select::select(const Strategy &strategy,
                                         ArrayRef<CandidateRecord> records, uint64_t seed) {
  Expected<std::vector<size_t>> correct = correctCandidates(strategy, records);
  if (!correct)
    return correct.takeError();
  Expected<std::vector<size_t>> timed = candidatesToTime(strategy, records);
  if (!timed)
    return timed.takeError();
  for (size_t index : *timed)
    if (!records[index].timeUs)
      return candidateError(index, formatv("candidate @{0} has no timing; '{1}' reads the "
                                           "timings of {2} candidate(s) (kb-time)",
                                           records[index].id, strategy.name(), timed->size()));
  Selection selection;
  selection.timed = *timed;
  if (correct->empty())
    return selection;

  auto earliestBy = [&](const std::vector<size_t> &pool, auto better) {
    size_t best = pool.front();
    for (size_t index : pool)
      if (better(index, best))
        best = index;
    return best;
  };
  auto faster = [&](size_t a, size_t b) { return *records[a].timeUs < *records[b].timeUs; };

  switch (strategy.kind) {
  case StrategyKind::Random:
    selection.chosen = (*correct)[mixSeed(seed) % correct->size()];
    break;
  case StrategyKind::Confidence:
    selection.chosen = earliestBy(*correct, [&](size_t a, size_t b) {
      return *records[a].meanLogProb > *records[b].meanLogProb;
    });
    break;
  case StrategyKind::Surprise:
    selection.chosen = earliestBy(*correct, [&](size_t a, size_t b) {
      return *records[a].meanLogProb < *records[b].meanLogProb;
    });
    break;
  case StrategyKind::Model:
    selection.chosen = earliestBy(*correct, [&](size_t a, size_t b) {
      return *records[a].predictedSpeedup > *records[b].predictedSpeedup;
    });
    break;
  case StrategyKind::Oracle:
  case StrategyKind::SurpriseTopK:
  case StrategyKind::ConfidenceTopK:
  case StrategyKind::ModelTopK:
  case StrategyKind::BestOfK:
    if (!timed->empty())
      selection.chosen = earliestBy(*timed, faster);
    break;
  }
  return selection;
}

bool kopt::select::isSuccess(const CandidateRecord &record) {
  return record.correct && record.speedup && *record.speedup > 1.0;
}
