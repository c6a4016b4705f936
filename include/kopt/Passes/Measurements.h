//===- Measurements.h - candidates as JSON Lines ----------------*- C++ -*-===//
//
// The measurements file (docs/measurements-format.md): one JSON object per candidate with its
// decisions, log-prob statistics, verdict, timing and speedup. kb-export-measurements writes it;
// read back as a reward table, it stands in for kopt-runner (kb-recorded-rewards), so that what
// learns from measurements is tested without a GPU on numbers a GPU produced.
//
//===----------------------------------------------------------------------===//
#ifndef KOPT_PASSES_MEASUREMENTS_H
#define KOPT_PASSES_MEASUREMENTS_H

#include "kb/KbOps.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/JSON.h"

#include <optional>
#include <string>

namespace kopt {

/// The candidate as one line of a measurements file.
llvm::json::Object measurementOf(kb::CandidateOp candidate);

/// A decision list as a key: its entries sorted by name, `name=value` joined by commas (booleans
/// as 0 and 1), e.g. `block=256,grid_stride=0,vector=4`.
std::string decisionsKey(mlir::DictionaryAttr decisions);

/// What a recorded measurement says of a decision list.
struct RecordedOutcome {
  kb::VerdictKind verdict;
  std::string detail;
  std::optional<double> medianUs, q1Us, q3Us;
  int64_t n = 0;
  std::optional<double> speedup;     // over eager at fp32
  std::optional<double> speedupTF32; // over eager with TF32 allowed; none when not recorded
};

/// The verified candidates of a measurements file, by task and decision list.
class RewardTable {
public:
  /// Reads the file; a line that is not a measurement, a verdict that is not the dialect's, or a
  /// timing or speedup that a candidate cannot carry (a speedup of 0, say) is an error naming the
  /// line. Lines without decisions or without a verdict are skipped; for a
  /// decision list recorded twice, the first line counts.
  static llvm::Expected<RewardTable> load(llvm::StringRef path);

  /// The outcome recorded for `decisions` of `task`. A decision that no record of the task
  /// names (one added to the space after the table was measured) is left out of the match, so
  /// the records stand for every value of it; its name goes to `unrecorded`.
  const RecordedOutcome *find(llvm::StringRef task, mlir::DictionaryAttr decisions,
                              llvm::SmallVectorImpl<std::string> &unrecorded) const;
  size_t size() const { return outcomes.size(); }

private:
  llvm::StringMap<RecordedOutcome> outcomes;         // key: task + '\n' + decisionsKey
  llvm::StringMap<llvm::StringSet<>> recordedNames; // per task, the decisions its records name
};

} // namespace kopt

#endif // KOPT_PASSES_MEASUREMENTS_H
