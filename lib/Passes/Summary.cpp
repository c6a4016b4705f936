//===- Summary.cpp - machine-readable selection summary -------------------===//
#include "kopt/Passes/Summary.h"
#include "kopt/Passes/Candidates.h"

#include "llvm/Support/JSON.h"

#include <map>

using namespace mlir;
using namespace kb;
namespace json = llvm::json;

static void printTask(const kopt::TaskCandidates &entry, json::OStream &out) {
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
  std::optional<kopt::select::CandidateRecord> record;
  if (selected)
    record = kopt::toRecords({selected}).front();
  kb::TaskOp task = entry.task;

  // Keys in alphabetical order, as llvm::json prints objects.
  out.object([&] {
    out.attribute("candidates", static_cast<int64_t>(entry.candidates.size()));
    out.attribute("selected", selected ? json::Value(selected.getSymName()) : nullptr);
    // The shortest decimal that reads back as the measured double, as in the IR (1.0066, not
    // 1.0065999999999999).
    out.attributeBegin("speedup");
    if (record && record->speedup)
      out.rawValue(kb::formatF64(*record->speedup));
    else
      out.value(nullptr);
    out.attributeEnd();
    auto printInterval = [&](llvm::StringRef key, IntervalAttr interval) {
      if (interval)
        out.attributeArray(key, [&] {
          out.rawValue(kb::formatF64(interval.getLow().convertToDouble()));
          out.rawValue(kb::formatF64(interval.getHigh().convertToDouble()));
        });
    };
    printInterval("speedup_interval", selected ? selected.getSpeedupIntervalAttr() : nullptr);
    // Over eager with TF32 allowed: only where it was timed (absent: unknown).
    if (std::optional<llvm::APFloat> speedupTF32 =
            selected ? selected.getSpeedupTf32() : std::nullopt) {
      out.attributeBegin("speedup_tf32");
      out.rawValue(kb::formatF64(speedupTF32->convertToDouble()));
      out.attributeEnd();
    }
    printInterval("speedup_tf32_interval",
                  selected ? selected.getSpeedupTf32IntervalAttr() : nullptr);
    out.attribute("strategy",
                  selected ? json::Value(selected.getSelectedAttr().getStrategy()) : nullptr);
    if (!selected)
      out.attribute("success", false);
    else if (!record->speedup)
      out.attribute("success", nullptr);
    else
      out.attribute("success", kopt::select::isSuccess(*record));
    out.attribute("task", task.getSymName());
    out.attribute("timed", selected ? selected.getSelectedAttr().getTimed() : 0);
    out.attributeObject("verdicts", [&] {
      for (auto &[kind, count] : verdicts)
        out.attribute(kind, count);
      if (unverified)
        out.attribute("unverified", unverified);
    });
  });
}

void kopt::printSelectionSummary(ModuleOp module, llvm::raw_ostream &os) {
  json::OStream out(os, /*IndentSize=*/2);
  out.array([&] {
    for (const TaskCandidates &entry : collectTaskCandidates(module))
      printTask(entry, out);
  });
  os << "\n";
}

bool kopt::everyTaskSelected(ModuleOp module) {
  for (const TaskCandidates &entry : collectTaskCandidates(module))
    if (llvm::none_of(entry.candidates,
                      [](CandidateOp c) { return static_cast<bool>(c.getSelectedAttr()); }))
      return false;
  return true;
}
