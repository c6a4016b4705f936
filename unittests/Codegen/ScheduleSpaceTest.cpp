//===- ScheduleSpaceTest.cpp - the decision tables and what they map to ---===//
#include "kopt/Codegen/Elementwise.h"
#include "kopt/Codegen/ScheduleSpace.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/ADT/STLExtras.h"

#include "gtest/gtest.h"

using namespace kopt::codegen;

namespace {

TEST(ScheduleSpaceTest, ElementwiseTable) {
  const ScheduleSpace &space = elementwiseSpace();
  EXPECT_EQ(space.family, "elementwise");
  std::vector<std::string> names;
  for (const Decision &decision : space.decisions)
    names.push_back(decision.name.str());
  EXPECT_EQ(names, (std::vector<std::string>{"vector", "per_thread", "block", "grid_stride",
                                             "blocks_per_sm", "fast_math"}));
  EXPECT_EQ(space.find("vector")->domain, llvm::ArrayRef<int64_t>({1, 2, 4}));
  EXPECT_EQ(space.find("per_thread")->domain, llvm::ArrayRef<int64_t>({1, 2, 4, 8}));
  EXPECT_EQ(space.find("block")->domain, llvm::ArrayRef<int64_t>({64, 128, 256, 512, 1024}));
  EXPECT_TRUE(space.find("grid_stride")->isBool);
  EXPECT_EQ(space.find("nope"), nullptr);
}

TEST(ScheduleSpaceTest, ReductionTable) {
  const ScheduleSpace &space = reductionSpace();
  EXPECT_EQ(space.family, "reduction");
  std::vector<std::string> names;
  for (const Decision &decision : space.decisions)
    names.push_back(decision.name.str());
  EXPECT_EQ(names, (std::vector<std::string>{"threads_per_output", "block", "vector", "unroll",
                                             "shuffle", "fast_math", "split"}));
  EXPECT_EQ(space.find("split")->domain, llvm::ArrayRef<int64_t>({1, 2, 4, 8, 16}));
  EXPECT_EQ(space.find("split")->defaultValue, 1);
  EXPECT_EQ(space.find("threads_per_output")->domain,
            llvm::ArrayRef<int64_t>({1, 4, 16, 32, 128, 1024}));
  EXPECT_TRUE(space.find("shuffle")->isBool);
  EXPECT_TRUE(llvm::is_contained(allScheduleSpaces(), &space));
}

TEST(ScheduleSpaceTest, AttentionTable) {
  const ScheduleSpace &space = attentionSpace();
  EXPECT_EQ(space.family, "attention");
  std::vector<std::string> names;
  for (const Decision &decision : space.decisions)
    names.push_back(decision.name.str());
  EXPECT_EQ(names, (std::vector<std::string>{"block_q", "block_kv", "chunk_e", "thread_q",
                                             "thread_kv", "head_split", "vector", "fast_math",
                                             "tf32", "split_tf32", "unfused"}));
  EXPECT_EQ(space.find("head_split")->domain, llvm::ArrayRef<int64_t>({1, 2, 4, 8}));
}

TEST(ScheduleSpaceTest, ChainNamesItsStagesDecisions) {
  const ScheduleSpace *stages[] = {&windowSpace(), &reductionSpace()};
  const ScheduleSpace &chain = chainSpace(stages);
  EXPECT_EQ(chain.family, "window + reduction");
  EXPECT_EQ(chain.stages, llvm::ArrayRef<const ScheduleSpace *>(stages));
  ASSERT_EQ(chain.decisions.size(),
            windowSpace().decisions.size() + reductionSpace().decisions.size());
  EXPECT_EQ(chain.decisions.front().name, "s0.outputs_x");
  EXPECT_EQ(chain.find("s1.threads_per_output")->domain,
            reductionSpace().find("threads_per_output")->domain);
  EXPECT_EQ(chain.find("s1.shuffle")->isBool, true);
  // One space per sequence of stages, for the life of the process; none is a family.
  EXPECT_EQ(&chainSpace(stages), &chain);
  EXPECT_NE(&chainSpace({&reductionSpace(), &windowSpace()}), &chain);
  EXPECT_FALSE(llvm::is_contained(allScheduleSpaces(), &chain));

  std::vector<std::pair<std::string, std::vector<int64_t>>> parts;
  int64_t values[] = {1, 2, 3, 4, 5, 6, 7};
  forEachStage(chain, llvm::ArrayRef<int64_t>(values),
               [&](const ScheduleSpace &stage, llvm::ArrayRef<int64_t> part) {
                 parts.emplace_back(stage.family.str(), part.vec());
               });
  // A prefix of the list: the window's four decisions, then the reduction's first three.
  EXPECT_EQ(parts, (decltype(parts){{"window", {1, 2, 3, 4}}, {"reduction", {5, 6, 7}}}));
}

TEST(ScheduleSpaceTest, FusedOrChainLeadsWithTheFamily) {
  const ScheduleSpace *stages[] = {&matmulSpace(), &normalizationSpace(), &matmulSpace()};
  const ScheduleSpace &either = chainSpace(stages, &attentionSpace(), "unfused");
  EXPECT_EQ(either.family, "attention | matmul + normalization + matmul");
  EXPECT_EQ(either.stages,
            llvm::ArrayRef<const ScheduleSpace *>({&attentionSpace(), &matmulSpace(),
                                                    &normalizationSpace(), &matmulSpace()}));
  size_t fused = attentionSpace().decisions.size();
  ASSERT_EQ(either.decisions.size(), fused + 2 * matmulSpace().decisions.size() +
                                         normalizationSpace().decisions.size());
  // The family's decisions keep their names, so its candidates read the same in either space.
  EXPECT_EQ(either.decisions.front().name, "block_q");
  EXPECT_EQ(either.decisions[fused - 1].name, "unfused");
  EXPECT_EQ(either.decisions[fused].name, "s0.block_m");
  EXPECT_EQ(either.find("s2.split_tf32")->isBool, true);
  // The choice, and what it makes count: the family's decisions or the chain's.
  size_t choice = attentionSpace().find("unfused") - attentionSpace().decisions.begin();
  EXPECT_EQ(either.chainChoice, static_cast<int64_t>(choice));
  std::vector<int64_t> chosen(either.decisions.size(), 0);
  EXPECT_FALSE(either.choosesChain(chosen));
  std::vector<bool> active = activeDecisions(either, chosen);
  EXPECT_EQ(llvm::count(active, true), static_cast<long>(fused));
  EXPECT_TRUE(active.front() && !active[fused]);
  chosen[choice] = 1;
  EXPECT_TRUE(either.choosesChain(chosen));
  active = activeDecisions(either, chosen);
  EXPECT_EQ(llvm::count(active, true), static_cast<long>(either.decisions.size() - fused + 1));
  EXPECT_TRUE(!active.front() && active[choice] && active[fused] && active.back());
  EXPECT_EQ(chainSpace(stages).chainChoice, -1);
  EXPECT_EQ(llvm::count(activeDecisions(chainSpace(stages), chosen), false), 0);
  // Distinct from the chain alone.
  EXPECT_EQ(&chainSpace(stages, &attentionSpace(), "unfused"), &either);
  EXPECT_NE(&chainSpace(stages), &either);
  EXPECT_EQ(chainSpace(stages).decisions.front().name, "s0.block_m");

  std::vector<std::string> families;
  std::vector<int64_t> values(either.decisions.size(), 0);
  forEachStage(either, llvm::ArrayRef<int64_t>(values),
               [&](const ScheduleSpace &stage, llvm::ArrayRef<int64_t> part) {
                 families.push_back(stage.family.str());
                 EXPECT_EQ(part.size(), stage.decisions.size());
               });
  EXPECT_EQ(families,
            (std::vector<std::string>{"attention", "matmul", "normalization", "matmul"}));
}

TEST(ScheduleSpaceTest, EveryFamilyIsListed) {
  EXPECT_EQ(allScheduleSpaces(),
            llvm::ArrayRef<const ScheduleSpace *>({&elementwiseSpace(), &reductionSpace(),
                                                    &matmulSpace(), &globalReductionSpace(),
                                                    &scanSpace(), &normalizationSpace(),
                                                    &windowSpace(), &attentionSpace()}));
}

TEST(ScheduleSpaceTest, EveryTableIsWellFormed) {
  for (const ScheduleSpace *space : allScheduleSpaces()) {
    for (const Decision &decision : space->decisions) {
      SCOPED_TRACE(decision.name.str());
      EXPECT_FALSE(decision.domain.empty());
      EXPECT_TRUE(llvm::is_sorted(decision.domain));
      EXPECT_TRUE(llvm::is_contained(decision.domain, decision.defaultValue));
      EXPECT_FALSE(decision.help.empty());
      if (decision.isBool)
        EXPECT_EQ(decision.domain, llvm::ArrayRef<int64_t>({0, 1}));
    }
  }
}

TEST(ScheduleSpaceTest, ResolveFillsDefaults) {
  llvm::Expected<llvm::SmallVector<int64_t>> values =
      resolveDecisions(elementwiseSpace(), {{"block", 512}, {"grid_stride", 1}});
  ASSERT_TRUE(bool(values)) << llvm::toString(values.takeError());
  ElementwiseSchedule schedule = ElementwiseSchedule::fromValues(*values);
  EXPECT_EQ(schedule.vector, 4);
  EXPECT_EQ(schedule.perThread, 1);
  EXPECT_EQ(schedule.block, 512);
  EXPECT_TRUE(schedule.gridStride);
  EXPECT_EQ(schedule.blocksPerSM, 4);
}

TEST(ScheduleSpaceTest, ResolveRejectsUnknownNamesAndValues) {
  llvm::Expected<llvm::SmallVector<int64_t>> unknown =
      resolveDecisions(elementwiseSpace(), {{"tile", 4}});
  ASSERT_FALSE(bool(unknown));
  EXPECT_EQ(llvm::toString(unknown.takeError()),
            "'tile' is not a decision of the elementwise space (its decisions: vector, "
            "per_thread, block, grid_stride, blocks_per_sm, fast_math)");
  llvm::Expected<llvm::SmallVector<int64_t>> outside =
      resolveDecisions(elementwiseSpace(), {{"vector", 8}});
  ASSERT_FALSE(bool(outside));
  EXPECT_EQ(llvm::toString(outside.takeError()),
            "decision 'vector' = 8 is not in its domain {1, 2, 4}");
  llvm::Expected<llvm::SmallVector<int64_t>> flag =
      resolveDecisions(elementwiseSpace(), {{"grid_stride", 2}});
  ASSERT_FALSE(bool(flag));
  EXPECT_EQ(llvm::toString(flag.takeError()),
            "decision 'grid_stride' = 2 is not in its domain {false, true}");
}

TEST(ScheduleSpaceTest, DecisionListFromDictionary) {
  mlir::MLIRContext context;
  mlir::Builder b(&context);
  llvm::Expected<DecisionList> list = toDecisionList(b.getDictionaryAttr(
      {b.getNamedAttr("vector", b.getI64IntegerAttr(4)),
       b.getNamedAttr("grid_stride", b.getBoolAttr(true))}));
  ASSERT_TRUE(bool(list)) << llvm::toString(list.takeError());
  EXPECT_EQ(*list, (DecisionList{{"grid_stride", 1}, {"vector", 4}})); // dictionaries are sorted
  llvm::Expected<DecisionList> bad =
      toDecisionList(b.getDictionaryAttr({b.getNamedAttr("vector", b.getF32FloatAttr(4))}));
  ASSERT_FALSE(bool(bad));
  EXPECT_EQ(llvm::toString(bad.takeError()),
            "decision 'vector' is neither an integer nor a boolean");
}

} // namespace
