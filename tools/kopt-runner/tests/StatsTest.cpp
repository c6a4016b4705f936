//===- StatsTest.cpp - order statistics -----------------------------------===//
#include "Stats.h"

#include <gtest/gtest.h>

using namespace kopt::runner;

TEST(Stats, QuartilesInterpolate) {
  Summary s = summarize({5, 1, 4, 2, 3});
  EXPECT_DOUBLE_EQ(s.median, 3);
  EXPECT_DOUBLE_EQ(s.q1, 2);
  EXPECT_DOUBLE_EQ(s.q3, 4);
  EXPECT_EQ(s.n, 5);
  Summary even = summarize({1, 2, 3, 4});
  EXPECT_DOUBLE_EQ(even.median, 2.5);
  EXPECT_DOUBLE_EQ(even.q1, 1.75);
}

TEST(Stats, RelativeErrorShrinksWithRepetitions) {
  std::vector<double> few, many;
  for (int i = 0; i < 10; ++i)
    few.push_back(100 + i % 5);
  for (int i = 0; i < 1000; ++i)
    many.push_back(100 + i % 5);
  EXPECT_GT(summarize(few).relError, summarize(many).relError);
  EXPECT_NEAR(summarize(many).relError, 1.2533 * (2.0 / 1.349) / std::sqrt(1000.0) / 102, 1e-4);
  EXPECT_TRUE(std::isinf(summarize({7}).relError));
}
