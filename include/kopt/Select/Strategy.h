//===- Strategy.h - selection strategies ------------------------*- C++ -*-===//
//
// Choosing one kernel among candidates that were verified (and, where a strategy needs it, timed).
// Pure: works on plain records, never runs or compiles anything, knows nothing of the IR.
//
//===----------------------------------------------------------------------===//
#ifndef KOPT_SELECT_STRATEGY_H
#define KOPT_SELECT_STRATEGY_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace kopt::select {

/// What selection knows of one candidate. Records are passed in sample order.
struct CandidateRecord {
  std::string id;
  bool verified = false;              // it has a verdict
  bool correct = false;               // the verdict is `correct`
  std::optional<double> meanLogProb;  // mean log-probability per token or decision
  std::optional<double> timeUs;       // median run time
  std::optional<double> speedup;      // over PyTorch eager
  std::optional<double> predictedSpeedup; // a learned cost model's, before running it
  // Records with one `kernel` are the same kernel (PTX and launch plan), as repeated samples
  // often are; unset: a kernel of its own.
  std::optional<size_t> kernel;
};

enum class StrategyKind {
  Oracle,         // fastest correct
  Random,         // uniformly random correct, seeded
  Confidence,     // highest mean log-prob among correct
  Surprise,       // lowest mean log-prob among correct
  SurpriseTopK,   // fastest of the K correct with lowest mean log-prob
  ConfidenceTopK, // fastest of the K correct with highest mean log-prob
  BestOfK,        // fastest correct among the first K in sample order
  Model,          // highest predicted speedup among correct
  ModelTopK,      // fastest of the K correct with the highest predicted speedups
};

struct Strategy {
  StrategyKind kind = StrategyKind::SurpriseTopK;
  unsigned k = 3; // for the top-K and best-of-K strategies

  /// Parses `oracle`, `random`, `confidence`, `surprise`, `surprise-topK`, `confidence-topK`,
  /// `model`, `model-topK` and `bon-K` (K >= 1); a top-K name without K means K = 3.
  static llvm::Expected<Strategy> parse(llvm::StringRef text);
  std::string name() const;
  bool needsLogProbs() const;
  bool needsPredictions() const;
};

/// One line per strategy, for --help texts.
llvm::StringRef strategyHelp();

/// An error about one candidate (by index into the records), so callers can locate it.
class CandidateError : public llvm::ErrorInfo<CandidateError> {
public:
  static char ID;
  CandidateError(size_t index, std::string message)
      : index(index), message(std::move(message)) {}
  void log(llvm::raw_ostream &os) const override { os << message; }
  std::error_code convertToErrorCode() const override {
    return llvm::inconvertibleErrorCode();
  }
  size_t index;
  std::string message;
};

/// Indices (in sample order) of the candidates whose timings the strategy reads to choose: none
/// for random, confidence, surprise and model; at most K for the top-K strategies, the first
/// sample of each of the K first distinct kernels of their ranking; the correct among the first K
/// samples for best-of-K; every correct candidate for the oracle. Fails with a CandidateError for
/// an unverified candidate, or a correct one without the log-probability or prediction the
/// strategy ranks by.
llvm::Expected<std::vector<size_t>> candidatesToTime(const Strategy &strategy,
                                                     llvm::ArrayRef<CandidateRecord> records);

struct Selection {
  std::optional<size_t> chosen; // unset when no candidate is correct
  std::vector<size_t> timed;    // the candidates whose timings were read, in sample order
};

/// Chooses one correct candidate. Ties are broken by sample order: the earlier candidate wins.
/// With fewer correct candidates than K, the top-K strategies use all of them. Fails with a
/// CandidateError where candidatesToTime does, or where a needed timing is missing.
llvm::Expected<Selection> select(const Strategy &strategy,
                                 llvm::ArrayRef<CandidateRecord> records, uint64_t seed);

/// A selection succeeds (fast_1) when the chosen candidate is correct and faster than eager.
bool isSuccess(const CandidateRecord &record);

} // namespace kopt::select

#endif // KOPT_SELECT_STRATEGY_H
