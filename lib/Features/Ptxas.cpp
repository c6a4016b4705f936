//===- Ptxas.cpp - what ptxas -v says about each kernel -------------------===//
#include "kopt/Features/Ptxas.h"

#include "llvm/ADT/SmallVector.h"

#include <algorithm>

using namespace llvm;
using namespace kopt::features;

namespace {
struct Field {
  StringRef key;
  int64_t PtxasKernelInfo::*member;
};

const Field kFields[] = {
    {"registers", &PtxasKernelInfo::registers},
    {"stack_bytes", &PtxasKernelInfo::stackBytes},
    {"spill_store_bytes", &PtxasKernelInfo::spillStoreBytes},
    {"spill_load_bytes", &PtxasKernelInfo::spillLoadBytes},
    {"ptxas_shared_bytes", &PtxasKernelInfo::sharedBytes},
};
} // namespace

/// The number just before `what` in `line` ("22" for " registers" in "Used 22 registers"), if any.
static std::optional<int64_t> numberBefore(StringRef line, StringRef what) {
  size_t at = line.find(what);
  if (at == StringRef::npos)
    return std::nullopt;
  StringRef before = line.take_front(at).rtrim();
  int64_t value;
  if (before.substr(before.find_last_of(" ,:") + 1).getAsInteger(10, value))
    return std::nullopt;
  return value;
}

static std::string squeezeSpaces(StringRef line) {
  std::string squeezed;
  for (char c : line.trim())
    if (c != ' ' || squeezed.empty() || squeezed.back() != ' ')
      squeezed += c;
  return squeezed;
}

PtxasReport kopt::features::parsePtxasOutput(StringRef text) {
  PtxasReport report;
  PtxasKernelInfo *entry = nullptr;      // the entry being compiled: `Used ...` is about it
  PtxasKernelInfo *properties = nullptr; // `Function properties for X`, when X is an entry
  SmallVector<StringRef> lines;
  text.split(lines, '\n');
  for (StringRef line : lines) {
    line = line.trim();
    if (size_t at = line.find("Compiling entry function '"); at != StringRef::npos) {
      StringRef name = line.drop_front(at + 26).split('\'').first;
      entry = &report.kernels[name];
    } else if (size_t at = line.find("Function properties for "); at != StringRef::npos) {
      auto it = report.kernels.find(line.drop_front(at + 24).trim());
      properties = it == report.kernels.end() ? nullptr : &it->second;
    } else if (line.contains("bytes stack frame")) {
      if (!properties)
        continue;
      properties->stackBytes = numberBefore(line, " bytes stack frame").value_or(0);
      properties->spillStoreBytes = numberBefore(line, " bytes spill stores").value_or(0);
      properties->spillLoadBytes = numberBefore(line, " bytes spill loads").value_or(0);
    } else if (line.contains("Used ") && line.contains(" registers")) {
      if (!entry)
        continue;
      entry->registers = numberBefore(line, " registers").value_or(0);
      entry->sharedBytes = numberBefore(line, " bytes smem").value_or(0);
    } else if (report.error.empty() &&
               (line.starts_with("ptxas fatal") || line.contains("error   :") ||
                line.starts_with("ptxas error"))) {
      report.error = squeezeSpaces(line);
    }
  }
  return report;
}

PtxasKernelInfo kopt::features::combineKernels(ArrayRef<PtxasKernelInfo> kernels) {
  PtxasKernelInfo combined;
  for (const PtxasKernelInfo &kernel : kernels)
    for (const Field &field : kFields)
      combined.*field.member = std::max(combined.*field.member, kernel.*field.member);
  return combined;
}

std::vector<NamedFeature> kopt::features::namedFeatures(const PtxasKernelInfo &info) {
  std::vector<NamedFeature> named;
  for (const Field &field : kFields)
    named.emplace_back(field.key, info.*field.member);
  return named;
}
