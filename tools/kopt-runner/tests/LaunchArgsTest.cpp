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

namespace {
/// An H200's limits, as its attributes give them.
LaunchLimits h200Limits() {
  LaunchLimits limits;
  limits.grid = {2147483647, 65535, 65535};
  limits.block = {1024, 1024, 64};
  limits.threadsPerBlock = 1024;
  limits.sharedBytes = 232448;
  return limits;
}

LaunchSpec launchOf(std::array<unsigned, 3> grid, std::array<unsigned, 3> block, unsigned smem) {
  LaunchSpec launch;
  launch.entry = "k";
  launch.grid.assign(grid.begin(), grid.end());
  launch.block.assign(block.begin(), block.end());
  launch.smem = smem;
  return launch;
}
} // namespace

TEST(LaunchLimits, LaunchesAtTheLimitsPass) {
  LaunchLimits limits = h200Limits();
  EXPECT_EQ(exceedsLimits(launchOf({2147483647, 65535, 65535}, {1024, 1, 1}, 232448), limits), "");
  EXPECT_EQ(exceedsLimits(launchOf({1, 1, 1}, {1, 16, 64}, 0), limits), "");
}

TEST(LaunchLimits, EachLimitIsNamed) {
  LaunchLimits limits = h200Limits();
  EXPECT_EQ(exceedsLimits(launchOf({2147483648u, 1, 1}, {32, 1, 1}, 0), limits),
            "grid x = 2147483648 exceeds the device's MAX_GRID_DIM_X (2147483647)");
  EXPECT_EQ(exceedsLimits(launchOf({1, 65536, 1}, {32, 1, 1}, 0), limits),
            "grid y = 65536 exceeds the device's MAX_GRID_DIM_Y (65535)");
  EXPECT_EQ(exceedsLimits(launchOf({1, 1, 4294967295u}, {32, 1, 1}, 0), limits),
            "grid z = 4294967295 exceeds the device's MAX_GRID_DIM_Z (65535)");
  EXPECT_EQ(exceedsLimits(launchOf({1, 1, 1}, {2048, 1, 1}, 0), limits),
            "block x = 2048 exceeds the device's MAX_BLOCK_DIM_X (1024)");
  EXPECT_EQ(exceedsLimits(launchOf({1, 1, 1}, {1, 1, 65}, 0), limits),
            "block z = 65 exceeds the device's MAX_BLOCK_DIM_Z (64)");
  EXPECT_EQ(exceedsLimits(launchOf({1, 1, 1}, {64, 32, 1}, 0), limits),
            "threads per block = 2048 exceeds the device's MAX_THREADS_PER_BLOCK (1024)");
  EXPECT_EQ(exceedsLimits(launchOf({1, 1, 1}, {32, 1, 1}, 232449), limits),
            "dynamic shared memory bytes = 232449 exceeds the device's "
            "MAX_SHARED_MEMORY_PER_BLOCK_OPTIN (232448)");
}

TEST(LaunchLimits, ThreadsPerBlockDoNotOverflow) {
  // 2^32 - 1 along each axis: a 32-bit product would wrap; the limits still catch it.
  LaunchLimits limits = h200Limits();
  limits.block = {4294967295, 4294967295, 4294967295};
  EXPECT_EQ(exceedsLimits(launchOf({1, 1, 1}, {65536, 65536, 1}, 0), limits),
            "threads per block = 4294967296 exceeds the device's MAX_THREADS_PER_BLOCK (1024)");
}
