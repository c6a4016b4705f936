//===- AttentionTest.cpp - the attention kernel's geometry -----------------===//
#include "kopt/Codegen/Attention.h"

#include "gtest/gtest.h"

using namespace kopt::codegen;

namespace {

AttentionInfo kernelBenchShape() {
  AttentionInfo info;
  info.batch = 32 * 32;
  info.rows = info.keys = 512;
  info.headDim = info.valueDim = 1024;
  return info;
}

TEST(AttentionPlanTest, DefaultsOnKernelBenchShape) {
  AttentionGeometry g = planAttention(AttentionSchedule(), kernelBenchShape());
  EXPECT_EQ(g.lanes, 16);
  EXPECT_EQ(g.threads, 256);
  EXPECT_EQ(g.headSplit, 2);
  EXPECT_EQ(g.columns, 512);
  EXPECT_EQ(g.vectorQK, 4);
  EXPECT_EQ(g.vectorV, 4);
  // 16 rows of 512 columns of V (32 KiB) beside the 32 x 33 exponentials.
  EXPECT_EQ(g.vRows, 16);
  EXPECT_EQ(g.sharedBytes, 4224 + 32768);
  EXPECT_EQ(g.grid, 1024 * 16 * 2);
}

TEST(AttentionPlanTest, SplitsTheColumnsToFitRegisters) {
  AttentionSchedule schedule;
  schedule.blockQ = 64;
  schedule.blockKV = 16;
  schedule.threadQ = 4;
  schedule.threadKV = 1;
  schedule.headSplit = 1;
  // 4 rows x 1024 / 16 lanes = 256 accumulators a thread: two blocks share a query tile.
  AttentionGeometry g = planAttention(schedule, kernelBenchShape());
  EXPECT_EQ(g.headSplit, 2);
  EXPECT_EQ(g.threadQ * g.columns / g.lanes, 128);
  EXPECT_EQ(g.threads, 256);
}

TEST(AttentionPlanTest, FallsBackOnOddExtents) {
  AttentionInfo info;
  info.batch = 3;
  info.rows = 24;
  info.keys = 40;
  info.headDim = 20;
  info.valueDim = 12;
  AttentionSchedule schedule;
  schedule.blockQ = 32;
  schedule.blockKV = 64;
  schedule.chunkE = 32;
  schedule.threadKV = 1;
  schedule.headSplit = 8;
  AttentionGeometry g = planAttention(schedule, info);
  EXPECT_EQ(g.blockQ, 8);
  EXPECT_EQ(g.blockKV, 8);
  EXPECT_EQ(g.chunkE, 4);
  EXPECT_EQ(g.vectorQK, 4);
  // 12 / 4 = 3 columns a block: one lane a row, whatever thread_kv asked.
  EXPECT_EQ(g.headSplit, 4);
  EXPECT_EQ(g.columns, 3);
  EXPECT_EQ(g.lanes, 1);
  EXPECT_EQ(g.threadKV, 8);
  EXPECT_EQ(g.vectorV, 1);
  EXPECT_EQ(g.threads, 4);
}

/// The tensor-core kernel's schedule with these tiles and one block per query tile.
AttentionSchedule tensorCoreSchedule(int64_t blockQ, int64_t blockKV, int64_t chunkE) {
  AttentionSchedule schedule;
  schedule.tf32 = true;
  schedule.blockQ = blockQ;
  schedule.blockKV = blockKV;
  schedule.chunkE = chunkE;
  schedule.headSplit = 1;
  return schedule;
}

TEST(AttentionPlanTest, TensorCoresOnKernelBenchShape) {
  AttentionSchedule schedule = tensorCoreSchedule(64, 64, 32);
  schedule.splitTf32 = true;
  // 64 x 1024 outputs exceed half the registers: 32 rows, 2 row groups of 8 warps of 128
  // columns; the 64-key score tile split among all 8.
  AttentionGeometry g = planAttention(schedule, kernelBenchShape());
  EXPECT_TRUE(g.tf32);
  EXPECT_TRUE(g.splitTf32);
  EXPECT_EQ(g.blockQ, 32);
  EXPECT_EQ(g.headSplit, 1);
  EXPECT_EQ(g.warpsQ, 2);
  EXPECT_EQ(g.warpsC, 8);
  EXPECT_EQ(g.warpColumns, 128);
  EXPECT_EQ(g.threads, 512);
  EXPECT_EQ(g.scoreWarps, 8);
  EXPECT_EQ(g.scoreKeys, 8);
  EXPECT_EQ(g.softmaxLanes, 16);
  // Scores 32 x 68, 32 factors, then 8 V rows of 1032 floats (more than the chunks' 96 x 36).
  EXPECT_EQ(g.vRows, 8);
  EXPECT_EQ(g.sharedBytes, 32 * 68 * 4 + 128 + 8 * 1032 * 4);
  EXPECT_EQ(g.grid, 1024 * 16);
}

TEST(AttentionPlanTest, TensorCoreChunksFitSharedMemory) {
  AttentionSchedule schedule = tensorCoreSchedule(32, 64, 128);
  // (32 + 64) rows of 132 floats (50688 bytes) exceed 48 KiB alone: chunks of 64.
  AttentionGeometry g = planAttention(schedule, kernelBenchShape());
  EXPECT_EQ(g.chunkE, 64);
  EXPECT_LE(g.sharedBytes, 48 * 1024);
  schedule.blockQ = 16;
  EXPECT_EQ(planAttention(schedule, kernelBenchShape()).chunkE, 128);
  // The f32 kernel takes at most 32.
  schedule.tf32 = false;
  EXPECT_EQ(planAttention(schedule, kernelBenchShape()).chunkE, 32);
}

TEST(AttentionPlanTest, TensorCoreKeyTilesFitSharedMemory) {
  AttentionSchedule schedule = tensorCoreSchedule(32, 128, 32);
  // Scores 32 x 132 and 8 V rows of 1032 floats exceed 48 KiB: 64-key tiles.
  AttentionGeometry g = planAttention(schedule, kernelBenchShape());
  EXPECT_EQ(g.blockKV, 64);
  EXPECT_EQ(g.chunkE, 32);
  EXPECT_LE(g.sharedBytes, 48 * 1024);
  // 16 rows: 128 keys fit, two 8-key score tiles for each of the 8 warps.
  schedule.blockQ = 16;
  g = planAttention(schedule, kernelBenchShape());
  EXPECT_EQ(g.blockKV, 128);
  EXPECT_EQ(g.scoreKeys, 16);
  schedule.tf32 = false;
  EXPECT_EQ(planAttention(schedule, kernelBenchShape()).blockKV, 64);
}

TEST(AttentionPlanTest, TensorCoresNeedTiles) {
  AttentionInfo info;
  info.batch = 3;
  info.rows = 24; // not a multiple of 16: the f32 kernel
  info.keys = 40;
  info.headDim = 24;
  info.valueDim = 40;
  AttentionSchedule schedule;
  schedule.tf32 = true;
  EXPECT_FALSE(planAttention(schedule, info).tf32);
  info.rows = 48;
  AttentionGeometry g = planAttention(schedule, info);
  EXPECT_TRUE(g.tf32);
  EXPECT_EQ(g.blockQ, 16);
  EXPECT_EQ(g.blockKV, 8);
  EXPECT_EQ(g.chunkE, 8);
  EXPECT_EQ(g.warpsC, 1);
  EXPECT_EQ(g.warpColumns, 40);
  EXPECT_EQ(g.threads, 32);
}

} // namespace
