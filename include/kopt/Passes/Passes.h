//===- Passes.h - kopt passes -----------------------------------*- C++ -*-===//
#ifndef KOPT_PASSES_PASSES_H
#define KOPT_PASSES_PASSES_H

#include "kb/KbDialect.h"
#include "kopt/Measure/Options.h"
#include "kopt_runner_protocol.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace kopt {

#define GEN_PASS_DECL
#include "kopt/Passes/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "kopt/Passes/Passes.h.inc"

} // namespace kopt

#endif // KOPT_PASSES_PASSES_H
