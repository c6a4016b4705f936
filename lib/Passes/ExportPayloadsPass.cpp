//===- ExportPayloadsPass.cpp - kb-export-payloads ------------------------===//
#include "kb/KbOps.h"
#include "kopt/Codegen/Lower.h"
#include "kopt/Passes/Passes.h"

#include "mlir/Dialect/Affine/IR/AffineOps.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Bufferization/IR/Bufferization.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

namespace kopt {
#define GEN_PASS_DEF_KBEXPORTPAYLOADS
#include "kopt/Passes/Passes.h.inc"
} // namespace kopt

using namespace mlir;

namespace {
struct KbExportPayloadsPass : kopt::impl::KbExportPayloadsBase<KbExportPayloadsPass> {
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<OwningOpRef<ModuleOp>> exported;
    bool failedAny = false;
    for (auto task : module.getOps<kb::TaskOp>()) {
      if (!task.getPayload())
        continue;
      FailureOr<OwningOpRef<ModuleOp>> payload =
          kopt::codegen::payloadOnBuffers(task, task.getSymName());
      if (failed(payload))
        failedAny = true;
      else
        exported.push_back(std::move(*payload));
    }
    if (failedAny)
      return signalPassFailure();
    module.getBody()->clear();
    for (OwningOpRef<ModuleOp> &payload : exported)
      for (Operation &op : llvm::make_early_inc_range(*payload->getBody()))
        op.moveBefore(module.getBody(), module.getBody()->end());
  }
};
} // namespace
