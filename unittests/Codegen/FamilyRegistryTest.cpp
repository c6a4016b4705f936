//===- FamilyRegistryTest.cpp - families registered and offered payloads ===//
#include "ToyFamily.h"
#include "kopt/Codegen/Family.h"
#include "kopt/Codegen/Lower.h"

#include "mlir/IR/MLIRContext.h"

#include "gtest/gtest.h"

using namespace mlir;
using namespace kopt::codegen;

namespace {

/// A task whose payload the elementwise family takes, named `name`.
std::string reluTask(llvm::StringRef name) {
  return (R"mlir(
    kb.task @)mlir" + name + R"mlir( tolerance(atol 1.0e-4, rtol 1.0e-4) {
      kb.input "x" : tensor<64x256xf32> dist(uniform(-1.0, 1.0))
      kb.output "out" : tensor<64x256xf32>
      kb.reference "return torch.relu(x)"
      kb.payload(%x: tensor<64x256xf32>, %out: tensor<64x256xf32>) {
        %zero = arith.constant 0.0 : f32
        %r = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>,
                                              affine_map<(i, j) -> (i, j)>],
                             iterator_types = ["parallel", "parallel"]}
            ins(%x : tensor<64x256xf32>) outs(%out : tensor<64x256xf32>) {
        ^bb0(%in: f32, %o: f32):
          %m = arith.maximumf %in, %zero : f32
          linalg.yield %m : f32
        } -> tensor<64x256xf32>
        kb.yield %r : tensor<64x256xf32>
      }
    })mlir")
      .str();
}

class FamilyRegistryTest : public ::testing::Test {
protected:
  static void SetUpTestSuite() { registerToyFamily(); }

  /// The family each task's payload goes to, by space name ("" with the error when none).
  std::vector<std::string> familiesOf(std::vector<std::string> tasks) {
    DialectRegistry registry;
    registry.insert<kb::KbDialect>();
    std::vector<std::string> names;
    for (const SpaceResult &result : scheduleSpaces(registry, tasks))
      names.push_back(result.space ? result.space->family.str() : "error: " + result.error);
    return names;
  }
};

TEST_F(FamilyRegistryTest, ListsTheToyFamilyInOfferOrder) {
  std::vector<std::string> offered;
  for (const Family *family : registeredFamilies())
    offered.push_back(family->space->family.str());
  // The toy family's rank puts it first; the built-in families keep their order.
  EXPECT_EQ(offered, (std::vector<std::string>{"toy", "elementwise", "global_reduction",
                                               "normalization", "reduction", "attention",
                                               "matmul", "window", "scan"}));
  // Not a family of Families.td: the policy's spaces do not change.
  EXPECT_FALSE(llvm::is_contained(allScheduleSpaces(), &toySpace()));
}

TEST_F(FamilyRegistryTest, ResolvesTheToyDecisions) {
  llvm::Expected<llvm::SmallVector<int64_t>> defaults = resolveDecisions(toySpace(), {});
  ASSERT_TRUE(static_cast<bool>(defaults)) << llvm::toString(defaults.takeError());
  EXPECT_EQ(*defaults, (llvm::SmallVector<int64_t>{2, 1}));
  ToySchedule schedule = ToySchedule::fromValues(*defaults);
  EXPECT_EQ(schedule.width, 2);
  EXPECT_TRUE(schedule.unrolled);

  llvm::Expected<llvm::SmallVector<int64_t>> given =
      resolveDecisions(toySpace(), {{"width", 4}, {"unrolled", 0}});
  ASSERT_TRUE(static_cast<bool>(given)) << llvm::toString(given.takeError());
  schedule = ToySchedule::fromValues(*given);
  EXPECT_EQ(schedule.width, 4);
  EXPECT_FALSE(schedule.unrolled);

  llvm::Expected<llvm::SmallVector<int64_t>> outside = resolveDecisions(toySpace(), {{"width", 3}});
  ASSERT_FALSE(static_cast<bool>(outside));
  EXPECT_EQ(llvm::toString(outside.takeError()),
            "decision 'width' = 3 is not in its domain {1, 2, 4}");
}

TEST_F(FamilyRegistryTest, OffersPayloadsInRankOrder) {
  toyOffers().clear();
  // The elementwise family would take both payloads: the toy family, offered first, takes its
  // own and passes on the other.
  EXPECT_EQ(familiesOf({reluTask("toy_relu"), reluTask("relu")}),
            (std::vector<std::string>{"toy", "elementwise"}));
  EXPECT_EQ(toyOffers(), (std::vector<std::string>{"toy_relu", "relu"}));
}

} // namespace
