//===- FamilyRegistry.cpp - the registered op families --------------------===//
#include "kopt/Codegen/Family.h"

#include "llvm/ADT/STLExtras.h"

#include <deque>
#include <vector>

using namespace mlir;
using namespace kopt::codegen;

namespace {
struct Registry {
  std::deque<Family> families;       // in registration order; a deque keeps their addresses
  std::vector<const Family *> offer; // in offer order
};
} // namespace

static Registry &registry() {
  static Registry registered;
  return registered;
}

void kopt::codegen::registerFamily(const Family &family) {
  Registry &registered = registry();
  const Family *added = &registered.families.emplace_back(family);
  auto after = llvm::upper_bound(registered.offer, family.offerRank,
                                 [](unsigned rank, const Family *other) {
                                   return rank < other->offerRank;
                                 });
  registered.offer.insert(after, added);
}

llvm::ArrayRef<const Family *> kopt::codegen::registeredFamilies() {
  [[maybe_unused]] static bool builtinsRegistered = [] {
#define KOPT_FAMILY(CppName) register##CppName##Family();
#include "kopt/Codegen/Families.inc"
    return true;
  }();
  return registry().offer;
}

const Family *kopt::codegen::explainingFamily(func::FuncOp func) {
  const Family *explaining = nullptr;
  for (const Family *family : registeredFamilies())
    if (family->explains && (!explaining || family->explainRank < explaining->explainRank) &&
        family->explains(func))
      explaining = family;
  return explaining;
}
