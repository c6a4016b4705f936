//===- TaskFeaturesTest.cpp - the task features the policy reads ----------===//
#include "kopt/InitKopt.h"
#include "kopt/Learn/Policy.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "llvm/Support/FormatVariadic.h"

#include "gtest/gtest.h"

#include <cmath>

using namespace kopt::learn;
using kopt::codegen::ScheduleSpace;

namespace {

class TaskFeaturesTest : public ::testing::Test {
protected:
  TaskFeaturesTest() {
    mlir::DialectRegistry registry;
    kopt::registerKoptDialects(registry);
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
  }

  /// The features of the one task in `source`, by name.
  llvm::StringMap<double> featuresOf(llvm::StringRef source) {
    modules.push_back(mlir::parseSourceString<mlir::ModuleOp>(source, &context));
    EXPECT_TRUE(modules.back());
    llvm::StringMap<double> named;
    if (!modules.back())
      return named;
    auto tasks = modules.back()->getOps<kb::TaskOp>();
    EXPECT_FALSE(tasks.empty());
    if (tasks.empty())
      return named;
    std::vector<double> features = taskFeatures(*tasks.begin());
    EXPECT_EQ(features.size(), taskFeatureNames().size());
    for (auto [name, value] : llvm::zip_first(taskFeatureNames(), features))
      named[name] = value;
    return named;
  }

  std::vector<double> vectorOf(const llvm::StringMap<double> &named) {
    std::vector<double> features;
    for (llvm::StringLiteral name : taskFeatureNames())
      features.push_back(named.lookup(name));
    return features;
  }

  mlir::MLIRContext context;
  std::vector<mlir::OwningOpRef<mlir::ModuleOp>> modules;
};

/// A matmul of M x K by K x N (f32).
std::string matmul(int m, int k, int n) {
  return llvm::formatv(R"mlir(
kb.task @mm tolerance(atol 1.0e-4, rtol 1.0e-4) {{
  kb.input "A" : tensor<{0}x{1}xf32> dist(uniform(0.0, 1.0))
  kb.input "B" : tensor<{1}x{2}xf32> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<{0}x{2}xf32>
  kb.reference "return torch.matmul(A, B)"
  kb.payload(%A: tensor<{0}x{1}xf32>, %B: tensor<{1}x{2}xf32>, %out: tensor<{0}x{2}xf32>) {{
    %zero = arith.constant 0.0 : f32
    %acc = linalg.fill ins(%zero : f32) outs(%out : tensor<{0}x{2}xf32>) -> tensor<{0}x{2}xf32>
    %r = linalg.matmul ins(%A, %B : tensor<{0}x{1}xf32>, tensor<{1}x{2}xf32>) outs(%acc : tensor<{0}x{2}xf32>) -> tensor<{0}x{2}xf32>
    kb.yield %r : tensor<{0}x{2}xf32>
  }
}
)mlir",
                       m, k, n);
}

TEST_F(TaskFeaturesTest, Matmul) {
  llvm::StringMap<double> features = featuresOf(matmul(64, 128, 256));
  // The matmul's loops (m, n, k), not the fill's: the largest iteration domain.
  EXPECT_DOUBLE_EQ(features["log2_loop0"], 6.0 / 16);
  EXPECT_DOUBLE_EQ(features["log2_loop1"], 8.0 / 16);
  EXPECT_DOUBLE_EQ(features["log2_loop2"], 7.0 / 16);
  EXPECT_DOUBLE_EQ(features["log2_loop3"], 0.0);
  EXPECT_DOUBLE_EQ(features["log2_parallel"], 14.0 / 32);
  EXPECT_DOUBLE_EQ(features["log2_reduction"], 7.0 / 32);
  EXPECT_DOUBLE_EQ(features["log2_inner_output"], 8.0 / 16);
  EXPECT_DOUBLE_EQ(features["output_rank"], 2.0 / 8);
  // 2 M N K flops over the bytes of A, B and out.
  double intensity = 2.0 * 64 * 128 * 256 / ((64 * 128 + 128 * 256 + 64 * 256) * 4.0);
  EXPECT_DOUBLE_EQ(features["log2_intensity"], std::log2(1 + intensity) / 16);
  EXPECT_EQ(features["aligned_16b"], 1.0);
  // Version 1's features are as they were.
  EXPECT_EQ(features["bias"], 1.0);
  EXPECT_DOUBLE_EQ(features["log2_elements"], std::log2(64 * 128 + 128 * 256 + 64 * 256) / 32);
  EXPECT_DOUBLE_EQ(features["log2_largest_dim"], 8.0 / 32);
  EXPECT_DOUBLE_EQ(features["dtype_bytes"], 4.0 / 8);
  EXPECT_DOUBLE_EQ(features["neg_log10_rtol"], 4.0 / 8);
  for (const auto &feature : features)
    EXPECT_TRUE(feature.second >= 0 && feature.second <= 1) << feature.first().str();
}

TEST_F(TaskFeaturesTest, ReductionSoftmaxAndAlignment) {
  // A row sum over 1000 of 63 rows: one reduced loop; the output's 63 is no multiple of 4.
  llvm::StringMap<double> rowSum = featuresOf(R"mlir(
kb.task @row_sum tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<63x1000xf32> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<63xf32>
  kb.reference "return x.sum(dim=1)"
  kb.payload(%x: tensor<63x1000xf32>, %out: tensor<63xf32>) {
    %zero = arith.constant 0.0 : f32
    %acc = linalg.fill ins(%zero : f32) outs(%out : tensor<63xf32>) -> tensor<63xf32>
    %r = linalg.reduce ins(%x : tensor<63x1000xf32>) outs(%acc : tensor<63xf32>) dimensions = [1]
      (%v: f32, %a: f32) {
        %s = arith.addf %v, %a : f32
        linalg.yield %s : f32
      }
    kb.yield %r : tensor<63xf32>
  }
}
)mlir");
  EXPECT_DOUBLE_EQ(rowSum["log2_reduction"], std::log2(1000.0) / 32);
  EXPECT_DOUBLE_EQ(rowSum["log2_parallel"], std::log2(63.0) / 32);
  EXPECT_DOUBLE_EQ(rowSum["log2_inner_output"], std::log2(63.0) / 16);
  EXPECT_DOUBLE_EQ(rowSum["output_rank"], 1.0 / 8);
  EXPECT_EQ(rowSum["aligned_16b"], 0.0);

  // linalg.softmax is no LinalgOp: its dimension is its reduction.
  llvm::StringMap<double> softmax = featuresOf(R"mlir(
kb.task @softmax tolerance(atol 1.0e-4, rtol 1.0e-4) {
  kb.input "x" : tensor<16x4096xf32> dist(uniform(0.0, 1.0))
  kb.output "out" : tensor<16x4096xf32>
  kb.reference "return torch.softmax(x, dim=1)"
  kb.payload(%x: tensor<16x4096xf32>, %out: tensor<16x4096xf32>) {
    %r = linalg.softmax dimension(1) ins(%x : tensor<16x4096xf32>) outs(%out : tensor<16x4096xf32>) -> tensor<16x4096xf32>
    kb.yield %r : tensor<16x4096xf32>
  }
}
)mlir");
  EXPECT_DOUBLE_EQ(softmax["log2_reduction"], 12.0 / 32);
  EXPECT_DOUBLE_EQ(softmax["log2_parallel"], 4.0 / 32);
  EXPECT_DOUBLE_EQ(softmax["log2_loop0"], 4.0 / 16);
  EXPECT_DOUBLE_EQ(softmax["log2_loop1"], 12.0 / 16);
  EXPECT_EQ(softmax["aligned_16b"], 1.0);
}

/// Two matmuls of one family whose version 1 features are equal (as many elements, the same
/// largest dimension) but whose shapes differ: a policy that weighs the new features tells them
/// apart, one that weighs only version 1's cannot.
TEST_F(TaskFeaturesTest, ShapesOfOneFamilyGetDifferentDistributions) {
  std::vector<double> wide = vectorOf(featuresOf(matmul(64, 128, 256)));
  std::vector<double> tall = vectorOf(featuresOf(matmul(256, 128, 64)));
  size_t old = version1FeatureNames().size();
  EXPECT_TRUE(std::equal(wide.begin(), wide.begin() + old, tall.begin()));
  EXPECT_NE(wide, tall);

  const ScheduleSpace &space = kopt::codegen::matmulSpace();
  Policy policy;
  Rng rng(1);
  for (auto &rows : policy.weights(space).decisions)
    for (auto &row : rows)
      for (size_t f = 0; f < old; ++f)
        row[f] = rng.uniform() - 0.5;
  std::vector<size_t> values(space.decisions.size(), 0);
  EXPECT_EQ(policy.distributions(space, wide, values), policy.distributions(space, tall, values));
  EXPECT_EQ(policy.logProbs(space, wide, values), policy.logProbs(space, tall, values));

  for (auto &rows : policy.weights(space).decisions)
    for (auto &row : rows)
      for (size_t f = old; f < taskFeatureNames().size(); ++f)
        row[f] = rng.uniform() - 0.5;
  std::vector<std::vector<double>> wideDistributions =
      policy.distributions(space, wide, values);
  std::vector<std::vector<double>> tallDistributions =
      policy.distributions(space, tall, values);
  for (auto [a, b] : llvm::zip_equal(wideDistributions, tallDistributions)) {
    double largest = 0;
    for (auto [x, y] : llvm::zip_equal(a, b))
      largest = std::max(largest, std::abs(x - y));
    EXPECT_GT(largest, 1e-3);
  }
}

} // namespace
