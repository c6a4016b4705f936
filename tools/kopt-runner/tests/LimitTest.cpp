//===- LimitTest.cpp - the physical limit of a kernel ----------------------===//
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

TEST(PhysicalLimit, ComputeBoundAtTheFp32RateWithoutTensorCores) {
  EXPECT_NEAR(physicalLimitUs(matmul4096(1e-2), kRates, /*tensorCores=*/false),
              2.0 * 4096 * 4096 * 4096 / 64e12 * 1e6, 1e-6);
}

TEST(PhysicalLimit, TensorCoreRateForAKernelThatUsesThem) {
  // At any tolerance: the kernel's own instructions decide, the verifier judges the rounding.
  EXPECT_NEAR(physicalLimitUs(matmul4096(1e-4), kRates, /*tensorCores=*/true),
              2.0 * 4096 * 4096 * 4096 / 512e12 * 1e6, 1e-6);
  // Without TF32 tensor cores on the device, the fp32 rate stays.
  EXPECT_NEAR(physicalLimitUs(matmul4096(1e-2), {4e12, 64e12, 0}, /*tensorCores=*/true),
              2.0 * 4096 * 4096 * 4096 / 64e12 * 1e6, 1e-6);
}

TEST(PhysicalLimit, MemoryBoundTasksAndUnknownRates) {
  TaskSpec copy;
  copy.minBytes = 8e9;
  copy.flops = 1e9;
  EXPECT_NEAR(physicalLimitUs(copy, kRates, false), 2000.0, 1e-9);
  EXPECT_EQ(physicalLimitUs(copy, {}, false), 0.0);
}

TEST(TensorCores, FoundInThePtxOfMmaSyncWmmaAndWgmma) {
  EXPECT_TRUE(usesTensorCores(
      "mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%f1, %f2}, {%r1}, {%r2}, {%f3};"));
  EXPECT_TRUE(usesTensorCores("wmma.mma.sync.aligned.row.col.m16n16k8.f32.tf32 {%f1}, ..."));
  EXPECT_TRUE(usesTensorCores("wgmma.mma_async.sync.aligned.m64n128k8.f32.tf32.tf32 {...};"));
  EXPECT_FALSE(usesTensorCores("fma.rn.f32 %f1, %f2, %f3, %f1;\nred.global.add.f32 [%rd1], %f1;"));
}

} // namespace
