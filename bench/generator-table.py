#!/usr/bin/env python3
"""The generator's must-show figures (issue: a generator as hard to choose from as a model), per
task and pooled, from one kb-export-measurements file of N samples per task (markdown).

    bench/generator-table.py compare-base.jsonl [LOWERED.mlir]

Per task: the samples verified; distinct decision lists and distinct kernels; the distinct mean
log-probs among the distinct correct kernels (surprisal can choose only where there are two or
more; a kernel's is that of its first sample); the correct share; fast_1 (correct and faster than
eager fp32); and the best speedup under both conventions: over eager fp32 (KernelBench's) and over
eager with TF32 allowed (matched precision).

Distinct decision lists may compile to one kernel (a decision that does not apply to the task).
LOWERED is the same samples compiled again on any machine, the IR that
`kopt TASK --pass-pipeline='builtin.module(kb-sample{...},kb-lower-to-ptx)'` prints for each task
(concatenated); a kernel is then its PTX and launch plan. Without it, a kernel is a decision list.
"""
import hashlib
import json
import math
import pathlib
import re
import sys
from collections import defaultdict

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "python"))  # kopt package
from kopt import measurements  # noqa: E402
from kopt.tables import markdown_table  # noqa: E402


def kernels_of(lowered):
    """Candidate name -> (its log-prob sum, a digest of its PTX and launch plan), from printed IR."""
    kernels = {}
    for line in open(lowered):
        line = line.strip()
        if line.startswith("kb.candidate @") and ' ptx "' in line:
            name = line[len("kb.candidate @"):].split(" ", 1)[0]
            logprob = float(line.split("logprob <sum = ", 1)[1].split(",", 1)[0])
            # The PTX and launch plan, without the attributes after them ({duplicate_of = @...}).
            kernel = re.sub(r" \{[^{}]*\}$", "", line.split(' ptx "', 1)[1])
            kernels[name] = (logprob, hashlib.sha256(kernel.encode()).hexdigest())
    return kernels


def task_stats(samples, kernel_of):
    # Samples the evaluator never reached (a run cut short) are left out, not counted as failures.
    samples = [s for s in samples if s.verdict]
    correct = [s for s in samples if s.verdict == "correct"]
    first = {}  # kernel -> its first sample
    for s in samples:
        first.setdefault(kernel_of(s), s)
    kernels = list(first.values())
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
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    tasks = defaultdict(list)
    for m in measurements.read(sys.argv[1]):
        tasks[m.task].append(m)
    if len(sys.argv) == 3:
        kernels = kernels_of(sys.argv[2])
        # The same samples: every one there, drawn with the same log-probability.
        other = [m.candidate for samples in tasks.values() for m in samples
                 if m.candidate not in kernels or not m.logprob
                 or abs(kernels[m.candidate][0] - m.logprob.sum) > 1e-9]
        if other:
            sys.exit(f"{sys.argv[2]} does not hold {len(other)} of the samples as they were "
                     f"drawn, the first {other[0]}")
        kernel_of = lambda m: kernels[m.candidate][1]  # noqa: E731
    else:
        kernel_of = lambda m: json.dumps(m.decisions, sort_keys=True)  # noqa: E731
    stats = {task: task_stats(samples, kernel_of) for task, samples in sorted(tasks.items())}
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
