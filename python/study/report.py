"""REPORT.md and the plots of a study, from the numbers of analysis.py. Needs matplotlib
(python3-matplotlib, installed by scripts/setup.sh)."""

from __future__ import annotations

import math
from pathlib import Path

import matplotlib

matplotlib.use("Agg")  # files only: no display on the machines that run this
import matplotlib.pyplot as plt  # noqa: E402

from analysis import PAPER, interval, num, pct  # noqa: E402

VARIANT_NAMES = {"last": "TTT (last step)", "best_of_adaptation": "TTT Best-of-Adaptation",
                 "early_stop": "TTT early stop"}


def plot_best_of_n(numbers: dict, path: Path) -> None:
    bon = numbers["best_of_n"]
    fig, ax = plt.subplots(figsize=(7, 4.5))
    for key, label, style in [("scheduled", "Best-of-N, tasks with candidates", "-"),
                              ("all_tasks", "Best-of-N, all tasks", "--")]:
        points = bon[key]
        if not points:
            continue
        ks = [p["k"] for p in points]
        ax.plot(ks, [p["success"] for p in points], style, marker="o", label=label)
        ax.fill_between(ks, [p["ci"][0] for p in points], [p["ci"][1] for p in points],
                        alpha=0.2)
    paper = PAPER["best_of_n"]
    ax.plot(list(paper), list(paper.values()), "x", color="grey",
            label="the study's Best-of-N (5 tasks)")
    for (name, rows), marker, shift in zip(numbers["ttt"]["variants"].items(), "s^v",
                                           (0.94, 1.0, 1.06)):
        rows = [r for r in rows if r["fast_1"] is not None]
        # shifted a little apart, as the variants often keep the same step
        ax.errorbar([r["samples"] * shift for r in rows], [r["fast_1"] for r in rows],
                    yerr=[[r["fast_1"] - r["fast_1_ci"][0] for r in rows],
                          [r["fast_1_ci"][1] - r["fast_1"] for r in rows]],
                    fmt=marker, capsize=3, label=f"{VARIANT_NAMES[name]} (fast_1 at 1..n steps)")
    ax.set_xscale("log", base=2)
    ax.set_xlabel("samples (K for Best-of-N; rollouts drawn for TTT)")
    ax.set_ylabel("task success / TTT fast_1")
    ax.set_ylim(-0.02, 1.02)
    ax.grid(alpha=0.3)
    ax.legend(fontsize=7, loc="lower right")
    ax.set_title("Best-of-N task success with 95% intervals, and TTT")
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


def plot_strategies(numbers: dict, path: Path) -> None:
    table = numbers["selection"]["strategies"]
    names = list(table)
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4.5))
    for ax, key, ci_key, label in [(left, "fast_1", "fast_1_ci", "selection success (fast_1)"),
                                   (right, "geomean_speedup", "geomean_ci",
                                    "geometric-mean speedup")]:
        values = [table[n][key] or 0 for n in names]
        errors = [[max(v - (table[n][ci_key] or [v, v])[0], 0) for v, n in zip(values, names)],
                  [max((table[n][ci_key] or [v, v])[1] - v, 0) for v, n in zip(values, names)]]
        ax.bar(range(len(names)), values, yerr=errors, capsize=3)
        ax.set_xticks(range(len(names)), names, rotation=45, ha="right", fontsize=8)
        ax.set_ylabel(label)
        ax.grid(axis="y", alpha=0.3)
    for i, n in enumerate(names):
        left.annotate(f"{num(table[n]['timed_mean'], 2)} timed", (i, 0), ha="center",
                      va="bottom", fontsize=6, rotation=90, xytext=(0, 3),
                      textcoords="offset points")
    right.axhline(1.0, color="grey", lw=0.8)
    fig.suptitle("Selection strategies (95% bootstrap intervals over tasks x seeds; "
                 "timings read per task in the left bars)")
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


def plot_scatter(numbers: dict, path: Path) -> None:
    tasks = [t for t in numbers["correlation"]["per_task"] if t["points"]]
    columns = min(4, max(1, len(tasks)))
    rows = max(1, math.ceil(len(tasks) / columns))
    fig, axes = plt.subplots(rows, columns, figsize=(3.2 * columns, 2.8 * rows), squeeze=False)
    for ax in axes.flat[len(tasks):]:
        ax.axis("off")
    for ax, task in zip(axes.flat, tasks):
        ax.scatter([p[0] for p in task["points"]], [p[1] for p in task["points"]], s=8)
        ax.set_yscale("log")
        ax.axhline(1.0, color="grey", lw=0.8)
        ax.set_title(f"{task['task']}\nrho = {num(task['surprisal']['rho'], 2)}, "
                     f"n = {task['n']}", fontsize=8)
        ax.tick_params(labelsize=7)
    for ax in axes[-1]:
        ax.set_xlabel("surprisal (nats per decision)", fontsize=8)
    for ax in axes[:, 0]:
        ax.set_ylabel("speedup", fontsize=8)
    fig.suptitle("Correct samples: surprisal vs speedup (a decision list once per task)")
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


def plot_entropy(numbers: dict, path: Path) -> None:
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4))
    per_task = numbers["ttt"]["entropy_per_task"]
    for task, series in per_task.items():
        left.plot(range(1, len(series) + 1), series, alpha=0.5, lw=1,
                  label=task if len(per_task) <= 10 else None)
    steps = numbers["ttt"]["steps"]
    left.plot([s["step"] for s in steps], [s["mean_entropy"] for s in steps], "k-o", lw=2,
              label="mean over tasks")
    left.set_xlabel("TTT step")
    left.set_ylabel("entropy per decision (nats) of the step's policy")
    left.legend(fontsize=7)
    left.grid(alpha=0.3)
    for ax in (left, right):
        ax.xaxis.get_major_locator().set_params(integer=True)
    probe = numbers["probe"]
    right.plot([p["step"] for p in probe], [p["nll"] for p in probe], "-o",
               label="mean NLL of the base sample")
    right.plot([p["step"] for p in probe], [p["nll_fastest"] for p in probe], "-s",
               label="NLL of its fastest correct kernel")
    right.plot([p["step"] for p in probe], [p["entropy"] for p in probe], "-^",
               label="entropy along the base sample")
    right.set_xlabel("policy of TTT step")
    right.set_ylabel("nats per decision")
    right.legend(fontsize=8)
    right.grid(alpha=0.3)
    fig.suptitle("Entropy over TTT steps, and the over-sharpening probe")
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


def table(header: list[str], rows: list[list]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


def correlation_cell(test: dict) -> str:
    if test["rho"] is None:
        return "undefined"
    p = f", p = {test['p']:.2g}" if test["p"] is not None else ""
    return f"{test['rho']:.3f}{interval(test['ci'])}{p}"


def markdown(directory: Path, numbers: dict) -> str:
    config = numbers["config"]
    recorded = bool(config["rewards"])
    tasks = numbers["tasks"]
    scheduled = [t for t in tasks if t["candidates"]]
    out = [f"# Study `{directory.name}`", ""]
    out.append(
        ("Measurements: **recorded rewards** (kb-recorded-rewards, "
         f"`{Path(config['rewards']).name}`), no GPU was used. " if recorded else
         "Measurements: on the GPU through kopt-runner. ")
        + f"{len(tasks)} tasks ({len(scheduled)} with candidates) x {len(config['seeds'])} "
        f"seeds, {config['samples']} base samples per task and seed, TTT {config['ttt_steps']} "
        f"steps of {config['ttt_n']} rollouts, base policy "
        + (f"`{Path(config['policy']).name}` (sha256 {config['policy_sha256']}...)"
           if config["policy"] else "uniform")
        + f"; intervals are 95% bootstrap intervals ({numbers['bootstrap_reps']} resamples) "
        "unless said. Every number is in `study.json`.")
    notes = directory / "NOTES.md"  # what the driver cannot know, e.g. where the policy is from
    if notes.exists():
        out += ["", notes.read_text().strip()]
    out += ["", "## Reproduce", "", "```sh", config["command"],
            f"python3 python/study/study.py report --name {directory.name}"
            + ("" if directory.parent.name == "results" else f" --results {directory.parent}"),
            "```", "",
            "`run` resumes where it stopped; `report` rewrites study.json, the four plots and "
            "this file from results/" + directory.name + "/raw.", ""]

    out += ["## The study's findings here", "",
            table(["finding", "the study", "here", "verdict"],
                  [[f["claim"], f["paper"], f["ours"], f"**{f['verdict']}**"]
                   for f in numbers["findings"]]), ""]

    out += ["## Tasks", ""]
    rows = []
    for t in tasks:
        if not t["candidates"]:
            rows.append([t["task"], t["file"], "no candidates", "", "", t["reason"] or ""])
            continue
        seeds = t["seeds"]
        rows.append([t["task"], t["file"],
                     " / ".join(f"{s['correct']}" for s in seeds) + f" of {seeds[0]['samples']}",
                     " / ".join(f"{s['fast']}" for s in seeds),
                     " / ".join(num(s["best_speedup"]) for s in seeds),
                     f"surprisal sd {num(t['surprisal_sd'])}"])
    out += [table(["task", "file", "correct (per seed)", "faster than eager", "best speedup",
                   "note"], rows), ""]
    missing = [t["task"] for t in tasks if not t["candidates"]]
    if missing:
        out += [f"No candidates (kopt has no schedule space for them yet): {', '.join(missing)}. "
                "They are left out of every statistic except Best-of-N over all tasks, where "
                "they count as failures.", ""]

    bon = numbers["best_of_n"]
    paper = PAPER["best_of_n"]
    out += ["## Best-of-N", "",
            "Task success at K: at least one of K samples correct and faster than PyTorch eager; "
            "the exact mean over every choice of K of the samples, with an interval from "
            "resampling K of them (which can lie above the mean where a failure shows up in "
            "fewer than 1 in 40 resamples).", ""]
    rows = []
    every = {p["k"]: p for p in bon["all_tasks"]}
    for point in bon["scheduled"]:
        k = point["k"]
        rows.append([k, pct(point["success"]) + interval(point["ci"], pct),
                     pct(every[k]["success"]) + interval(every[k]["ci"], pct),
                     pct(paper.get(k))])
    out += [table(["K", "tasks with candidates", "all tasks", "the study (5 tasks)"], rows), "",
            "![Best-of-N](bon.png)", ""]

    selection = numbers["selection"]
    out += ["## Selection strategies", "",
            "Each strategy picks among the correct samples of a task and seed (kb-select); "
            "fast_1 counts a unit as failed when it has no correct sample. Speedups are over "
            "the units with a selection.", ""]
    rows = []
    for name, s in selection["strategies"].items():
        p = PAPER["strategies"].get(name)
        rows.append([name, pct(s["fast_1"]) + interval(s["fast_1_ci"], pct),
                     num(s["geomean_speedup"]) + interval(s["geomean_ci"]),
                     num(s["mean_speedup"]), num(s["timed_mean"], 3), s["timed_total"],
                     f"{pct(p[0])} / {p[1]}x" if p else ""])
    out += [table(["strategy", "fast_1", "geometric-mean speedup", "mean speedup",
                   "timings per task", "timings in all", "the study: fast_1 / mean speedup"],
                  rows), ""]
    rows = [[f"{c['a']} vs {c['b']}", num(c["fast_1_diff"]) + interval(c["fast_1_diff_ci"]),
             num(c["speedup_ratio"]) + interval(c["speedup_ratio_ci"])]
            for c in selection["comparisons"]]
    out += ["Paired comparisons (the same units resampled together):", "",
            table(["", "fast_1 difference", "geometric-mean speedup ratio"], rows), "",
            "![Selection strategies](strategies.png)", ""]

    ttt = numbers["ttt"]
    out += ["## Test-time training", "",
            f"kb-ttt on {ttt['units']} units. Step 1 draws from the base policy; step s from "
            "the policy after s - 1 updates. fast_1 is the share of the kept step's rollouts "
            "that are correct and faster than eager; equivalent K is the Best-of-N budget with "
            "the same task success (interpolated; below 1: worse than one base sample).", ""]
    rows = [[s["step"], pct(s["fast_1"]), pct(s["correct"]), num(s["best_speedup"]),
             num(s["distinct"]), num(s["mean_entropy"]), num(s["mean_surprisal"])]
            for s in ttt["steps"]]
    out += [table(["step", "fast_1", "correct", "best speedup", "distinct rollouts",
                   "entropy per decision", "surprisal"], rows), ""]
    rows = []
    for name, variant in ttt["variants"].items():
        for r in variant:
            eq = r["equivalent_k"]
            rows.append([VARIANT_NAMES[name], r["steps"],
                         pct(r["fast_1"]) + interval(r["fast_1_ci"], pct),
                         f"{eq:.2f}" if eq is not None else "above the curve",
                         pct(r["task_success"]), num(r["samples"])])
    out += [table(["variant", "steps", "fast_1", "equivalent K", "task success of the kept "
                   "step", "rollouts drawn"], rows), "",
            f"The study: best checkpoint {pct(PAPER['ttt_best'][0])} +- "
            f"{pct(PAPER['ttt_best'][1])}, below Best-of-N at K = 1.", "",
            "![Entropy and probe](entropy.png)", ""]

    corr = numbers["correlation"]
    pooled = corr["pooled"]
    out += ["## Does surprisal mean anything here?", "",
            "Spearman correlations over the correct samples, a decision list once per task "
            "(intervals and p-values from Fisher's z). Surprisal is minus the mean log-prob "
            "per decision, so a negative rho(surprisal, speedup) is the study's positive "
            "rho(log-prob, speedup).", "",
            table(["", "n", "rho(surprisal, speedup)", "partial, controlling for decisions",
                   "rho(decisions, speedup)"],
                  [["pooled", pooled["n"], correlation_cell(pooled["surprisal"]),
                    correlation_cell(pooled["partial_decisions"]),
                    correlation_cell(pooled["decisions"])]]
                  + [[t["task"], t["n"], correlation_cell(t["surprisal"]),
                      correlation_cell(t["partial_decisions"]),
                      correlation_cell(t["decisions"])] for t in corr["per_task"]]), ""]
    rows = []
    for name, f in sorted(corr["features"].items(),
                          key=lambda kv: -abs(kv[1]["pooled"]["feature"]["rho"] or 0)):
        per_task = [v["feature"] for v in f["per_task"].values()]
        significant = sum(1 for v in per_task if v["p"] is not None and v["p"] < 0.05)
        rows.append([name, correlation_cell(f["pooled"]["feature"]),
                     correlation_cell(f["pooled"]["partial_surprisal"]),
                     f"{significant} of {len(per_task)}"])
    out += ["Structural features (docs/features.md), pooled:", "",
            table(["feature", "rho(feature, speedup)",
                   "rho(surprisal, speedup) controlling for it",
                   "tasks with p < 0.05 for rho(feature, speedup)"], rows) if rows
            else "No feature varies over the correct samples.", "",
            "![Surprisal vs speedup](scatter.png)", ""]

    out += ["## Over-sharpening probe", "",
            "The base sample of every unit re-scored (kb-score) under the policy of each TTT "
            "step: does adaptation put its probability on the fast kernels of a fixed set, or "
            "on others?", "",
            table(["policy of step", "mean NLL", "NLL of the fastest correct", "entropy",
                   "mean per-unit rho(NLL, speedup)"],
                  [[p["step"], num(p["nll"]), num(p["nll_fastest"]), num(p["entropy"]),
                    num(p["rho"])] for p in numbers["probe"]]), ""]

    timing = numbers["timing"]
    out += ["## Time", "",
            table(["phase", "seconds"],
                  [[p, f"{s:.1f}"] for p, s in timing["phase_seconds"].items()]), "",
            f"Wall time of the run: {timing['wall_seconds']:.1f} s over {timing['sessions']} "
            "session(s); GPU time: "
            + (f"{timing['gpu_seconds']:.1f} s (the measure and ttt phases)"
               if timing["mode"] == "gpu" else "none (recorded rewards)") + ".", ""]
    return "\n".join(out)


def write(directory: Path, numbers: dict) -> None:
    plot_best_of_n(numbers, directory / "bon.png")
    plot_strategies(numbers, directory / "strategies.png")
    plot_scatter(numbers, directory / "scatter.png")
    plot_entropy(numbers, directory / "entropy.png")
    (directory / "REPORT.md").write_text(markdown(directory, numbers))
