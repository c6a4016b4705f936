//===- PolicyTesting.h - policies and gradient checks for the tests -*- C++ -*-===//
#ifndef KOPT_UNITTESTS_LEARN_POLICYTESTING_H
#define KOPT_UNITTESTS_LEARN_POLICYTESTING_H

#include "kopt/Learn/Policy.h"

#include "llvm/ADT/STLFunctionalExtras.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <cmath>

namespace kopt::learn {

/// Weights that differ from decision to decision, value to value and feature to feature.
inline Policy scrambledPolicy(uint64_t seed) {
  Policy policy;
  Rng rng(seed);
  for (const codegen::ScheduleSpace *space : codegen::allScheduleSpaces())
    for (auto &rows : policy.weights(*space).decisions)
      for (auto &row : rows)
        for (double &weight : row)
          weight = rng.uniform() - 0.5;
  return policy;
}

/// Expects `analytic`, a gradient over the weights of `space`'s family, to match central
/// differences of `objective` (read from `policy`, whose weights it moves and restores).
inline void expectMatchesFiniteDifferences(Policy &policy, const codegen::ScheduleSpace &space,
                                           const FamilyWeights &analytic,
                                           llvm::function_ref<double()> objective) {
  const double step = 1e-5;
  FamilyWeights &weights = policy.weights(space);
  for (size_t d = 0; d < weights.decisions.size(); ++d)
    for (size_t v = 0; v < weights.decisions[d].size(); ++v)
      for (size_t f = 0; f < weights.decisions[d][v].size(); ++f) {
        double &weight = weights.decisions[d][v][f];
        double saved = weight;
        weight = saved + step;
        double up = objective();
        weight = saved - step;
        double down = objective();
        weight = saved;
        double numeric = (up - down) / (2 * step);
        double expected = analytic.decisions[d][v][f];
        EXPECT_LT(std::abs(numeric - expected), 1e-4 * std::max(1.0, std::abs(expected)))
            << space.family.str() << " w[" << d << "][" << v << "][" << f << "]";
      }
}

} // namespace kopt::learn

#endif // KOPT_UNITTESTS_LEARN_POLICYTESTING_H
