//===- RunnerPoolTest.cpp - tasks shared over several runners -------------===//
#include "kopt/Measure/RunnerPool.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <mutex>

using namespace kopt;

namespace {

TEST(ShareTasks, OneRunnerWorksInOrderAndStopsWhenItsRunnerIsGone) {
  std::vector<size_t> taken;
  shareTasks(1, {1.0, 5.0, 3.0, 2.0}, [&](size_t runner, size_t task) {
    EXPECT_EQ(runner, 0u);
    taken.push_back(task);
    return task != 2;
  });
  EXPECT_EQ(taken, (std::vector<size_t>{0, 1, 2}));
}

TEST(ShareTasks, EveryTaskOnce) {
  std::mutex mutex;
  std::vector<size_t> taken;
  shareTasks(4, std::vector<double>(200, 1.0), [&](size_t runner, size_t task) {
    EXPECT_LT(runner, 4u);
    std::lock_guard<std::mutex> guard(mutex);
    taken.push_back(task);
    return true;
  });
  std::sort(taken.begin(), taken.end());
  ASSERT_EQ(taken.size(), 200u);
  for (size_t task = 0; task < taken.size(); ++task)
    EXPECT_EQ(taken[task], task);
}

TEST(ShareTasks, HeaviestFirst) {
  // Each runner is gone after its first task: the two tasks taken are the two heaviest.
  std::mutex mutex;
  std::vector<size_t> taken;
  shareTasks(2, {1.0, 5.0, 3.0, 7.0, 2.0}, [&](size_t, size_t task) {
    std::lock_guard<std::mutex> guard(mutex);
    taken.push_back(task);
    return false;
  });
  std::sort(taken.begin(), taken.end());
  EXPECT_EQ(taken, (std::vector<size_t>{1, 3}));
}

TEST(ShareTasks, ARunnerThatIsGoneLeavesTheRestToTheOthers) {
  std::mutex mutex;
  std::vector<size_t> byRunner(3), taken;
  shareTasks(3, std::vector<double>(30, 1.0), [&](size_t runner, size_t task) {
    std::lock_guard<std::mutex> guard(mutex);
    ++byRunner[runner];
    taken.push_back(task);
    return runner != 1; // runner 1 cannot be reached
  });
  EXPECT_LE(byRunner[1], 1u);
  EXPECT_EQ(taken.size(), 30u);
}

TEST(ShareTasks, Labels) {
  EXPECT_EQ(runnerLabel(0, 1), "");
  EXPECT_EQ(runnerLabel(1, 4), "runner 2/4");
}

} // namespace
