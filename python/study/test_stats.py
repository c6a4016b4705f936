#!/usr/bin/env python3
"""Unit tests of python/study/stats.py against values worked out by hand."""

import itertools
import math
import random
import unittest

import stats


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

    def test_curve_is_exact_mean_and_interval_resamples_tasks(self):
        tasks = [[(64, 0), (64, 0)], [(64, 1), (64, 1)], [(64, 32)], [(64, 64)]]
        curve = stats.best_of_k_curve(tasks, [1, 2, 64], 500, random.Random(1))
        self.assertAlmostEqual(curve[0]["success"], (0 + 2 / 64 + 0.5 + 1) / 6)
        self.assertAlmostEqual(curve[2]["success"], 4 / 6)
        for point in curve:
            self.assertLessEqual(point["ci"][0], point["success"])
            self.assertGreaterEqual(point["ci"][1], point["success"])
        # which tasks are drawn is the uncertainty, even where every unit is certain at K = 64
        self.assertLess(curve[2]["ci"][0], curve[2]["ci"][1])
        same = stats.best_of_k_curve([[(8, 8)], [(8, 8)]], [4], 100, random.Random(1))
        self.assertEqual(same[0]["ci"], [1.0, 1.0])


class SubsetMaximum(unittest.TestCase):
    """random-K's exact expectation against brute force over every K-subset."""

    def test_weights_are_a_distribution(self):
        for n, k in [(1, 1), (5, 1), (5, 3), (7, 7)]:
            self.assertAlmostEqual(sum(stats.subset_max_weights(n, k)), 1.0)
        self.assertEqual(stats.subset_max_weights(4, 4), [0, 0, 0, 1])

    def test_matches_enumeration_of_subsets(self):
        rng = random.Random(3)
        for n in range(1, 8):
            keys = [rng.choice([0.5, 0.9, 1.0, 1.2, 3.0]) for _ in range(n)]  # with ties
            outcomes = [math.log(v) for v in keys]
            flags = [float(v > 1) for v in keys]
            for k in range(1, n + 1):
                subsets = list(itertools.combinations(range(n), k))
                brute = sum(max(outcomes[i] for i in s) for s in subsets) / len(subsets)
                success = sum(any(flags[i] for i in s) for s in subsets) / len(subsets)
                self.assertAlmostEqual(stats.expected_at_subset_max(keys, outcomes, k), brute)
                self.assertAlmostEqual(stats.expected_at_subset_max(keys, flags, k), success)

    def test_outcome_of_the_maximum_not_the_maximum_outcome(self):
        # the item with the largest key is kept, whatever its outcome
        keys, outcomes = [1.0, 2.0, 3.0], [10.0, 0.0, 5.0]
        brute = sum(outcomes[max(s, key=lambda i: keys[i])]
                    for s in itertools.combinations(range(3), 2)) / 3
        self.assertAlmostEqual(stats.expected_at_subset_max(keys, outcomes, 2), brute)

    def test_k_above_n_takes_every_item(self):
        self.assertEqual(stats.expected_at_subset_max([1.0, 2.0], [3.0, 4.0], 8), 4.0)


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


class ClusterBootstrap(unittest.TestCase):
    @staticmethod
    def coverage(resample_tasks: bool) -> float:
        """Share of 95% intervals for the mean that cover the true mean 0, over synthetic
        clustered data: 30 tasks with an effect of sd 1, 3 seeds each with noise of sd 0.2."""
        rng = random.Random(11)
        covered, replications = 0, 250
        for _ in range(replications):
            tasks = []
            for _ in range(30):
                effect = rng.gauss(0, 1)
                tasks.append([effect + rng.gauss(0, 0.2) for _ in range(3)])
            if resample_tasks:
                interval = stats.cluster_bootstrap_ci(tasks, stats.mean, 300, rng)
            else:
                interval = stats.bootstrap_ci([v for t in tasks for v in t], stats.mean, 300,
                                              rng)
            covered += interval[0] <= 0 <= interval[1]
        return covered / replications

    def test_coverage_near_nominal(self):
        self.assertTrue(0.90 <= self.coverage(True) <= 0.98)

    def test_resampling_seeds_as_independent_undercovers(self):
        # the mistake the cluster bootstrap avoids: the same data, seeds taken as independent
        self.assertLess(self.coverage(False), 0.85)

    def test_clusters_are_drawn_whole(self):
        for sample in stats.cluster_resamples([[1, 1, 1], [2]], 50, random.Random(0)):
            self.assertIn(sample.count(1), (0, 3, 6))
            self.assertIn(len(sample), (2, 4, 6))  # two draws of a cluster of 3 or of 1


class Holm(unittest.TestCase):
    def test_hand_computed(self):
        # sorted 0.005, 0.01, 0.03, 0.04 times 4, 3, 2, 1: 0.02, 0.03, 0.06, 0.04 -> 0.06
        adjusted = stats.holm([0.01, 0.04, 0.03, 0.005])
        for got, expected in zip(adjusted, [0.03, 0.06, 0.06, 0.02]):
            self.assertAlmostEqual(got, expected)

    def test_untested_left_out_of_the_family_and_capped_at_one(self):
        self.assertEqual(stats.holm([0.5, None, 0.4]), [0.8, None, 0.8])
        self.assertEqual(stats.holm([0.9, 0.8, 0.7]), [1.0, 1.0, 1.0])


class ChiSquared(unittest.TestCase):
    def test_critical_values(self):
        for x, dof in [(3.841459, 1), (5.991465, 2), (7.814728, 3), (11.070498, 5),
                       (18.307038, 10)]:
            self.assertAlmostEqual(stats.chi2_sf(x, dof), 0.05, places=6)
        self.assertAlmostEqual(stats.chi2_sf(2.0, 2), math.exp(-1.0))
        self.assertEqual(stats.chi2_sf(0.0, 4), 1.0)

    def test_normal_quantile(self):
        self.assertAlmostEqual(stats.normal_quantile(0.975), 1.959964, places=5)


class MetaAnalysis(unittest.TestCase):
    def test_identical_studies_have_no_heterogeneity(self):
        result = stats.fisher_meta([(0.3, 23), (0.3, 23), (0.3, 23)])
        self.assertAlmostEqual(result["rho"], 0.3)
        self.assertEqual(result["tau2"], 0.0)
        self.assertAlmostEqual(result["q"], 0.0)
        self.assertEqual(result["i2"], 0.0)
        se = math.sqrt(1.06 / 60)  # three studies of weight 20 / 1.06
        self.assertAlmostEqual(result["ci"][1], math.tanh(math.atanh(0.3) + 1.959964 * se),
                               places=5)

    def test_two_studies_by_hand(self):
        # equal weights w = 20 / 1.06: Q = w (z1 - z2)^2 / 2, tau^2 = (Q - 1) / w
        w = 20 / 1.06
        z1, z2 = math.atanh(0.8), math.atanh(-0.5)
        q = w * (z1 - z2) ** 2 / 2
        result = stats.fisher_meta([(0.8, 23), (-0.5, 23)])
        self.assertAlmostEqual(result["q"], q)
        self.assertAlmostEqual(result["tau2"], (q - 1) / w)
        self.assertAlmostEqual(result["i2"], (q - 1) / q)
        self.assertAlmostEqual(result["rho"], math.tanh((z1 + z2) / 2))
        self.assertAlmostEqual(result["q_p"], stats.chi2_sf(q, 1))
        half = 1.959964 * math.sqrt((1 / w + (q - 1) / w) / 2)
        self.assertAlmostEqual(result["ci"][0], math.tanh((z1 + z2) / 2 - half), places=5)

    def test_small_studies_are_left_out(self):
        self.assertIsNone(stats.fisher_meta([(0.5, 3), (None, 40)]))
        self.assertEqual(stats.fisher_meta([(0.5, 3), (0.2, 10)])["tasks"], 1)

    def test_between_task_correlation_is_not_a_within_task_one(self):
        # Known answer: within every task x and y are independent, but the tasks' means move
        # together, so the pooled rho is large while the meta-analysis finds nothing.
        rng = random.Random(5)
        studies, xs, ys = [], [], []
        for task in range(12):
            x = [5 * task + rng.gauss(0, 1) for _ in range(30)]
            y = [5 * task + rng.gauss(0, 1) for _ in range(30)]
            studies.append((stats.spearman(x, y), 30))
            xs += x
            ys += y
        self.assertGreater(stats.spearman(xs, ys), 0.9)
        result = stats.fisher_meta(studies)
        self.assertLess(result["ci"][0], 0.0)
        self.assertGreater(result["ci"][1], 0.0)
        self.assertLess(abs(result["rho"]), 0.15)


class SpeedupInterval(unittest.TestCase):
    def test_median_standard_error_from_quartiles(self):
        # IQR 1.349 is sigma 1; sqrt(pi / 2) / sqrt(25) / 100
        self.assertAlmostEqual(stats.median_relative_se(100.0, 99.0, 100.349, 25),
                               math.sqrt(math.pi / 2) / 5 / 100)
        self.assertIsNone(stats.median_relative_se(100.0, 100.0, 100.0, 1))

    def test_interval_combines_both_spreads(self):
        low, high = stats.speedup_interval(1.05, 0.03, 0.04)
        self.assertAlmostEqual(low, 1.05 * math.exp(-1.959964 * 0.05), places=5)
        self.assertAlmostEqual(high, 1.05 * math.exp(1.959964 * 0.05), places=5)
        self.assertIsNone(stats.speedup_interval(1.5, None, 0.01))


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
