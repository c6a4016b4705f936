//===- KbDialect.cpp - the kb dialect ------------------------------------===//
#include "kb/KbDialect.h"
#include "kb/KbAttrs.h"
#include "kb/KbOps.h"

using namespace mlir;
using namespace kb;

#include "kb/KbOpsDialect.cpp.inc"

void KbDialect::initialize() {
  registerAttributes();
  addOperations<
#define GET_OP_LIST
#include "kb/KbOps.cpp.inc"
      >();
}
