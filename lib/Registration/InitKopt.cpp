//===- InitKopt.cpp - register kopt into an MLIR tool ---------------------===//
#include "kopt/InitKopt.h"
#include "kb/KbDialect.h"
#include "kopt/Codegen/Lower.h"
#include "kopt/Passes/Passes.h"
#include "kopt/Passes/Pipeline.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"

void kopt::registerKoptDialects(mlir::DialectRegistry &registry) {
  registry.insert<kb::KbDialect, mlir::func::FuncDialect, mlir::arith::ArithDialect,
                  mlir::math::MathDialect, mlir::linalg::LinalgDialect,
                  mlir::tensor::TensorDialect, mlir::scf::SCFDialect>();
  // Registered, not loaded: kopt starts as fast as before, and IR at any stage of lowering parses.
  kopt::codegen::registerLoweringDialects(registry);
}

void kopt::registerKoptPasses() {
  registerKbPasses();
  registerDefaultPipeline();
}
