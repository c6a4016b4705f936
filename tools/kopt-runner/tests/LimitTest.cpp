//===- LimitTest.cpp - the physical limit of a task ------------------------===//
#include "Evaluate.h"

#include <gtest/gtest.h>

using namespace kopt::runner;

namespace {

// An H200-like device: 4 TB/s, 64 TFLOP/s fp32, 8 times that with TF32 tensor cores.
const DeviceRates kRates{4e12, 64e12, 512e12};

TaskSpec matmul4096(double rtol) {
  TaskSpec task;
  task.minBytes = 3.0 * 4096 * 4096 * 4;
  task.flops = 2.0 * 4096 * 4096 * 4096;
  task.rtol = rtol;
  return task;
}

TEST(PhysicalLimit, ComputeBoundAtTheFp32RateForStrictTolerances) {
  EXPECT_NEAR(physicalLimitUs(matmul4096(1e-4), kRates), 2.0 * 4096 * 4096 * 4096 / 64e12 * 1e6,
              1e-6);
}

TEST(PhysicalLimit, TensorCoreRateWhereTheToleranceAdmitsTF32) {
  EXPECT_NEAR(physicalLimitUs(matmul4096(1e-2), kRates), 2.0 * 4096 * 4096 * 4096 / 512e12 * 1e6,
              1e-6);
  // Without TF32 tensor cores on the device, the fp32 rate stays.
  EXPECT_NEAR(physicalLimitUs(matmul4096(1e-2), {4e12, 64e12, 0}),
              2.0 * 4096 * 4096 * 4096 / 64e12 * 1e6, 1e-6);
}

TEST(PhysicalLimit, MemoryBoundTasksAndUnknownRates) {
  TaskSpec copy;
  copy.minBytes = 8e9;
  copy.flops = 1e9;
  EXPECT_NEAR(physicalLimitUs(copy, kRates), 2000.0, 1e-9);
  EXPECT_EQ(physicalLimitUs(copy, {}), 0.0);
}

} // namespace
