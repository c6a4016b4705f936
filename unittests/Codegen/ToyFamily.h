//===- ToyFamily.h - a family outside Families.td ---------------*- C++ -*-===//
//
// The toy family takes the payload of any task whose name starts with `toy`, ahead of the
// built-in families, and builds no kernel. The family registry tests register it.
//
//===----------------------------------------------------------------------===//
#ifndef KOPT_UNITTESTS_CODEGEN_TOYFAMILY_H
#define KOPT_UNITTESTS_CODEGEN_TOYFAMILY_H

#include "kopt/Codegen/ScheduleSpace.h"

#include <string>
#include <vector>

namespace kopt::codegen {

#include "ToyFamily.h.inc"

/// The functions of the payloads the toy family has been offered, in order.
std::vector<std::string> &toyOffers();

void registerToyFamily();

} // namespace kopt::codegen

#endif // KOPT_UNITTESTS_CODEGEN_TOYFAMILY_H
