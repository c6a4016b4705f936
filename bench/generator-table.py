#!/usr/bin/env python3
"""The generator's must-show figures (issue: a generator as hard to choose from as a model), per
task and pooled, from one kb-export-measurements file of N samples per task (markdown).

    bench/generator-table.py compare-base.jsonl

Per task: the samples verified; distinct decision lists and distinct kernels (a sample marked
`duplicate_of` compiled to the same kernel as an earlier one); the distinct mean log-probs among
the distinct correct kernels (surprisal can choose only where there are two or more); the correct
share; fast_1 (correct and faster than eager fp32); and the best speedup under both conventions:
over eager fp32 (KernelBench's) and over eager with TF32 allowed (matched precision).
"""
import json
import math
import pathlib
import sys
from collections import defaultdict

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "python"))  # kopt package
from kopt import measurements  # noqa: E402
from kopt.tables import markdown_table  # noqa: E402


def task_stats(samples):
    # Samples the evaluator never reached (a run cut short) are left out, not counted as failures.
    samples = [s for s in samples if s.verdict]
    correct = [s for s in samples if s.verdict == "correct"]
    kernels = [s for s in samples if not s.duplicate_of]
    correct_kernels = [s for s in kernels if s.verdict == "correct" and s.logprob]
    fp32 = [s.speedup for s in correct if s.speedup is not None]
    tf32 = [s.speedup_tf32 for s in correct if s.speedup_tf32 is not None]
    return {
        "n": len(samples),
        "lists": len({json.dumps(s.decisions, sort_keys=True) for s in samples}),
        "kernels": len(kernels),
        "logprobs": len({round(s.logprob.surprisal, 9) for s in correct_kernels}),
        "correct": len(correct) / len(samples),
        "failed": len(samples) - len(correct),
        "fast_1": sum(x > 1 for x in fp32) / len(samples),
        "best": max(fp32, default=0.0),
        "best_tf32": max(tf32, default=0.0) if tf32 else None,
    }


def geomean(values):
    values = [max(v, 1e-9) for v in values]
    return math.exp(sum(map(math.log, values)) / len(values))


def main():
    tasks = defaultdict(list)
    for m in measurements.read(sys.argv[1]):
        tasks[m.task].append(m)
    stats = {task: task_stats(samples) for task, samples in sorted(tasks.items())}
    stats = {task: s for task, s in stats.items() if s["n"]}
    fmt = lambda v: "-" if v is None else f"{v:.3f}"  # noqa: E731
    rows = [[task, s["n"], s["lists"], s["kernels"], s["logprobs"], f"{s['correct']:.2f}",
             s["failed"], f"{s['fast_1']:.3f}", fmt(s["best"]), fmt(s["best_tf32"])]
            for task, s in stats.items()]
    values = list(stats.values())
    mean = lambda key: sum(s[key] for s in values) / len(values)  # noqa: E731
    tf32_best = [s["best_tf32"] for s in values if s["best_tf32"] is not None]
    rows.append([f"{len(values)} tasks", sum(s["n"] for s in values), f"{mean('lists'):.1f}",
                 f"{mean('kernels'):.1f}",
                 f"{sum(s['logprobs'] >= 2 for s in values)} with >= 2",
                 f"{sum(s['n'] * s['correct'] for s in values) / sum(s['n'] for s in values):.3f}",
                 f"{sum(s['failed'] > 0 for s in values)} with failures", f"{mean('fast_1'):.3f}",
                 f"{geomean([s['best'] for s in values]):.3f} (geometric)",
                 f"{geomean(tf32_best):.3f} (geometric, {len(tf32_best)} tasks)" if tf32_best
                 else "-"])
    print(markdown_table(["task", "samples", "distinct lists", "distinct kernels",
                          "distinct log-probs (correct kernels)", "correct", "failed", "fast_1",
                          "best vs eager fp32", "best vs eager TF32"], rows))


if __name__ == "__main__":
    main()
