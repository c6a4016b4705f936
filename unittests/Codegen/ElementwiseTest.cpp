//===- ElementwiseTest.cpp - what an elementwise op admits, and its kernel's shape ===//
#include "kopt/Codegen/Elementwise.h"
#include "kopt/Codegen/Lower.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace kopt::codegen;

namespace {

class ElementwiseAnalysisTest : public ::testing::Test {
protected:
  ElementwiseAnalysisTest() {
    DialectRegistry registry;
    registerLoweringDialects(registry);
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
    context.printOpOnDiagnostic(false);
  }

  /// Analyzes the one linalg.generic of `source` (a function body on tensors); records the
  /// diagnostic on failure.
  FailureOr<ElementwiseInfo> analyze(llvm::StringRef source) {
    module = parseSourceString<ModuleOp>(source, &context);
    EXPECT_TRUE(module);
    linalg::GenericOp op;
    module->walk([&](linalg::GenericOp generic) { op = generic; });
    ScopedDiagnosticHandler handler(&context, [&](Diagnostic &d) {
      error = d.str();
      return success();
    });
    return analyzeElementwise(op);
  }

  MLIRContext context;
  OwningOpRef<ModuleOp> module;
  std::string error;
};

TEST_F(ElementwiseAnalysisTest, BroadcastRow) {
  FailureOr<ElementwiseInfo> info = analyze(R"mlir(
    func.func @f(%x: tensor<64x1000xf32>, %b: tensor<1000xf32>, %c: tensor<64xf32>,
                 %o: tensor<64x1000xf32>) -> tensor<64x1000xf32> {
      %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j)>,
                                            affine_map<(i, j) -> (i)>, affine_map<(i, j) -> (i, j)>],
                           iterator_types = ["parallel", "parallel"]}
          ins(%x, %b, %c : tensor<64x1000xf32>, tensor<1000xf32>, tensor<64xf32>)
          outs(%o : tensor<64x1000xf32>) {
      ^bb0(%a: f32, %d: f32, %e: f32, %out: f32):
        %s = arith.addf %a, %d : f32
        %m = arith.mulf %s, %e : f32
        linalg.yield %m : f32
      } -> tensor<64x1000xf32>
      return %r : tensor<64x1000xf32>
    })mlir");
  ASSERT_TRUE(succeeded(info)) << error;
  EXPECT_EQ(info->numElements, 64000);
  EXPECT_FALSE(info->flat);
  EXPECT_EQ(info->access, (llvm::SmallVector<OperandAccess>{
                              OperandAccess::Flat, OperandAccess::Contiguous,
                              OperandAccess::Invariant, OperandAccess::Flat}));
  EXPECT_EQ(info->maxVector, 4); // 1000 % 4 == 0: a vector stays in its row
}

TEST_F(ElementwiseAnalysisTest, ScalarsKeepItFlat) {
  FailureOr<ElementwiseInfo> info = analyze(R"mlir(
    func.func @f(%x: tensor<3x334xf16>, %s: f16, %t: tensor<f16>, %o: tensor<3x334xf16>)
        -> tensor<3x334xf16> {
      %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> ()>,
                                            affine_map<(i, j) -> ()>, affine_map<(i, j) -> (i, j)>],
                           iterator_types = ["parallel", "parallel"]}
          ins(%x, %s, %t : tensor<3x334xf16>, f16, tensor<f16>) outs(%o : tensor<3x334xf16>) {
      ^bb0(%a: f16, %b: f16, %c: f16, %out: f16):
        %m = arith.mulf %a, %b : f16
        %n = arith.addf %m, %c : f16
        linalg.yield %n : f16
      } -> tensor<3x334xf16>
      return %r : tensor<3x334xf16>
    })mlir");
  ASSERT_TRUE(succeeded(info)) << error;
  EXPECT_TRUE(info->flat);
  EXPECT_EQ(info->maxVector, 2); // 1002 elements
}

TEST_F(ElementwiseAnalysisTest, TransposeAndBoolsAreElementByElement) {
  FailureOr<ElementwiseInfo> info = analyze(R"mlir(
    func.func @f(%x: tensor<32x48xf32>, %y: tensor<48x32xf32>, %o: tensor<32x48xi1>)
        -> tensor<32x48xi1> {
      %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (j, i)>,
                                            affine_map<(i, j) -> (i, j)>],
                           iterator_types = ["parallel", "parallel"]}
          ins(%x, %y : tensor<32x48xf32>, tensor<48x32xf32>) outs(%o : tensor<32x48xi1>) {
      ^bb0(%a: f32, %b: f32, %out: i1):
        %c = arith.cmpf olt, %a, %b : f32
        linalg.yield %c : i1
      } -> tensor<32x48xi1>
      return %r : tensor<32x48xi1>
    })mlir");
  ASSERT_TRUE(succeeded(info)) << error;
  EXPECT_EQ(info->access[1], OperandAccess::Gather);
  EXPECT_EQ(info->maxVector, 1);
}

TEST_F(ElementwiseAnalysisTest, ReductionsAreNotElementwise) {
  FailureOr<ElementwiseInfo> info = analyze(R"mlir(
    func.func @f(%x: tensor<32x48xf32>, %o: tensor<32xf32>) -> tensor<32xf32> {
      %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i)>],
                           iterator_types = ["parallel", "reduction"]}
          ins(%x : tensor<32x48xf32>) outs(%o : tensor<32xf32>) {
      ^bb0(%a: f32, %out: f32):
        %s = arith.addf %a, %out : f32
        linalg.yield %s : f32
      } -> tensor<32xf32>
      return %r : tensor<32xf32>
    })mlir");
  EXPECT_TRUE(failed(info));
  EXPECT_EQ(error, "not in the elementwise family: it has reduction iterators");
}

ElementwiseInfo flatInfo(int64_t elements, int64_t maxVector) {
  ElementwiseInfo info;
  info.domain = {elements};
  info.numElements = elements;
  info.flat = true;
  info.maxVector = maxVector;
  return info;
}

TEST(ElementwiseGeometryTest, OneShot) {
  ElementwiseSchedule schedule;
  schedule.vector = 4;
  schedule.perThread = 2;
  schedule.block = 256;
  ElementwiseGeometry g = planElementwise(schedule, flatInfo(1 << 22, 4), 132);
  EXPECT_EQ(g.vector, 4);
  EXPECT_EQ(g.numVectors, 1 << 20);
  EXPECT_EQ(g.grid, (1 << 20) / 512);
  EXPECT_FALSE(g.gridStride);
  EXPECT_FALSE(g.guarded);
}

TEST(ElementwiseGeometryTest, PartialLastStepIsGuarded) {
  ElementwiseSchedule schedule;
  schedule.vector = 4;
  schedule.block = 128;
  ElementwiseGeometry g = planElementwise(schedule, flatInfo(1000, 4), 132);
  EXPECT_EQ(g.numVectors, 250);
  EXPECT_EQ(g.grid, 2);
  EXPECT_TRUE(g.guarded);
}

TEST(ElementwiseGeometryTest, VectorFallsBackToWhatThePayloadAdmits) {
  ElementwiseSchedule schedule;
  schedule.vector = 4;
  EXPECT_EQ(planElementwise(schedule, flatInfo(1002, 2), 132).vector, 2);
  EXPECT_EQ(planElementwise(schedule, flatInfo(1001, 1), 132).vector, 1);
  schedule.vector = 2;
  EXPECT_EQ(planElementwise(schedule, flatInfo(1024, 4), 132).vector, 2);
}

TEST(ElementwiseGeometryTest, GridStride) {
  ElementwiseSchedule schedule;
  schedule.vector = 4;
  schedule.block = 256;
  schedule.gridStride = true;
  schedule.blocksPerSM = 8;
  ElementwiseGeometry g = planElementwise(schedule, flatInfo(int64_t(4096) * 393216, 4), 132);
  EXPECT_TRUE(g.gridStride);
  EXPECT_EQ(g.grid, 8 * 132);
  // Fewer steps than blocks: one block per step.
  EXPECT_EQ(planElementwise(schedule, flatInfo(4096, 4), 132).grid, 4);
}

TEST(ElementwiseGeometryTest, HugeOneShotGridsBecomeGridStride) {
  ElementwiseSchedule schedule;
  schedule.vector = 1;
  schedule.block = 64;
  ElementwiseGeometry g = planElementwise(schedule, flatInfo(int64_t(1) << 40, 1), 132);
  EXPECT_TRUE(g.gridStride);
  EXPECT_EQ(g.grid, 4 * 132);
}

} // namespace
