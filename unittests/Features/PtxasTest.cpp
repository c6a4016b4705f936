//===- PtxasTest.cpp - what ptxas -v says about each kernel ---------------===//
#include "kopt/Features/Ptxas.h"

#include "llvm/Support/MemoryBuffer.h"

#include "gtest/gtest.h"

using namespace kopt::features;

namespace {

// CUDA 13.0's ptxas -arch=sm_90 -v on test/gpu/Inputs/adversarial.mlir's PTX (clang-22 -O3).
constexpr const char *kAdversarial = R"(ptxas info    : 4 bytes gmem
ptxas info    : Compiling entry function 'cache_across_calls' for 'sm_90'
ptxas info    : Function properties for cache_across_calls
    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
ptxas info    : Used 22 registers, used 1 barriers, 4 bytes smem
ptxas info    : Compile time = 6.186 ms
ptxas info    : Compiling entry function 'nan_output' for 'sm_90'
ptxas info    : Function properties for nan_output
    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
ptxas info    : Used 18 registers, used 0 barriers
ptxas info    : Compile time = 7.203 ms
ptxas info    : Compiling entry function 'infinite_loop' for 'sm_90'
ptxas info    : Function properties for infinite_loop
    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
ptxas info    : Used 4 registers, used 0 barriers
ptxas info    : Compile time = 1.161 ms
ptxas info    : Compiling entry function 'out_of_bounds' for 'sm_90'
ptxas info    : Function properties for out_of_bounds
    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
ptxas info    : Used 20 registers, used 0 barriers
ptxas info    : Compile time = 7.266 ms
ptxas info    : Compiling entry function 'mutate_input' for 'sm_90'
ptxas info    : Function properties for mutate_input
    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
ptxas info    : Used 20 registers, used 0 barriers
ptxas info    : Compile time = 6.892 ms
ptxas info    : Compiling entry function 'identity' for 'sm_90'
ptxas info    : Function properties for identity
    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
ptxas info    : Used 18 registers, used 0 barriers
ptxas info    : Compile time = 6.815 ms
ptxas info    : Compiling entry function 'partial_write' for 'sm_90'
ptxas info    : Function properties for partial_write
    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
ptxas info    : Used 20 registers, used 0 barriers
ptxas info    : Compile time = 3.145 ms
ptxas info    : Compiling entry function 'stale_output' for 'sm_90'
ptxas info    : Function properties for stale_output
    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
ptxas info    : Used 4 registers, used 0 barriers
ptxas info    : Compile time = 4.571 ms
ptxas info    : Compiling entry function 'relu_vec4' for 'sm_90'
ptxas info    : Function properties for relu_vec4
    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
ptxas info    : Used 24 registers, used 0 barriers
ptxas info    : Compile time = 3.528 ms
ptxas info    : Compiling entry function 'relu' for 'sm_90'
ptxas info    : Function properties for relu
    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
ptxas info    : Used 20 registers, used 0 barriers
ptxas info    : Compile time = 7.050 ms
)";

// The same ptxas on test/Features/Inputs/spill.cu: 64 live floats under a 32-register bound.
constexpr const char *kSpill = R"(ptxas info    : 0 bytes gmem
ptxas info    : Compiling entry function 'spill_acc' for 'sm_90'
ptxas info    : Function properties for spill_acc
    808 bytes stack frame, 804 bytes spill stores, 940 bytes spill loads
ptxas info    : Used 32 registers, used 0 barriers, 808 bytes cumulative stack size
ptxas info    : Compile time = 89.567 ms
)";

TEST(PtxasTest, ParsesEveryEntryOfRealOutput) {
  PtxasReport report = parsePtxasOutput(kAdversarial);
  EXPECT_EQ(report.error, "");
  EXPECT_EQ(report.kernels.size(), 10u);
  const PtxasKernelInfo &cache = report.kernels.lookup("cache_across_calls");
  EXPECT_EQ(cache.registers, 22);
  EXPECT_EQ(cache.sharedBytes, 4);
  EXPECT_EQ(cache.stackBytes, 0);
  EXPECT_EQ(report.kernels.lookup("relu_vec4").registers, 24);
  EXPECT_EQ(report.kernels.lookup("relu_vec4").sharedBytes, 0);
  EXPECT_EQ(report.kernels.lookup("stale_output").registers, 4);
}

TEST(PtxasTest, ParsesSpillsAndStack) {
  PtxasKernelInfo info = parsePtxasOutput(kSpill).kernels.lookup("spill_acc");
  EXPECT_EQ(info.registers, 32);
  EXPECT_EQ(info.stackBytes, 808);
  EXPECT_EQ(info.spillStoreBytes, 804);
  EXPECT_EQ(info.spillLoadBytes, 940);
}

TEST(PtxasTest, ParsesOlderOutputWithConstantBanks) {
  PtxasReport report = parsePtxasOutput(R"(ptxas info    : 0 bytes gmem
ptxas info    : Compiling entry function '_Z6kernelPf' for 'sm_80'
ptxas info    : Function properties for _Z6helperv
    16 bytes stack frame, 8 bytes spill stores, 8 bytes spill loads
ptxas info    : Function properties for _Z6kernelPf
    0 bytes stack frame, 0 bytes spill stores, 0 bytes spill loads
ptxas info    : Used 10 registers, 4096 bytes smem, 368 bytes cmem[0]
)");
  PtxasKernelInfo info = report.kernels.lookup("_Z6kernelPf");
  EXPECT_EQ(report.kernels.size(), 1u); // _Z6helperv is a called function, no entry
  EXPECT_EQ(info.registers, 10);
  EXPECT_EQ(info.sharedBytes, 4096);
  EXPECT_EQ(info.stackBytes, 0);
}

TEST(PtxasTest, KeepsTheFirstErrorLine) {
  // Real output for a PTX that uses an undeclared register.
  PtxasReport report = parsePtxasOutput(
      "ptxas broken.ptx, line 6; error   : Arguments mismatch for instruction 'mov'\n"
      "ptxas broken.ptx, line 6; error   : Unknown symbol '%r1'\n"
      "ptxas fatal   : Ptx assembly aborted due to errors\n");
  EXPECT_EQ(report.error, "ptxas broken.ptx, line 6; error : Arguments mismatch for instruction "
                          "'mov'");
  // Real output for test/gpu/Inputs/side-stream.cu's PTX (device-side launch, no cudadevrt).
  EXPECT_EQ(parsePtxasOutput(
                "ptxas fatal   : Unresolved extern function '__cudaCDP2GetParameterBuffer'\n")
                .error,
            "ptxas fatal : Unresolved extern function '__cudaCDP2GetParameterBuffer'");
}

TEST(PtxasTest, KernelsCombineToTheirLargestResources) {
  PtxasKernelInfo a{40, 0, 8, 0, 1024}, b{32, 64, 0, 16, 0};
  PtxasKernelInfo both = combineKernels({a, b});
  EXPECT_EQ(both.registers, 40);
  EXPECT_EQ(both.stackBytes, 64);
  EXPECT_EQ(both.spillStoreBytes, 8);
  EXPECT_EQ(both.spillLoadBytes, 16);
  EXPECT_EQ(both.sharedBytes, 1024);
}

TEST(PtxasTest, EveryKeyIsDocumented) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> docs =
      llvm::MemoryBuffer::getFile(KOPT_SOURCE_DIR "/docs/features.md");
  ASSERT_TRUE(docs) << "docs/features.md";
  for (auto [key, value] : namedFeatures(PtxasKernelInfo{}))
    EXPECT_TRUE((*docs)->getBuffer().contains(("| `" + key + "` |").str())) << key.str();
  EXPECT_TRUE((*docs)->getBuffer().contains(std::string("| `") + kPtxasErrorKey + "` |"));
}

} // namespace
