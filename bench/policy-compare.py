#!/usr/bin/env python3
"""Two policies side by side on the same tasks, from kb-export-measurements files (markdown).

    bench/policy-compare.py A.jsonl B.jsonl

Per task both files hold, and policy: the samples' correct share, fast_1 (the share correct AND faster than eager,
the study's measure), the best speedup among them, and the distinct decision lists; then the
means over tasks (geometric for the best speedup); B against A within task (the geometric mean
of best-speedup ratios, the mean fast_1 and correct-share differences), then each side's fast_1
and best speedup, with 95% intervals from resampling tasks (10,000 resamples, seed 0): the task
is the unit of independence.
"""
import json
import math
import pathlib
import random
import sys
from collections import defaultdict

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "python"))  # the kopt package
sys.path.insert(0, str(ROOT / "python" / "study"))  # its statistics
from kopt import measurements  # noqa: E402
from kopt.tables import markdown_header  # noqa: E402
import stats  # noqa: E402


def load(path):
    tasks = defaultdict(list)
    for m in measurements.read(path):
        tasks[m.task].append(m)
    return tasks


def task_stats(samples):
    # Samples the evaluator never reached (a run cut short) are left out, not counted as failures.
    samples = [s for s in samples if s.verdict]
    n = len(samples)
    correct = [s for s in samples if s.verdict == "correct"]
    speedups = [s.speedup or 0.0 for s in correct]
    untimed = sum(s.speedup is None for s in correct)
    distinct = {json.dumps(s.decisions, sort_keys=True) for s in samples}
    return {
        "n": f"{n} ({untimed} untimed)" if untimed else n,
        "correct": len(correct) / n,
        "fast_1": sum(x > 1 for x in speedups) / n,
        "best": max(speedups, default=0.0),
        "distinct": len(distinct),
    }


def main():
    a_path, b_path = sys.argv[1], sys.argv[2]
    a, b = load(a_path), load(b_path)
    print(markdown_header(["task", "verified A / B", "correct A / B", "fast_1 A / B",
                           "best speedup A / B", "distinct A / B"]))
    rows = []
    for task in sorted(set(a) & set(b)):
        sa, sb = task_stats(a[task]), task_stats(b[task])
        rows.append((sa, sb))
        print(f"| {task} | {sa['n']} / {sb['n']} | {sa['correct']:.2f} / {sb['correct']:.2f} | "
              f"{sa['fast_1']:.3f} / {sb['fast_1']:.3f} | {sa['best']:.3f} / {sb['best']:.3f} | "
              f"{sa['distinct']} / {sb['distinct']} |")

    def average(values):
        return sum(values) / len(values)

    def mean(key, which):
        return average([r[which][key] for r in rows])

    def geomean(which):
        return math.exp(average([math.log(max(r[which]["best"], 1e-9)) for r in rows]))

    print(f"| mean of {len(rows)} tasks | | {mean('correct', 0):.2f} / {mean('correct', 1):.2f} | "
          f"{mean('fast_1', 0):.3f} / {mean('fast_1', 1):.3f} | "
          f"{geomean(0):.3f} / {geomean(1):.3f} (geometric) | "
          f"{mean('distinct', 0):.1f} / {mean('distinct', 1):.1f} |")
    rng = random.Random(0)

    def within(name, effect, combine, form):
        """`effect` of each task (None: undefined there), combined over tasks."""
        units = [u for u in (effect(sa, sb) for sa, sb in rows) if u is not None]
        left_out = len(rows) - len(units)
        if not units:
            print(f"{name}: undefined ({left_out} tasks, none with it defined)")
            return
        low, high = stats.bootstrap_ci(units, combine, 10000, rng)
        print(f"{name}: {form.format(combine(units))} [{form.format(low)}, {form.format(high)}]"
              + (f" ({left_out} tasks without a timed correct sample on a side left out)"
                 if left_out else ""))

    def log_ratio(sa, sb):
        return math.log(sb["best"] / sa["best"]) if sa["best"] > 0 and sb["best"] > 0 else None

    print("\nB against A within task (95% intervals from resampling tasks):")
    within("best speedup, B / A (geometric mean)", log_ratio,
           lambda units: math.exp(average(units)), "{:.3f}")
    within("fast_1, B - A", lambda sa, sb: sb["fast_1"] - sa["fast_1"], average, "{:+.3f}")
    within("correct share, B - A", lambda sa, sb: sb["correct"] - sa["correct"], average,
           "{:+.3f}")
    print("\nEach side over the tasks (95% intervals from resampling tasks):")
    for label, which in (("A", 0), ("B", 1)):
        within(f"{label} fast_1", lambda *sides: sides[which]["fast_1"], average, "{:.3f}")
        within(f"{label} best speedup (geometric mean)",
               lambda *sides: math.log(sides[which]["best"]) if sides[which]["best"] > 0 else None,
               lambda units: math.exp(average(units)), "{:.3f}")
    only = sorted(set(a) ^ set(b))
    print(f"\nA: {a_path}\nB: {b_path}" + (f"\nIn one file only (left out): {', '.join(only)}"
                                          if only else ""))


if __name__ == "__main__":
    main()
