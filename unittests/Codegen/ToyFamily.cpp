//===- ToyFamily.cpp - a family outside Families.td -----------------------===//
#include "ToyFamily.h"
#include "kopt/Codegen/Family.h"

using namespace mlir;

namespace kopt::codegen {
#include "ToyFamily.cpp.inc"
} // namespace kopt::codegen

using namespace kopt::codegen;

std::vector<std::string> &kopt::codegen::toyOffers() {
  static std::vector<std::string> offers;
  return offers;
}

static LogicalResult takesPayload(ModuleOp, func::FuncOp func) {
  toyOffers().push_back(func.getName().str());
  if (func.getName().starts_with("toy"))
    return success();
  return func.emitError("not a toy task");
}

/// The prepared payload as it is: the toy family's candidates are never compiled.
static BuiltKernels buildCandidate(kb::TaskOp, OwningOpRef<ModuleOp> module, func::FuncOp,
                                   ArrayRef<int64_t>, const Target &) {
  return module;
}

void kopt::codegen::registerToyFamily() {
  registerFamily({&toySpace(), /*offerRank=*/5, takesPayload, buildCandidate,
                  /*explains=*/nullptr, /*explainRank=*/0});
}
