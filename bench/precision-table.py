#!/usr/bin/env python3
"""A precision sweep's table from a run's result cache (bench/tasks-gpu.sh run: RUN_DIR/cache.jsonl),
markdown on stdout: per task, the distinct kernels verified and how many were correct, the fastest
correct one beside eager fp32 and eager TF32 timed in the same process, the fraction of the
physical limit, and the worst relative error among the correct and among the incorrect kernels.

    bench/precision-table.py RUN_DIR/cache.jsonl

The speedup's range is eager's q1 over the kernel's q3 to eager's q3 over the kernel's q1.
"""
import collections
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "python"))  # kopt package
from kopt import result_cache  # noqa: E402


def worst_error(results):
    """The largest max_rel_error among `results` ("-": none; "n/a": none recorded one)."""
    errors = [r["max_rel_error"] for r in results if "max_rel_error" in r]
    return f"{max(errors):.1e}" if errors else "n/a" if results else "-"


def main():
    cache = result_cache.read([sys.argv[1]])
    verdicts = collections.defaultdict(list)  # task -> verification results
    for (task, _), result in cache.verdicts.items():
        verdicts[task].append(result)
    fastest = cache.fastest_correct()
    print("| task | correct | best us (q1-q3) | eager fp32 us (q1-q3) | speedup (range) | of limit "
          "| eager TF32 us | worst rel error: correct / incorrect |")
    print("|---|---|---|---|---|---|---|---|")
    for task in sorted(verdicts):
        correct = [r for r in verdicts[task] if r["verdict"] == "correct"]
        incorrect = [r for r in verdicts[task] if r["verdict"] != "correct"]
        errors = f"{worst_error(correct)} / {worst_error(incorrect)}"
        counts = f"{len(correct)}/{len(verdicts[task])}"
        if task not in fastest:
            print(f"| {task} | {counts} | | | | | | {errors} |")
            continue
        t = fastest[task][1]
        eager, best = t["eager_median_us"], t["median_us"]
        print(f"| {task} | {counts} | {best:.1f} ({t['q1_us']:.1f}-{t['q3_us']:.1f}) "
              f"| {eager:.1f} ({t['eager_q1_us']:.1f}-{t['eager_q3_us']:.1f}) "
              f"| {eager / best:.3f} ({t['eager_q1_us'] / t['q3_us']:.3f}-"
              f"{t['eager_q3_us'] / t['q1_us']:.3f}) | {t['limit_us'] / best:.2f} "
              f"| {t.get('eager_tf32_median_us', float('nan')):.1f} | {errors} |")


if __name__ == "__main__":
    main()
