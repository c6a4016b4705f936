//===- Ptxas.h - running ptxas -v on a PTX module ---------------*- C++ -*-===//
//
// Registers, spills and stack are decided by ptxas, not visible in PTX: kb-tag-features finds a
// ptxas, runs it on each distinct PTX and hands the report to the Features library.
//
//===----------------------------------------------------------------------===//
#ifndef KOPT_TOOLCHAIN_PTXAS_H
#define KOPT_TOOLCHAIN_PTXAS_H

#include "kopt/Features/Ptxas.h"

#include "llvm/Support/Error.h"

#include <optional>
#include <string>

namespace kopt::toolchain {

/// The environment variable that names the ptxas to run.
inline constexpr const char *kPtxasEnvVar = "KOPT_PTXAS";
/// The value of the option or variable that turns ptxas off.
inline constexpr const char *kNoPtxas = "none";
/// Assembling one PTX module rarely takes more than seconds; a hang must not stall tagging.
inline constexpr unsigned kPtxasTimeoutSeconds = 120;

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
features::PtxasReport runPtxas(llvm::StringRef ptxas, llvm::StringRef ptx, llvm::StringRef target,
                               unsigned timeoutSeconds = kPtxasTimeoutSeconds);

} // namespace kopt::toolchain

#endif // KOPT_TOOLCHAIN_PTXAS_H
