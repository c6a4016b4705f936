"""Every number of a study (python/study/study.py) from its raw unit outputs, and the study's
hypotheses (docs/study.md) decided on them. Standard library only.

A unit is one task and seed; a task's seeds share kernels and cached timings, so every interval
resamples tasks, each with all of its seeds (stats.cluster_bootstrap_ci). Units of tasks kopt
cannot schedule (no candidates) are listed but left out of the statistics; Best-of-N is also given
over all tasks, counting them as failures. Tasks whose distinct correct kernels have fewer than two
distinct mean log-probs are degenerate for surprisal: its analyses are over the other tasks, the
all-task figures beside.
"""

from __future__ import annotations

import json
import math
import random
from pathlib import Path

import stats
from kopt import measurements
from kopt.measurements import Measurement
from layout import GPU_PHASES, StudyError, phases_of, read_json, read_jsonl

# The study's published numbers (arXiv:2602.07670; 5 evaluation tasks x 2 seeds unless said).
PAPER = {
    "best_of_n": {1: 0.533, 2: 0.724, 4: 0.895, 8: 0.982, 16: 0.999, 32: 1.0, 64: 1.0},
    "best_of_n_20_tasks_k64": "18/20",
    "strategies": {"oracle": (1.0, 226.9), "surprise-top3": (1.0, 139.0),
                   "surprise": (0.8, 41.2), "random": (0.592, 30.0),
                   "confidence": (0.5, 11.6)},  # fast_1, mean speedup
    "ttt_best": (0.306, 0.113),  # fast_1 of the best checkpoint, +- over 3 seeds
    "rho_logprob_speedup": (-0.047, 0.27, 550),  # rho, p, correct samples
    "partial_rho_length": 0.003,
    "rho_length_speedup": -0.039,
    "tasks_logprob_sd_above_1": "9/20",
}
FAST_P = [1.0, 1.03, 1.1, 1.5]  # KernelBench's fast_p thresholds
FAST_P_CURVE = [round(0.5 * 1.05 ** i, 4) for i in range(0, 40)]  # 0.5x .. 3.2x, for the plot
BUDGETS = [1, 3, 8]  # timings per unit in the equal-budget table
# (a, b): a minus b, paired by unit
COMPARISONS = [("surprise", "confidence"), ("surprise-top3", "confidence-top3"),
               ("surprise-top3", "random-3"), ("surprise", "random"),
               ("oracle", "surprise-top3")]
# with a cost model's predictions (kb-predict), its strategies against surprisal's
MODEL_COMPARISONS = [("model", "surprise"), ("model-top3", "surprise-top3"),
                     ("model-top3", "random-3")]
SURPRISAL_DIGITS = 9  # mean log-probs equal to this many digits are one value


def success(line: Measurement) -> bool:
    """Correct and faster than eager at fp32 (KernelBench's convention, as every fast_p here)."""
    return line.verdict == "correct" and (line.speedup or 0) > 1


def log_or_none(value: float | None) -> float | None:
    return None if value is None else math.log(value)


def best_speedup_tf32(lines: list[Measurement]) -> float | None:
    """The best speedup over eager with TF32 allowed (matched precision) of the timed correct
    lines; None where any lacks it (measured before runners timed that baseline)."""
    found = [line.speedup_tf32 for line in lines if line.timed_correct]
    return max(found) if found and None not in found else None


def decisions_key(line: Measurement) -> str:
    return json.dumps(line.decisions, sort_keys=True)


def kernel_key(line: Measurement) -> str:
    """The kernel a line stands for. kopt's result cache keys a timing by the kernel's PTX and
    launch, so lines with the same timing (median, quartiles, repetitions) are one kernel timed
    once, whatever their decisions (two decision lists can lower to the same PTX); an untimed
    line is known by its decisions only."""
    if line.timing:
        timing = line.timing
        return json.dumps([timing.median_us, timing.q1_us, timing.q3_us, timing.n])
    return decisions_key(line)


def load_units(directory: Path, config: dict) -> list[dict]:
    units, missing = [], 0
    phases = phases_of(config)
    for task in config["tasks"]:
        for seed in config["seeds"]:
            raw = directory / "raw" / task["name"] / f"seed{seed}"
            done = {phase: raw / phase for phase in phases if (raw / phase).is_dir()}
            if len(done) < len(phases):
                missing += len(phases) - len(done)
                continue
            sample = read_json(done["sample"] / "unit.json")
            units.append({
                "task": task["name"], "seed": seed, "candidates": sample["candidates"],
                "reason": sample.get("reason"),
                "samples": measurements.read(done["measure"] / "measurements.jsonl"),
                "selections": {strategy: chosen and Measurement.from_json(chosen) for
                               strategy, chosen in
                               read_json(done["select"] / "selections.json").items()},
                "ttt": sorted(read_jsonl(done["ttt"] / "ttt.jsonl"), key=lambda r: r["step"])
                if "ttt" in done else [],
                "probe": read_json(done["probe"] / "probe.json") if "probe" in done else {},
                "seconds": {p: read_json(done[p] / "unit.json")["seconds"] for p in phases},
            })
    if missing:
        raise StudyError(f"{missing} units of {directory.name} are not done: resume the run "
                         f"({config['command']})")
    return units


def by_task(items: list[dict]) -> list[list[dict]]:
    """The clusters of the bootstrap: items grouped by their task, in first-seen order."""
    groups: dict[str, list[dict]] = {}
    for item in items:
        groups.setdefault(item["task"], []).append(item)
    return list(groups.values())


def task_kernels(units: list[dict]) -> dict[str, dict[str, dict]]:
    """Each task's distinct correct timed kernels over its seeds: the speedup, the mean over the
    kernel's decision lists of their surprisal (where sampled), and the features."""
    kernels: dict[str, dict[str, dict]] = {}
    for unit in units:
        for line in unit["samples"]:
            if not line.timed_correct:
                continue
            kernel = kernels.setdefault(unit["task"], {}).setdefault(kernel_key(line), {
                "speedup": line.speedup, "speedup_tf32": line.speedup_tf32,
                "features": line.features or {},
                "timing": line.timing, "surprisals": {}})
            if line.logprob:
                kernel["surprisals"][decisions_key(line)] = line.logprob.surprisal
    for task in kernels.values():
        for kernel in task.values():
            values = list(kernel["surprisals"].values())
            kernel["surprisal"] = stats.mean(values)
    return kernels


def degenerate_tasks(kernels: dict[str, dict[str, dict]]) -> list[str]:
    """Tasks with fewer than two distinct mean log-probs among their distinct correct kernels:
    every surprisal ranking there is sample order."""
    return sorted(task for task, found in kernels.items()
                  if len({round(k["surprisal"], SURPRISAL_DIGITS) for k in found.values()
                          if k["surprisal"] is not None}) < 2)


def eager_spread(kernels: dict[str, dict]) -> float:
    """Relative spread of eager's median as a task's kernels were compared against it: the
    standard deviation of log(speedup x median) over the task's kernels. kopt's timings pool
    eager's repetitions per task, so this is how far eager's median moved between timings."""
    logs = [math.log(k["speedup"] * k["timing"].median_us) for k in kernels.values()]
    return stats.stdev(logs) or 0.0


def kernel_outcomes(kernels: dict[str, dict]) -> None:
    """Adds to each kernel what a strategy that picks it scores: fast_p at each threshold (also
    the plot's), whether its speedup is above 1 with confidence, and its log speedup."""
    eager = eager_spread(kernels)
    for kernel in kernels.values():
        timing, speedup = kernel["timing"], kernel["speedup"]
        rel = stats.median_relative_se(timing.median_us, timing.q1_us, timing.q3_us, timing.n)
        kernel["interval"] = stats.speedup_interval(speedup, rel, eager)
        kernel["outcome"] = {
            "fast": [float(speedup > p) for p in FAST_P],
            "curve": [float(speedup > p) for p in FAST_P_CURVE],
            "confident": float(kernel["interval"] is not None and kernel["interval"][0] > 1),
            "log_speedup": math.log(speedup),
            # over eager with TF32 allowed; None where the measurements lack it
            "log_speedup_tf32": log_or_none(kernel["speedup_tf32"])}


def task_table(config: dict, units: list[dict], kernels: dict, degenerate: list[str]) -> list:
    table = []
    for task in config["tasks"]:
        mine = [u for u in units if u["task"] == task["name"]]
        surprisals = [s.logprob.surprisal for u in mine for s in u["samples"] if s.logprob]
        table.append({
            "task": task["name"], "file": Path(task["file"]).name,
            "candidates": mine[0]["candidates"] > 0,
            "reason": mine[0]["reason"],
            "seeds": [{"seed": u["seed"], "samples": len(u["samples"]),
                       "correct": sum(s.verdict == "correct" for s in u["samples"]),
                       "fast": sum(success(s) for s in u["samples"]),
                       "best_speedup": max([s.speedup or 0 for s in u["samples"]],
                                           default=None),
                       "best_speedup_tf32": best_speedup_tf32(u["samples"])} for u in mine],
            "kernels": len(kernels.get(task["name"], {})),
            "decision_lists": len({decisions_key(s) for u in mine for s in u["samples"]
                                   if s.timed_correct}),
            "degenerate": task["name"] in degenerate,
            "surprisal_sd": stats.stdev(surprisals),
        })
    return table


def best_of_n(config: dict, units: list[dict], scheduled: list[dict], reps: int,
              rng: random.Random) -> dict:
    n = config["samples"]
    ks = sorted({2 ** i for i in range(n.bit_length()) if 2 ** i <= n} | {n})

    def counts(unit):
        if not unit["candidates"]:
            return {"task": unit["task"], "n": n, "s": 0}  # no candidates: fails at every K
        return {"task": unit["task"], "n": len(unit["samples"]),
                "s": sum(success(s) for s in unit["samples"])}

    def curve(chosen):
        clusters = [[(u["n"], u["s"]) for u in task] for task in by_task(chosen)]
        return stats.best_of_k_curve(clusters, ks, reps, rng) if clusters else []

    mine = [counts(u) for u in scheduled]
    return {
        "ks": ks, "scheduled": curve(mine), "all_tasks": curve([counts(u) for u in units]),
        # every integer K, for reading equivalent K off the curve
        "exact": [stats.mean([stats.best_of_k(u["n"], u["s"], k) for u in mine])
                  for k in range(1, n + 1)] if mine else [],
    }


def rankings(model: bool) -> list[str]:
    """The ranking strategies (each also as `NAME-topK`); with `model`, a cost model's too."""
    return ["confidence", "surprise"] + (["model"] if model else [])


def strategy_names(budgets: list[int], model: bool) -> list[str]:
    """The strategies; with `model`, a cost model's too (`model` and `model-topK`)."""
    names = ["oracle", "random"] + rankings(model)
    for k in budgets:
        names += [f"random-{k}"] + [f"{ranking}-top{k}" for ranking in rankings(model)]
    return names


def ranking_key(strategy: str):
    """The order a ranking strategy times kernels in (first first): surprise, surprisal highest
    first; confidence, surprisal lowest first; model, the predicted speedup highest first. None
    for a sample that lacks the number."""
    if strategy == "model":
        return lambda line: line.predicted_speedup and -line.predicted_speedup
    if strategy not in ("surprise", "confidence"):
        raise ValueError(f"not a ranking strategy: {strategy}")
    sign = 1 if strategy == "surprise" else -1
    return lambda line: line.logprob and -sign * line.logprob.surprisal


def expected(outcomes: list[dict], weights: list[float]) -> dict:
    """The weighted mean of kernel outcomes (the weights sum to 1); the matched-precision log
    speedup only where every kernel has one."""
    tf32 = [o["log_speedup_tf32"] for o in outcomes]
    return {"fast": [sum(w * o["fast"][i] for w, o in zip(weights, outcomes))
                     for i in range(len(FAST_P))],
            "curve": [sum(w * o["curve"][i] for w, o in zip(weights, outcomes))
                      for i in range(len(FAST_P_CURVE))],
            "confident": sum(w * o["confident"] for w, o in zip(weights, outcomes)),
            "log_speedup": sum(w * o["log_speedup"] for w, o in zip(weights, outcomes)),
            "log_speedup_tf32": None if None in tf32 else sum(w * t for w, t in zip(weights, tf32))}


def unit_outcome(unit: dict, kernels: dict[str, dict], strategy: str) -> dict:
    """What `strategy` scores on a unit: the exact expectation for the random ones (over the
    unit's correct samples for `random`, over K-subsets of its distinct correct kernels for
    `random-K`), and for the rankings the fastest of the first K distinct kernels in the order
    of `ranking_key`, ties in sample order."""
    correct = [line for line in unit["samples"] if line.timed_correct]
    distinct = list(dict.fromkeys(kernel_key(line) for line in correct))
    failed = {"task": unit["task"], "fast": [0.0] * len(FAST_P),
              "curve": [0.0] * len(FAST_P_CURVE), "confident": 0.0, "log_speedup": None,
              "log_speedup_tf32": None, "timed": 0}
    if not distinct:  # nothing correct: every strategy fails here
        return failed
    own = [kernels[key] for key in distinct]
    if strategy == "oracle":
        best = max(own, key=lambda k: k["speedup"])
        result, timed = best["outcome"], len(own)
    elif strategy == "random":
        result = expected([kernels[kernel_key(line)]["outcome"] for line in correct],
                          [1 / len(correct)] * len(correct))
        timed = 0
    elif strategy.startswith("random-"):
        k = min(int(strategy.split("-")[1]), len(own))
        order = sorted(own, key=lambda kernel: kernel["speedup"])
        result = expected([kernel["outcome"] for kernel in order],
                          stats.subset_max_weights(len(order), k))
        timed = k
    else:
        name, _, top = strategy.partition("-top")
        key = ranking_key(name)
        ranked = sorted((line for line in correct if key(line) is not None), key=key)
        first = list(dict.fromkeys(kernel_key(line) for line in ranked))[:int(top or 1)]
        if not first:  # no correct sample has the ranking's number: nothing to choose from
            return failed
        best = max((kernels[key] for key in first), key=lambda k: k["speedup"])
        result, timed = best["outcome"], len(first) if top else 0
    return {"task": unit["task"], **result, "timed": timed}


def summary(outcomes: list[dict]) -> dict:
    """fast_p, faster with confidence and the geometric-mean speedup over eager at fp32; and the
    geometric-mean speedup over eager with TF32 allowed, over the same units, where each of them
    has it (None otherwise)."""
    chosen = [o for o in outcomes if o["log_speedup"] is not None]
    logs = [o["log_speedup"] for o in chosen]
    tf32 = [o["log_speedup_tf32"] for o in chosen]
    return {"fast": [stats.mean([o["fast"][i] for o in outcomes]) for i in range(len(FAST_P))],
            "confident": stats.mean([o["confident"] for o in outcomes]),
            "geomean": math.exp(stats.mean(logs)) if logs else None,
            "geomean_tf32": math.exp(stats.mean(tf32)) if tf32 and None not in tf32 else None}


def strategy_row(outcomes: list[dict], reps: int, rng: random.Random) -> dict:
    """A strategy's numbers over units, each with its task-level interval."""
    clusters = by_task(outcomes)
    draws = [summary(sample) for sample in stats.cluster_resamples(clusters, reps, rng)]
    point = summary(outcomes)
    return {
        "fast": [{"p": p, "value": point["fast"][i],
                  "ci": stats.percentile_interval([d["fast"][i] for d in draws])}
                 for i, p in enumerate(FAST_P)],
        "confident": point["confident"],
        "confident_ci": stats.percentile_interval([d["confident"] for d in draws]),
        "geomean": point["geomean"],
        "geomean_ci": stats.percentile_interval([d["geomean"] for d in draws]),
        "geomean_tf32": point["geomean_tf32"],
        "geomean_tf32_ci": stats.percentile_interval([d["geomean_tf32"] for d in draws]),
        "curve": [stats.mean([o["curve"][i] for o in outcomes])
                  for i in range(len(FAST_P_CURVE))],
        "timed_mean": stats.mean([o["timed"] for o in outcomes]),
        "timed_total": sum(o["timed"] for o in outcomes), "units": len(outcomes),
        "tasks": len(clusters)}


def paired(a: list[dict], b: list[dict], reps: int, rng: random.Random) -> dict:
    """a minus b on fast_1 and on faster-with-confidence, and the ratio of their geometric-mean
    speedups, with task-level intervals (both strategies' units resampled together)."""
    pairs = [{"task": x["task"], "a": x, "b": y} for x, y in zip(a, b)]

    def difference(sample):
        first = summary([p["a"] for p in sample])
        second = summary([p["b"] for p in sample])
        ratio = (first["geomean"] / second["geomean"]
                 if first["geomean"] and second["geomean"] else None)
        return [first["fast"][0] - second["fast"][0], first["confident"] - second["confident"],
                ratio]

    point = difference(pairs)
    draws = [difference(s) for s in stats.cluster_resamples(by_task(pairs), reps, rng)]
    return {key: {"value": point[i], "ci": stats.percentile_interval([d[i] for d in draws])}
            for i, key in enumerate(["fast_1_diff", "confident_diff", "speedup_ratio"])}


def selection(scheduled: list[dict], kernels: dict, degenerate: list[str], reps: int,
              rng: random.Random) -> dict:
    model = any(line.predicted_speedup is not None for u in scheduled for line in u["samples"])
    names = strategy_names(BUDGETS, model)
    comparisons = COMPARISONS + (MODEL_COMPARISONS if model else [])
    per_unit = {name: [unit_outcome(u, kernels[u["task"]], name) for u in scheduled]
                for name in names}
    subsets = {"non_degenerate": lambda o: o["task"] not in degenerate, "all": lambda o: True}
    out = {}
    for subset, keep in subsets.items():
        chosen = {name: [o for o in outcomes if keep(o)] for name, outcomes in per_unit.items()}
        if not chosen["oracle"]:
            out[subset] = None
            continue
        out[subset] = {
            "strategies": {name: strategy_row(outcomes, reps, rng)
                           for name, outcomes in chosen.items()},
            "comparisons": [{"a": a, "b": b, **paired(chosen[a], chosen[b], reps, rng)}
                            for a, b in comparisons]}
    # kb-select's one seeded draw, which the exact expectation of `random` replaces
    seeded = [u["selections"].get("random") for u in scheduled]
    draws = [{"task": u["task"], "success": bool(drawn) and success(drawn),
              "candidate": drawn and drawn.candidate}
             for u, drawn in zip(scheduled, seeded)]
    out["seeded_random"] = {
        "fast_1": stats.mean([d["success"] for d in draws]),
        "fast_1_ci": stats.cluster_bootstrap_ci(
            by_task(draws), lambda s: stats.mean([d["success"] for d in s]), reps, rng),
        "indices": sorted({(u["seed"], int(d["candidate"].rsplit("_s", 1)[1]))
                           for u, d in zip(scheduled, draws)
                           if d["candidate"] and "_s" in d["candidate"]})}
    return out


def ttt(config: dict, scheduled: list[dict], curve: list[float], reps: int,
        rng: random.Random) -> dict:
    adapted = [u for u in scheduled if u["ttt"]]
    steps = config["ttt_steps"]
    per_step = []
    for step in range(1, steps + 1):
        records = [u["ttt"][step - 1] for u in adapted if len(u["ttt"]) >= step]
        per_step.append({
            "step": step,
            **{key: stats.mean([r[key] for r in records])
               for key in ("fast_1", "correct", "best_speedup", "distinct", "mean_entropy",
                           "mean_surprisal")},
        })
    exact_curve = [(k, s) for k, s in enumerate(curve, 1)]
    pickers = {"last": lambda scores: len(scores) - 1, "best_of_adaptation":
               stats.best_of_adaptation, "early_stop": stats.early_stop}

    def score(sample):
        return stats.mean([c["fast_1"] for c in sample])

    variants = {}
    for name, pick in pickers.items():
        rows = []
        for s in range(1, steps + 1):
            chosen = []
            for unit in adapted:
                records = unit["ttt"][:s]
                index = pick([r["fast_1"] for r in records])
                # early stop stops drawing at the step after the one it keeps (the first fall)
                drawn = min(index + 2, s) if name == "early_stop" else s
                chosen.append({"task": unit["task"], "fast_1": records[index]["fast_1"],
                               "success": records[index]["best_speedup"] > 1,
                               "samples": drawn * config["ttt_n"],
                               # Best-of-N at K = 1 on the same unit, for the paired difference
                               "one_sample": stats.mean([success(x) for x in unit["samples"]])})
            value = score(chosen) if chosen else None
            interval = stats.cluster_bootstrap_ci(by_task(chosen), score, reps, rng)
            rows.append({
                "steps": s, "fast_1": value, "fast_1_ci": interval,
                "vs_one_sample": value - stats.mean([c["one_sample"] for c in chosen])
                if chosen else None,
                "vs_one_sample_ci": stats.cluster_bootstrap_ci(
                    by_task(chosen), lambda sample: score(sample) - stats.mean(
                        [c["one_sample"] for c in sample]), reps, rng),
                "task_success": stats.mean([c["success"] for c in chosen]),
                "samples": stats.mean([c["samples"] for c in chosen]),
                "equivalent_k": stats.equivalent_k(exact_curve, value)
                if value is not None and curve else None,
                "equivalent_k_ci": [stats.equivalent_k(exact_curve, v) for v in interval]
                if interval and curve else None,
            })
        variants[name] = rows
    # entropy per step of each task, over its seeds (decisions differ between families, so the
    # per-decision entropies are not averaged across tasks)
    entropy = {}
    for unit in adapted:
        entropy.setdefault(unit["task"], []).append([r["mean_entropy"] for r in unit["ttt"]])
    entropy = {task: [stats.mean(step) for step in zip(*runs)] for task, runs in entropy.items()}
    return {"units": len(adapted), "steps": per_step, "variants": variants,
            "entropy_per_task": entropy}


def within_task(per_task: dict[str, tuple[list[float], list[float]]], reps: int,
                rng: random.Random) -> dict:
    """rho(x, speedup) per task (Spearman, Fisher interval, Holm-adjusted p over the tasks where
    it is defined), their random-effects meta-analysis (the headline), and the pooled rho over
    every task's points, a between-task figure, with its task-level interval."""
    rows = []
    for task, (x, y) in per_task.items():
        rows.append({"task": task, "n": len(x),
                     **stats.correlation_test(stats.spearman(x, y), len(x))})
    for row, adjusted in zip(rows, stats.holm([r["p"] for r in rows])):
        row["p_holm"] = adjusted
    clusters = [[(a, b) for a, b in zip(*points)] for points in per_task.values() if points[0]]

    def pooled(sample):
        return stats.spearman([a for a, _ in sample], [b for _, b in sample]) if sample else None

    everything = [pair for cluster in clusters for pair in cluster]
    return {"per_task": rows,
            "meta": stats.fisher_meta([(r["rho"], r["n"]) for r in rows]),
            "significant_holm": sum(r["p_holm"] is not None and r["p_holm"] < 0.05
                                    for r in rows),
            "tested": sum(r["p"] is not None for r in rows),
            "pooled": {"rho": pooled(everything), "n": len(everything),
                       "ci": stats.cluster_bootstrap_ci(clusters, pooled, reps, rng)}}


def correlations(kernels: dict, degenerate: list[str], reps: int, rng: random.Random) -> dict:
    """Over each task's distinct correct kernels: surprisal against speedup on the tasks that
    are not degenerate (and the pooled figure over all tasks beside), then each structural
    feature against speedup on the tasks where it varies."""
    def points(task_kernels, value):
        found = [k for k in task_kernels.values() if value(k) is not None]
        return [value(k) for k in found], [k["speedup"] for k in found]

    varying = {t: points(k, lambda kernel: kernel["surprisal"]) for t, k in kernels.items()
               if t not in degenerate}
    everywhere = {t: points(k, lambda kernel: kernel["surprisal"]) for t, k in kernels.items()}
    result = {"surprisal": within_task(varying, reps, rng),
              "surprisal_all_tasks_pooled": within_task(everywhere, reps, rng)["pooled"],
              "scatter": [{"task": t, "degenerate": t in degenerate,
                           "points": [list(p) for p in zip(*everywhere[t])]}
                          for t in everywhere],
              "features": {}}
    names = sorted({name for found in kernels.values() for k in found.values()
                    for name in k["features"]})
    for name in names:
        per_task = {}
        for task, found in kernels.items():
            x, y = points(found, lambda kernel: kernel["features"].get(name))
            if len(set(x)) > 1:
                per_task[task] = (x, y)
        if per_task:
            result["features"][name] = within_task(per_task, reps, rng)
    return result


def probe(units: list[dict]) -> list[dict]:
    """The base sample of each unit scored under each TTT step's policy: mean NLL per decision
    of all samples and of the fastest correct one, mean entropy, and rho(surprisal, speedup)
    over the correct ones."""
    rows: dict[int, list[dict]] = {}
    for unit in units:
        correct = [s for s in unit["samples"] if s.timed_correct]
        fastest = max(correct, key=lambda s: s.speedup).candidate if correct else None
        for step, scored in unit["probe"].items():
            nll = {x["candidate"]: -x["logprob_sum"] / x["logprob_count"] for x in scored}
            seen, pairs = set(), []
            for line in correct:
                if decisions_key(line) not in seen:
                    seen.add(decisions_key(line))
                    pairs.append((nll[line.candidate], line.speedup))
            rows.setdefault(int(step), []).append({
                "nll": stats.mean(list(nll.values())),
                "nll_fastest": nll[fastest] if fastest else None,
                # how much less likely than the average sample the fastest kernel is
                "fastest_gap": nll[fastest] - stats.mean(list(nll.values())) if fastest else None,
                "entropy": stats.mean([x["entropy"] for x in scored]),
                "rho": stats.spearman([p[0] for p in pairs], [p[1] for p in pairs])
                if len(pairs) > 1 else None,
            })
    return [{"step": step,
             **{key: stats.mean([r[key] for r in records if r[key] is not None])
                for key in ("nll", "nll_fastest", "fastest_gap", "entropy", "rho")},
             "units": len(records)} for step, records in sorted(rows.items())]


def timing(directory: Path, config: dict, units: list[dict]) -> dict:
    phases = {p: sum(u["seconds"][p] for u in units) for p in phases_of(config)}
    runs = read_jsonl(directory / "runs.jsonl") if (directory / "runs.jsonl").exists() else []
    gpu = not config["rewards"]
    return {"mode": "gpu" if gpu else "recorded", "phase_seconds": phases,
            "wall_seconds": sum(r["seconds"] for r in runs), "sessions": len(runs),
            # with a runner the GPU is busy exactly while its phases run
            "gpu_seconds": sum(phases.get(p, 0.0) for p in GPU_PHASES) if gpu else 0.0}


def pct(value: float | None) -> str:
    return "n/a" if value is None else f"{100 * value:.1f}%"


def num(value: float | None, digits: int = 3) -> str:
    return "n/a" if value is None else f"{value:.{digits}g}"


def interval(ci: list | None, form=num) -> str:
    return "" if not ci or None in ci else f" [{form(ci[0])}, {form(ci[1])}]"


def direction(ci: list | None, null: float) -> str:
    """Whether a 95% interval lies above or below `null`, or holds it."""
    if not ci or None in ci:
        return "unknown"
    return "higher" if ci[0] > null else "lower" if ci[1] < null else "unclear"


def decide(ci: list | None, null: float, held_above: bool) -> str:
    """A hypothesis' verdict from its task-level 95% interval: held where the interval excludes
    the null on the hypothesis' side, not held where it excludes it on the other, else
    undecided."""
    if not ci or None in ci:
        return "undecided"
    if ci[0] > null:
        return "held" if held_above else "not held"
    if ci[1] < null:
        return "not held" if held_above else "held"
    return "undecided"


def hypotheses(numbers: dict) -> list[dict]:
    """H1-H6 of docs/study.md, each decided by whether its task-level interval excludes the
    null."""
    out = []

    def hypothesis(key, claim, quantity, value, ci, rule, verdict, paper):
        out.append({"id": key, "claim": claim, "quantity": quantity, "value": value, "ci": ci,
                    "rule": rule, "verdict": verdict, "paper": paper})

    bon = {p["k"]: p for p in numbers["best_of_n"]["scheduled"]}
    point = bon.get(32, {"success": None, "ci": None})  # None: fewer than 32 samples drawn
    hypothesis("H1", "Best-of-N saturates by K = 32",
               "Best-of-N task success at K = 32", point["success"], point["ci"],
               "held if the interval lies above 95%, not held if below",
               decide(point["ci"], 0.95, True), "100% at K = 32 (5 tasks x 2 seeds)")
    boa = numbers["ttt"]["variants"].get("best_of_adaptation") or [
        {"steps": 0, "vs_one_sample": None, "vs_one_sample_ci": None}]
    hypothesis("H2", "TTT's best-of-adaptation is worth less than one sample "
               "(equivalent K < 1)",
               f"fast_1 of best-of-adaptation over {boa[-1]['steps']} steps minus Best-of-N "
               "at K = 1, paired by unit" if boa[-1]["steps"] else "no TTT in this run",
               boa[-1]["vs_one_sample"], boa[-1]["vs_one_sample_ci"],
               "held if the interval lies below 0, not held if above",
               decide(boa[-1]["vs_one_sample_ci"], 0.0, False),
               "best checkpoint 30.6% +- 11.3 vs 53.3% at K = 1")
    # without a non-degenerate task, H3-H6 have no data: undecided
    selection = numbers["selection"]["non_degenerate"]
    comparisons = {(c["a"], c["b"]): c for c in (selection["comparisons"] if selection else [])}
    missing = {"value": None, "ci": None}
    no_pair = {"fast_1_diff": missing, "speedup_ratio": missing}
    surprise = comparisons.get(("surprise", "confidence"), no_pair)["fast_1_diff"]
    hypothesis("H3", "surprise beats confidence",
               "fast_1 of surprise minus confidence, non-degenerate tasks",
               surprise["value"], surprise["ci"],
               "held if the interval lies above 0, not held if below",
               decide(surprise["ci"], 0.0, True), "fast_1 80% vs 50%")
    gap = comparisons.get(("oracle", "surprise-top3"), no_pair)["fast_1_diff"]
    hypothesis("H4", "surprise-top3 is within 5 points of the oracle",
               "fast_1 of the oracle minus surprise-top3, non-degenerate tasks",
               gap["value"], gap["ci"],
               "held if the interval lies below 5 points, not held if above",
               decide(gap["ci"], 0.05, False), "fast_1 100% vs 100%")
    meta = numbers["correlation"]["surprisal"]["meta"] or {"rho": None, "ci": None}
    hypothesis("H5", "within a task, surprisal predicts speed",
               "random-effects rho(surprisal, speedup) over the non-degenerate tasks",
               meta["rho"], meta["ci"],
               "held if the interval lies above 0, not held if below",
               decide(meta["ci"], 0.0, True),
               "rho(log-prob, speedup) = -0.047 (p = 0.27) pooled over 550 samples; "
               "\"the effect is per task\"")
    model = comparisons.get(("model-top3", "surprise-top3"), no_pair)["speedup_ratio"]
    hypothesis("H6", "a cost model's top 3 beat surprisal's top 3",
               "geometric-mean speedup of model-top3 over surprise-top3, paired by unit, "
               "non-degenerate tasks", model["value"], model["ci"],
               "held if the interval lies above 1, not held if below",
               decide(model["ci"], 1.0, True), "not in the study")
    return out


def analyse(directory: Path, reps: int) -> dict:
    config = read_json(directory / "config.json")
    units = load_units(directory, config)
    scheduled = [u for u in units if u["candidates"] > 0]
    rng = random.Random(0)  # the intervals are reproducible
    kernels = task_kernels(scheduled)
    for found in kernels.values():
        kernel_outcomes(found)
    degenerate = degenerate_tasks(kernels)
    numbers = {"config": config, "bootstrap_reps": reps,
               "bootstrap_unit": "task (with all of its seeds)",
               "tasks": task_table(config, units, kernels, degenerate),
               "degenerate": degenerate, "fast_p": FAST_P, "fast_p_curve": FAST_P_CURVE,
               "best_of_n": best_of_n(config, units, scheduled, reps, rng),
               "selection": selection(scheduled, kernels, degenerate, reps, rng)}
    numbers["ttt"] = ttt(config, scheduled, numbers["best_of_n"]["exact"], reps, rng)
    numbers["correlation"] = correlations(kernels, degenerate, reps, rng)
    numbers["probe"] = probe(scheduled)
    numbers["timing"] = timing(directory, config, units)
    numbers["paper"] = {k: ({str(kk): vv for kk, vv in v.items()} if isinstance(v, dict) else v)
                        for k, v in PAPER.items()}
    numbers["hypotheses"] = hypotheses(numbers)
    return numbers
