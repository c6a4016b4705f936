#!/usr/bin/env python3
"""Unit tests of python/study/analysis.py, on hand-made lines: its two speedup conventions, over
eager at fp32 (KernelBench's) and over eager with TF32 allowed (matched precision); and the
ranking strategies' orders."""

import math
import unittest

import analysis
from kopt.measurements import Measurement, Timing


def line(candidate, median, speedup, speedup_tf32=None, surprisal=1.0, predicted=None):
    return Measurement(task="mm", candidate=candidate, verdict="correct",
                       decisions={"block": int(median)}, timing=Timing(median, median, median, 9),
                       speedup=speedup, speedup_tf32=speedup_tf32, predicted_speedup=predicted,
                       logprob=None if surprisal is None else
                       analysis.measurements.LogProb(-surprisal, 1))


def unit(samples):
    return {"task": "mm", "seed": 0, "candidates": len(samples), "samples": samples}


def strategy_summary(samples, strategy):
    units = [unit(samples)]
    kernels = analysis.task_kernels(units)
    for found in kernels.values():
        analysis.kernel_outcomes(found)
    return analysis.summary([analysis.unit_outcome(units[0], kernels["mm"], strategy)])


class SpeedupConventions(unittest.TestCase):
    def test_both_geometric_means_follow_the_chosen_kernels(self):
        # Eager fp32 takes 4000 us, eager TF32 1000 us: kernels of 1000 and 2000 us.
        samples = [line("a", 1000, 4.0, 1.0), line("b", 2000, 2.0, 0.5)]
        oracle = strategy_summary(samples, "oracle")
        self.assertAlmostEqual(oracle["geomean"], 4.0)
        self.assertAlmostEqual(oracle["geomean_tf32"], 1.0)
        random = strategy_summary(samples, "random")  # the mean of the logs of both
        self.assertAlmostEqual(random["geomean"], math.sqrt(8.0))
        self.assertAlmostEqual(random["geomean_tf32"], math.sqrt(0.5))

    def test_success_is_over_eager_fp32(self):
        self.assertTrue(analysis.success(line("a", 1000, 4.0, 0.9)))
        self.assertFalse(analysis.success(line("a", 1000, 0.9, 4.0)))

    def test_matched_precision_is_unknown_where_a_kernel_lacks_it(self):
        samples = [line("a", 1000, 4.0, 1.0), line("b", 2000, 2.0)]
        self.assertIsNone(strategy_summary(samples, "random")["geomean_tf32"])
        self.assertAlmostEqual(strategy_summary(samples, "random")["geomean"], math.sqrt(8.0))
        self.assertIsNone(analysis.best_speedup_tf32(samples))
        self.assertEqual(analysis.best_speedup_tf32(samples[:1]), 1.0)

    def test_old_measurements_have_no_matched_precision(self):
        samples = [line("a", 1000, 4.0), line("b", 2000, 2.0)]
        self.assertIsNone(strategy_summary(samples, "oracle")["geomean_tf32"])


class Rankings(unittest.TestCase):
    # Three kernels, fastest first; surprisal and the cost model each rank them their own way.
    samples = [line("a", 1000, 4.0, surprisal=1.0, predicted=1.5),
               line("b", 2000, 2.0, surprisal=3.0, predicted=0.5),
               line("c", 4000, 1.0, surprisal=2.0, predicted=2.5)]

    def test_each_ranking_times_its_first_k_and_keeps_the_fastest(self):
        picks = {strategy: strategy_summary(self.samples, strategy)["geomean"]
                 for strategy in ["surprise", "surprise-top2", "confidence", "model",
                                  "model-top2", "model-top3"]}
        self.assertEqual(picks, {"surprise": 2.0, "surprise-top2": 2.0, "confidence": 4.0,
                                 "model": 1.0, "model-top2": 4.0, "model-top3": 4.0})

    def test_model_strategies_only_with_predictions(self):
        self.assertNotIn("model-top3", analysis.strategy_names([3], model=False))
        self.assertEqual(analysis.strategy_names([3], model=True),
                         ["oracle", "random", "confidence", "surprise", "model", "random-3",
                          "confidence-top3", "surprise-top3", "model-top3"])


if __name__ == "__main__":
    unittest.main()
