//===- Ptxas.h - what ptxas -v says about each kernel -----------*- C++ -*-===//
//
// Registers, spills and stack are decided by ptxas, not visible in PTX. The toolchain runs ptxas
// (kopt/Toolchain/Ptxas.h); this reads what it says. Without a ptxas these features are missing.
//
//===----------------------------------------------------------------------===//
#ifndef KOPT_FEATURES_PTXAS_H
#define KOPT_FEATURES_PTXAS_H

#include "kopt/Features/PtxFeatures.h"

#include "llvm/ADT/StringMap.h"

#include <string>

namespace kopt::features {

/// The feature key that holds the first line of ptxas's complaint about a PTX it rejects.
inline constexpr const char *kPtxasErrorKey = "ptxas_error";

struct PtxasKernelInfo {
  int64_t registers = 0, stackBytes = 0, spillStoreBytes = 0, spillLoadBytes = 0;
  int64_t sharedBytes = 0;
};

struct PtxasReport {
  /// Per entry function, as `Compiling entry function` names them.
  llvm::StringMap<PtxasKernelInfo> kernels;
  /// The first error line (spaces squeezed), or why ptxas did not finish; empty when it did.
  std::string error;
};

/// Parses the text of `ptxas -v` (stderr and stdout together).
PtxasReport parsePtxasOutput(llvm::StringRef text);

/// Kernels launched one after another: each resource takes the largest.
PtxasKernelInfo combineKernels(llvm::ArrayRef<PtxasKernelInfo> kernels);

/// Every ptxas feature under its key, in a fixed order.
std::vector<NamedFeature> namedFeatures(const PtxasKernelInfo &info);

} // namespace kopt::features

#endif // KOPT_FEATURES_PTXAS_H
