//===- InitKopt.h - register kopt into an MLIR tool -------------*- C++ -*-===//
//
// The one header another MLIR-based tool needs to load kopt: the kb dialect and the dialects task
// payloads are written in, kopt's passes, and its pipelines.
//
//===----------------------------------------------------------------------===//
#ifndef KOPT_INITKOPT_H
#define KOPT_INITKOPT_H

#include "mlir/IR/DialectRegistry.h"

namespace kopt {

/// Adds the kb dialect, the payload dialects (func, arith, math, linalg, tensor, scf) and what
/// lowering candidates to PTX needs (kopt::codegen::registerLoweringDialects).
void registerKoptDialects(mlir::DialectRegistry &registry);

/// Registers kopt's passes and pipelines with the global pass registry.
void registerKoptPasses();

} // namespace kopt

#endif // KOPT_INITKOPT_H
