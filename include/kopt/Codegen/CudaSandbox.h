//===- CudaSandbox.h - what a CUDA C++ candidate may read and spend -*- C++ -*-===//
//
// A CUDA C++ candidate is model output: it must not read the host's files, nor hold the machine.
// Before a compiler sees it, its preprocessor directives are checked (no absolute or
// parent-relative include, no #embed, no computed include); the compiler then runs in a limited
// child process (kopt/Toolchain/LimitedChild.h).
//
//===----------------------------------------------------------------------===//
#ifndef KOPT_CODEGEN_CUDASANDBOX_H
#define KOPT_CODEGEN_CUDASANDBOX_H

#include "kopt/Toolchain/LimitedChild.h"

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace kopt::codegen {

/// Which parts of C++ source blankSource replaces by spaces. Block comments always go; newlines
/// and line splices stay, so lines and columns do not move.
struct Blanking {
  bool lineComments = true; // `// ...` to the end of the (spliced) line
  bool literals = false;    // the contents of string and character literals, raw ones included
};

/// `source` with the parts `blanking` names replaced by spaces.
std::string blankSource(llvm::StringRef source, Blanking blanking);

/// Fails, naming `fileName` and the line, if `source` has a directive that could make a compiler
/// read a file outside its include directories, or embed one: an `#include`, `#include_next` or
/// `#import`, a `__has_include(...)`, or a path in a `#pragma` or `_Pragma`, whose path is
/// absolute or has a `..` component; an include whose operand is a macro rather than "..." or
/// <...>; any `#embed` or `__has_embed`. Directives inside comments do not count.
llvm::Error checkCudaDirectives(llvm::StringRef source, llvm::StringRef fileName);

/// What compiling one candidate may spend (Target::cudaLimits).
using toolchain::CompileLimits;

} // namespace kopt::codegen

#endif // KOPT_CODEGEN_CUDASANDBOX_H
