#!/usr/bin/env python3
"""Unit tests of python/study/stats.py against values worked out by hand."""

import itertools
import math
import os
import random
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import stats  # noqa: E402


class Ranks(unittest.TestCase):
    def test_ties_share_their_mean_rank(self):
        self.assertEqual(stats.ranks([10, 20, 20, 30, 20]), [1, 3, 3, 5, 3])

    def test_spearman_with_ties(self):
        # ranks x = [1, 2.5, 2.5, 4], y = [1, 3, 2, 4]: 4.5 / sqrt(4.5 * 5)
        self.assertAlmostEqual(stats.spearman([1, 2, 2, 3], [1, 3, 2, 4]),
                               4.5 / math.sqrt(22.5))

    def test_spearman_is_rank_based(self):
        self.assertAlmostEqual(stats.spearman([1, 2, 3, 4], [1, 10, 100, 1000]), 1.0)
        self.assertAlmostEqual(stats.spearman([1, 2, 3, 4], [4, 3, 2, 1]), -1.0)

    def test_constant_side_has_no_correlation(self):
        self.assertIsNone(stats.spearman([1, 2, 3], [5, 5, 5]))
        self.assertIsNone(stats.spearman([1], [2]))


class PartialCorrelation(unittest.TestCase):
    def test_known_value(self):
        # Permutations of 1..4: rho = 1 - 6 sum(d^2) / 60, so rxy = 0.8, rxz = 0.6, ryz = 0;
        # partial = 0.8 / sqrt(1 - 0.36) = 1.
        x, y, z = [1, 2, 3, 4], [1, 3, 2, 4], [2, 1, 4, 3]
        self.assertAlmostEqual(stats.spearman(x, y), 0.8)
        self.assertAlmostEqual(stats.spearman(x, z), 0.6)
        self.assertAlmostEqual(stats.spearman(y, z), 0.0)
        self.assertAlmostEqual(stats.partial_spearman(x, y, z), 1.0)

    def test_constant_control_changes_nothing(self):
        x, y = [1, 2, 3, 4, 5], [2, 1, 4, 3, 5]
        self.assertAlmostEqual(stats.partial_spearman(x, y, [5] * 5), stats.spearman(x, y))

    def test_control_that_explains_x_leaves_nothing(self):
        self.assertIsNone(stats.partial_spearman([1, 2, 3, 4], [1, 3, 2, 4], [2, 4, 6, 8]))


class CorrelationTest(unittest.TestCase):
    def test_fisher_interval_and_p(self):
        # n = 13: se = sqrt(1.06 / 10); z = atanh(0.5) = 0.549306
        result = stats.correlation_test(0.5, 13)
        self.assertAlmostEqual(result["ci"][0], -0.08860, places=4)
        self.assertAlmostEqual(result["ci"][1], 0.82978, places=4)
        self.assertAlmostEqual(result["p"], 0.0916, places=3)

    def test_too_few_pairs(self):
        self.assertIsNone(stats.correlation_test(0.5, 3)["ci"])
        self.assertIsNone(stats.correlation_test(0.5, 4, controlled=1)["p"])


class BestOfK(unittest.TestCase):
    def test_matches_enumeration_of_subsets(self):
        for n, c in [(6, 0), (6, 1), (6, 2), (6, 6), (7, 3)]:
            samples = [i < c for i in range(n)]
            for k in range(1, n + 1):
                subsets = list(itertools.combinations(samples, k))
                expected = sum(any(s) for s in subsets) / len(subsets)
                self.assertAlmostEqual(stats.best_of_k(n, c, k), expected)

    def test_curve_is_exact_mean_and_interval_brackets_it(self):
        units = [(64, 0), (64, 1), (64, 32), (64, 64)]
        curve = stats.best_of_k_curve(units, [1, 2, 64], 500, random.Random(1))
        self.assertAlmostEqual(curve[0]["success"], (0 + 1 / 64 + 0.5 + 1) / 4)
        self.assertAlmostEqual(curve[2]["success"], 0.75)
        self.assertEqual(curve[2]["ci"], [0.75, 0.75])  # all 64 of 64: nothing to resample
        for point in curve:
            self.assertLessEqual(point["ci"][0], point["success"])
            self.assertGreaterEqual(point["ci"][1], point["success"])


class Bootstrap(unittest.TestCase):
    def test_constant_units_give_a_point(self):
        self.assertEqual(stats.bootstrap_ci([2.0] * 5, stats.mean, 100, random.Random(0)),
                         [2.0, 2.0])

    def test_interval_of_a_mean(self):
        units = [0.0] * 50 + [1.0] * 50
        low, high = stats.bootstrap_ci(units, stats.mean, 2000, random.Random(0))
        # standard error 0.05: the interval is about 0.5 +- 0.098
        self.assertAlmostEqual(low, 0.402, delta=0.02)
        self.assertAlmostEqual(high, 0.598, delta=0.02)

    def test_undefined_statistic(self):
        self.assertIsNone(stats.bootstrap_ci([], stats.mean, 10, random.Random(0)))
        self.assertIsNone(stats.bootstrap_ci([1.0], lambda u: None, 10, random.Random(0)))

    def test_percentile_interpolates(self):
        self.assertEqual(stats.percentile([4, 1, 3, 2], 0.5), 2.5)
        self.assertEqual(stats.percentile([1, 2, 3, 4, 5], 0.25), 2)


class EquivalentK(unittest.TestCase):
    curve = [(1, 0.5), (2, 0.7), (4, 0.9)]

    def test_interpolates_between_points(self):
        self.assertAlmostEqual(stats.equivalent_k(self.curve, 0.6), 1.5)
        self.assertAlmostEqual(stats.equivalent_k(self.curve, 0.8), 3.0)
        self.assertAlmostEqual(stats.equivalent_k(self.curve, 0.5), 1.0)

    def test_below_one_sample(self):
        self.assertAlmostEqual(stats.equivalent_k(self.curve, 0.25), 0.5)
        self.assertAlmostEqual(stats.equivalent_k(self.curve, 0.0), 0.0)

    def test_above_the_curve(self):
        self.assertIsNone(stats.equivalent_k(self.curve, 0.95))

    def test_flat_stretch_gives_its_first_k(self):
        self.assertAlmostEqual(stats.equivalent_k([(1, 0.5), (2, 0.5), (4, 0.9)], 0.5), 1.0)


class StepPicking(unittest.TestCase):
    def test_best_of_adaptation_takes_the_earliest_best(self):
        self.assertEqual(stats.best_of_adaptation([0.1, 0.3, 0.3, 0.2]), 1)
        self.assertEqual(stats.best_of_adaptation([0.4]), 0)

    def test_early_stop_keeps_the_step_before_the_first_fall(self):
        self.assertEqual(stats.early_stop([0.1, 0.3, 0.3, 0.2, 0.5]), 2)
        self.assertEqual(stats.early_stop([0.3, 0.2]), 0)
        self.assertEqual(stats.early_stop([0.1, 0.2, 0.2]), 2)


class Summaries(unittest.TestCase):
    def test_means(self):
        self.assertAlmostEqual(stats.geomean([1, 4, 16]), 4.0)
        self.assertAlmostEqual(stats.stdev([2, 4, 4, 4, 5, 5, 7, 9]), math.sqrt(32 / 7))
        self.assertIsNone(stats.stdev([1.0]))
        self.assertIsNone(stats.geomean([]))


if __name__ == "__main__":
    unittest.main()
