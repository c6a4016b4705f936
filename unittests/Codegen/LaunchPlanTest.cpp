//===- LaunchPlanTest.cpp - kopt-launch comments and plan attributes ------===//
#include "kopt/Codegen/LaunchPlan.h"

#include "kb/KbDialect.h"
#include "mlir/IR/MLIRContext.h"

#include "gtest/gtest.h"

using namespace kopt::codegen;

namespace {

/// The plan in `source`, which must parse.
LaunchPlan parsed(llvm::StringRef source) {
  llvm::Expected<std::optional<LaunchPlan>> plan = parseLaunchComments(source, "c0.cu");
  EXPECT_TRUE(bool(plan)) << (plan ? "" : llvm::toString(plan.takeError()));
  EXPECT_TRUE(plan && *plan);
  return plan && *plan ? **plan : LaunchPlan{};
}

/// The error `source`'s comments give.
std::string errorOf(llvm::StringRef source) {
  llvm::Expected<std::optional<LaunchPlan>> plan = parseLaunchComments(source, "c0.cu");
  return plan ? "no error" : llvm::toString(plan.takeError());
}

TEST(LaunchCommentsTest, OneLaunch) {
  LaunchPlan plan = parsed("#include <x.h>\n"
                           "  // kopt-launch: relu grid(4096,1,1) block(256, 1, 1) smem(0) "
                           "args(x, out, i64:4194304)\n"
                           "extern \"C\" __global__ void relu() {}\n");
  ASSERT_EQ(plan.launches.size(), 1u);
  const Launch &launch = plan.launches.front();
  EXPECT_EQ(launch.entry, "relu");
  EXPECT_EQ(launch.grid, (std::vector<int64_t>{4096, 1, 1}));
  EXPECT_EQ(launch.block, (std::vector<int64_t>{256, 1, 1}));
  EXPECT_EQ(launch.smem, 0);
  EXPECT_EQ(launch.args, (std::vector<std::string>{"x", "out", "i64:4194304"}));
  EXPECT_TRUE(plan.scratchBytes.empty());
}

TEST(LaunchCommentsTest, DefaultsOrderAndScratch) {
  LaunchPlan plan = parsed("//kopt-launch: first block(32,8) args(x, scratch0) grid(64)\n"
                           "// kopt-scratch: 1024, 64\n"
                           "// kopt-launch: second grid(1) block(1) smem(49152) "
                           "args(scratch1, y)\n");
  ASSERT_EQ(plan.launches.size(), 2u);
  EXPECT_EQ(plan.launches[0].entry, "first");
  EXPECT_EQ(plan.launches[0].grid, (std::vector<int64_t>{64, 1, 1}));
  EXPECT_EQ(plan.launches[0].block, (std::vector<int64_t>{32, 8, 1}));
  EXPECT_EQ(plan.launches[1].entry, "second");
  EXPECT_EQ(plan.launches[1].smem, 49152);
  EXPECT_EQ(plan.scratchBytes, (std::vector<int64_t>{1024, 64}));
}

TEST(LaunchCommentsTest, NoCommentsNoPlan) {
  llvm::Expected<std::optional<LaunchPlan>> plan =
      parseLaunchComments("// a kernel\n// kopt-launch is documented elsewhere\n", "c0.cu");
  ASSERT_TRUE(bool(plan));
  EXPECT_FALSE(*plan);
}

TEST(LaunchCommentsTest, Errors) {
  EXPECT_EQ(errorOf("\n// kopt-launch: k block(1) args(x)\n"),
            "c0.cu:2: kopt-launch: grid(...) is missing");
  EXPECT_EQ(errorOf("// kopt-launch: grid(1) block(1) args(x)"),
            "c0.cu:1: kopt-launch: expected the entry name first");
  EXPECT_EQ(errorOf("// kopt-launch: k grid(1) block(1) args(x) stream(2)"),
            "c0.cu:1: kopt-launch: unknown field 'stream' (fields: grid, block, smem, args)");
  EXPECT_EQ(errorOf("// kopt-launch: k grid(0) block(1) args(x)"),
            "c0.cu:1: kopt-launch: grid() takes integers >= 1, got '0'");
  EXPECT_EQ(errorOf("// kopt-launch: k grid(1,1,1,1) block(1) args(x)"),
            "c0.cu:1: kopt-launch: grid() takes at most 3 values");
  EXPECT_EQ(errorOf("// kopt-launch: k grid(1) grid(2) block(1) args(x)"),
            "c0.cu:1: kopt-launch: grid() given twice");
  EXPECT_EQ(errorOf("// kopt-launch: k grid(1) block(1) args(x,,y)"),
            "c0.cu:1: kopt-launch: args() has an empty argument");
  EXPECT_EQ(errorOf("// kopt-launch: k grid(1 block(1) args(x)"),
            "c0.cu:1: kopt-launch: grid() takes integers >= 1, got '1 block(1'");
  EXPECT_EQ(errorOf("// kopt-launch: k grid(1) block(1) args(x"),
            "c0.cu:1: kopt-launch: expected grid(...), block(...), smem(...) or args(...), "
            "got 'args(x'");
  EXPECT_EQ(errorOf("// kopt-scratch: 64\n// kopt-scratch: 64\n"),
            "c0.cu:2: kopt-scratch: given twice (list every size on one line)");
  EXPECT_EQ(errorOf("// kopt-scratch: 64\n"), "c0.cu: kopt-scratch without any kopt-launch line");
}

TEST(LaunchPlanCheckTest, NamesScratchAndImmediates) {
  mlir::MLIRContext context;
  context.loadDialect<kb::KbDialect>();
  LaunchPlan plan = parsed("// kopt-launch: k grid(1) block(1) args(x, out, scratch0, f32:0.5)\n"
                           "// kopt-scratch: 16\n");
  std::vector<std::string> buffers = {"x", "out"};
  EXPECT_FALSE(bool(checkLaunchPlan(&context, plan, buffers)));
  plan.launches[0].args.push_back("y");
  EXPECT_EQ(llvm::toString(checkLaunchPlan(&context, plan, buffers)),
            "launch 'k' binds 'y', which is no input or output of the task (x, out)");
  plan.launches[0].args.back() = "scratch1";
  EXPECT_EQ(llvm::toString(checkLaunchPlan(&context, plan, buffers)),
            "launch 'k' binds 'scratch1' but the plan has 1 scratch buffer(s)");
  plan.launches[0].args.back() = "i32:9999999999"; // out of range: no immediate
  EXPECT_NE(llvm::toString(checkLaunchPlan(&context, plan, buffers))
                .find("passes 'i32:9999999999'"),
            std::string::npos);
  plan.launches[0].args.back() = "f32:1.0";
  plan.launches[0].block = {32, 32, 2};
  EXPECT_EQ(llvm::toString(checkLaunchPlan(&context, plan, buffers)),
            "launch 'k': a block holds at most 1024 threads, got 2048");
}

TEST(LaunchPlanAttrTest, RoundTripAndVerifierMessages) {
  mlir::MLIRContext context;
  context.loadDialect<kb::KbDialect>();
  LaunchPlan plan = parsed("// kopt-launch: k grid(2,3) block(128) smem(16) args(x, scratch0)\n"
                           "// kopt-scratch: 64\n");
  llvm::Expected<kb::LaunchPlanAttr> attr = toAttr(&context, plan);
  ASSERT_TRUE(bool(attr)) << llvm::toString(attr.takeError());
  LaunchPlan back = fromAttr(*attr);
  EXPECT_EQ(back.launches[0].entry, "k");
  EXPECT_EQ(back.launches[0].grid, (std::vector<int64_t>{2, 3, 1}));
  EXPECT_EQ(back.launches[0].args, plan.launches[0].args);
  EXPECT_EQ(back.scratchBytes, plan.scratchBytes);

  plan.launches[0].block = {2048, 1, 1};
  llvm::Expected<kb::LaunchPlanAttr> tooBig = toAttr(&context, plan);
  ASSERT_FALSE(bool(tooBig));
  EXPECT_EQ(llvm::toString(tooBig.takeError()),
            "launch 'k': a block holds at most 1024 threads, got 2048 along x");
}

} // namespace
