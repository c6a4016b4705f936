//===- Ptxas.h - what ptxas -v says about each kernel -----------*- C++ -*-===//
//
// Registers, spills and stack are decided by ptxas, not visible in PTX. Running ptxas is the one
// thing the Features library runs; without a ptxas these features are simply missing.
//
//===----------------------------------------------------------------------===//
#ifndef KOPT_FEATURES_PTXAS_H
#define KOPT_FEATURES_PTXAS_H

#include "kopt/Features/PtxFeatures.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Error.h"

#include <optional>

namespace kopt::features {

/// The environment variable that names the ptxas to run.
inline constexpr const char *kPtxasEnvVar = "KOPT_PTXAS";
/// The value of the option or variable that turns ptxas off.
inline constexpr const char *kNoPtxas = "none";
/// The feature key that holds the first line of ptxas's complaint about a PTX it rejects.
inline constexpr const char *kPtxasErrorKey = "ptxas_error";
/// Assembling one PTX module rarely takes more than seconds; a hang must not stall tagging.
inline constexpr unsigned kPtxasTimeoutSeconds = 120;

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

struct PtxasLookup {
  std::optional<std::string> path;
  /// The option or $KOPT_PTXAS said `none` (else no path means none was found).
  bool turnedOff = false;
};

/// The ptxas to run: `option` when given, else $KOPT_PTXAS, else /usr/local/cuda/bin/ptxas, else
/// ptxas in PATH. An error when the option or the variable names no executable.
llvm::Expected<PtxasLookup> findPtxas(llvm::StringRef option);

/// Runs `ptxas -arch=sm_90 -v` on `ptx` (`target`, the PTX's .target, instead when it is a newer
/// or architecture-specific one such as sm_90a or sm_100) in a temporary file. Never fails: a
/// rejected PTX, a crash or a timeout is the report's error.
PtxasReport runPtxas(llvm::StringRef ptxas, llvm::StringRef ptx, llvm::StringRef target,
                     unsigned timeoutSeconds = kPtxasTimeoutSeconds);

} // namespace kopt::features

#endif // KOPT_FEATURES_PTXAS_H
