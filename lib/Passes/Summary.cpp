//===- Summary.cpp - machine-readable selection summary -------------------===//
#include "kopt/Passes/Summary.h"
#include "kopt/Passes/Candidates.h"

#include <map>

using namespace mlir;
using namespace kb;
namespace json = llvm::json;

static json::Object summarizeTask(const kopt::TaskCandidates &entry) {
  std::map<std::string, int64_t> verdicts; // sorted keys: stable output
  int64_t unverified = 0;
  CandidateOp selected;
  for (CandidateOp candidate : entry.candidates) {
    if (VerdictAttr verdict = candidate.getVerdictAttr())
      ++verdicts[stringifyVerdictKind(verdict.getKind()).str()];
    else
      ++unverified;
    if (candidate.getSelectedAttr())
      selected = candidate;
  }
  json::Object verdictCounts;
  for (auto &[kind, count] : verdicts)
    verdictCounts[kind] = count;
  if (unverified)
    verdictCounts["unverified"] = unverified;

  kb::TaskOp task = entry.task;
  json::Object summary{{"task", task.getSymName()},
                       {"candidates", static_cast<int64_t>(entry.candidates.size())},
                       {"verdicts", std::move(verdictCounts)}};
  if (!selected) {
    summary["selected"] = nullptr;
    summary["strategy"] = nullptr;
    summary["timed"] = 0;
    summary["speedup"] = nullptr;
    summary["success"] = false;
    return summary;
  }
  kopt::select::CandidateRecord record = kopt::toRecords({selected}).front();
  SelectionAttr mark = selected.getSelectedAttr();
  summary["selected"] = selected.getSymName();
  summary["strategy"] = mark.getStrategy();
  summary["timed"] = mark.getTimed();
  summary["speedup"] = record.speedup ? json::Value(*record.speedup) : json::Value(nullptr);
  summary["success"] =
      record.speedup ? json::Value(kopt::select::isSuccess(record)) : json::Value(nullptr);
  return summary;
}

json::Array kopt::summarizeSelection(ModuleOp module) {
  json::Array tasks;
  for (const TaskCandidates &entry : collectTaskCandidates(module))
    tasks.push_back(summarizeTask(entry));
  return tasks;
}

bool kopt::everyTaskSelected(ModuleOp module) {
  for (const TaskCandidates &entry : collectTaskCandidates(module))
    if (llvm::none_of(entry.candidates,
                      [](CandidateOp c) { return static_cast<bool>(c.getSelectedAttr()); }))
      return false;
  return true;
}
