//===- PtxasTest.cpp - what ptxas -v says about each kernel ---------------===//
#include "kopt/Features/Ptxas.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <cstdlib>

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

TEST(PtxasTest, FindsPtxasOrSaysWhy) {
  llvm::Expected<PtxasLookup> off = findPtxas(kNoPtxas);
  ASSERT_TRUE(bool(off));
  EXPECT_TRUE(off->turnedOff);
  EXPECT_FALSE(off->path);

  llvm::Expected<PtxasLookup> missing = findPtxas("/nonexistent/ptxas");
  ASSERT_FALSE(bool(missing));
  EXPECT_EQ(llvm::toString(missing.takeError()),
            "the ptxas option names '/nonexistent/ptxas', which is no executable ptxas (give "
            "its path, or `none` to tag without ptxas)");

  ::setenv(kPtxasEnvVar, "/bin/sh", /*overwrite=*/1);
  llvm::Expected<PtxasLookup> fromEnv = findPtxas("");
  ::unsetenv(kPtxasEnvVar);
  ASSERT_TRUE(bool(fromEnv));
  EXPECT_EQ(fromEnv->path, std::optional<std::string>("/bin/sh"));
}

/// A stand-in ptxas: a shell script with `body`, removed with the fixture.
class FakePtxasTest : public ::testing::Test {
protected:
  std::string fake(llvm::StringRef body) {
    int fd;
    EXPECT_FALSE(llvm::sys::fs::createTemporaryFile("fake-ptxas", "sh", fd, path));
    {
      llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
      os << "#!/bin/sh\n" << body << "\n";
    }
    llvm::sys::fs::setPermissions(path, llvm::sys::fs::owner_all);
    remover.setFile(path);
    return path.str().str();
  }

  llvm::SmallString<128> path;
  llvm::FileRemover remover;
};

TEST_F(FakePtxasTest, ErrorsNameNoTemporaryFile) {
  // Arguments: -arch=..., -v, the PTX file, -o, the cubin.
  std::string ptxas = fake("echo \"ptxas $3, line 1; error   : rejected for $1\" >&2; exit 255");
  PtxasReport report = runPtxas(ptxas, ".version 8.8", "sm_90a");
  EXPECT_EQ(report.error, "ptxas <ptx>, line 1; error : rejected for -arch=sm_90a");
  EXPECT_TRUE(report.kernels.empty());
  // The H200's sm_90 for older or no targets; a newer one as the PTX says.
  for (auto [target, arch] : {std::pair<const char *, const char *>{"", "sm_90"},
                              {"sm_80", "sm_90"},
                              {"sm_100", "sm_100"}})
    EXPECT_EQ(runPtxas(ptxas, "", target).error,
              std::string("ptxas <ptx>, line 1; error : rejected for -arch=") + arch);
}

TEST_F(FakePtxasTest, ReadsStdoutAndStderr) {
  std::string ptxas = fake("echo \"ptxas info    : Compiling entry function 'k' for 'sm_90'\"\n"
                           "echo 'ptxas info    : Used 7 registers' >&2");
  EXPECT_EQ(runPtxas(ptxas, "", "sm_90").kernels.lookup("k").registers, 7);
}

TEST_F(FakePtxasTest, FailuresWithoutAMessageAndTimeouts) {
  EXPECT_EQ(runPtxas(fake("exit 3"), "", "sm_90").error, "ptxas failed (status 3)");
  PtxasReport hung = runPtxas(fake("exec sleep 30"), "", "sm_90", /*timeoutSeconds=*/1);
  EXPECT_TRUE(llvm::StringRef(hung.error).starts_with("ptxas did not finish")) << hung.error;
}

TEST(PtxasTest, RealPtxasOnRealPtx) {
  llvm::Expected<PtxasLookup> lookup = findPtxas("");
  if (!lookup || !lookup->path)
    GTEST_SKIP() << "no ptxas on this machine";
  // Hand-written in clang-22's style: out[i] = fmaxf(x[i], 0), one element per thread.
  PtxasReport report = runPtxas(*lookup->path, R"(.version 8.8
.target sm_90
.address_size 64
.visible .entry relu1(.param .u64 .ptr .align 1 relu1_param_0, .param .u64 .ptr .align 1 relu1_param_1)
{
	.reg .b32 	%r<6>;
	.reg .b64 	%rd<8>;
	ld.param.b64 	%rd1, [relu1_param_0];
	ld.param.b64 	%rd2, [relu1_param_1];
	cvta.to.global.u64 	%rd3, %rd2;
	cvta.to.global.u64 	%rd4, %rd1;
	mov.u32 	%r1, %ctaid.x;
	mov.u32 	%r2, %ntid.x;
	mov.u32 	%r3, %tid.x;
	mad.lo.s32 	%r4, %r1, %r2, %r3;
	mul.wide.s32 	%rd5, %r4, 4;
	add.s64 	%rd6, %rd4, %rd5;
	ld.global.b32 	%r5, [%rd6];
	max.f32 	%r5, %r5, 0f00000000;
	add.s64 	%rd7, %rd3, %rd5;
	st.global.b32 	[%rd7], %r5;
	ret;
}
)",
                                "sm_90");
  EXPECT_EQ(report.error, "");
  ASSERT_EQ(report.kernels.count("relu1"), 1u);
  EXPECT_GT(report.kernels.lookup("relu1").registers, 0);
  EXPECT_EQ(report.kernels.lookup("relu1").spillStoreBytes, 0);
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
