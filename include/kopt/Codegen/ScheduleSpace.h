//===- ScheduleSpace.h - schedule spaces as data ----------------*- C++ -*-===//
//
// A schedule space is the set of choices the built-in policy makes for one op family: each
// decision's name (its key in a candidate's `decisions` dictionary), its domain and its default.
// The tables are data, defined once in Families.td: the policy reads them to sample, Codegen reads
// a candidate's values back through the family's Schedule struct. Every combination of values in
// the domains compiles: where a value cannot apply to a payload, the family's lowering uses the
// documented fallback instead of failing.
//
//===----------------------------------------------------------------------===//
#ifndef KOPT_CODEGEN_SCHEDULESPACE_H
#define KOPT_CODEGEN_SCHEDULESPACE_H

#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace kopt::codegen {

/// One choice of a schedule space.
struct Decision {
  llvm::StringRef name;           // key in the candidate's `decisions` dictionary
  llvm::ArrayRef<int64_t> domain; // the values the policy may choose, in increasing order
  int64_t defaultValue;           // used when a candidate leaves the decision out
  bool isBool;                    // written `true`/`false` in the IR; domain {0, 1}
  llvm::StringRef help;           // what the value means, and its fallback
};

/// The decisions of one op family, or of a chain of families (see chainSpace).
struct ScheduleSpace {
  llvm::StringRef family;
  llvm::StringRef help;
  llvm::ArrayRef<Decision> decisions;
  /// A chain's stage spaces (a fused family's first, if any: chainSpace), whose decisions
  /// `decisions` lists in that order; empty for a family.
  llvm::ArrayRef<const ScheduleSpace *> stages = {};
  /// Of a family's space that also offers the chain: the index of the family's boolean decision
  /// whose true builds the chain; -1 otherwise.
  int64_t chainChoice = -1;

  const Decision *find(llvm::StringRef name) const;
  /// The value of decision `name` among `values`, as resolveDecisions returns them.
  int64_t valueOf(llvm::ArrayRef<int64_t> values, llvm::StringRef name) const {
    return values[find(name) - decisions.begin()];
  }
  /// Whether `values` (one per decision, in table order) choose the chain over the family.
  bool choosesChain(llvm::ArrayRef<int64_t> values) const {
    return chainChoice >= 0 && values[chainChoice] != 0;
  }
};

/// A candidate's decisions as (name, value) pairs, booleans as 0 and 1.
using DecisionList = std::vector<std::pair<std::string, int64_t>>;

/// The values of a `decisions` dictionary; an entry that is neither an integer nor a boolean is
/// an error.
llvm::Expected<DecisionList> toDecisionList(mlir::DictionaryAttr decisions);

/// The value of every decision of `space`, in table order: the given ones (each must be a decision
/// of the space, with a value in its domain), the defaults for the others.
llvm::Expected<llvm::SmallVector<int64_t>> resolveDecisions(const ScheduleSpace &space,
                                                            const DecisionList &given);

/// The space of a payload cut into stages, each lowered by its family: stage k's decisions under
/// the names `s<k>.<decision>`, in stage order. With `fused`, the space of a payload that
/// family takes whole and that is also that chain (Family::alternativeDecision): fused's decisions
/// under their own names first, its boolean decision `choice` choosing the chain (chainChoice),
/// and `stages` lists fused before the chain's stages. Made once per pair and kept for the life
/// of the process (the policy refers to spaces by address).
const ScheduleSpace &chainSpace(llvm::ArrayRef<const ScheduleSpace *> stages,
                                const ScheduleSpace *fused = nullptr,
                                llvm::StringRef choice = {});

/// Per decision of `space`, whether `values` (one per decision) make it shape the kernel: every
/// decision of a family or a chain; of a family's space that also offers the chain, the choice
/// and the chosen builder's decisions. The policy's gradient moves only those.
std::vector<bool> activeDecisions(const ScheduleSpace &space, llvm::ArrayRef<int64_t> values);

/// Calls `each(stage, stageValues)` for each family space of `space` (itself, or a chain's
/// stages) with its part of `values` (one per decision in table order; a prefix of the list cuts
/// the parts short, and stages past its end are not visited).
template <typename T, typename Fn>
void forEachStage(const ScheduleSpace &space, llvm::ArrayRef<T> values, Fn &&each) {
  if (space.stages.empty()) {
    each(space, values);
    return;
  }
  size_t offset = 0;
  for (const ScheduleSpace *stage : space.stages) {
    if (offset >= values.size())
      return;
    size_t count = std::min(stage->decisions.size(), values.size() - offset);
    each(*stage, values.slice(offset, count));
    offset += count;
  }
}

/// Every family's space, in the order of Families.td, for the policy and for documentation.
/// Chains are not families: their decisions are their stages'.
llvm::ArrayRef<const ScheduleSpace *> allScheduleSpaces();

// Each family's space accessor (elementwiseSpace(), ...) and Schedule struct (ElementwiseSchedule,
// ...), generated from Families.td.
#include "kopt/Codegen/ScheduleSpaces.h.inc"

} // namespace kopt::codegen

#endif // KOPT_CODEGEN_SCHEDULESPACE_H
