//===- TaskTest.cpp - references and inputs on CPU libtorch ---------------===//
#include "Task.h"

#include <gtest/gtest.h>

using namespace kopt::runner;

namespace {

TaskSpec reluTask() {
  TaskSpec spec;
  spec.name = "relu";
  spec.reference = "return torch.relu(x)";
  spec.inputs = {{"x", {16, 32}, torch::kFloat, {{"uniform", {0.0, 1.0}}, {"normal", {0.0, 1.0}}}}};
  spec.outputs = {{"out", {16, 32}, torch::kFloat, {}}};
  return spec;
}

std::unique_ptr<Task> make(TaskSpec spec, std::string &error) {
  torch::jit::setGraphExecutorOptimize(false);
  return Task::create(std::move(spec), torch::Device(torch::kCPU), error);
}

TEST(Task, ReferenceComputesTheFunction) {
  std::string error;
  auto task = make(reluTask(), error);
  ASSERT_TRUE(task) << error;
  const Trial &trial = task->trial(7, 1); // the normal distribution: negatives appear
  ASSERT_EQ(trial.reference.size(), 1u);
  EXPECT_TRUE(torch::equal(trial.reference[0], torch::relu(trial.inputs[0])));
  EXPECT_LT(trial.inputs[0].min().item<float>(), 0.0f);
}

TEST(Task, TrialsAreSeededAndCycleThroughDistributions) {
  std::string error;
  auto task = make(reluTask(), error);
  ASSERT_TRUE(task) << error;
  torch::Tensor a = task->trial(3, 0).inputs[0].clone();
  torch::Tensor b = task->trial(3, 1).inputs[0].clone();
  torch::Tensor c = task->trial(3, 2).inputs[0].clone();
  EXPECT_GE(a.min().item<float>(), 0.0f); // uniform [0, 1)
  EXPECT_LT(a.max().item<float>(), 1.0f);
  EXPECT_LT(b.min().item<float>(), 0.0f); // normal
  EXPECT_FALSE(torch::equal(a, c));       // same distribution, fresh draw
  auto again = make(reluTask(), error);
  EXPECT_TRUE(torch::equal(again->trial(3, 2).inputs[0], c)); // same seed, same draw
}

TEST(Task, ScalarsConstantsAndIntegers) {
  TaskSpec spec;
  spec.name = "scale";
  spec.reference = "y = A * s\nreturn y, torch.argmax(A, 1)";
  spec.inputs = {{"A", {4, 8}, torch::kFloat, {{"uniform", {0.0, 1.0}}}},
                 {"s", {}, torch::kFloat, {{"constant", {3.14}}}}};
  spec.outputs = {{"y", {4, 8}, torch::kFloat, {}}, {"idx", {4}, torch::kLong, {}}};
  std::string error;
  auto task = make(spec, error);
  ASSERT_TRUE(task) << error;
  const Trial &trial = task->trial(0, 0);
  EXPECT_FLOAT_EQ(trial.inputs[1].item<float>(), 3.14f);
  EXPECT_TRUE(torch::allclose(trial.reference[0], trial.inputs[0] * 3.14f));
  EXPECT_EQ(trial.reference[1].scalar_type(), torch::kLong);

  TaskSpec targets;
  targets.name = "targets";
  targets.reference = "return t * 2";
  targets.inputs = {{"t", {1000}, torch::kLong, {{"randint", {0, 10}}}}};
  targets.outputs = {{"out", {1000}, torch::kLong, {}}};
  auto ints = make(targets, error);
  ASSERT_TRUE(ints) << error;
  torch::Tensor t = ints->trial(0, 0).inputs[0];
  EXPECT_GE(t.min().item<int64_t>(), 0);
  EXPECT_LE(t.max().item<int64_t>(), 9);
}

TEST(Task, StructuredDrawsHaveTheirStructureOnEveryMatrix) {
  auto draw = [](const std::string &structure, std::vector<int64_t> shape) {
    TaskSpec spec;
    spec.name = "structured";
    spec.reference = "return a";
    Distribution dist{"uniform", {0.5, 1.0}, structure};
    spec.inputs = {{"a", shape, torch::kFloat, {dist}}};
    spec.outputs = {{"out", shape, torch::kFloat, {}}};
    std::string error;
    auto task = make(spec, error);
    EXPECT_TRUE(task) << error;
    return task ? task->trial(5, 0).inputs[0].clone() : torch::Tensor();
  };
  torch::Tensor upper = draw("upper_triangular", {3, 6, 5});
  EXPECT_TRUE(torch::equal(upper, upper.triu()));
  EXPECT_GT(upper.triu().ne(0).sum().item<int64_t>(), 0); // the upper part is the draw: >= 0.5
  EXPECT_EQ(upper.triu().ne(0).sum().item<int64_t>(), torch::ones({3, 6, 5}).triu().sum().item<int64_t>());
  torch::Tensor lower = draw("lower_triangular", {6, 5});
  EXPECT_TRUE(torch::equal(lower, lower.tril()));
  EXPECT_FALSE(torch::equal(lower, lower.triu()));
  torch::Tensor symmetric = draw("symmetric", {2, 7, 7});
  EXPECT_TRUE(torch::equal(symmetric, symmetric.transpose(-1, -2)));
  EXPECT_FALSE(torch::equal(symmetric, symmetric.triu()));
  torch::Tensor diagonal = draw("diagonal", {4, 6});
  EXPECT_EQ(diagonal.ne(0).sum().item<int64_t>(), 4);
  EXPECT_TRUE(torch::equal(diagonal, diagonal * torch::eye(4, 6)));
}

TEST(Task, WhyNotDrawableNamesTheInputAndTheFault) {
  TensorSpec matrix{"m", {4, 5}, torch::kFloat, {}};
  TensorSpec vector{"v", {4}, torch::kFloat, {}};
  EXPECT_EQ(whyNotDrawable(matrix, {"uniform", {0, 1}, "upper_triangular"}), "");
  EXPECT_EQ(whyNotDrawable(matrix, {"gamma", {1, 1}, {}}), "input 'm': unknown distribution 'gamma'");
  EXPECT_EQ(whyNotDrawable(matrix, {"normal", {0}, {}}),
            "input 'm': normal takes 2 parameter(s), got 1");
  EXPECT_EQ(whyNotDrawable(matrix, {"uniform", {0, 1}, "banded"}),
            "input 'm': unknown structure 'banded'");
  EXPECT_EQ(whyNotDrawable(vector, {"uniform", {0, 1}, "diagonal"}),
            "input 'v': diagonal needs at least two dimensions");
  EXPECT_EQ(whyNotDrawable(matrix, {"uniform", {0, 1}, "symmetric"}),
            "input 'm': symmetric needs square matrices");
}

TEST(Task, RejectsReferencesThatDoNotMatchTheTask) {
  std::string error;
  TaskSpec spec = reluTask();
  spec.reference = "return torch.relu(";
  EXPECT_FALSE(make(spec, error));
  EXPECT_NE(error.find("does not compile"), std::string::npos) << error;

  spec = reluTask();
  spec.outputs[0].shape = {32, 16};
  EXPECT_FALSE(make(spec, error));
  EXPECT_NE(error.find("declares 'out'"), std::string::npos) << error;

  spec = reluTask();
  spec.reference = "return x, x";
  EXPECT_FALSE(make(spec, error));
  EXPECT_NE(error.find("returns 2 value(s)"), std::string::npos) << error;

  spec = reluTask();
  spec.reference = "return torch.matmul(x, x)"; // 16x32 @ 16x32 fails at run time
  EXPECT_FALSE(make(spec, error));
  EXPECT_NE(error.find("fails on the task's inputs"), std::string::npos) << error;
}

TEST(Task, ReferenceWritingInPlaceLeavesTheTrialAlone) {
  TaskSpec spec = reluTask();
  spec.reference = "x.mul_(2.0)\nreturn torch.relu(x)";
  std::string error;
  auto task = make(spec, error);
  ASSERT_TRUE(task) << error;
  const Trial &trial = task->trial(1, 0);
  EXPECT_TRUE(torch::allclose(trial.reference[0], torch::relu(trial.inputs[0] * 2)));
}

TEST(Task, DroppedTrialsAreDrawnAgainTheSame) {
  std::string error;
  auto task = make(reluTask(), error);
  ASSERT_TRUE(task) << error;
  torch::Tensor before = task->trial(5, 0).inputs[0].clone();
  EXPECT_GT(task->keptBytes(), 0u);
  task->dropTrials();
  EXPECT_EQ(task->keptBytes(), 0u);
  EXPECT_TRUE(torch::equal(task->trial(5, 0).inputs[0], before));
}

} // namespace
