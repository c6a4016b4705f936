#!/usr/bin/env python3
"""Overhead and repeatability of verification and timing, on the GPU machine.

    python3 bench/runner-overhead.py KOPT RUNNER CANDIDATES.mlir OUTDIR

Runs kb-verify and kb-time{strategy=all} over every candidate twice, in two separate kopt
processes (each with its own runner, no result cache), then reports:
- overhead: each run's wall time against the GPU time its candidates' kernels took (the timed
  repetitions plus the verification trials and warm-ups, at each candidate's median);
- repeatability: for each candidate timed in both runs, the difference of the two medians.
"""
import pathlib
import statistics
import subprocess
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "python"))  # kopt package
from kopt import measurements  # noqa: E402

kopt, runner, candidates, outdir = sys.argv[1:5]
PIPELINE = ("builtin.module(kb-verify{{runner=\"{r}\" timeout=60 cache=none}},"
            "kb-time{{runner=\"{r}\" strategy=all timeout=120 cache=none}})").format(r=runner)
TRIALS, WARMUPS = 5, 2


def run(index):
    out = f"{outdir}/run{index}.mlir"
    start = time.monotonic()
    with open(f"{outdir}/run{index}.log", "w") as log:
        subprocess.run([kopt, candidates, f"--pass-pipeline={PIPELINE}", "-o", out],
                       stderr=log, check=True)
    wall = time.monotonic() - start
    results = {}  # the verified candidates: verdict, median, repetitions, speedup
    for m in measurements.export(out, kopt):
        if m.verdict:
            results[m.candidate] = (m.verdict, m.timing and m.timing.median_us,
                                    m.timing.n if m.timing else 0, m.speedup)
    return wall, results


runs = [run(1), run(2)]
for index, (wall, results) in enumerate(runs, 1):
    timed = [r for r in results.values() if r[1] is not None]
    kernel_s = sum(median * (n + TRIALS + WARMUPS) for _, median, n, _ in timed) * 1e-6
    correct = sum(1 for r in results.values() if r[0] == "correct")
    print(f"run {index}: {len(results)} candidates, {correct} correct, {len(timed)} timed; "
          f"wall {wall:.1f} s; candidate kernel time {kernel_s:.3f} s; "
          f"wall / kernel time {wall / kernel_s:.1f}")
(_, first), (_, second) = runs
diffs = []
for name, (verdict, median, _, _) in first.items():
    other = second.get(name, (None, None))[1]
    if median and other:
        diffs.append((abs(other - median) / median * 100, name, median, other))
diffs.sort()
long = [d for d in diffs if d[2] >= 100]
print(f"repeatability over {len(diffs)} candidates timed twice: median |diff| "
      f"{statistics.median(d[0] for d in diffs):.2f}%, max {diffs[-1][0]:.2f}% ({diffs[-1][1]})")
if long:
    print(f"candidates of 100 us or more: {len(long)}, max |diff| {max(d[0] for d in long):.2f}%, "
          f"within 2%: {sum(1 for d in long if d[0] <= 2)}")
best = min((r[1], n, r[3]) for n, r in first.items() if r[1])
print(f"fastest candidate (run 1): {best[1]} {best[0]:.1f} us, speedup {best[2]}")
