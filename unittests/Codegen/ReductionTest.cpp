//===- ReductionTest.cpp - what a reduction admits, and its kernel's shape -===//
#include "kopt/Codegen/Lower.h"
#include "kopt/Codegen/Reduction.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace kopt::codegen;

namespace {

class ReductionAnalysisTest : public ::testing::Test {
protected:
  ReductionAnalysisTest() {
    DialectRegistry registry;
    registerLoweringDialects(registry);
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
    context.printOpOnDiagnostic(false);
  }

  /// Analyzes the function of `source` (a prepared payload on tensors); records the diagnostic
  /// on failure.
  FailureOr<ReductionInfo> analyze(llvm::StringRef source) {
    module = parseSourceString<ModuleOp>(source, &context);
    EXPECT_TRUE(module);
    ScopedDiagnosticHandler handler(&context, [&](Diagnostic &d) {
      error = d.str();
      return success();
    });
    return analyzeReduction(*module->getOps<func::FuncOp>().begin());
  }

  MLIRContext context;
  OwningOpRef<ModuleOp> module;
  std::string error;
};

TEST_F(ReductionAnalysisTest, MeanHasAnEpilogue) {
  FailureOr<ReductionInfo> info = analyze(R"mlir(
    func.func @f(%x: tensor<4x16x6xf32>, %o: tensor<4x6xf32>) -> tensor<4x6xf32> {
      %zero = arith.constant 0.0 : f32
      %count = arith.constant 16.0 : f32
      %e = tensor.empty() : tensor<4x6xf32>
      %acc = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>],
                             iterator_types = ["parallel", "parallel"]} outs(%e : tensor<4x6xf32>) {
      ^bb0(%out: f32):
        linalg.yield %zero : f32
      } -> tensor<4x6xf32>
      %s = linalg.generic {indexing_maps = [affine_map<(i, k, j) -> (i, k, j)>, affine_map<(i, k, j) -> (i, j)>],
                           iterator_types = ["parallel", "reduction", "parallel"]}
          ins(%x : tensor<4x16x6xf32>) outs(%acc : tensor<4x6xf32>) {
      ^bb0(%v: f32, %a: f32):
        %sq = arith.mulf %v, %v : f32
        %n = arith.addf %sq, %a : f32
        linalg.yield %n : f32
      } -> tensor<4x6xf32>
      %m = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                           iterator_types = ["parallel", "parallel"]}
          ins(%s : tensor<4x6xf32>) outs(%o : tensor<4x6xf32>) {
      ^bb0(%in: f32, %out: f32):
        %d = arith.divf %in, %count : f32
        linalg.yield %d : f32
      } -> tensor<4x6xf32>
      return %m : tensor<4x6xf32>
    })mlir");
  ASSERT_TRUE(succeeded(info)) << error;
  EXPECT_EQ(info->reducedDim, 1u);
  EXPECT_EQ(info->outer, 4);
  EXPECT_EQ(info->extent, 16);
  EXPECT_EQ(info->inner, 6);
  EXPECT_EQ(info->combiner, CombinerKind::Monoid);
  ASSERT_EQ(info->monoidOps.size(), 1u);
  EXPECT_EQ(info->monoidOps[0]->getName().getStringRef(), "arith.addf");
  EXPECT_TRUE(info->epilogue);
  ASSERT_EQ(info->stored.size(), 1u);
  EXPECT_EQ(info->stored[0].getDefiningOp(), info->epilogue.getOperation());
}

TEST_F(ReductionAnalysisTest, ArgmaxSelectsValueAndIndex) {
  FailureOr<ReductionInfo> info = analyze(R"mlir(
    func.func @f(%x: tensor<8x64xf32>, %o: tensor<8xi64>) -> tensor<8xi64> {
      %init = arith.constant 0xFF800000 : f32
      %zero = arith.constant 0 : i64
      %e = tensor.empty() : tensor<8xf32>
      %v0 = linalg.fill ins(%init : f32) outs(%e : tensor<8xf32>) -> tensor<8xf32>
      %i0 = linalg.fill ins(%zero : i64) outs(%o : tensor<8xi64>) -> tensor<8xi64>
      %r:2 = linalg.generic {indexing_maps = [affine_map<(i, k) -> (i, k)>, affine_map<(i, k) -> (i)>,
                                              affine_map<(i, k) -> (i)>],
                             iterator_types = ["parallel", "reduction"]}
          ins(%x : tensor<8x64xf32>) outs(%i0, %v0 : tensor<8xi64>, tensor<8xf32>) {
      ^bb0(%v: f32, %bi: i64, %best: f32):
        %k = linalg.index 1 : index
        %ki = arith.index_cast %k : index to i64
        %take = arith.cmpf ogt, %v, %best : f32
        %ni = arith.select %take, %ki, %bi : i64
        %nv = arith.select %take, %v, %best : f32
        linalg.yield %ni, %nv : i64, f32
      } -> (tensor<8xi64>, tensor<8xf32>)
      return %r#0 : tensor<8xi64>
    })mlir");
  ASSERT_TRUE(succeeded(info)) << error;
  EXPECT_EQ(info->combiner, CombinerKind::ArgSelect);
  EXPECT_EQ(info->indexAcc, 0u);
  EXPECT_EQ(info->valueAcc, 1u);
  EXPECT_EQ(info->inner, 1);
}

TEST_F(ReductionAnalysisTest, ElementwiseOpsAreNotReductions) {
  FailureOr<ReductionInfo> info = analyze(R"mlir(
    func.func @f(%x: tensor<8xf32>, %o: tensor<8xf32>) -> tensor<8xf32> {
      %r = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>],
                           iterator_types = ["parallel"]}
          ins(%x : tensor<8xf32>) outs(%o : tensor<8xf32>) {
      ^bb0(%a: f32, %out: f32):
        linalg.yield %a : f32
      } -> tensor<8xf32>
      return %r : tensor<8xf32>
    })mlir");
  EXPECT_TRUE(failed(info));
  EXPECT_EQ(error, "not in the reduction family: 0 ops reduce, and the family schedules one");
}

ReductionInfo shapeInfo(int64_t outer, int64_t extent, int64_t inner) {
  ReductionInfo info;
  info.outer = outer;
  info.extent = extent;
  info.inner = inner;
  return info;
}

TEST(ReductionGeometryTest, KernelBenchStridedAxis) {
  // dim 1 of 128 x 4096 x 4095: the contiguous axis is odd, so single elements; at most
  // block / 32 threads per output, so that a warp covers 32 consecutive outputs.
  ReductionSchedule schedule;
  schedule.threadsPerOutput = 128;
  schedule.block = 256;
  schedule.vector = 4;
  ReductionGeometry g = planReduction(schedule, shapeInfo(128, 4096, 4095));
  EXPECT_FALSE(g.innermost);
  EXPECT_EQ(g.vector, 1);
  EXPECT_EQ(g.lanes, 8);
  EXPECT_EQ(g.groupsPerBlock, 32);
  EXPECT_EQ(g.numGroups, 128 * 4095);
  EXPECT_EQ(g.numBlocks, 16380);
  EXPECT_EQ(g.grid, 16380);
  EXPECT_EQ(g.blockX, 32);
  EXPECT_EQ(g.blockY, 8);
  EXPECT_FALSE(g.shuffle); // threads of one output are in different warps
}

TEST(ReductionGeometryTest, InnermostFallbacks) {
  // Rows of 30: vectors of 2 (4 does not divide 30), 15 chunks hold 8 lanes; 7 rows fill 8
  // groups of a block of 64.
  ReductionSchedule schedule;
  schedule.threadsPerOutput = 1024;
  schedule.block = 1024;
  schedule.vector = 4;
  ReductionGeometry g = planReduction(schedule, shapeInfo(7, 30, 1));
  EXPECT_TRUE(g.innermost);
  EXPECT_EQ(g.vector, 2);
  EXPECT_EQ(g.lanes, 8);
  EXPECT_EQ(g.groupsPerBlock, 8);
  EXPECT_EQ(g.numBlocks, 1);
  EXPECT_EQ(g.blockX, 8);
  EXPECT_EQ(g.blockY, 8);
  EXPECT_TRUE(g.shuffle);
}

TEST(ReductionGeometryTest, ABlockPerRow) {
  ReductionSchedule schedule;
  schedule.threadsPerOutput = 1024;
  schedule.block = 256;
  schedule.vector = 4;
  ReductionGeometry g = planReduction(schedule, shapeInfo(4096, 8192, 1));
  EXPECT_EQ(g.lanes, 256);
  EXPECT_EQ(g.groupsPerBlock, 1);
  EXPECT_EQ(g.numBlocks, 4096);
  EXPECT_EQ(g.split, 1);
}

TEST(ReductionGeometryTest, SplitTheAxisOfASum) {
  // dim 1 of 128 x 4096 x 4095 split over 16 blocks: slices of 256 rows, 8 lanes each.
  ReductionSchedule schedule;
  schedule.threadsPerOutput = 128;
  schedule.block = 256;
  schedule.split = 16;
  ReductionInfo info = shapeInfo(128, 4096, 4095);
  info.splittable = true;
  ReductionGeometry g = planReduction(schedule, info);
  EXPECT_EQ(g.split, 16);
  EXPECT_EQ(g.lanes, 8);
  EXPECT_EQ(g.numBlocks, 16380 * 16);
  // Not a sum (or not linear in it): the same kernel as split = 1.
  info.splittable = false;
  EXPECT_EQ(planReduction(schedule, info).split, 1);
  EXPECT_EQ(planReduction(schedule, info).numBlocks, 16380);
}

TEST(ReductionGeometryTest, SplitNeedsWholeSlicesOfAWarpsChunks) {
  ReductionSchedule schedule;
  schedule.threadsPerOutput = 1024;
  schedule.block = 256;
  schedule.vector = 4;
  schedule.split = 16;
  ReductionInfo info = shapeInfo(8, 1024, 1);
  info.splittable = true;
  // 256 vectors: 16 slices would hold 16 each, 8 slices 32. The 8 rows of 32 lanes fill one
  // block, once per slice.
  ReductionGeometry g = planReduction(schedule, info);
  EXPECT_EQ(g.split, 8);
  EXPECT_EQ(g.lanes, 32);
  EXPECT_EQ(g.groupsPerBlock, 8);
  EXPECT_EQ(g.numBlocks, 8);
  // Rows of 193: single elements, and no power of two above 1 divides 193 chunks.
  info.extent = 193;
  EXPECT_EQ(planReduction(schedule, info).split, 1);
  // 64 vectors: one slice of 64 or two of 32.
  info.extent = 256;
  EXPECT_EQ(planReduction(schedule, info).split, 2);
}

} // namespace
