//===- KbDialect.h - the kb dialect -----------------------------*- C++ -*-===//
#ifndef KB_KBDIALECT_H
#define KB_KBDIALECT_H

#include "mlir/IR/Dialect.h"

#include "kb/KbOpsDialect.h.inc"

#endif // KB_KBDIALECT_H
