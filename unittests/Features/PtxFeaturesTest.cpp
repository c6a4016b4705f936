//===- PtxFeaturesTest.cpp - structural features of a PTX module ----------===//
#include "kopt/Features/PtxFeatures.h"

#include "llvm/Support/MemoryBuffer.h"

#include "gtest/gtest.h"

#include <set>

using namespace kopt::features;

namespace {

/// The features of the one kernel of `ptx`.
PtxFeatures kernelOf(llvm::StringRef ptx) {
  PtxModule module = analyzePtx(ptx);
  EXPECT_EQ(module.kernels.size(), 1u);
  return module.kernels.empty() ? PtxFeatures{} : module.kernels.front().features;
}

TEST(PtxFeaturesTest, VectorisedGlobalAccesses) {
  PtxFeatures f = kernelOf(R"(
.version 8.8
.target sm_90
.address_size 64
.visible .entry copy(.param .u64 .ptr .align 1 copy_param_0, .param .u64 copy_param_1)
{
	.reg .b32 	%r<9>;
	.reg .b64 	%rd<4>;
	ld.param.b64 	%rd1, [copy_param_0];
	ld.global.v4.b32 	{%r1, %r2, %r3, %r4}, [%rd1];
	ld.global.nc.v4.f32 	{%r5, %r6, %r7, %r8}, [%rd1+16];
	ld.global.nc.L1::no_allocate.v2.f64 	{%rd2, %rd3}, [%rd1+32];
	ldu.global.b32 	%r1, [%rd1];
	ld.f32 	%r2, [%rd1];
	st.global.v4.b32 	[%rd1], {%r1, %r2, %r3, %r4};
	st.global.v2.b16 	[%rd1], {%rs1, %rs2};
	st.b32 	[%rd1], %r1;
	ret;
}
)");
  EXPECT_EQ(f.instructions, 10);
  EXPECT_EQ(f.globalLoads, 4);
  EXPECT_EQ(f.globalLoadsV4, 2);
  EXPECT_EQ(f.globalLoadsV2, 1);
  EXPECT_EQ(f.globalLoadBytes, 16 + 16 + 16 + 4);
  EXPECT_EQ(f.globalLoadBytesMax, 16);
  EXPECT_EQ(f.globalStores, 2);
  EXPECT_EQ(f.globalStoresV4, 1);
  EXPECT_EQ(f.globalStoresV2, 1);
  EXPECT_EQ(f.globalStoreBytes, 16 + 4);
  EXPECT_EQ(f.globalStoreBytesMax, 16);
  EXPECT_EQ(f.genericLoads, 1); // ld.param is no memory traffic
  EXPECT_EQ(f.genericStores, 1);
}

TEST(PtxFeaturesTest, SharedMemoryAndBarriers) {
  PtxModule module = analyzePtx(R"(
.target sm_90
.shared .align 4 .b8 tile[1024];
.shared .align 4 .f32 other[16][16];
.extern .shared .align 16 .b8 dynamic_smem[];
.visible .entry tiled()
{
	.shared .align 16 .b8 _ZZ5tiledE5stage[4096]; // demoted variable
	mov.u64 	%rd1, tile;
	st.shared.b32 	[%rd1], %r1;
	bar.sync 	0;
	ld.shared.b32 	%r2, [%rd1+4];
	ld.shared::cta.v2.f32 	{%r3, %r4}, [%rd1+8];
	barrier.sync 	1;
	bar.arrive 	2, 64;
	barrier.cta.sync.aligned 	0;
	bar.warp.sync 	-1;
	ret;
}
.visible .entry dynamic()
{
	mov.u64 	%rd1, dynamic_smem;
	mov.u64 	%rd2, other;
	ret;
}
)");
  ASSERT_EQ(module.kernels.size(), 2u);
  const PtxFeatures &tiled = module.kernels[0].features;
  EXPECT_EQ(tiled.sharedBytes, 4096 + 1024);
  EXPECT_EQ(tiled.sharedDynamic, 0);
  EXPECT_EQ(tiled.sharedStores, 1);
  EXPECT_EQ(tiled.sharedLoads, 2);
  EXPECT_EQ(tiled.barriers, 4); // not bar.warp.sync
  EXPECT_EQ(tiled.instructions, 10);
  const PtxFeatures &dynamic = module.kernels[1].features;
  EXPECT_EQ(dynamic.sharedBytes, 16 * 16 * 4);
  EXPECT_EQ(dynamic.sharedDynamic, 1);
}

TEST(PtxFeaturesTest, TensorCoreInstructions) {
  PtxFeatures f = kernelOf(R"(
.target sm_90a
.visible .entry mma()
{
$L__BB0_1:
	mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32
		{%f1, %f2, %f3, %f4},
		{%r1, %r2, %r3, %r4},
		{%r5, %r6},
		{%f1, %f2, %f3, %f4};
	wmma.load.a.sync.aligned.row.m16n16k8.tf32 	{%r8, %r9, %r10, %r11}, [%rd17], %r3;
	wmma.mma.sync.aligned.row.col.m16n16k8.f32.tf32.tf32.f32
		{%r18, %r19, %r20, %r21, %r22, %r23, %r24, %r17},
		{%r8, %r9, %r10, %r11},
		{%r12, %r13, %r14, %r15},
		{%r18, %r19, %r20, %r21, %r22, %r23, %r24, %r17};
	wgmma.fence.sync.aligned;
	wgmma.mma_async.sync.aligned.m64n8k16.f32.bf16.bf16 {%f1, %f2, %f3, %f4}, %rd1, %rd2, p, 1, 1, 0, 0;
	wgmma.mma_async.sync.aligned.m64n8k16.f32.bf16.bf16 {%f1, %f2, %f3, %f4}, %rd3, %rd4, p, 1, 1, 0, 0;
	wgmma.commit_group.sync.aligned;
	wgmma.wait_group.sync.aligned 	0;
	@%p1 bra 	$L__BB0_1;
	ret;
}
)");
  EXPECT_EQ(f.mmaSync, 2);
  EXPECT_EQ(f.wgmma, 2);
  EXPECT_EQ(f.instructions, 10);
  EXPECT_EQ(f.globalLoads + f.genericLoads, 0); // wmma.load is no ld
  EXPECT_EQ(f.loops, 1);
}

TEST(PtxFeaturesTest, AsynchronousCopies) {
  PtxFeatures f = kernelOf(R"(
.target sm_90a
.visible .entry copies()
{
	// begin inline asm
	cp.async.cg.shared.global [%r1], [%rd1], 16, 16;
	// end inline asm
	cp.async.ca.shared.global [%r2], [%rd2], 4;
	cp.async.commit_group;
	cp.async.wait_group 0;
	cp.async.wait_all;
	cp.async.mbarrier.arrive.b64 [%rd3];
	cp.async.bulk.tensor.2d.shared::cluster.global.mbarrier::complete_tx::bytes [%r3], [%rd4, {%r4, %r5}], [%r6];
	cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%r7], [%rd5], 1024, [%r6];
	cp.async.bulk.commit_group;
	cp.async.bulk.wait_group.read 0;
	ret;
}
)");
  EXPECT_EQ(f.cpAsync, 2);
  EXPECT_EQ(f.cpAsyncBulk, 2);
  EXPECT_EQ(f.instructions, 11);
}

TEST(PtxFeaturesTest, LoopsAreBackEdges) {
  PtxFeatures f = kernelOf(R"(
.visible .entry loops(.param .u32 n)
{
	.reg .pred 	%p<4>;
	.pragma "nounroll";
	@%p1 bra 	$L__BB0_4;
$L__BB0_1:                              // =>This Inner Loop Header: Depth=1
	add.s32 	%r1, %r1, 1;
$L__BB0_2: fma.rn.f32 %f1, %f2, %f3, %f1;
	setp.lt.s32 	%p2, %r1, %r2;
	@%p2 bra 	$L__BB0_2;
	@!%p3 bra.uni 	$L__BB0_1;
	bra.uni 	$L__BB0_4;
$L__BB0_4:
	ret;
}
)");
  EXPECT_EQ(f.loops, 2); // forward branches are no loops
  EXPECT_EQ(f.fma, 1);
  EXPECT_EQ(f.instructions, 8);
}

TEST(PtxFeaturesTest, LocalMemoryAndAtomics) {
  PtxFeatures f = kernelOf(R"(
.visible .entry histogram()
{
	.local .align 4 .b8 	__local_depot0[128];
	.reg .b64 	%SP;
	mov.b64 	%SPL, __local_depot0;
	st.local.b32 	[%rd1], 0;
	ld.local.b32 	%r1, [%rd1];
	atom.global.add.u32 	%r2, [%rd2], %r1;
	red.global.add.f32 	[%rd2], %f1;
	atom.shared.cas.b32 	%r3, [%rd3], %r4, %r5;
	fma.rn.ftz.f32 	%f1, %f2, %f3, %f4;
	fma.rn.f16x2 	%r6, %r7, %r8, %r9;
	ret;
}
)");
  EXPECT_EQ(f.localBytes, 128);
  EXPECT_EQ(f.localLoads, 1);
  EXPECT_EQ(f.localStores, 1);
  EXPECT_EQ(f.atomics, 3);
  EXPECT_EQ(f.floatAtomics, 1);
  EXPECT_EQ(f.nondeterministic, 1);
  EXPECT_EQ(f.fma, 2);
  EXPECT_EQ(f.sharedLoads + f.globalLoads, 0); // atomics are no loads
}

TEST(PtxFeaturesTest, ApproximateInstructions) {
  PtxFeatures f = kernelOf(R"(
.visible .entry approximations()
{
	ex2.approx.ftz.f32 	%f1, %f2;
	lg2.approx.ftz.f32 	%f3, %f1;
	rsqrt.approx.ftz.f32 	%f4, %f3;
	sqrt.approx.f32 	%f5, %f4;
	@%p1 div.approx.ftz.f32 	%f6, %f5, %f4;
	rcp.approx.ftz.f64 %fd1,%fd2;
	tanh.approx.f32 	%f7, %f6;
	sin.approx.ftz.f32 	%f8, %f7;
	cos.approx.f32 	%f9, %f8;
	ex2.approx.f16x2 	%r1, %r2;
	div.rn.f32 	%f10, %f9, %f8;
	sqrt.rn.f32 	%f11, %f10;
	rcp.rn.f32 	%f12, %f11;
	fma.rn.f32 	%f13, %f12, %f11, %f10;
	ret;
}
)");
  EXPECT_EQ(f.approx, 10); // the IEEE-rounded .rn forms are no approximations
  EXPECT_EQ(f.fma, 1);
  EXPECT_EQ(f.instructions, 15);
}

TEST(PtxFeaturesTest, FloatAtomicAddsAreNondeterministic) {
  PtxModule module = analyzePtx(R"(
.visible .entry sums()
{
	atom.global.add.f32 	%r2, [%rd1], %r1;
	red.global.add.f64 	[%rd1], %fd1;
	atom.add.noftz.bf16 	%rs1, [%rd2], %rs2;
	red.global.v4.f32.add 	[%rd1], {%r1, %r2, %r3, %r4};
	atom.shared::cta.add.f32 	%r3, [%r4], %r1;
	ret;
}
.visible .entry counts()
{
	atom.global.add.u32 	%r2, [%rd2], %r1;
	red.global.add.s64 	[%rd2], %rd3;
	atom.global.exch.b32 	%r3, [%rd2], %r1;
	atom.global.max.f32 	%r4, [%rd2], %r1;
	add.f32 	%r5, %r4, %r1;
	ret;
}
.visible .entry bulk()
{
	cp.reduce.async.bulk.global.shared::cta.bulk_group.add.f32 	[%rd1], [%r1], 256;
	ret;
}
)");
  const PtxFeatures &sums = module.find("sums")->features;
  EXPECT_EQ(sums.atomics, 5);
  EXPECT_EQ(sums.floatAtomics, 5);
  EXPECT_EQ(sums.nondeterministic, 1);
  // Integer adds, exchanges, a float max (order-free) and a plain add are no float atomic adds.
  const PtxFeatures &counts = module.find("counts")->features;
  EXPECT_EQ(counts.atomics, 4);
  EXPECT_EQ(counts.floatAtomics, 0);
  EXPECT_EQ(counts.nondeterministic, 0);
  const PtxFeatures &bulk = module.find("bulk")->features;
  EXPECT_EQ(bulk.atomics, 0);
  EXPECT_EQ(bulk.nondeterministic, 1);
  // Kernels launched one after another: the flag is the largest, the counts add.
  PtxFeatures plan = combineKernels({counts, sums});
  EXPECT_EQ(plan.floatAtomics, 5);
  EXPECT_EQ(plan.nondeterministic, 1);
  EXPECT_EQ(combineKernels({counts, counts}).nondeterministic, 0);
}

TEST(PtxFeaturesTest, CommentsDirectivesAndInitializersAreNoInstructions) {
  PtxModule module = analyzePtx(R"(
//
// Generated by LLVM NVPTX Back-End
//
.version 8.8
.target sm_90, debug
.address_size 64
.file 1 "/tmp/quiet.cu"
.global .align 1 .b8 $str[4] = {65, 66, 67, 0};
.extern .func (.param .b32 func_retval0) vprintf(.param .b64 vprintf_param_0, .param .b64 vprintf_param_1);
/* st.global.b32 [%rd1], %r1; */
.visible .entry quiet()
.maxntid 256, 1, 1
{
	.reg .b32 	%r<2>; // ld.global.b32 %r1, [%rd1];
	.loc 1 2 3
	{ // an inline-asm scope
	.reg .b16 %rs1;
	mov.b16 %rs1, 0;
	}
	ret;
}
)");
  EXPECT_EQ(module.target, "sm_90");
  ASSERT_EQ(module.kernels.size(), 1u);
  EXPECT_EQ(module.kernels[0].name, "quiet");
  EXPECT_EQ(module.kernels[0].features.instructions, 2);
  EXPECT_EQ(module.kernels[0].features.globalLoads + module.kernels[0].features.globalStores, 0);
}

TEST(PtxFeaturesTest, KernelsIncludeTheFunctionsTheyCall) {
  PtxModule module = analyzePtx(R"(
.target sm_90
.shared .align 4 .b8 buffer[256];
.func (.param .b32 func_retval0) helper(.param .b32 helper_param_0)
{
	.local .align 8 .b8 __local_depot1[32];
	fma.rn.f32 	%f1, %f2, %f3, %f4;
	ld.global.v2.f32 	{%f5, %f6}, [%rd1];
	mov.u64 	%rd2, buffer;
	ret;
}
.func leaf()
{
	bar.sync 	0;
	ret;
}
.visible .entry caller()
{
	.local .align 8 .b8 __local_depot0[16];
	{
	.param .b32 param0;
	.param .b32 retval0;
	call.uni (retval0), helper, (param0);
	call.uni (retval0), helper, (param0);
	}
	call.uni leaf, ();
	ret;
}
.visible .entry alone()
{
	ld.global.b32 	%r1, [%rd1];
	ret;
}
)");
  ASSERT_EQ(module.kernels.size(), 2u); // .func are no kernels
  const PtxFeatures &caller = module.find("caller")->features;
  EXPECT_EQ(caller.instructions, 4 + 4 + 2); // each callee once
  EXPECT_EQ(caller.fma, 1);
  EXPECT_EQ(caller.barriers, 1);
  EXPECT_EQ(caller.globalLoadBytesMax, 8);
  EXPECT_EQ(caller.sharedBytes, 256);
  EXPECT_EQ(caller.localBytes, 16 + 32);
  EXPECT_EQ(module.find("alone")->features.fma, 0);
  EXPECT_EQ(module.find("helper"), nullptr);

  PtxFeatures both =
      combineKernels({module.find("caller")->features, module.find("alone")->features});
  EXPECT_EQ(both.instructions, 10 + 2);
  EXPECT_EQ(both.globalLoads, 2);
  EXPECT_EQ(both.globalLoadBytesMax, 8);
  EXPECT_EQ(both.localBytes, 48);
}

TEST(PtxFeaturesTest, TextThatIsNoPtxGivesNoKernels) {
  EXPECT_TRUE(analyzePtx("").kernels.empty());
  EXPECT_TRUE(analyzePtx("FAKE correct").kernels.empty());
  EXPECT_TRUE(analyzePtx("}}} { ;; : .entry").kernels.empty());
  // An unterminated body still yields its kernel.
  PtxModule cut = analyzePtx(".visible .entry cut()\n{\n\tld.global.b32 %r1, [%rd1];");
  ASSERT_EQ(cut.kernels.size(), 1u);
  EXPECT_EQ(cut.kernels[0].features.globalLoads, 1);
}

TEST(PtxFeaturesTest, EveryKeyIsDistinctAndDocumented) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> docs =
      llvm::MemoryBuffer::getFile(KOPT_SOURCE_DIR "/docs/features.md");
  ASSERT_TRUE(docs) << "docs/features.md";
  std::set<std::string> keys;
  for (auto [key, value] : namedFeatures(PtxFeatures{})) {
    EXPECT_TRUE(keys.insert(key.str()).second) << key.str();
    EXPECT_TRUE((*docs)->getBuffer().contains(("| `" + key + "` |").str())) << key.str();
  }
}

} // namespace
