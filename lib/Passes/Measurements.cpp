//===- Measurements.cpp - candidates as JSON Lines ------------------------===//
#include "kopt/Passes/Measurements.h"
#include "kopt/Runner/Messages.h"
#include "kopt/Support/Input.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/MemoryBuffer.h"

#include <algorithm>
#include <cmath>
#include <utility>
#include <vector>

using namespace mlir;
using namespace kb;
namespace json = llvm::json;

/// A decision's value as an integer, booleans as 0 and 1; none for anything else.
static std::optional<int64_t> decisionValue(Attribute value) {
  // Before IntegerAttr, which a BoolAttr also is (an i1, whose true reads back as -1).
  if (auto boolean = dyn_cast<BoolAttr>(value))
    return boolean.getValue() ? 1 : 0;
  if (auto integer = dyn_cast<IntegerAttr>(value))
    return integer.getValue().getSExtValue();
  return std::nullopt;
}

/// `name=value` joined by commas, sorted by name: one spelling for the IR and for the table.
static std::string joinDecisions(std::vector<std::pair<std::string, std::string>> entries) {
  llvm::sort(entries);
  std::string key;
  for (auto &[name, value] : entries)
    key += (key.empty() ? "" : ",") + name + "=" + value;
  return key;
}

std::string kopt::decisionsKey(DictionaryAttr decisions) {
  std::vector<std::pair<std::string, std::string>> entries;
  for (NamedAttribute entry : decisions) {
    std::optional<int64_t> value = decisionValue(entry.getValue());
    entries.emplace_back(entry.getName().str(), value ? std::to_string(*value) : "?");
  }
  return joinDecisions(std::move(entries));
}

json::Object kopt::measurementOf(CandidateOp candidate) {
  json::Object line{{"task", candidate.getTask()},
                    {"candidate", candidate.getSymName()},
                    {"origin", stringifyCandidateOrigin(candidate.getOrigin())}};
  if (DictionaryAttr decisions = candidate.getDecisionsAttr()) {
    json::Object values;
    for (NamedAttribute entry : decisions)
      if (std::optional<int64_t> value = decisionValue(entry.getValue()))
        values[entry.getName().strref()] = *value;
    line["decisions"] = std::move(values);
  }
  if (auto duplicateOf = candidate->getAttrOfType<FlatSymbolRefAttr>("duplicate_of"))
    line["duplicate_of"] = duplicateOf.getValue();
  if (LogProbAttr logprob = candidate.getLogprobAttr()) {
    line["logprob_sum"] = logprob.getSum().convertToDouble();
    line["logprob_count"] = logprob.getCount();
  }
  if (auto entropy = candidate->getAttrOfType<FloatAttr>("entropy"))
    line["entropy"] = entropy.getValueAsDouble();
  if (VerdictAttr verdict = candidate.getVerdictAttr()) {
    line["verdict"] = stringifyVerdictKind(verdict.getKind());
    if (!verdict.getDetail().empty())
      line["detail"] = verdict.getDetail();
  }
  if (TimingAttr time = candidate.getTimeAttr()) {
    line["median_us"] = time.getMedian().convertToDouble();
    line["q1_us"] = time.getQ1().convertToDouble();
    line["q3_us"] = time.getQ3().convertToDouble();
    line["n"] = time.getN();
  }
  if (std::optional<llvm::APFloat> speedup = candidate.getSpeedup())
    line["speedup"] = speedup->convertToDouble();
  if (IntervalAttr interval = candidate.getSpeedupIntervalAttr()) {
    line["speedup_low"] = interval.getLow().convertToDouble();
    line["speedup_high"] = interval.getHigh().convertToDouble();
  }
  if (std::optional<llvm::APFloat> speedup = candidate.getSpeedupTf32())
    line["speedup_tf32"] = speedup->convertToDouble();
  if (IntervalAttr interval = candidate.getSpeedupTf32IntervalAttr()) {
    line["speedup_tf32_low"] = interval.getLow().convertToDouble();
    line["speedup_tf32_high"] = interval.getHigh().convertToDouble();
  }
  if (PredictionAttr predicted = candidate.getPredictedAttr()) {
    line["predicted_speedup"] = predicted.getSpeedup().convertToDouble();
    line["predicted_p_correct"] = predicted.getPCorrect().convertToDouble();
  }
  if (SelectionAttr selected = candidate.getSelectedAttr()) {
    line["selected"] = selected.getStrategy();
    line["selected_timed"] = selected.getTimed();
  }
  if (DictionaryAttr features = candidate.getFeaturesAttr()) {
    json::Object values;
    for (NamedAttribute entry : features) {
      if (auto integer = dyn_cast<IntegerAttr>(entry.getValue()))
        values[entry.getName().strref()] = integer.getValue().getSExtValue();
      else if (auto number = dyn_cast<FloatAttr>(entry.getValue()))
        values[entry.getName().strref()] = number.getValueAsDouble();
    }
    line["features"] = std::move(values);
  }
  return line;
}

static std::string tableKey(llvm::StringRef task, llvm::StringRef key) {
  return (task + "\n" + key).str();
}

llvm::Expected<kopt::RewardTable> kopt::RewardTable::load(llvm::StringRef path) {
  llvm::Expected<std::unique_ptr<llvm::MemoryBuffer>> file = kopt::readInputFile(path);
  if (!file)
    return llvm::createStringError(
        llvm::formatv("cannot read '{0}': {1}", path, llvm::toString(file.takeError())));
  RewardTable table;
  llvm::SmallVector<llvm::StringRef> lines;
  (*file)->getBuffer().split(lines, '\n');
  for (auto [index, text] : llvm::enumerate(lines)) {
    if (text.trim().empty())
      continue;
    auto fail = [&, index = index](const llvm::Twine &why) {
      return llvm::createStringError(llvm::formatv("{0}:{1}: {2}", path, index + 1, why.str()));
    };
    llvm::Expected<json::Value> value = kopt::parseJson(text);
    if (!value)
      return fail("not JSON: " + llvm::toString(value.takeError()));
    const json::Object *line = value->getAsObject();
    std::optional<llvm::StringRef> task = line ? line->getString("task") : std::nullopt;
    if (!task)
      return fail("a measurement must be an object with a \"task\"");
    const json::Object *decisions = line->getObject("decisions");
    std::optional<llvm::StringRef> verdict = line->getString("verdict");
    if (!decisions || !verdict)
      continue;
    RecordedOutcome outcome;
    std::optional<VerdictKind> kind = symbolizeVerdictKind(*verdict);
    if (!kind)
      return fail("unknown verdict '" + *verdict + "'");
    if (*kind == VerdictKind::Unverified)
      continue; // never run: no reward, as a line without a verdict
    outcome.verdict = *kind;
    outcome.detail = line->getString("detail").value_or("").str();
    outcome.medianUs = line->getNumber("median_us");
    outcome.q1Us = line->getNumber("q1_us");
    outcome.q3Us = line->getNumber("q3_us");
    outcome.n = line->getInteger("n").value_or(0);
    outcome.speedup = line->getNumber("speedup");
    if (outcome.verdict == VerdictKind::Correct && !outcome.speedup)
      return fail("a correct measurement must have a \"speedup\"");
    outcome.speedupTF32 = line->getNumber("speedup_tf32"); // absent: unknown
    // What the candidate's attributes admit: a reward the IR cannot hold would fail every step.
    for (auto [key, speedup] : {std::pair("speedup", outcome.speedup),
                                std::pair("speedup_tf32", outcome.speedupTF32)})
      if (speedup && !(std::isfinite(*speedup) && *speedup > 0))
        return fail(llvm::formatv("\"{0}\" must be finite and positive, got {1}", key, *speedup));
    if (outcome.medianUs || outcome.q1Us || outcome.q3Us) {
      kopt::runner::TimeResult timing;
      timing.medianUs = outcome.medianUs.value_or(NAN);
      timing.q1Us = outcome.q1Us.value_or(NAN);
      timing.q3Us = outcome.q3Us.value_or(NAN);
      timing.n = outcome.n;
      if (!kopt::runner::isWellFormedTiming(timing))
        return fail("a timing needs finite \"q1_us\" <= \"median_us\" <= \"q3_us\", none "
                    "negative, and \"n\" >= 1");
    }
    std::vector<std::pair<std::string, std::string>> entries;
    llvm::StringSet<> &names = table.recordedNames[*task];
    for (const auto &entry : *decisions) {
      names.insert(entry.first.str());
      std::optional<int64_t> integer = entry.second.getAsInteger();
      if (!integer)
        return fail("decision '" + entry.first.str() + "' must be an integer");
      entries.emplace_back(entry.first.str(), std::to_string(*integer));
    }
    std::string key = joinDecisions(std::move(entries));
    table.outcomes.try_emplace(tableKey(*task, key), std::move(outcome));
  }
  return table;
}

const kopt::RecordedOutcome *
kopt::RewardTable::find(llvm::StringRef task, DictionaryAttr decisions,
                        llvm::SmallVectorImpl<std::string> &unrecorded) const {
  auto names = recordedNames.find(task);
  if (names == recordedNames.end())
    return nullptr;
  llvm::SmallVector<NamedAttribute> recorded;
  for (NamedAttribute entry : decisions) {
    if (names->second.contains(entry.getName().strref()))
      recorded.push_back(entry);
    else
      unrecorded.push_back(entry.getName().str());
  }
  auto it = outcomes.find(
      tableKey(task, decisionsKey(DictionaryAttr::get(decisions.getContext(), recorded))));
  return it == outcomes.end() ? nullptr : &it->second;
}
