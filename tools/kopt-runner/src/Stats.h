//===- Stats.h - order statistics of repeated timings -----------*- C++ -*-===//
#ifndef KOPT_RUNNER_STATS_H
#define KOPT_RUNNER_STATS_H

#include <algorithm>
#include <cmath>
#include <vector>

namespace kopt::runner {

struct Summary {
  double median = 0, q1 = 0, q3 = 0;
  int n = 0;
  /// Relative standard error of the median, from the interquartile range as a robust spread:
  /// se(median) ~ 1.2533 * sigma / sqrt(n), sigma ~ IQR / 1.349.
  double relError = INFINITY;
};

/// The p-quantile (0..1) of sorted values, interpolating linearly between order statistics.
inline double quantile(const std::vector<double> &sorted, double p) {
  if (sorted.empty())
    return 0;
  double position = p * double(sorted.size() - 1);
  size_t below = size_t(std::floor(position));
  size_t above = std::min(below + 1, sorted.size() - 1);
  return sorted[below] + (position - double(below)) * (sorted[above] - sorted[below]);
}

inline Summary summarize(std::vector<double> values) {
  Summary s;
  s.n = int(values.size());
  if (values.empty())
    return s;
  std::sort(values.begin(), values.end());
  s.median = quantile(values, 0.5);
  s.q1 = quantile(values, 0.25);
  s.q3 = quantile(values, 0.75);
  if (s.n >= 2 && s.median > 0)
    s.relError = 1.2533 * ((s.q3 - s.q1) / 1.349) / std::sqrt(double(s.n)) / s.median;
  return s;
}

} // namespace kopt::runner

#endif // KOPT_RUNNER_STATS_H
