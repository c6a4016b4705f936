//===- WorkspaceTest.cpp - run buffers and their guard regions on the CPU --===//
#include "Check.h"
#include "Evaluate.h"
#include "Workspace.h"

#include <gtest/gtest.h>

#include <cstring>

using namespace kopt::runner;

namespace {

TaskSpec twoBufferTask() {
  TaskSpec spec;
  spec.name = "t";
  spec.inputs = {{"x", {3, 5}, torch::kFloat, {{"uniform", {0.0, 1.0}}}},
                 {"s", {}, torch::kFloat, {{"constant", {2.0}}}}};
  spec.outputs = {{"out", {7}, torch::kFloat, {}}};
  return spec;
}

TEST(Workspace, PrepareCopiesInputsAndPoisonsOutputs) {
  Workspace ws(twoBufferTask(), torch::Device(torch::kCPU));
  torch::Tensor x = torch::rand({3, 5}), s = torch::tensor(2.0f);
  ws.prepare({x, s}, {0, 0});
  EXPECT_TRUE(torch::equal(ws.inputs()[0], x));
  EXPECT_NE(ws.inputs()[0].data_ptr(), x.data_ptr()); // a working copy, not the trial itself
  EXPECT_EQ(countUnwritten(ws.outputs()[0]).count, 7);
  EXPECT_EQ(ws.scalarInputs(), std::set<std::string>{"s"});
  EXPECT_FALSE(ws.findBreach());
}

TEST(Workspace, BuffersKeepTheirAddressesAcrossTrials) {
  Workspace ws(twoBufferTask(), torch::Device(torch::kCPU));
  void *before = ws.byName().at("out").data_ptr();
  ws.prepare({torch::rand({3, 5}), torch::tensor(2.0f)}, {0, 0});
  ws.prepare({torch::rand({3, 5}), torch::tensor(2.0f)}, {0, 0});
  EXPECT_EQ(ws.byName().at("out").data_ptr(), before);
}

TEST(Workspace, InputsHeldFromACheckedRunAreNotCopiedAgain) {
  Workspace ws(twoBufferTask(), torch::Device(torch::kCPU));
  torch::Tensor x = torch::rand({3, 5}), s = torch::tensor(2.0f);
  ws.prepare({x, s}, {7, 1});
  EXPECT_EQ(ws.heldTrial(), std::make_optional(Workspace::TrialKey{7, 1}));
  // A run changed the working input and nothing checked it: trial (7, 1) is copied again.
  ws.inputs()[0].fill_(-1.0f);
  ws.forgetInputs();
  ws.prepare({x, s}, {7, 1});
  EXPECT_TRUE(torch::equal(ws.inputs()[0], x));
  // Held (the check found them intact): the copy is skipped, so what is there stays.
  ws.inputs()[0].fill_(-1.0f);
  ws.noteHeldTrial({7, 1});
  ws.prepare({x, s}, {7, 1});
  EXPECT_EQ(ws.inputs()[0].min().item<float>(), -1.0f);
  // Another trial is always copied.
  ws.prepare({x, s}, {7, 2});
  EXPECT_TRUE(torch::equal(ws.inputs()[0], x));
}

TEST(Workspace, AWriteJustPastAnOutputsEndIsABreach) {
  Workspace ws(twoBufferTask(), torch::Device(torch::kCPU));
  ws.prepare({torch::rand({3, 5}), torch::tensor(2.0f)}, {0, 0});
  float *out = ws.outputs()[0].data_ptr<float>();
  out[7] = 0.0f; // one element past the end
  ASSERT_TRUE(ws.findBreach());
  EXPECT_EQ(*ws.findBreach(), "output 'out' after its end");
  ws.prepare({torch::rand({3, 5}), torch::tensor(2.0f)}, {0, 0}); // armed again
  EXPECT_FALSE(ws.findBreach());
}

TEST(Workspace, AWriteBeforeAnInputsStartIsABreach) {
  Workspace ws(twoBufferTask(), torch::Device(torch::kCPU));
  ws.prepare({torch::rand({3, 5}), torch::tensor(2.0f)}, {0, 0});
  char *x = static_cast<char *>(ws.inputs()[0].data_ptr());
  x[-GuardedBuffer::kGuardBytes] = 1; // the first byte of the guard region
  ASSERT_TRUE(ws.findBreach());
  EXPECT_EQ(*ws.findBreach(), "input 'x' before its start");
}

TEST(Workspace, ScratchIsRemadeOnlyWhenItsSizesChange) {
  Workspace ws(twoBufferTask(), torch::Device(torch::kCPU));
  ws.useScratch({100, 8});
  void *first = ws.byName().at("scratch1").data_ptr();
  ws.useScratch({100, 8});
  EXPECT_EQ(ws.byName().at("scratch1").data_ptr(), first);
  ws.useScratch({16});
  EXPECT_EQ(ws.byName().count("scratch1"), 0u);
  EXPECT_EQ(ws.byName().at("scratch0").numel(), 16);
  ws.prepare({torch::rand({3, 5}), torch::tensor(2.0f)}, {0, 0});
  static_cast<unsigned char *>(ws.byName().at("scratch0").data_ptr())[16] = 0;
  EXPECT_EQ(*ws.findBreach(), "scratch 'scratch0' after its end");
}

TEST(EagerSummary, DriftBetweenBlocksWidensTheError) {
  EagerTimings steady, drifting;
  for (double block : {100.0, 100.0, 100.0})
    for (int i = 0; i < 10; ++i)
      steady.samplesUs.push_back(block + 0.01 * i);
  steady.blockMediansUs = {100.045, 100.045, 100.045};
  for (double block : {98.0, 100.0, 102.0})
    for (int i = 0; i < 10; ++i)
      drifting.samplesUs.push_back(block + 0.01 * i);
  drifting.blockMediansUs = {98.045, 100.045, 102.045};
  Summary s = eagerSummary(steady), d = eagerSummary(drifting);
  EXPECT_LT(s.relError, 1e-3);
  // The standard error of three block medians 2 us apart: 2 / sqrt(3) us on a median of 100.
  EXPECT_NEAR(d.relError, 2.0 / std::sqrt(3.0) / 100.045, 1e-4);
}

} // namespace
