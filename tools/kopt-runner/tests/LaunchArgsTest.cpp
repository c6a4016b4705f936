//===- LaunchArgsTest.cpp - immediate launch arguments --------------------===//
#include "Gpu.h"

#include <gtest/gtest.h>

#include <cstring>

using namespace kopt::runner;

TEST(Immediates, EachTypeFillsItsSlot) {
  std::optional<uint64_t> bits = immediateBits("i64:-5");
  ASSERT_TRUE(bits);
  int64_t i64;
  std::memcpy(&i64, &*bits, 8);
  EXPECT_EQ(i64, -5);
  bits = immediateBits("i32:393216");
  ASSERT_TRUE(bits);
  int32_t i32;
  std::memcpy(&i32, &*bits, 4);
  EXPECT_EQ(i32, 393216);
  bits = immediateBits("f32:0.5");
  ASSERT_TRUE(bits);
  float f32;
  std::memcpy(&f32, &*bits, 4);
  EXPECT_EQ(f32, 0.5f);
}

TEST(Immediates, NamesAndMalformedValuesAreNotImmediates) {
  for (const char *arg : {"x", "out", "scratch0", "i32:", "i64:12x", "u8:3", "f32:abc"})
    EXPECT_FALSE(immediateBits(arg)) << arg;
}
