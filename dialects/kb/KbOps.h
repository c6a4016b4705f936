//===- KbOps.h - kb operations ----------------------------------*- C++ -*-===//
#ifndef KB_KBOPS_H
#define KB_KBOPS_H

#include "kb/KbAttrs.h"
#include "kb/KbDialect.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/RegionKindInterface.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace kb {
class InputOp;
class OutputOp;
class ReferenceOp;
class PayloadOp;
} // namespace kb

#define GET_OP_CLASSES
#include "kb/KbOps.h.inc"

#endif // KB_KBOPS_H
