//===- CheckTest.cpp - output checks on CPU tensors -----------------------===//
#include "Check.h"

#include <gtest/gtest.h>

using namespace kopt::runner;

namespace {

TEST(Poison, EveryDtypeIsDetectedAsUnwritten) {
  for (auto type : {torch::kFloat, torch::kDouble, torch::kHalf, torch::kBFloat16, torch::kInt,
                    torch::kLong, torch::kBool, torch::kByte, torch::kChar, torch::kShort}) {
    torch::Tensor t = torch::empty({4, 5}, torch::TensorOptions().dtype(type));
    poison(t);
    EXPECT_EQ(countUnwritten(t).count, 20) << type;
    if (c10::isFloatingType(type))
      EXPECT_TRUE(torch::isnan(t).all().item<bool>()) << type;
  }
}

TEST(Poison, PartialWritesAreCountedWithTheFirstIndex) {
  torch::Tensor t = torch::empty({3, 4});
  poison(t);
  t.index_put_({0}, 1.0f);
  t.index_put_({1, torch::indexing::Slice(0, 2)}, 2.0f);
  UnwrittenCount u = countUnwritten(t);
  EXPECT_EQ(u.count, 6);
  EXPECT_EQ(u.firstIndex, 6);
  EXPECT_EQ(formatIndex(u.firstIndex, t.sizes()), "[1, 2]");
}

TEST(Poison, AnOrdinaryNaNIsNotPoison) {
  torch::Tensor t = torch::full({3}, NAN);
  EXPECT_EQ(countUnwritten(t).count, 0);
}

TEST(BitwiseEqual, DetectsAnySingleChange) {
  torch::Tensor a = torch::rand({100});
  torch::Tensor b = a.clone();
  EXPECT_TRUE(bitwiseEqual(a, b));
  b[37] = std::nextafter(b[37].item<float>(), 2.0f);
  EXPECT_FALSE(bitwiseEqual(a, b));
  EXPECT_FALSE(bitwiseEqual(a, a.reshape({10, 10})));
}

TEST(Compare, WithinTolerancePasses) {
  torch::Tensor ref = torch::rand({64, 64});
  Comparison c = compareOutputs(ref + 0.5e-4, ref, 1e-4, 1e-4);
  EXPECT_TRUE(c.pass) << c.detail;
  EXPECT_NEAR(c.maxAbsError, 0.5e-4, 1e-6);
}

TEST(Compare, ToleranceIsAtolPlusRtolTimesRef) {
  torch::Tensor ref = torch::full({4}, 100.0f);
  // Bound = 1e-4 + 1e-4 * 100 = 0.0101.
  EXPECT_TRUE(compareOutputs(ref + 0.01f, ref, 1e-4, 1e-4).pass);
  Comparison c = compareOutputs(ref + 0.0105f, ref, 1e-4, 1e-4);
  EXPECT_FALSE(c.pass);
  EXPECT_EQ(c.failures, 4);
}

TEST(Compare, ReportsTheWorstElementAndWhere) {
  torch::Tensor ref = torch::rand({8, 8}) + 1.0f;
  torch::Tensor out = ref.clone();
  out[2][3] += 0.5f;
  out[5][1] += 0.01f;
  Comparison c = compareOutputs(out, ref, 1e-4, 1e-4);
  ASSERT_FALSE(c.pass);
  EXPECT_EQ(c.failures, 2);
  EXPECT_EQ(c.worstIndex, 2 * 8 + 3);
  EXPECT_NE(c.detail.find("[2, 3]"), std::string::npos) << c.detail;
}

TEST(Compare, NaNAndInfNeverPass) {
  torch::Tensor ref = torch::rand({16});
  torch::Tensor out = ref.clone();
  out[4] = NAN;
  EXPECT_FALSE(compareOutputs(out, ref, 1e9, 1e9).pass);
  out = ref.clone();
  out[9] = INFINITY;
  EXPECT_FALSE(compareOutputs(out, ref, 1e9, 1e9).pass);
  // Not even where the reference has the same Inf.
  torch::Tensor infRef = ref.clone();
  infRef[9] = INFINITY;
  EXPECT_FALSE(compareOutputs(out, infRef, 1e-4, 1e-4).pass);
}

TEST(Compare, NaNOutputsAreCountedAndNotDroppedFromTheMaximum) {
  torch::Tensor ref = torch::rand({4, 4});
  torch::Tensor out = ref.clone();
  out[1][2] = NAN;
  out[3][0] = NAN;
  Comparison c = compareOutputs(out, ref, 1e-4, 1e-4);
  ASSERT_FALSE(c.pass);
  EXPECT_EQ(c.nanCount, 2);
  EXPECT_EQ(c.firstNaNIndex, 1 * 4 + 2);
  EXPECT_EQ(c.maxAbsError, INFINITY);
  EXPECT_EQ(c.maxRelError, INFINITY);
  EXPECT_NE(c.detail.find("max abs error inf"), std::string::npos) << c.detail;
  EXPECT_NE(c.detail.find("2 NaN where the reference is not, the first at [1, 2]"),
            std::string::npos)
      << c.detail;
  // An output that is NaN everywhere, as a kernel that writes NaN would leave it.
  c = compareOutputs(torch::full({8}, NAN), torch::rand({8}), 1e-4, 1e-4);
  EXPECT_EQ(c.nanCount, 8);
  EXPECT_EQ(c.maxAbsError, INFINITY);
}

TEST(Compare, NaNWhereTheReferenceIsNaNIsNoDistance) {
  torch::Tensor ref = torch::ones({4});
  ref[1] = NAN;
  torch::Tensor out = ref.clone();
  out[3] = 1.5f;
  Comparison c = compareOutputs(out, ref, 1e-4, 1e-4);
  ASSERT_FALSE(c.pass); // a NaN output never passes, even against a NaN reference
  EXPECT_EQ(c.nanCount, 0);
  EXPECT_EQ(c.maxAbsError, 0.5);
  EXPECT_EQ(c.detail.find("NaN where"), std::string::npos) << c.detail;
}

TEST(Compare, InfOutputsAreAnInfiniteError) {
  torch::Tensor ref = torch::rand({4}) + 1.0f;
  torch::Tensor out = ref.clone();
  out[2] = -INFINITY;
  Comparison c = compareOutputs(out, ref, 1e-4, 1e-4);
  ASSERT_FALSE(c.pass);
  EXPECT_EQ(c.maxAbsError, INFINITY);
  EXPECT_EQ(c.nanCount, 0);
}

TEST(Compare, ConstantOutputWhereTheReferenceVariesFails) {
  // A softmax over a wide row: every value near 4e-6, inside atol of zero.
  torch::Tensor ref = torch::softmax(torch::rand({2, 262144}), 1);
  torch::Tensor zeros = torch::zeros_like(ref);
  ASSERT_LT(ref.max().item<float>(), 1e-4f);
  Comparison c = compareOutputs(zeros, ref, 1e-4, 1e-4);
  EXPECT_FALSE(c.pass);
  EXPECT_NE(c.detail.find("constant"), std::string::npos) << c.detail;
  // The right answer passes.
  EXPECT_TRUE(compareOutputs(ref.clone(), ref, 1e-4, 1e-4).pass);
  // A constant reference admits a constant output.
  torch::Tensor ones = torch::ones({100});
  EXPECT_TRUE(compareOutputs(ones.clone(), ones, 1e-4, 1e-4).pass);
}

TEST(Compare, ShapeMismatchFails) {
  EXPECT_FALSE(compareOutputs(torch::zeros({4, 4}), torch::zeros({16}), 1, 1).pass);
}

TEST(Compare, IntegerOutputsCompareExactlyUnderZeroTolerance) {
  torch::Tensor ref = torch::arange(10);
  EXPECT_TRUE(compareOutputs(ref.clone(), ref, 0, 0).pass);
  torch::Tensor off = ref.clone();
  off[3] = 4;
  EXPECT_FALSE(compareOutputs(off, ref, 0, 0).pass);
}

} // namespace

namespace {
TEST(Compare, NaNWhereTheReferenceIsANumberIsCountedNotHidden) {
  torch::Tensor ref = torch::ones({2, 4});
  torch::Tensor out = ref.clone();
  out.index_put_({1, 2}, NAN);
  out.index_put_({0, 1}, NAN);
  Comparison c = compareOutputs(out, ref, 1e-4, 1e-4);
  EXPECT_FALSE(c.pass);
  EXPECT_EQ(c.failures, 2);
  // The error of every other element is 0: the detail must still say the NaNs are there.
  EXPECT_NE(c.detail.find("2 NaN where the reference is not"), std::string::npos) << c.detail;
  EXPECT_NE(c.detail.find("worst at [0, 1]: got nan"), std::string::npos) << c.detail;
}
} // namespace
