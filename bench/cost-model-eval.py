#!/usr/bin/env python3
"""The learned cost model judged on measurements an H200 took (markdown on stdout).

    bench/cost-model-eval.py fit TRAIN.jsonl --policy policies/base.json --out policies/cost-model.json
    bench/cost-model-eval.py cv TRAIN.jsonl --policy policies/base.json [--folds 5]
    bench/cost-model-eval.py eval EVAL.jsonl --policy P --model policies/cost-model.json

TRAIN.jsonl and EVAL.jsonl hold N samples per task (bench/train-gpu.sh compare). Both commands
draw the samples again (kb-sample{n=64 seed=1}, as the comparison drew them), compile and tag
them here (kb-tag-features{ptxas=none}: the models read no register counts), and take their
measured verdicts and speedups back from the file (kb-recorded-rewards); no GPU.

fit: the model of all the training tasks' samples (kb-fit-cost-model, one thread: the same file
gives the same model bytes), the one kopt ships as policies/cost-model.json.

cv: a cross-validation grouped by task over the training tasks: the tasks are dealt into folds,
and each fold's tasks are ranked by a model fitted on the other folds' tasks only. Per task, and
per family, the within-task Spearman correlation of predicted and measured speedup over the
distinct correct kernels; their random-effects mean (Fisher z) with its interval.

eval: a model fitted on the training tasks ranks the evaluation tasks' samples. Per task, the
speedup each strategy selects and the timings it spends: model-top3 and surprise-top3 time the
first three distinct correct kernels of their ranking, random-3 three distinct correct kernels
at random (the exact expectation over 3-subsets), model and surprise none, the oracle all.
Pooled: fast_1 (the selection correct and faster than eager fp32) and the geometric mean of the
selected speedups, with 95% intervals from resampling tasks, and each strategy against
surprise-top3 within task. Then the verification budget kb-verify{top=16 by=model}: the share of
the distinct kernels it runs, how often the oracle's kernel is among them, and the best speedup
left after the cut against the oracle's.

A "kernel" is a sample's measured outcome: samples whose decisions meet in one kernel share its
cached measurement, so they share the speedup exactly (incorrect samples count by decisions).
"""
import argparse
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
from kopt.families import family  # noqa: E402
from kopt.paths import add_kopt_argument, find_kopt  # noqa: E402
from kopt.tables import markdown_table  # noqa: E402
import stats  # noqa: E402

STRATEGIES = ("model-top3", "surprise-top3", "random-3", "model", "surprise", "oracle")
FLOOR = 1e-6  # the speedup of "nothing correct selected", for geometric means
VERIFY_TOP = 16


def run(kopt, args):
    done = subprocess.run([kopt, *args], capture_output=True, text=True)
    if done.returncode:
        sys.exit(f"kopt {' '.join(args)}\n{done.stderr}")


def measured_module(kopt, args, work):
    """The samples of args.tasks drawn again, compiled, tagged, with their measured outcomes."""
    measured, tasks = f"{work}/measured.mlir", args.tasks[0]
    if len(args.tasks) > 1:
        tasks = f"{work}/tasks.mlir"
        pathlib.Path(tasks).write_text("".join(pathlib.Path(t).read_text() for t in args.tasks))
    run(kopt, [tasks, "-o", measured, "--pass-pipeline=builtin.module("
               f"kb-sample{{n={args.samples} seed={args.seed} policy={args.policy}}},"
               "kb-lower-to-ptx,kb-tag-features{ptxas=none},"
               f"kb-recorded-rewards{{table={args.measurements}}})"])
    return measured


def predicted(kopt, measured, model, out, fit_options=None):
    """The samples by task, each with the prediction of `model` (fitted first, on the module's
    tasks less those fit_options exclude, when fit_options is given)."""
    passes = [f"kb-fit-cost-model{{out={model} {fit_options}}}"] if fit_options is not None else []
    passes += [f"kb-predict{{model={model}}}", f"kb-export-measurements{{file={out}}}"]
    run(kopt, [measured, "-o", "/dev/null",
               "--pass-pipeline=builtin.module(" + ",".join(passes) + ")"])
    by_task = defaultdict(list)
    for m in measurements.read(out):
        by_task[m.task].append(m)
    return by_task


def sample(m):
    correct = m.verdict == "correct" and m.speedup is not None
    return {"correct": correct, "speedup": m.speedup if correct else 0.0,
            "predicted": m.predicted_speedup, "surprisal": m.logprob.surprisal,
            "kernel": m.speedup if correct else tuple(sorted((m.decisions or {}).items()))}


def distinct_correct(samples):
    """One sample per distinct correct kernel, the first of each."""
    seen, kernels = set(), []
    for s in samples:
        if s["correct"] and s["kernel"] not in seen:
            seen.add(s["kernel"])
            kernels.append(s)
    return kernels


def first_kernels(samples, key, k, correct_only=True):
    """The samples of the first k distinct kernels when ranked by `key`, highest first (ties in
    sample order)."""
    chosen, kernels = [], set()
    for s in sorted(samples, key=key, reverse=True):
        if correct_only and not s["correct"]:
            continue
        if s["kernel"] not in kernels:
            if len(kernels) == k:
                continue
            kernels.add(s["kernel"])
        chosen.append(s)
    return chosen


def spearman_over_kernels(samples):
    kernels = distinct_correct(samples)
    rho = stats.spearman([k["predicted"] for k in kernels], [k["speedup"] for k in kernels])
    return rho, len(kernels)


def selections(samples):
    """Per strategy: the selected speedup (geometric expectation for random-3), the chance it is
    faster than eager, and the distinct kernels timed."""
    by_model = lambda s: s["predicted"]  # noqa: E731
    by_surprise = lambda s: s["surprisal"]  # noqa: E731
    out = {}
    for name, key, k in (("model-top3", by_model, 3), ("surprise-top3", by_surprise, 3),
                         ("model", by_model, 1), ("surprise", by_surprise, 1)):
        chosen = first_kernels(samples, key, k)
        best = max((s["speedup"] for s in chosen), default=0.0)
        timed = len({s["kernel"] for s in chosen}) if k > 1 else 0
        out[name] = (best, float(best > 1), timed)
    kernels = [k["speedup"] for k in distinct_correct(samples)]
    logs = [math.log(max(v, FLOOR)) for v in kernels]
    if kernels:
        random3 = math.exp(stats.expected_at_subset_max(kernels, logs, 3))
        fast = stats.expected_at_subset_max(kernels, [float(v > 1) for v in kernels], 3)
    else:
        random3, fast = 0.0, 0.0
    out["random-3"] = (random3, fast, min(3, len(kernels)))
    oracle = max(kernels, default=0.0)
    out["oracle"] = (oracle, float(oracle > 1), len(kernels))
    return out


def geomean(values):
    return math.exp(sum(math.log(max(v, FLOOR)) for v in values) / len(values))


def interval(units, statistic, args, rng):
    low, high = stats.bootstrap_ci(units, statistic, args.reps, rng)
    return f"{statistic(units):.3f} [{low:.3f}, {high:.3f}]"


def meta_line(correlations):
    meta = stats.fisher_meta(correlations)
    if meta is None:
        return "no task with enough distinct correct kernels"
    return (f"{meta['rho']:+.3f} [{meta['ci'][0]:+.3f}, {meta['ci'][1]:+.3f}] over "
            f"{meta['tasks']} tasks (heterogeneity Q = {meta['q']:.1f} on {meta['dof']} df, "
            f"I^2 = {meta['i2']:.2f}; fixed effect {meta['fixed_rho']:+.3f})")


def cross_validate(kopt, args, work):
    measured = measured_module(kopt, args, work)
    tasks = sorted({m.task for m in measurements.read(args.measurements)})
    random.Random(args.fold_seed).shuffle(tasks)
    folds = [tasks[i::args.folds] for i in range(args.folds)]
    rows, by_family = [], defaultdict(list)
    for index, fold in enumerate(folds):
        model = f"{work}/fold{index}.json"
        options = f"rounds={args.rounds} exclude={','.join(fold)}"
        samples = predicted(kopt, measured, model, f"{work}/fold{index}.jsonl", options)
        for task in sorted(fold):
            rho, n = spearman_over_kernels([sample(m) for m in samples[task]])
            name = family(samples[task])
            by_family[name].append((rho, n))
            rows.append([task, name, index, len(samples[task]), n,
                         "-" if rho is None else f"{rho:+.2f}"])
    print(markdown_table(["task", "family", "fold", "samples", "distinct correct kernels",
                          "Spearman (predicted, measured)"], sorted(rows)))
    print()
    family_rows = [[name, len(studies), meta_line(studies)]
                   for name, studies in sorted(by_family.items())]
    print(markdown_table(["family", "tasks", "within-task Spearman, random-effects mean"],
                         family_rows))
    print()
    everything = [study for studies in by_family.values() for study in studies]
    print(f"All {len(everything)} training tasks, {args.folds} folds grouped by task: "
          f"within-task Spearman, random-effects mean {meta_line(everything)}.")


def fit(kopt, args, work):
    measured = measured_module(kopt, args, work)
    run(kopt, [measured, "-o", "/dev/null", "--pass-pipeline=builtin.module("
               f"kb-fit-cost-model{{out={args.out} rounds={args.rounds}}})"])
    print(f"fitted {args.out} on the samples of {args.measurements}")


def evaluate(kopt, args, work):
    measured = measured_module(kopt, args, work)
    by_task = predicted(kopt, measured, args.model, f"{work}/eval.jsonl")
    per_task, rows, correlations, budget = {}, [], [], {}
    for task, records in sorted(by_task.items()):
        samples = [sample(m) for m in records]
        rho, n = spearman_over_kernels(samples)
        correlations.append((rho, n))
        per_task[task] = selections(samples)
        verified = first_kernels(samples, lambda s: s["predicted"], VERIFY_TOP,
                                 correct_only=False)
        kept = max((s["speedup"] for s in verified if s["correct"]), default=0.0)
        oracle = per_task[task]["oracle"][0]
        all_kernels = len({s["kernel"] for s in samples})
        budget[task] = (len({s["kernel"] for s in verified}) / all_kernels,
                        float(oracle > 0 and kept == oracle),
                        kept / oracle if oracle > 0 else 1.0)
        rows.append([task, family(records), len(samples), n,
                     "-" if rho is None else f"{rho:+.2f}",
                     *(f"{per_task[task][name][0]:.3f}" for name in STRATEGIES),
                     f"{budget[task][0]:.2f}", "yes" if budget[task][1] else "no"])
    print(markdown_table(["task", "family", "samples", "distinct correct kernels",
                          "Spearman (predicted, measured)", *STRATEGIES,
                          f"top-{VERIFY_TOP} share verified", "oracle kept"], rows))
    print()

    tasks, rng = list(per_task), random.Random(0)
    pooled = []
    for name in STRATEGIES:
        fast1 = lambda ts, n=name: sum(per_task[t][n][1] for t in ts) / len(ts)  # noqa: E731
        speed = lambda ts, n=name: geomean([per_task[t][n][0] for t in ts])  # noqa: E731
        paired = lambda ts, n=name: geomean(  # noqa: E731
            [max(per_task[t][n][0], FLOOR) / max(per_task[t]["surprise-top3"][0], FLOOR)
             for t in ts])
        timed = sum(per_task[t][name][2] for t in tasks) / len(tasks)
        pooled.append([name, f"{timed:.1f}", interval(tasks, fast1, args, rng),
                       interval(tasks, speed, args, rng), interval(tasks, paired, args, rng)])
    print(markdown_table(["strategy", "kernels timed per task", "fast_1",
                          "selected speedup (geometric)",
                          "vs surprise-top3 within task (geometric)"], pooled))
    print()
    print(f"Within-task Spearman, random-effects mean: {meta_line(correlations)}.")
    print()
    share = lambda ts: sum(budget[t][0] for t in ts) / len(ts)  # noqa: E731
    kept = lambda ts: sum(budget[t][1] for t in ts) / len(ts)  # noqa: E731
    left = lambda ts: geomean([budget[t][2] for t in ts])  # noqa: E731
    print(f"kb-verify{{top={VERIFY_TOP} by=model}}: it runs {interval(tasks, share, args, rng)} "
          f"of the distinct kernels per task (mean); the oracle's kernel is among them in "
          f"{interval(tasks, kept, args, rng)} of the tasks; the best speedup left after the "
          f"cut over the oracle's, geometric mean {interval(tasks, left, args, rng)}.")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=("fit", "cv", "eval"))
    parser.add_argument("measurements", help="kb-export-measurements file of the samples")
    parser.add_argument("--policy", required=True, help="the policy the samples were drawn from")
    parser.add_argument("--model", help="eval: the cost model (fitted on training tasks)")
    parser.add_argument("--out", help="fit: where the model goes")
    parser.add_argument("--samples", type=int, default=64)
    parser.add_argument("--seed", type=int, default=1, help="kb-sample's seed")
    parser.add_argument("--tasks", nargs="+", help="the measurements' task files "
                        "(default: build/train/train.mlir for fit and cv, eval.mlir for eval)")
    parser.add_argument("--folds", type=int, default=5, help="cv: folds of tasks")
    parser.add_argument("--fold-seed", type=int, default=0, help="cv: seed of the task deal")
    parser.add_argument("--rounds", type=int, default=200, help="fit, cv: boosting rounds")
    parser.add_argument("--reps", type=int, default=10000, help="bootstrap resamples")
    add_kopt_argument(parser)
    args = parser.parse_args()
    if args.command == "eval" and not args.model:
        parser.error("eval needs --model")
    if args.command == "fit" and not args.out:
        parser.error("fit needs --out")
    if args.folds < 2:
        parser.error("--folds must be at least 2")
    args.tasks = args.tasks or [f"build/train/{'eval' if args.command == 'eval' else 'train'}.mlir"]
    kopt = find_kopt(args.kopt)
    with tempfile.TemporaryDirectory() as work:
        {"fit": fit, "cv": cross_validate, "eval": evaluate}[args.command](kopt, args, work)


if __name__ == "__main__":
    main()
