//===- TaskCostTest.cpp - the least work and traffic a task needs ---------===//
#include "kopt/Features/TaskCost.h"
#include "kopt/InitKopt.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include "gtest/gtest.h"

using namespace mlir;
using kopt::features::computeTaskCost;
using kopt::features::TaskCost;

namespace {

class TaskCostTest : public ::testing::Test {
protected:
  TaskCostTest() {
    DialectRegistry registry;
    kopt::registerKoptDialects(registry);
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
  }

  /// The cost of the one task in `source`.
  TaskCost costOf(llvm::StringRef source) {
    module = parseSourceString<ModuleOp>(source, &context);
    EXPECT_TRUE(module);
    if (!module)
      return {};
    auto tasks = module->getOps<kb::TaskOp>();
    EXPECT_FALSE(tasks.empty());
    return tasks.empty() ? TaskCost{} : computeTaskCost(*tasks.begin());
  }

  MLIRContext context;
  OwningOpRef<ModuleOp> module;
};

TEST_F(TaskCostTest, Elementwise) {
  TaskCost cost = costOf(R"mlir(
kb.task @relu tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<16x16xf32> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<16x16xf32>
  kb.reference "return torch.relu(x)"
  kb.payload(%x: tensor<16x16xf32>, %out: tensor<16x16xf32>) {
    %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                         iterator_types = ["parallel", "parallel"]}
        ins(%x : tensor<16x16xf32>) outs(%out : tensor<16x16xf32>) {
    ^bb0(%in: f32, %o: f32):
      %zero = arith.constant 0.0 : f32
      %m = arith.maximumf %in, %zero : f32
      linalg.yield %m : f32
    } -> tensor<16x16xf32>
    kb.yield %r : tensor<16x16xf32>
  }
}
)mlir");
  EXPECT_EQ(cost.minBytes, 2 * 16 * 16 * 4);
  EXPECT_EQ(cost.flops, 16 * 16); // the constant is no work
}

TEST_F(TaskCostTest, MatmulIsTwoMNK) {
  TaskCost cost = costOf(R"mlir(
kb.task @matmul tolerance(atol 0.01, rtol 0.01) {
  kb.input "a" : tensor<64x32xf32> dist(normal(0.0, 1.0))
  kb.input "b" : tensor<32x16xf32> dist(normal(0.0, 1.0))
  kb.output "c" : tensor<64x16xf32>
  kb.reference "return a @ b"
  kb.payload(%a: tensor<64x32xf32>, %b: tensor<32x16xf32>, %c: tensor<64x16xf32>) {
    %zero = arith.constant 0.0 : f32
    %fill = linalg.fill ins(%zero : f32) outs(%c : tensor<64x16xf32>) -> tensor<64x16xf32>
    %mm = linalg.matmul ins(%a, %b : tensor<64x32xf32>, tensor<32x16xf32>)
                        outs(%fill : tensor<64x16xf32>) -> tensor<64x16xf32>
    kb.yield %mm : tensor<64x16xf32>
  }
}
)mlir");
  EXPECT_EQ(cost.minBytes, (64 * 32 + 32 * 16 + 64 * 16) * 4);
  EXPECT_EQ(cost.flops, 2 * 64 * 16 * 32); // the fill computes nothing
}

TEST_F(TaskCostTest, SeveralOpsAndOutputsOfSeveralTypes) {
  TaskCost cost = costOf(R"mlir(
kb.task @leaky_rowsum tolerance(atol 1.0e-5, rtol 2.5e-3) {
  kb.input "x" : tensor<8x32xf16> dist(uniform(-1.0, 1.0))
  kb.input "alpha" : f16 dist(constant(0.01))
  kb.input "mask" : tensor<8xi1> dist(randint(0.0, 2.0))
  kb.output "out" : tensor<8x32xf16>
  kb.output "sum" : tensor<8xf16>
  kb.reference "y = torch.where(x > 0, x, alpha * x)\nreturn y, y.sum(1)"
  kb.payload(%x: tensor<8x32xf16>, %alpha: f16, %mask: tensor<8xi1>, %out: tensor<8x32xf16>, %sum: tensor<8xf16>) {
    %zero = arith.constant 0.0 : f16
    %y = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>],
                         iterator_types = ["parallel", "parallel"]}
        ins(%x : tensor<8x32xf16>) outs(%out : tensor<8x32xf16>) {
    ^bb0(%in: f16, %o: f16):
      %neg = arith.mulf %in, %alpha : f16
      %pos = arith.cmpf ogt, %in, %zero : f16
      %r = arith.select %pos, %in, %neg : f16
      linalg.yield %r : f16
    } -> tensor<8x32xf16>
    %init = linalg.fill ins(%zero : f16) outs(%sum : tensor<8xf16>) -> tensor<8xf16>
    %s = linalg.reduce ins(%y : tensor<8x32xf16>) outs(%init : tensor<8xf16>) dimensions = [1]
      (%a: f16, %b: f16) {
        %t = arith.addf %a, %b : f16
        linalg.yield %t : f16
      }
    kb.yield %y, %s : tensor<8x32xf16>, tensor<8xf16>
  }
}
)mlir");
  // x, alpha (a scalar), mask (i1 stored as bytes), out, sum.
  EXPECT_EQ(cost.minBytes, 8 * 32 * 2 + 2 + 8 * 1 + 8 * 32 * 2 + 8 * 2);
  EXPECT_EQ(cost.flops, 8 * 32 * 3 + 8 * 32 * 1);
}

TEST_F(TaskCostTest, MathOpsCount) {
  TaskCost cost = costOf(R"mlir(
kb.task @gelu_ish tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<1024xf64> dist(normal(0.0, 1.0))
  kb.output "out" : tensor<1024xf64>
  kb.reference "return torch.tanh(x) * x"
  kb.payload(%x: tensor<1024xf64>, %out: tensor<1024xf64>) {
    %r = linalg.map { math.tanh } ins(%x : tensor<1024xf64>) outs(%out : tensor<1024xf64>)
    kb.yield %r : tensor<1024xf64>
  }
}
)mlir");
  EXPECT_EQ(cost.minBytes, 2 * 1024 * 8);
  EXPECT_EQ(cost.flops, 1024);
}

TEST_F(TaskCostTest, SaturatesInsteadOfOverflowing) {
  TaskCost cost = costOf(R"mlir(
kb.task @huge tolerance(atol 0.01, rtol 0.01) {
  kb.input "a" : tensor<4194304x4194304xf32> dist(normal(0.0, 1.0))
  kb.input "b" : tensor<4194304x4194304xf32> dist(normal(0.0, 1.0))
  kb.output "c" : tensor<4194304x4194304xf32>
  kb.reference "return a @ b"
  kb.payload(%a: tensor<4194304x4194304xf32>, %b: tensor<4194304x4194304xf32>, %c: tensor<4194304x4194304xf32>) {
    %mm = linalg.matmul ins(%a, %b : tensor<4194304x4194304xf32>, tensor<4194304x4194304xf32>)
                        outs(%c : tensor<4194304x4194304xf32>) -> tensor<4194304x4194304xf32>
    kb.yield %mm : tensor<4194304x4194304xf32>
  }
}
)mlir");
  EXPECT_EQ(cost.minBytes, 3 * (int64_t(1) << 44) * 4);
  EXPECT_EQ(cost.flops, std::numeric_limits<int64_t>::max());
}

TEST_F(TaskCostTest, StructuredInputsLowerTheBoundAndDropTheFlops) {
  const char *source = R"mlir(
kb.task @tri tolerance(atol 0.01, rtol 0.01) {
  kb.input "a" : tensor<64x64xf32> dist(upper_triangular(uniform(0.0, 1.0)))
  kb.input "b" : tensor<64x16xf32> dist(diagonal(uniform(0.0, 1.0)))
  kb.input "s" : tensor<16x16xf32> dist(symmetric(uniform(0.0, 1.0)))
  kb.input "t" : tensor<16x16xf32> dist(upper_triangular(uniform(0.0, 1.0)), uniform(0.0, 1.0))
  kb.output "c" : tensor<64x16xf32>
  kb.reference "return a @ b + s.sum() + t.sum()"
  kb.payload(%a: tensor<64x64xf32>, %b: tensor<64x16xf32>, %s: tensor<16x16xf32>, %t: tensor<16x16xf32>, %c: tensor<64x16xf32>) {
    %zero = arith.constant 0.0 : f32
    %fill = linalg.fill ins(%zero : f32) outs(%c : tensor<64x16xf32>) -> tensor<64x16xf32>
    %mm = linalg.matmul ins(%a, %b : tensor<64x64xf32>, tensor<64x16xf32>)
                        outs(%fill : tensor<64x16xf32>) -> tensor<64x16xf32>
    kb.yield %mm : tensor<64x16xf32>
  }
}
)mlir";
  TaskCost payload = costOf(source);
  EXPECT_EQ(payload.flops, 2 * 64 * 64 * 16);
  TaskCost bound = kopt::features::lowerBoundCost(*module->getOps<kb::TaskOp>().begin());
  // Half of the triangle, 16 of the diagonal matrix's 64 x 16, all of the symmetric one and of
  // one that may also be drawn full.
  EXPECT_EQ(bound.minBytes, (64 * 64 / 2 + 16 + 2 * 16 * 16 + 64 * 16) * 4);
  EXPECT_EQ(bound.flops, 0);
}

} // namespace
