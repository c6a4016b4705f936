"""The bench tables made from measurements keep the text they had when they read the IR: run as
their users run them, with $KOPT (or the dev build's kopt)."""

import json
import os
import subprocess
import sys

import pytest

from kopt import measurements
from kopt.paths import REPO, TASK_DIR, find_kopt

BENCH = REPO / "bench"

# bench/candidates-table.py's lines for the recorded ReLU example after kb-select, as the
# script printed them when it read the IR text.
CANDIDATES_TABLE = """\
relu c0 correct median_us 3120.0 speedup 0.978 surprisal 0.3000
relu c1 correct median_us 3046.0 speedup 1.0016 surprisal 0.5000
relu c2 correct median_us 3031.0 speedup 1.0066 surprisal 1.6000 selected surprise-top3
relu c3 unwritten_output surprisal 0.8000 1024 output elements never written (the last partial block)
relu c4 correct median_us 3058.0 speedup 0.9977 surprisal 2.0000
relu c5 correct median_us 3190.0 speedup 0.9564 surprisal 1.1000
relu c6 correct median_us 3040.0 speedup 1.0036 surprisal 1.8000
relu c7 incorrect surprisal 0.4000 max abs error 0.73 at [4095, 393215]
"""


@pytest.fixture(scope="module")
def kopt():
    return find_kopt()


def run_script(kopt, name, *arguments, **options):
    return subprocess.run([sys.executable, str(BENCH / name), *map(str, arguments)],
                          capture_output=True, text=True, check=True,
                          env={**os.environ, "KOPT": kopt}, **options).stdout


def test_candidates_table(kopt, tmp_path):
    selected = tmp_path / "selected.mlir"
    subprocess.run([kopt, str(REPO / "examples" / "relu-recorded.mlir"), "-o", str(selected),
                    "--pass-pipeline=builtin.module(kb-select{strategy=surprise-top3})"],
                   check=True)
    assert run_script(kopt, "candidates-table.py", selected) == CANDIDATES_TABLE
    with open(selected) as stream:
        assert run_script(kopt, "candidates-table.py", stdin=stream) == CANDIDATES_TABLE


@pytest.fixture(scope="module")
def suite(kopt, tmp_path_factory):
    """A suite of one task (four ReLU candidates, compiled) and a run whose result cache has
    verified all four and timed the first."""
    root = tmp_path_factory.mktemp("suite")
    (root / "suite").mkdir()
    (root / "run").mkdir()
    subprocess.run([kopt, str(TASK_DIR / "019_ReLU.mlir"), "-o", str(root / "suite" / "019.mlir"),
                    "--pass-pipeline=builtin.module(kb-sample{n=4 seed=1},kb-lower-to-ptx)"],
                   check=True, capture_output=True)
    names = [m.candidate for m in measurements.export(root / "suite" / "019.mlir", kopt)]
    cache = [{"op": "verify", "task": "relu", "candidate": name,
              "result": {"verdict": "correct"}} for name in names]
    cache.append({"op": "time", "task": "relu", "candidate": names[0],
                  "result": {"median_us": 100.0, "q1_us": 99.0, "q3_us": 101.0,
                             "eager_median_us": 150.0}})
    (root / "run" / "cache.jsonl").write_text("".join(json.dumps(e) + "\n" for e in cache))
    return root


def test_suite_table(kopt, suite):
    lines = run_script(kopt, "suite-table.py", suite / "suite", suite / "run").splitlines()
    assert lines[2].startswith("| 019 relu | elementwise | 4/4 (")
    assert lines[2].endswith(" | 4 | 100.0 (99.0-101.0) | 150.0 | 1.500 (1.485-1.515) | - |")
    assert lines[-1] == ("1 tasks have a schedule space; 1 of them have a correct candidate "
                         "among those verified.")


def test_suite_table_measurements(kopt, suite):
    written = run_script(kopt, "suite-table.py", "--measurements", suite / "suite", suite / "run")
    lines = [json.loads(line) for line in written.splitlines()]
    exported = measurements.export(suite / "suite" / "019.mlir", kopt)
    assert sorted(line["candidate"] for line in lines) == sorted(m.candidate for m in exported)
    for line in lines:
        m = next(m for m in exported if m.candidate == line["candidate"])
        assert line["decisions"] == m.decisions
        assert line["verdict"] == "correct"
    timed = [line for line in lines if "speedup" in line]
    assert timed and all(line["speedup"] == 1.5 for line in timed)


def test_policy_compare(kopt, tmp_path):
    def lines(task, *speedups):
        return "".join(json.dumps({"task": task, "candidate": f"c{i}", "decisions": {"a": i},
                                   "verdict": "correct", "speedup": s}) + "\n"
                       for i, s in enumerate(speedups))
    (tmp_path / "a.jsonl").write_text(lines("t", 0.5, 2.0) + lines("u", 1.0))
    (tmp_path / "b.jsonl").write_text(lines("t", 0.5, 0.8, 0.9, 1.2) + lines("u", 1.5))
    table = run_script(kopt, "policy-compare.py", tmp_path / "a.jsonl", tmp_path / "b.jsonl")
    assert table.splitlines()[2] == ("| t | 2 / 4 | 1.00 / 1.00 | 0.500 / 0.250 | "
                                     "2.000 / 1.200 | 2 / 4 |")
    # Within task: best-speedup ratios 0.6 and 1.5 (geometric mean 0.949); fast_1 differences
    # -0.25 and +1; resampling 2 tasks gives intervals from the one task twice to the other.
    assert "best speedup, B / A (geometric mean): 0.949 [0.600, 1.500]" in table
    assert "fast_1, B - A: +0.375 [-0.250, +1.000]" in table
    assert "correct share, B - A: +0.000 [+0.000, +0.000]" in table
    # each side alone: A's fast_1 is 0.5 and 0, its best speedups 2 and 1
    assert "A fast_1: 0.250 [0.000, 0.500]" in table
    assert "A best speedup (geometric mean): 1.414 [1.000, 2.000]" in table


def test_policy_compare_leaves_out_a_ratio_without_a_correct_side(kopt, tmp_path):
    def lines(task, verdict, speedup):
        return json.dumps({"task": task, "candidate": "c", "decisions": {"a": 0},
                           "verdict": verdict, "speedup": speedup}) + "\n"
    (tmp_path / "a.jsonl").write_text(lines("t", "correct", 1.0) + lines("u", "incorrect", 1.0))
    (tmp_path / "b.jsonl").write_text(lines("t", "correct", 2.0) + lines("u", "correct", 2.0))
    table = run_script(kopt, "policy-compare.py", tmp_path / "a.jsonl", tmp_path / "b.jsonl")
    assert ("best speedup, B / A (geometric mean): 2.000 [2.000, 2.000] (1 tasks without a "
            "timed correct sample on a side left out)") in table
    assert "correct share, B - A: +0.500 [+0.000, +1.000]" in table
