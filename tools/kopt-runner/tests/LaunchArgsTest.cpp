//===- LaunchArgsTest.cpp - how launch arguments fill their slots ---------===//
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

TEST(Arguments, OutputsOfRankZeroPassPointersAndScalarInputsValues) {
  std::map<std::string, torch::Tensor> buffers = {
      {"x", torch::ones({4})},
      {"scale", torch::full({}, 0.5f)},
      {"out", torch::zeros({})},
      {"scratch0", torch::zeros({16}, torch::kUInt8)},
  };
  std::set<std::string> scalarInputs = {"scale"};
  for (const char *pointer : {"x", "out", "scratch0"})
    EXPECT_EQ(argumentBits(pointer, buffers, scalarInputs),
              reinterpret_cast<uint64_t>(buffers.at(pointer).data_ptr()))
        << pointer;
  uint64_t bits = argumentBits("scale", buffers, scalarInputs);
  float scale;
  std::memcpy(&scale, &bits, 4);
  EXPECT_EQ(scale, 0.5f);
  EXPECT_EQ(argumentBits("i64:7", buffers, scalarInputs), 7u);
}
