#!/usr/bin/env python3
"""End to end: a small study on the CPU with the recorded H200 rewards of bench/rewards/ (two
tasks, 2 seeds, 16 samples, 2 TTT steps of 8 rollouts), into a temporary directory; then a
resumed run and a run with other options; and a Best-of-N run without TTT. kopt is $KOPT's, or
the dev build's:

    KOPT=build/dev/bin/kopt python3 -m pytest python/study/test_study.py
"""

import json
import shutil
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

from kopt.paths import REPO, find_kopt

HERE = Path(__file__).resolve().parent
REWARDS = REPO / "results" / "rewards-h200" / "rewards.jsonl"
TASKS = sorted(str(p) for p in (REPO / "bench" / "rewards").glob("*.mlir"))
KOPT = find_kopt()


class RecordedStudy(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = Path(tempfile.mkdtemp(prefix="kopt-study-"))
        # A base policy that is not uniform, so that surprisal varies: as for
        # results/study-recorded, a few GRPO steps from the conventional prior.
        cls.policy = cls.tmp / "policy.json"
        both = cls.tmp / "tasks.mlir"
        both.write_text("".join(Path(t).read_text() for t in TASKS))
        subprocess.run([KOPT, str(both), "-o", "/dev/null",
                        "--pass-pipeline=builtin.module(kb-train{steps=10 batch=2 group=8 split= "
                        f"prior=conventional rewards={REWARDS} out={cls.policy}}})"],
                       check=True, stderr=subprocess.DEVNULL)
        cls.run_result = cls.study("run")
        cls.dir = cls.tmp / "results" / "t"
        cls.numbers = json.loads((cls.dir / "study.json").read_text())

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp)

    @classmethod
    def study(cls, command, *extra, samples=16, name="t"):
        arguments = [sys.executable, str(HERE / "study.py"), command, "--name", name,
                     "--results", str(cls.tmp / "results"), "--reps", "200"]
        if command == "run":
            arguments += ["--tasks", *TASKS, "--seeds", "2", "--samples", str(samples),
                          "--ttt-steps", "2", "--ttt-n", "8", "--policy", str(cls.policy),
                          "--rewards", str(REWARDS), "--kopt", KOPT, *extra]
        else:
            arguments += extra
        return subprocess.run(arguments, capture_output=True, text=True)

    def test_run_succeeded_with_progress(self):
        self.assertEqual(self.run_result.returncode, 0, self.run_result.stderr)
        self.assertIn("[20/20] probe softsign seed 1", self.run_result.stdout)
        self.assertIn("ETA", self.run_result.stdout)

    def test_outputs_exist(self):
        for name in ["study.json", "REPORT.md", "bon.png", "strategies.png", "scatter.png",
                     "entropy.png"]:
            self.assertGreater((self.dir / name).stat().st_size, 0, name)
        report = (self.dir / "REPORT.md").read_text()
        self.assertIn("recorded rewards", report)
        self.assertIn("study.py run --name t", report)

    def test_best_of_n_is_non_decreasing_in_k(self):
        curve = self.numbers["best_of_n"]["scheduled"]
        self.assertEqual([p["k"] for p in curve], [1, 2, 4, 8, 16])
        values = [p["success"] for p in curve]
        self.assertEqual(values, sorted(values))
        for p in curve:
            self.assertTrue(0 <= p["ci"][0] <= p["ci"][1] <= 1)

    def test_oracle_is_best(self):
        table = self.numbers["selection"]["all"]["strategies"]
        oracle = table["oracle"]
        self.assertEqual(oracle["timed_mean"], max(s["timed_mean"] for s in table.values()))
        for name, s in table.items():
            self.assertGreaterEqual(oracle["geomean"] + 1e-12, s["geomean"], name)
            for best, chosen in zip(oracle["fast"], s["fast"]):
                self.assertGreaterEqual(best["value"] + 1e-12, chosen["value"], name)
                self.assertTrue(chosen["ci"][0] <= chosen["value"] <= chosen["ci"][1], name)
            self.assertEqual(s["units"], 4)
            self.assertEqual(s["tasks"], 2)
        self.assertLessEqual(table["surprise-top3"]["timed_mean"], 3)
        self.assertEqual(table["random"]["timed_total"], 0)
        # the shipped cost model's strategies (kb-predict in the measure phase)
        self.assertEqual((table["model"]["timed_total"], table["model-top3"]["units"]), (0, 4))
        self.assertIn(("model-top3", "surprise-top3"),
                      [(c["a"], c["b"]) for c in self.numbers["selection"]["all"]["comparisons"]])
        # more timings never lose in expectation
        self.assertLessEqual(table["random-1"]["fast"][0]["value"],
                             table["random-3"]["fast"][0]["value"] + 1e-12)

    def test_ttt(self):
        ttt = self.numbers["ttt"]
        self.assertEqual([s["step"] for s in ttt["steps"]], [1, 2])
        self.assertEqual(set(ttt["variants"]), {"last", "best_of_adaptation", "early_stop"})
        for rows in ttt["variants"].values():
            for row in rows:
                self.assertTrue(0 <= row["fast_1"] <= 1)
                self.assertTrue(row["equivalent_k"] is None or row["equivalent_k"] >= 0)
        boa = ttt["variants"]["best_of_adaptation"][-1]["fast_1"]
        self.assertEqual(boa, max(s["fast_1"] for s in ttt["steps"]))

    def test_correlations_and_probe(self):
        surprisal = self.numbers["correlation"]["surprisal"]
        self.assertGreater(surprisal["pooled"]["n"], 10)
        self.assertEqual(self.numbers["degenerate"], [])  # the trained policy is not uniform
        self.assertIsNotNone(surprisal["meta"]["rho"])
        self.assertEqual(len(surprisal["per_task"]), 2)
        self.assertTrue(self.numbers["correlation"]["features"])
        self.assertEqual([p["step"] for p in self.numbers["probe"]], [1, 2])
        hypotheses = {h["id"]: h for h in self.numbers["hypotheses"]}
        self.assertEqual(list(hypotheses), ["H1", "H2", "H3", "H4", "H5", "H6"])
        for h in hypotheses.values():
            self.assertIn(h["verdict"], ("held", "not held", "undecided"))
        # 16 samples: K = 32 is never drawn, so H1 has no interval and stays undecided
        self.assertIsNone(hypotheses["H1"]["ci"])
        self.assertEqual(hypotheses["H1"]["verdict"], "undecided")
        self.assertIsNotNone(hypotheses["H5"]["ci"])
        self.assertIsNotNone(hypotheses["H6"]["ci"])  # the shipped cost model ranked the kernels
        self.assertIn("## Hypotheses", (self.dir / "REPORT.md").read_text())

    def test_pool_gives_the_same_units(self):
        pooled = self.study("run", "--no-report", "--runners", "3", name="pool")
        self.assertEqual(pooled.returncode, 0, pooled.stderr)
        self.assertIn("[20/20]", pooled.stdout)
        self.assertRegex(pooled.stdout, r"\(runner [123]/3\)")
        for task in ["row_sum", "softsign"]:
            for seed in [0, 1]:
                for name in ["select/selections.json", "measure/measurements.jsonl",
                             "ttt/ttt.jsonl", "probe/probe.json"]:
                    one = self.dir / "raw" / task / f"seed{seed}" / name
                    pool = self.tmp / "results" / "pool" / "raw" / task / f"seed{seed}" / name
                    self.assertEqual(one.read_text(), pool.read_text(), f"{task} {seed} {name}")
        refused = self.study("run", "--runners", "0", name="pool")
        self.assertEqual(refused.returncode, 1)
        self.assertIn("--runners must be 1 or more", refused.stderr)

    def test_pool_stops_at_the_first_failure(self):
        # A kopt that fails from its 5th call on: a sample unit calls it twice, so the third
        # unit fails; the units not yet begun must not run after that.
        calls = self.tmp / "calls"
        kopt = self.tmp / "failing-kopt"
        kopt.write_text(f"#!/bin/sh\necho >> {calls}\n"
                        f"[ $(wc -l < {calls}) -lt 5 ] || exit 1\nexec {KOPT} \"$@\"\n")
        kopt.chmod(0o755)
        stopped = self.study("run", "--no-report", "--runners", "2", "--seeds", "8",
                             "--kopt", str(kopt), name="failing")
        self.assertEqual(stopped.returncode, 1)
        self.assertLess(len(calls.read_text().splitlines()), 10)  # of 32 for all 16 units

    def test_timing(self):
        timing = self.numbers["timing"]
        self.assertEqual(timing["mode"], "recorded")
        self.assertEqual(timing["gpu_seconds"], 0)
        self.assertGreater(timing["wall_seconds"], 0)

    def test_best_of_n_run_without_ttt(self):
        result = self.study("run", "--ttt-steps", "0", samples=8, name="bon")
        self.assertEqual(result.returncode, 0, result.stderr)
        self.assertIn("[12/12] select softsign seed 1", result.stdout)  # 3 phases, no ttt
        directory = self.tmp / "results" / "bon"
        self.assertFalse((directory / "raw" / "softsign" / "seed1" / "ttt").exists())
        self.assertFalse((directory / "entropy.png").exists())
        report = (directory / "REPORT.md").read_text()
        self.assertIn("no TTT", report)
        self.assertIn("Not in this run (`--ttt-steps 0`).", report)
        self.assertNotIn("## Over-sharpening probe", report)
        numbers = json.loads((directory / "study.json").read_text())
        self.assertEqual(numbers["best_of_n"]["scheduled"][-1]["k"], 8)
        h2 = next(h for h in numbers["hypotheses"] if h["id"] == "H2")
        self.assertEqual((h2["quantity"], h2["verdict"]), ("no TTT in this run", "undecided"))

    def test_z_resume_and_other_options(self):
        # runs last (z): it changes the study directory
        shutil.rmtree(self.dir / "raw" / "softsign" / "seed1" / "probe")
        # The same policy under another name resumes, and the reproduction line names it.
        moved = self.tmp / "same-policy.json"
        shutil.copy(self.policy, moved)
        resumed = self.study("run", "--no-report", "--policy", str(moved))
        self.assertEqual(resumed.returncode, 0, resumed.stderr)
        self.assertIn("19 of 20 units already done", resumed.stdout)
        config = json.loads((self.dir / "config.json").read_text())
        self.assertIn(f"--policy {moved}", config["command"])
        self.assertIn("[20/20] probe softsign seed 1", resumed.stdout)
        self.assertNotIn("[19/20]", resumed.stdout)
        # A task-seed that had no candidates is done again, all five of its units.
        sampled = self.dir / "raw" / "softsign" / "seed0" / "sample" / "unit.json"
        sampled.write_text(json.dumps({**json.loads(sampled.read_text()), "candidates": 0}))
        again = self.study("run", "--no-report")
        self.assertEqual(again.returncode, 0, again.stderr)
        self.assertIn("softsign seed 0 had no candidates: done again", again.stdout)
        self.assertIn("15 of 20 units already done", again.stdout)
        other = self.study("run", samples=8)
        self.assertEqual(other.returncode, 1)
        self.assertIn("other options (samples)", other.stderr)
        # A run from before the 1% timings (no "timing" in its config) timed to 5%: not resumed.
        saved = self.dir / "config.json"
        current = saved.read_text()
        saved.write_text(json.dumps({k: v for k, v in json.loads(current).items()
                                     if k != "timing"}))
        earlier = self.study("run", "--no-report")
        saved.write_text(current)
        self.assertEqual(earlier.returncode, 1)
        self.assertIn("other options (timing)", earlier.stderr)
        # Another kopt build is refused; a run from before kopt's version was recorded resumes.
        config = json.loads(current)
        self.assertTrue(config["kopt"].startswith("kopt "), config["kopt"])
        self.assertEqual(config["device"], "recorded")
        saved.write_text(json.dumps({**config, "kopt": "kopt 0.0.0 (elsewhere)"}))
        other_kopt = self.study("run", "--no-report")
        self.assertEqual(other_kopt.returncode, 1)
        self.assertIn("other options (kopt)", other_kopt.stderr)
        older = {k: v for k, v in config.items() if k not in ("kopt", "cost_model",
                                                              "cost_model_sha256")}
        saved.write_text(json.dumps(older))
        for _ in range(2):  # and resumes again: the first resumption wrote nothing new in
            unrecorded = self.study("run", "--no-report")
            self.assertEqual(unrecorded.returncode, 0, unrecorded.stderr)
            resumed = json.loads(saved.read_text())
            self.assertNotIn("kopt", resumed)
            self.assertEqual((resumed["cost_model"], resumed["cost_model_sha256"]), ("", None))
        saved.write_text(current)
        report = self.study("report")
        self.assertEqual(report.returncode, 0, report.stderr)
        # a re-analysis under another name leaves REPORT.md and its plots alone
        before = (self.dir / "REPORT.md").read_bytes()
        again = self.study("report", "--report", "REANALYSIS.md")
        self.assertEqual(again.returncode, 0, again.stderr)
        self.assertEqual((self.dir / "REPORT.md").read_bytes(), before)
        for name in ["REANALYSIS.md", "reanalysis-study.json", "reanalysis-bon.png"]:
            self.assertTrue((self.dir / name).exists(), name)
        refused = self.study("report", "--report", "../x.md")
        self.assertEqual(refused.returncode, 1)
