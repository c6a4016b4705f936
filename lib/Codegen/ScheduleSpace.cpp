//===- ScheduleSpace.cpp - schedule spaces as data ------------------------===//
#include "kopt/Codegen/ScheduleSpace.h"

#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FormatVariadic.h"

#include <cassert>

#include <deque>
#include <map>
#include <memory>
#include <mutex>

using namespace kopt::codegen;

const Decision *ScheduleSpace::find(llvm::StringRef name) const {
  const Decision *it = llvm::find_if(decisions, [&](const Decision &d) { return d.name == name; });
  return it == decisions.end() ? nullptr : it;
}

llvm::Expected<DecisionList> kopt::codegen::toDecisionList(mlir::DictionaryAttr decisions) {
  DecisionList list;
  for (mlir::NamedAttribute entry : decisions) {
    std::string name = entry.getName().str();
    if (auto flag = llvm::dyn_cast<mlir::BoolAttr>(entry.getValue()))
      list.emplace_back(name, flag.getValue() ? 1 : 0);
    else if (auto value = llvm::dyn_cast<mlir::IntegerAttr>(entry.getValue()))
      list.emplace_back(name, value.getValue().getSExtValue());
    else
      return llvm::createStringError(
          llvm::formatv("decision '{0}' is neither an integer nor a boolean", name));
  }
  return list;
}

static std::string describe(const Decision &decision, int64_t value) {
  if (decision.isBool && (value == 0 || value == 1))
    return value ? "true" : "false";
  return std::to_string(value);
}

llvm::Expected<llvm::SmallVector<int64_t>>
kopt::codegen::resolveDecisions(const ScheduleSpace &space, const DecisionList &given) {
  llvm::SmallVector<int64_t> values;
  for (const Decision &decision : space.decisions)
    values.push_back(decision.defaultValue);
  for (const auto &[name, value] : given) {
    const Decision *decision = space.find(name);
    if (!decision) {
      std::string known = llvm::join(
          llvm::map_range(space.decisions, [](const Decision &d) { return d.name.str(); }), ", ");
      return llvm::createStringError(llvm::formatv(
          "'{0}' is not a decision of the {1} space (its decisions: {2})", name, space.family,
          known));
    }
    if (!llvm::is_contained(decision->domain, value)) {
      std::string domain = llvm::join(
          llvm::map_range(decision->domain, [&](int64_t v) { return describe(*decision, v); }),
          ", ");
      return llvm::createStringError(
          llvm::formatv("decision '{0}' = {1} is not in its domain {{{2}}", name,
                        describe(*decision, value), domain));
    }
    values[decision - space.decisions.begin()] = value;
  }
  return values;
}

namespace kopt::codegen {
#include "kopt/Codegen/ScheduleSpaces.cpp.inc"
} // namespace kopt::codegen

llvm::ArrayRef<const ScheduleSpace *> kopt::codegen::allScheduleSpaces() {
  static const ScheduleSpace *const spaces[] = {
#define GEN_SCHEDULE_SPACE_LIST
#include "kopt/Codegen/ScheduleSpaces.cpp.inc"
  };
  return spaces;
}

namespace {
/// A chained space and the storage its names and tables point into.
struct ChainStorage {
  std::deque<std::string> strings; // stable addresses for the StringRefs
  std::vector<Decision> decisions;
  std::vector<const ScheduleSpace *> stages;
  ScheduleSpace space;

  llvm::StringRef keep(std::string text) { return strings.emplace_back(std::move(text)); }
};
} // namespace

const ScheduleSpace &kopt::codegen::chainSpace(llvm::ArrayRef<const ScheduleSpace *> stages,
                                               const ScheduleSpace *fused, llvm::StringRef choice) {
  static std::mutex mutex;
  static std::map<std::pair<const ScheduleSpace *, std::vector<const ScheduleSpace *>>,
                  std::unique_ptr<ChainStorage>>
      chains;
  std::lock_guard<std::mutex> lock(mutex);
  std::unique_ptr<ChainStorage> &chain = chains[{fused, stages.vec()}];
  if (chain)
    return chain->space;
  chain = std::make_unique<ChainStorage>();
  if (fused) {
    chain->stages.push_back(fused);
    llvm::append_range(chain->decisions, fused->decisions);
  }
  llvm::append_range(chain->stages, stages);
  for (auto [k, stage] : llvm::enumerate(stages))
    for (const Decision &decision : stage->decisions)
      chain->decisions.push_back(
          {chain->keep(llvm::formatv("s{0}.{1}", k, decision.name).str()), decision.domain,
           decision.defaultValue, decision.isBool,
           chain->keep(llvm::formatv("stage {0} ({1}): {2}", k, stage->family, decision.help))});
  std::string family = llvm::join(
      llvm::map_range(stages, [](const ScheduleSpace *stage) { return stage->family.str(); }),
      " + ");
  std::string help = "the payload cut at intermediate tensors into stages, one kernel family "
                     "each, the intermediates in scratch buffers";
  if (fused) {
    family = (fused->family + " | " + family).str();
    help = (fused->help + "; or, as its decisions choose, " + help).str();
  }
  chain->space = {chain->keep(family), chain->keep(help), chain->decisions, chain->stages};
  if (fused) {
    const Decision *chooser = fused->find(choice);
    assert(chooser && chooser->isBool && "a fused space's chain choice is one of its booleans");
    chain->space.chainChoice = chooser - fused->decisions.begin();
  }
  return chain->space;
}

std::vector<bool> kopt::codegen::activeDecisions(const ScheduleSpace &space,
                                                 llvm::ArrayRef<int64_t> values) {
  std::vector<bool> active(space.decisions.size(), true);
  if (space.chainChoice < 0)
    return active;
  size_t fused = space.stages.front()->decisions.size();
  bool chain = space.choosesChain(values);
  for (size_t d = 0; d < active.size(); ++d)
    active[d] = d == static_cast<size_t>(space.chainChoice) || (d < fused) != chain;
  return active;
}
