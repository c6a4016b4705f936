"""Every number of a study (python/study/study.py) from its raw unit outputs, and the study's
findings checked against them. Standard library only.

A unit is one task and seed. Units of tasks kopt cannot schedule (no candidates) are listed but
left out of the statistics; Best-of-N is also given over all tasks, counting them as failures.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import stats
from layout import GPU_PHASES, PHASES, StudyError, read_json, read_jsonl

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
COMPARISONS = [("surprise", "confidence"), ("surprise-top3", "confidence"),
               ("surprise", "random"), ("surprise-top3", "random"),
               ("surprise-top3", "oracle")]


def success(line: dict) -> bool:
    return line.get("verdict") == "correct" and line.get("speedup", 0) > 1


def surprisal(line: dict) -> float:
    return -line["logprob_sum"] / line["logprob_count"]


def decisions_key(line: dict) -> str:
    return json.dumps(line["decisions"], sort_keys=True)


def load_units(directory: Path, config: dict) -> list[dict]:
    units, missing = [], 0
    for task in config["tasks"]:
        for seed in config["seeds"]:
            raw = directory / "raw" / task["name"] / f"seed{seed}"
            done = {phase: raw / phase for phase in PHASES if (raw / phase).is_dir()}
            if len(done) < len(PHASES):
                missing += len(PHASES) - len(done)
                continue
            sample = read_json(done["sample"] / "unit.json")
            units.append({
                "task": task["name"], "seed": seed, "candidates": sample["candidates"],
                "reason": sample.get("reason"),
                "samples": read_jsonl(done["measure"] / "measurements.jsonl"),
                "selections": read_json(done["select"] / "selections.json"),
                "ttt": sorted(read_jsonl(done["ttt"] / "ttt.jsonl"), key=lambda r: r["step"]),
                "probe": read_json(done["probe"] / "probe.json"),
                "seconds": {p: read_json(done[p] / "unit.json")["seconds"] for p in PHASES},
            })
    if missing:
        raise StudyError(f"{missing} units of {directory.name} are not done: resume the run "
                         f"({config['command']})")
    return units


def task_table(config: dict, units: list[dict]) -> list[dict]:
    table = []
    for task in config["tasks"]:
        mine = [u for u in units if u["task"] == task["name"]]
        surprisals = [surprisal(s) for u in mine for s in u["samples"] if "logprob_sum" in s]
        table.append({
            "task": task["name"], "file": Path(task["file"]).name,
            "candidates": mine[0]["candidates"] > 0,
            "reason": mine[0]["reason"],
            "seeds": [{"seed": u["seed"], "samples": len(u["samples"]),
                       "correct": sum(s.get("verdict") == "correct" for s in u["samples"]),
                       "fast": sum(success(s) for s in u["samples"]),
                       "best_speedup": max([s.get("speedup", 0) for s in u["samples"]],
                                           default=None)} for u in mine],
            "surprisal_sd": stats.stdev(surprisals),
        })
    return table


def best_of_n(config: dict, units: list[dict], scheduled: list[dict], reps: int,
              rng: random.Random) -> dict:
    n = config["samples"]
    ks = sorted({2 ** i for i in range(n.bit_length()) if 2 ** i <= n} | {n})
    counts = [(len(u["samples"]), sum(success(s) for s in u["samples"])) for u in scheduled]
    # A task without candidates fails at every K: n samples, none a success.
    every = counts + [(n, 0)] * (len(units) - len(scheduled))
    return {
        "ks": ks,
        "scheduled": stats.best_of_k_curve(counts, ks, reps, rng) if counts else [],
        "all_tasks": stats.best_of_k_curve(every, ks, reps, rng) if every else [],
        # every integer K, for reading equivalent K off the curve
        "exact": [stats.mean([stats.best_of_k(m, c, k) for m, c in counts])
                  for k in range(1, n + 1)] if counts else [],
    }


def selection(config: dict, scheduled: list[dict], reps: int, rng: random.Random) -> dict:
    def outcome(unit: dict, strategy: str) -> dict:
        chosen = unit["selections"].get(strategy)
        return {"success": bool(chosen) and success(chosen),
                "speedup": chosen.get("speedup") if chosen else None,
                "timed": chosen.get("selected_timed", 0) if chosen else 0}

    def fast_1(outcomes):
        return stats.mean([o["success"] for o in outcomes])

    def geo(outcomes):
        return stats.geomean([o["speedup"] for o in outcomes if o["speedup"]])

    table = {}
    per_unit = {s: [outcome(u, s) for u in scheduled] for s in config["strategies"]}
    for strategy, outcomes in per_unit.items():
        speedups = [o["speedup"] for o in outcomes if o["speedup"]]
        table[strategy] = {
            "fast_1": fast_1(outcomes),
            "fast_1_ci": stats.bootstrap_ci(outcomes, fast_1, reps, rng),
            "geomean_speedup": geo(outcomes),
            "geomean_ci": stats.bootstrap_ci(outcomes, geo, reps, rng),
            "mean_speedup": stats.mean(speedups), "selected": len(speedups),
            "units": len(outcomes), "timed_mean": stats.mean([o["timed"] for o in outcomes]),
            "timed_total": sum(o["timed"] for o in outcomes),
        }
    comparisons = []
    for a, b in COMPARISONS:
        if a not in per_unit or b not in per_unit:
            continue
        pairs = list(zip(per_unit[a], per_unit[b]))

        def diff(sample):
            return fast_1([p[0] for p in sample]) - fast_1([p[1] for p in sample])

        def ratio(sample):
            both = [p for p in sample if p[0]["speedup"] and p[1]["speedup"]]
            if not both:
                return None
            return geo([p[0] for p in both]) / geo([p[1] for p in both])

        comparisons.append({"a": a, "b": b, "fast_1_diff": diff(pairs) if pairs else None,
                            "fast_1_diff_ci": stats.bootstrap_ci(pairs, diff, reps, rng),
                            "speedup_ratio": ratio(pairs) if pairs else None,
                            "speedup_ratio_ci": stats.bootstrap_ci(pairs, ratio, reps, rng)})
    return {"strategies": table, "comparisons": comparisons}


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
                chosen.append({"fast_1": records[index]["fast_1"],
                               "success": records[index]["best_speedup"] > 1,
                               "samples": drawn * config["ttt_n"]})

            def score(sample):
                return stats.mean([c["fast_1"] for c in sample])

            value = score(chosen) if chosen else None
            interval = stats.bootstrap_ci(chosen, score, reps, rng)
            rows.append({
                "steps": s, "fast_1": value, "fast_1_ci": interval,
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


def correct_samples(units: list[dict]) -> dict[str, list[dict]]:
    """Each task's correct samples over its seeds, a decision list counted once (seeds and
    repeated draws would otherwise weigh the same kernel several times)."""
    by_task: dict[str, dict[str, dict]] = {}
    for unit in units:
        for line in unit["samples"]:
            if line.get("verdict") == "correct" and "speedup" in line and "logprob_sum" in line:
                by_task.setdefault(unit["task"], {}).setdefault(decisions_key(line), line)
    return {task: list(lines.values()) for task, lines in by_task.items()}


def correlate(samples: list[dict], feature: str | None = None) -> dict:
    """rho(surprisal, speedup), its partial controlling for the number of decisions, and
    rho(decisions, speedup); with `feature`, rho(feature, speedup) and the partial controlling
    for the feature instead."""
    s = [surprisal(x) for x in samples]
    v = [x["speedup"] for x in samples]
    n = len(samples)
    if feature is None:
        count = [x["logprob_count"] for x in samples]
        return {"surprisal": stats.correlation_test(stats.spearman(s, v), n),
                "partial_decisions": stats.correlation_test(stats.partial_spearman(s, v, count),
                                                            n, controlled=1),
                "decisions": stats.correlation_test(stats.spearman(count, v), n)}
    f = [x["features"][feature] for x in samples]
    return {"feature": stats.correlation_test(stats.spearman(f, v), n),
            "partial_surprisal": stats.correlation_test(stats.partial_spearman(s, v, f), n,
                                                        controlled=1)}


def correlations(units: list[dict]) -> dict:
    by_task = correct_samples(units)
    pooled = [x for lines in by_task.values() for x in lines]
    per_task = [{"task": task, "n": len(lines), **correlate(lines),
                 "points": [[surprisal(x), x["speedup"]] for x in lines]}
                for task, lines in by_task.items()]
    with_features = [x for x in pooled if x.get("features")]
    names = sorted({k for x in with_features for k in x["features"]})
    features = {}
    for name in names:
        values = [x for x in with_features if name in x["features"]]
        if len({x["features"][name] for x in values}) < 2:
            continue  # the same everywhere: nothing to correlate
        features[name] = {
            "pooled": correlate(values, name),
            "per_task": {task: correlate([x for x in lines if name in x.get("features", {})],
                                         name)
                         for task, lines in by_task.items()},
        }
    return {"pooled": {"n": len(pooled), **correlate(pooled)}, "per_task": per_task,
            "features": features}


def probe(units: list[dict]) -> list[dict]:
    """The base sample of each unit scored under each TTT step's policy: mean NLL per decision
    of all samples and of the fastest correct one, mean entropy, and rho(surprisal, speedup)
    over the correct ones."""
    rows: dict[int, list[dict]] = {}
    for unit in units:
        correct = [s for s in unit["samples"] if s.get("verdict") == "correct" and "speedup" in s]
        fastest = max(correct, key=lambda s: s["speedup"])["candidate"] if correct else None
        for step, scored in unit["probe"].items():
            nll = {x["candidate"]: -x["logprob_sum"] / x["logprob_count"] for x in scored}
            seen, pairs = set(), []
            for line in correct:
                if decisions_key(line) not in seen:
                    seen.add(decisions_key(line))
                    pairs.append((nll[line["candidate"]], line["speedup"]))
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
    phases = {p: sum(u["seconds"][p] for u in units) for p in PHASES}
    runs = read_jsonl(directory / "runs.jsonl") if (directory / "runs.jsonl").exists() else []
    gpu = not config["rewards"]
    return {"mode": "gpu" if gpu else "recorded", "phase_seconds": phases,
            "wall_seconds": sum(r["seconds"] for r in runs), "sessions": len(runs),
            # with a runner the GPU is busy exactly while its phases run
            "gpu_seconds": sum(phases[p] for p in GPU_PHASES) if gpu else 0.0}


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


def findings(numbers: dict) -> list[dict]:
    """The study's findings, each with its numbers and ours and whether it holds here."""
    out = []

    def finding(key, claim, paper, ours, verdict):
        out.append({"id": key, "claim": claim, "paper": paper, "ours": ours, "verdict": verdict})

    bon = {p["k"]: p for p in numbers["best_of_n"]["scheduled"]}
    if bon:
        top = max(bon)
        k = 32 if 32 in bon else top
        everywhere = numbers["best_of_n"]["all_tasks"][-1]["success"]
        finding("best_of_n_saturates", "Best-of-N saturates: every task succeeds by K = 32",
                "53.3% at K = 1, 100% at K = 32 (5 tasks x 2 seeds); 18/20 tasks at K = 64",
                f"{pct(bon[1]['success'])} at K = 1, {pct(bon[k]['success'])} at K = {k} over "
                f"the tasks with candidates; {pct(everywhere)} at K = {top} over all "
                f"{len(numbers['tasks'])} tasks",
                "holds" if bon[k]["success"] >= 0.99 else "does not hold")

    variants = numbers["ttt"]["variants"]
    rows = [(name, row) for name, table in variants.items() for row in table
            if row["fast_1"] is not None]
    if rows and bon:
        name, best = max(rows, key=lambda r: r[1]["fast_1"])
        eq = best["equivalent_k"]
        finding("ttt_below_one_sample",
                "Search beats adaptation: TTT's best checkpoint scores below one base sample "
                "(equivalent K < 1)",
                "best checkpoint 30.6% +- 11.3 vs 53.3% at K = 1",
                f"best TTT ({name.replace('_', ' ')}, {best['steps']} step(s)): fast_1 "
                f"{pct(best['fast_1'])}{interval(best['fast_1_ci'], pct)} vs "
                f"{pct(bon[1]['success'])} at K = 1: equivalent K "
                + (f"{eq:.2f}" if eq is not None else f"> {max(bon)}"),
                "holds" if eq is not None and eq < 1 else "does not hold")

    strategies = numbers["selection"]["strategies"]
    paper_strategies = PAPER["strategies"]
    # under a uniform policy every sample has the same surprisal, and the ranking strategies
    # fall back to sample order
    flat = all(t["surprisal_sd"] is None or t["surprisal_sd"] < 1e-12 for t in numbers["tasks"])
    for comparison in numbers["selection"]["comparisons"]:
        a, b = comparison["a"], comparison["b"]
        fast = direction(comparison["fast_1_diff_ci"], 0.0)
        speed = direction(comparison["speedup_ratio_ci"], 1.0)
        ours = (f"fast_1 {pct(strategies[a]['fast_1'])} vs {pct(strategies[b]['fast_1'])} "
                f"(difference {num(comparison['fast_1_diff'])}"
                f"{interval(comparison['fast_1_diff_ci'])}); geometric-mean speedup ratio "
                f"{num(comparison['speedup_ratio'])}{interval(comparison['speedup_ratio_ci'])}")
        pa, pb = paper_strategies.get(a), paper_strategies.get(b)
        paper = (f"fast_1 {pct(pa[0])} vs {pct(pb[0])}; mean speedup {pa[1]}x vs {pb[1]}x"
                 if pa and pb else "")
        if b == "oracle":
            claim = (f"{a} is as successful as the oracle while timing only "
                     f"{a.rsplit('top', 1)[-1]} candidates")
            verdict = ("does not hold" if fast == "lower" else
                       "holds" if fast != "unknown" else "undefined")
        else:
            claim = f"{a} beats {b}"
            verdict = ("undefined" if "unknown" in (fast, speed) else
                       "does not hold (reversed)" if "lower" in (fast, speed) and
                       "higher" not in (fast, speed) else
                       "holds" if "higher" in (fast, speed) and "lower" not in (fast, speed)
                       else "not shown (the intervals include no difference)")
        if flat and b != "oracle":
            verdict = "undefined (surprisal is constant: the ranking is sample order)"
        finding(f"{a}_vs_{b}", claim, paper, ours, verdict)

    pooled = numbers["correlation"]["pooled"]
    rho = pooled["surprisal"]
    paper_rho, paper_p, paper_n = PAPER["rho_logprob_speedup"]
    # the study correlates log-prob; surprisal is its negative, so the sign flips
    logprob_rho = -rho["rho"] if rho["rho"] is not None else None
    finding("no_global_correlation",
            "Log-probability does not predict speedup across tasks",
            f"Spearman rho(log-prob, speedup) = {paper_rho} (p = {paper_p}) over {paper_n} "
            "correct samples",
            f"rho(log-prob, speedup) = {num(logprob_rho)} (p = {num(rho['p'])}) over "
            f"{pooled['n']} distinct correct samples",
            "undefined (surprisal is constant)" if rho["rho"] is None else
            "holds" if rho["p"] is None or rho["p"] >= 0.05 else "does not hold")
    partial = pooled["partial_decisions"]
    finding("length_not_a_confound",
            "Sequence length does not explain the correlation (partial rho close to rho)",
            f"partial rho controlling for length {PAPER['partial_rho_length']}, "
            f"rho(length, speedup) = {PAPER['rho_length_speedup']}",
            f"partial rho controlling for the number of decisions "
            f"{num(-partial['rho'] if partial['rho'] is not None else None)}, "
            f"rho(decisions, speedup) = {num(pooled['decisions']['rho'])}",
            "undefined (surprisal is constant)" if rho["rho"] is None else
            "holds trivially (every sample has the same number of decisions)"
            if pooled["decisions"]["rho"] is None else
            "undefined" if partial["rho"] is None else
            "holds" if abs(partial["rho"] - rho["rho"]) < 0.05 else "does not hold")
    per_task = numbers["correlation"]["per_task"]
    significant = [t["task"] for t in per_task
                   if t["surprisal"]["p"] is not None and t["surprisal"]["p"] < 0.05]
    spread = [t for t in numbers["tasks"] if t["surprisal_sd"] is not None]
    wide = sum(t["surprisal_sd"] > 1.0 for t in spread)
    finding("per_task_effect",
            "The effect is per task, not global; selection by surprisal only has room where "
            "samples differ in log-prob",
            f"{PAPER['tasks_logprob_sd_above_1']} tasks with a log-prob standard deviation "
            "above 1.0",
            f"{len(significant)} of {len(per_task)} tasks with a significant (p < 0.05) "
            f"rho(surprisal, speedup); {wide} of {len(spread)} with a surprisal standard "
            "deviation above 1.0 (per decision, not per token)",
            "undefined (surprisal is constant)" if rho["rho"] is None else
            "holds" if significant and (rho["p"] is None or rho["p"] >= 0.05) else
            "does not hold")

    steps = numbers["ttt"]["steps"]
    probe_rows = numbers["probe"]
    if len(steps) > 1 and len(probe_rows) > 1 and all(
            p["fastest_gap"] is not None for p in probe_rows):
        first, last = steps[0], steps[-1]
        gap0, gap1 = probe_rows[0]["fastest_gap"], probe_rows[-1]["fastest_gap"]
        narrower = last["mean_entropy"] < first["mean_entropy"]
        finding("over_sharpening",
                "Adaptation over-sharpens: it removes diversity and puts probability on "
                "mediocre kernels rather than the fastest",
                "probability concentrates on early, mediocre correct solutions",
                f"entropy per decision {num(first['mean_entropy'])} -> "
                f"{num(last['mean_entropy'])}, distinct rollouts {num(first['distinct'])} -> "
                f"{num(last['distinct'])} (step 1 -> {last['step']}); on the fixed base sample, "
                f"NLL of the fastest kernel minus the mean NLL {num(gap0)} -> {num(gap1)}",
                "holds" if narrower and gap1 > gap0 else
                "does not hold" if narrower else "does not hold (entropy did not fall)")
    return out


def analyse(directory: Path, reps: int) -> dict:
    config = read_json(directory / "config.json")
    units = load_units(directory, config)
    scheduled = [u for u in units if u["candidates"] > 0]
    rng = random.Random(0)  # the intervals are reproducible
    numbers = {"config": config, "bootstrap_reps": reps,
               "tasks": task_table(config, units),
               "best_of_n": best_of_n(config, units, scheduled, reps, rng),
               "selection": selection(config, scheduled, reps, rng)}
    numbers["ttt"] = ttt(config, scheduled, numbers["best_of_n"]["exact"], reps, rng)
    numbers["correlation"] = correlations(scheduled)
    numbers["probe"] = probe(scheduled)
    numbers["timing"] = timing(directory, config, units)
    numbers["paper"] = {k: ({str(kk): vv for kk, vv in v.items()} if isinstance(v, dict) else v)
                        for k, v in PAPER.items()}
    numbers["findings"] = findings(numbers)
    return numbers
