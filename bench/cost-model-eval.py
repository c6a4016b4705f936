#!/usr/bin/env python3
"""The learned cost model against surprisal on measurements already taken: for each task of a
measurements file of N samples per task (bench/train-gpu.sh compare), a model fitted on the other
tasks only (a cross-validation that holds out one task at a time) ranks the task's samples, and
the selection strategies are scored on the measured outcomes (markdown).

    bench/cost-model-eval.py compare-base.jsonl --policy policies/base.json [--rounds 200]

The samples are drawn again (kb-sample{n=64 seed=1}, as the comparison drew them), compiled and
tagged here (no GPU), and their measured verdicts and speedups come back from the file
(kb-recorded-rewards). Per task: the within-task Spearman correlation of predicted and measured
speedup among the distinct correct kernels; the speedup each strategy selects, timing only K samples:
model-top3 (the 3 correct samples predicted fastest), surprise-top3 (the 3 correct samples of
lowest mean log-prob), random-3 (the exact expectation over 3-subsets of the samples, the correct
among them timed), model and surprise (none timed), and the oracle (all timed). Pooled: fast_1
(the selected sample correct and faster than eager fp32) and the geometric-mean selected speedup,
each with a 95% interval from resampling tasks; the correlations as a random-effects mean.
"""
import argparse
import json
import math
import pathlib
import random
import subprocess
import sys
import tempfile
from collections import defaultdict

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "python"))  # the kopt package
sys.path.insert(0, str(ROOT / "python" / "study"))  # its statistics
from kopt import measurements  # noqa: E402
from kopt.paths import add_kopt_argument, find_kopt  # noqa: E402
from kopt.tables import markdown_table  # noqa: E402
import stats  # noqa: E402

STRATEGIES = ("model-top3", "surprise-top3", "random-3", "model", "surprise", "oracle")


def run(kopt, args):
    done = subprocess.run([kopt, *args], capture_output=True, text=True)
    if done.returncode:
        sys.exit(f"kopt {' '.join(args)}\n{done.stderr}")


def topk(samples, key, k):
    """The fastest of the k correct samples ranked first by `key` (descending), ties by order."""
    correct = [s for s in samples if s["correct"]]
    ranked = sorted(correct, key=key, reverse=True)[:k]
    return max((s["speedup"] for s in ranked), default=0.0)


def selected_speedups(samples):
    """Each strategy's selected speedup (0 where it selects nothing correct), and for random-3
    the exact expectation, with the chance its pick is faster than eager."""
    speedups = [s["speedup"] if s["correct"] else 0.0 for s in samples]
    predicted = lambda s: s["predicted"]  # noqa: E731
    surprisal = lambda s: s["surprisal"]  # noqa: E731
    chosen = {
        "model-top3": topk(samples, predicted, 3),
        "surprise-top3": topk(samples, surprisal, 3),
        "model": topk(samples, predicted, 1),
        "surprise": topk(samples, surprisal, 1),
        "oracle": max(speedups),
    }
    fast = {name: float(value > 1) for name, value in chosen.items()}
    # random-3: the fastest correct of a random 3-subset (a subset with none correct selects
    # nothing); exact over all subsets.
    chosen["random-3"] = stats.expected_at_subset_max(speedups, speedups, 3)
    fast["random-3"] = stats.expected_at_subset_max(speedups, [float(v > 1) for v in speedups], 3)
    return chosen, fast


def geomean(values):
    values = [max(v, 1e-6) for v in values]
    return math.exp(sum(map(math.log, values)) / len(values))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("measurements", help="kb-export-measurements file of the samples")
    parser.add_argument("--policy", required=True, help="the policy the samples were drawn from")
    parser.add_argument("--samples", type=int, default=64)
    parser.add_argument("--seed", type=int, default=1, help="kb-sample's seed")
    parser.add_argument("--tasks", default="build/train/eval.mlir",
                        help="the task files of the measurements, in one module")
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--reps", type=int, default=10000, help="bootstrap resamples")
    add_kopt_argument(parser)
    args = parser.parse_args()
    kopt = find_kopt(args.kopt)

    with tempfile.TemporaryDirectory() as work:
        measured = f"{work}/measured.mlir"
        run(kopt, [args.tasks, "-o", measured, "--pass-pipeline=builtin.module("
                   f"kb-sample{{n={args.samples} seed={args.seed} policy={args.policy}}},"
                   "kb-lower-to-ptx,kb-tag-features{ptxas=none},"
                   f"kb-recorded-rewards{{table={args.measurements}}})"])
        tasks = sorted({m.task for m in measurements.read(args.measurements)})
        per_task = {}
        for task in tasks:
            model, out = f"{work}/{task}.json", f"{work}/{task}.jsonl"
            run(kopt, [measured, "-o", "/dev/null", "--pass-pipeline=builtin.module("
                       f"kb-fit-cost-model{{out={model} rounds={args.rounds} exclude={task} "
                       "allow-eval=true},"
                       f"kb-predict{{model={model}}},kb-export-measurements{{file={out}}})"])
            per_task[task] = [
                {"correct": m.verdict == "correct", "speedup": m.speedup or 0.0,
                 "predicted": m.predicted_speedup, "surprisal": m.logprob.surprisal}
                for m in measurements.read(out) if m.task == task]

    rows, correlations, chosen, fast = [], [], defaultdict(dict), defaultdict(dict)
    for task, samples in per_task.items():
        # The correlation over distinct kernels: samples of one kernel share their measured
        # speedup and their prediction, and would count as independent evidence many times.
        kernels = sorted({(s["predicted"], s["speedup"]) for s in samples if s["correct"]})
        rho = stats.spearman([k[0] for k in kernels], [k[1] for k in kernels])
        correlations.append((rho, len(kernels)))
        chosen_here, fast_here = selected_speedups(samples)
        for name in STRATEGIES:
            chosen[name][task], fast[name][task] = chosen_here[name], fast_here[name]
        rows.append([task, len(samples), sum(s["correct"] for s in samples), len(kernels),
                     "-" if rho is None else f"{rho:+.2f}",
                     *(f"{chosen_here[name]:.3f}" for name in STRATEGIES)])
    print(markdown_table(["task", "samples", "correct", "correct kernels",
                          "Spearman (predicted, measured)",
                          *STRATEGIES], rows))

    meta = stats.fisher_meta(correlations)
    rng = random.Random(0)
    names = list(per_task)
    pooled = []
    for name in STRATEGIES:
        f1 = lambda ts, n=name: sum(fast[n][t] for t in ts) / len(ts)  # noqa: E731
        gm = lambda ts, n=name: geomean([chosen[n][t] for t in ts])  # noqa: E731
        f1_ci = stats.bootstrap_ci(names, f1, args.reps, rng)
        gm_ci = stats.bootstrap_ci(names, gm, args.reps, rng)
        pooled.append([name, f"{f1(names):.3f} [{f1_ci[0]:.3f}, {f1_ci[1]:.3f}]",
                       f"{gm(names):.3f} [{gm_ci[0]:.3f}, {gm_ci[1]:.3f}]"])
    # Within task: each strategy against surprise-top3, the paired log ratio of selections.
    paired = []
    for name in STRATEGIES:
        ratio = lambda ts, n=name: geomean(  # noqa: E731
            [max(chosen[n][t], 1e-6) / max(chosen["surprise-top3"][t], 1e-6) for t in ts])
        ci = stats.bootstrap_ci(names, ratio, args.reps, rng)
        paired.append(f"{ratio(names):.3f} [{ci[0]:.3f}, {ci[1]:.3f}]")
    print()
    print(markdown_table(["strategy (timings)", "fast_1", "selected speedup (geometric)",
                          "vs surprise-top3 within task (geometric)"],
                         [row + [p] for row, p in zip(pooled, paired)]))
    print()
    print(f"Within-task Spearman, random-effects mean over {meta['tasks']} tasks: "
          f"{meta['rho']:+.3f} [{meta['ci'][0]:+.3f}, {meta['ci'][1]:+.3f}], "
          f"heterogeneity Q = {meta['q']:.1f} on {meta['dof']} df, I^2 = {meta['i2']:.2f}; "
          f"fixed effect {meta['fixed_rho']:+.3f}.")


if __name__ == "__main__":
    main()
