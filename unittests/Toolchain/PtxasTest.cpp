//===- PtxasTest.cpp - running ptxas -v -----------------------------------===//
#include "kopt/Toolchain/Ptxas.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/FileUtilities.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <cstdlib>

using namespace kopt::toolchain;
using kopt::features::PtxasReport;

namespace {

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

} // namespace
