"""REPORT.md and the plots of a study, from the numbers of analysis.py. Needs matplotlib
(python3-matplotlib, installed by scripts/setup.sh)."""

from __future__ import annotations

import math
from pathlib import Path

import matplotlib

matplotlib.use("Agg")  # files only: no display on the machines that run this
import matplotlib.pyplot as plt  # noqa: E402

from analysis import PAPER, interval, num, pct, rankings  # noqa: E402
from kopt.tables import markdown_table as table  # noqa: E402

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


def budget_groups(table: dict) -> list[tuple[str, list[str]]]:
    """The strategies of `table` by timing budget: K = 1 (the plain rankings, which time none,
    and their top1), K = 3 and K = 8; the model's only where the run had a cost model."""
    ranked = rankings("model" in table)
    return [("K = 1", ["random"] + ranked + ["random-1"] + [f"{r}-top1" for r in ranked])] + [
        (f"K = {k}", [f"random-{k}"] + [f"{r}-top{k}" for r in ranked]) for k in (3, 8)]


def plot_strategies(numbers: dict, path: Path) -> None:
    """fast_p against p for each strategy at the equal budgets, on the non-degenerate tasks (all
    tasks where there are none)."""
    selection = numbers["selection"]["non_degenerate"] or numbers["selection"]["all"]
    table = selection["strategies"]
    # K = 1 without the top1 variants, which pick what the plain rankings pick
    budgets = [[name for name in names if not name.endswith("1")]
               for _, names in budget_groups(table)]
    fig, axes = plt.subplots(1, len(budgets), figsize=(13, 4), sharey=True)
    ps = numbers["fast_p_curve"]
    for ax, names in zip(axes, budgets):
        for name in names + ["oracle"]:
            ax.plot(ps, table[name]["curve"], "--" if name == "oracle" else "-", label=name)
        ax.axvline(1.0, color="grey", lw=0.8)
        ax.set_xscale("log", base=2)
        ax.set_xlabel("p (speedup threshold)")
        ax.grid(alpha=0.3)
        ax.legend(fontsize=7)
    axes[0].set_ylabel("fast_p")
    fig.suptitle("fast_p curves at equal budgets ("
                 + ("non-degenerate tasks" if numbers["selection"]["non_degenerate"]
                    else "all tasks") + ")")
    fig.tight_layout()
    fig.savefig(path, dpi=120)
    plt.close(fig)


def plot_scatter(numbers: dict, path: Path) -> None:
    tasks = [t for t in numbers["correlation"]["scatter"] if t["points"]]
    rho = {r["task"]: r["rho"] for r in numbers["correlation"]["surprisal"]["per_task"]}
    columns = min(4, max(1, len(tasks)))
    rows = max(1, math.ceil(len(tasks) / columns))
    fig, axes = plt.subplots(rows, columns, figsize=(3.2 * columns, 2.8 * rows), squeeze=False)
    for ax in axes.flat[len(tasks):]:
        ax.axis("off")
    for ax, task in zip(axes.flat, tasks):
        ax.scatter([p[0] for p in task["points"]], [p[1] for p in task["points"]], s=8)
        ax.set_yscale("log")
        ax.axhline(1.0, color="grey", lw=0.8)
        note = "degenerate" if task["degenerate"] else f"rho = {num(rho.get(task['task']), 2)}"
        ax.set_title(f"{task['task']}\n{note}, n = {len(task['points'])}", fontsize=8)
        ax.tick_params(labelsize=7)
    for ax in axes[-1]:
        ax.set_xlabel("surprisal (nats per decision)", fontsize=8)
    for ax in axes[:, 0]:
        ax.set_ylabel("speedup", fontsize=8)
    fig.suptitle("Distinct correct kernels: surprisal vs speedup")
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


def correlation_cell(test: dict) -> str:
    if test["rho"] is None:
        return "undefined"
    p = f", p = {test['p']:.2g}" if test["p"] is not None else ""
    holm = f", Holm p = {test['p_holm']:.2g}" if test.get("p_holm") is not None else ""
    return f"{test['rho']:.3f}{interval(test['ci'])}{p}{holm}"


def meta_cell(meta: dict | None) -> str:
    if not meta:
        return "undefined"
    return f"{meta['rho']:.3f}{interval(meta['ci'])}"


def heterogeneity_cell(meta: dict | None) -> str:
    if not meta:
        return ""
    p = f", p = {meta['q_p']:.2g}" if meta["q_p"] is not None else ""
    return (f"tau^2 = {meta['tau2']:.3g}, Q = {meta['q']:.1f} on {meta['dof']} df{p}, "
            f"I^2 = {pct(meta['i2'])}")


SPEEDUP_CONVENTIONS = (
    "Speedups are of two conventions, named in each column. *vs eager fp32*: over PyTorch eager "
    "with TF32 off, KernelBench's convention; success, fast_p and *faster than eager* use it. "
    "*vs eager TF32*: over eager with TF32 allowed in cuBLAS and cuDNN (PyTorch's `allow_tf32` "
    "switches), the baseline at matched precision for kernels that compute in TF32; it differs "
    "only where the reference runs matmuls or convolutions, and is n/a where the measurements "
    "predate it.")


def strategy_rows(table: dict, names: list[str], other: dict | None) -> list[list]:
    rows = []
    for name in names:
        s = table[name]
        fast_1 = s["fast"][0]
        beside = other["strategies"][name]["fast"][0] if other else None
        rows.append([name, num(s["timed_mean"], 3),
                     pct(fast_1["value"]) + interval(fast_1["ci"], pct),
                     pct(s["confident"]) + interval(s["confident_ci"], pct),
                     num(s["geomean"]) + interval(s["geomean_ci"]),
                     num(s.get("geomean_tf32")) + interval(s.get("geomean_tf32_ci")),
                     pct(beside["value"]) + interval(beside["ci"], pct) if beside else ""])
    return rows


def markdown(directory: Path, numbers: dict, report_name: str = "REPORT.md",
             prefix: str = "") -> str:
    config = numbers["config"]
    recorded = bool(config["rewards"])
    tasks = numbers["tasks"]
    scheduled = [t for t in tasks if t["candidates"]]
    degenerate = numbers["degenerate"]
    out = [f"# Study `{directory.name}`" + (f": {Path(report_name).stem.lower()}"
                                            if report_name != "REPORT.md" else ""), ""]
    out.append(
        ("Measurements: **recorded rewards** (kb-recorded-rewards, "
         f"`{Path(config['rewards']).name}`), no GPU was used. " if recorded else
         "Measurements: on the GPU through kopt-runner"
         + (f" ({config['device']}, {config['kopt']}). " if "kopt" in config else ". "))
        + f"{len(tasks)} tasks ({len(scheduled)} with candidates) x {len(config['seeds'])} "
        f"seeds, {config['samples']} base samples per task and seed, "
        + (f"TTT {config['ttt_steps']} steps of {config['ttt_n']} rollouts (entropy bonus "
           f"{config.get('entropy', 0)}), " if config["ttt_steps"] else "no TTT, ")
        + "base policy "
        + (f"`{Path(config['policy']).name}` (sha256 {config['policy_sha256']}...)"
           if config["policy"] else "uniform")
        + f". Intervals are 95% percentile intervals of a cluster bootstrap "
        f"({numbers['bootstrap_reps']} resamples) whose resampling unit is the "
        f"**{numbers['bootstrap_unit']}**, unless said; the meta-analytic and per-task "
        f"correlation intervals are Fisher's z. Every number is in `{prefix}study.json`.")
    notes = directory / "NOTES.md"  # what the driver cannot know, e.g. where the policy is from
    if notes.exists():
        out += ["", notes.read_text().strip()]
    out += ["", "## Reproduce", "", "```sh", config["command"],
            f"python3 python/study/study.py report --name {directory.name}"
            + ("" if directory.parent.name == "results" else f" --results {directory.parent}")
            + ("" if report_name == "REPORT.md" else f" --report {report_name}"),
            "```", "",
            "`run` resumes where it stopped; `report` rewrites "
            f"{prefix}study.json, the four plots and this file from results/"
            + directory.name + "/raw.", ""]

    out += ["## Hypotheses", "",
            "As stated in docs/study.md; each is decided by whether its task-level "
            "interval excludes the null.", "",
            table(["", "hypothesis", "quantity", "here", "rule", "verdict", "the study"],
                  [[h["id"], h["claim"], h["quantity"],
                    num(h["value"]) + interval(h["ci"]), h["rule"], f"**{h['verdict']}**",
                    h["paper"]] for h in numbers["hypotheses"]]), ""]

    out += ["## Tasks", "", SPEEDUP_CONVENTIONS, "",
            f"Degenerate for surprisal (fewer than two distinct mean log-probs among the "
            f"distinct correct kernels): **{len(degenerate)} of {len(scheduled)}** tasks"
            + (f": {', '.join(degenerate)}. There every surprisal ranking is sample order; "
               "the surprisal analyses are over the other tasks, the all-task figures beside."
               if degenerate else "."), ""]
    rows = []
    for t in tasks:
        if not t["candidates"]:
            rows.append([t["task"], t["file"], "no candidates", "", "", "", "", t["reason"] or ""])
            continue
        seeds = t["seeds"]
        rows.append([t["task"], t["file"],
                     " / ".join(f"{s['correct']}" for s in seeds) + f" of {seeds[0]['samples']}",
                     " / ".join(f"{s['fast']}" for s in seeds),
                     " / ".join(num(s["best_speedup"]) for s in seeds),
                     " / ".join(num(s.get("best_speedup_tf32")) for s in seeds),
                     f"{t['kernels']} ({t['decision_lists']})",
                     ("degenerate; " if t["degenerate"] else "")
                     + f"surprisal sd {num(t['surprisal_sd'])}"])
    out += [table(["task", "file", "correct (per seed)", "faster than eager fp32",
                   "best speedup vs eager fp32", "best speedup vs eager TF32",
                   "distinct kernels (decision lists)", "note"], rows), ""]
    missing = [t["task"] for t in tasks if not t["candidates"]]
    if missing:
        out += [f"No candidates (kopt has no schedule space for them yet): {', '.join(missing)}. "
                "They are left out of every statistic except Best-of-N over all tasks, where "
                "they count as failures.", ""]

    bon = numbers["best_of_n"]
    paper = PAPER["best_of_n"]
    out += ["## Best-of-N", "",
            "Task success at K: at least one of K samples correct and faster than PyTorch eager; "
            "the exact mean over every choice of K of a unit's samples (duplicates counted as "
            "drawn), with its task-level interval.", ""]
    rows = []
    every = {p["k"]: p for p in bon["all_tasks"]}
    for point in bon["scheduled"]:
        k = point["k"]
        rows.append([k, pct(point["success"]) + interval(point["ci"], pct),
                     pct(every[k]["success"]) + interval(every[k]["ci"], pct),
                     pct(paper.get(k))])
    out += [table(["K", "tasks with candidates", "all tasks", "the study (5 tasks)"], rows), "",
            f"![Best-of-N]({prefix}bon.png)", ""]

    selection = numbers["selection"]
    main = selection["non_degenerate"] or selection["all"]
    scope = "non-degenerate tasks" if selection["non_degenerate"] else "all tasks"
    beside = selection["all"] if selection["non_degenerate"] else None
    out += ["## Selection strategies at equal budgets", "",
            "Each strategy picks among a unit's correct kernels, a kernel timed once however "
            "often it was drawn (kernels are identified by their cached timing, which kopt keys "
            "by PTX and launch). `random` is the exact expectation of one random correct "
            "sample; `random-K` the exact expectation over every K-subset of the distinct "
            "kernels of the fastest in it (order statistics: the j-th slowest is the fastest of "
            "a random K-subset with probability C(j-1, K-1) / C(n, K)); confidence-topK and "
            "surprise-topK time the first K distinct kernels in the order of confidence or "
            "surprisal and keep the fastest (top1: the plain strategy, timed); `model` and "
            "model-topK do the same in the order of a cost model's predicted speedup "
            "(kb-predict, docs/cost-model.md), where the run had one. *Timings* is the "
            "mean number of kernels a strategy times per unit to make its choice. "
            "*Faster with confidence*: the chosen kernel's speedup interval lies above 1 "
            "(see Noise below).", "",
            f"Over the {scope}" + (", fast_1 over all tasks beside:" if beside else ":"), ""]
    groups = budget_groups(main["strategies"]) + [("all", ["oracle"])]
    rows = []
    for label, names in groups:
        for row in strategy_rows(main["strategies"], names, beside):
            rows.append([label] + row)
    out += [table(["budget", "strategy", "timings", "fast_1", "faster with confidence",
                   "geometric-mean speedup vs eager fp32",
                   "geometric-mean speedup vs eager TF32", "fast_1, all tasks"], rows), ""]
    seeded = selection["seeded_random"]
    out += [f"kb-select's seeded `random` draw, shown apart: fast_1 {pct(seeded['fast_1'])}"
            f"{interval(seeded['fast_1_ci'], pct)} over all tasks; it takes the same sample "
            "index in every task of a seed ("
            + ", ".join(f"seed {s}: sample {i}" for s, i in seeded["indices"]) + ").", ""]
    rows = []
    for subset_name, subset in (("non-degenerate", selection["non_degenerate"]),
                                ("all", selection["all"])):
        if not subset:
            continue
        for c in subset["comparisons"]:
            rows.append([f"{c['a']} - {c['b']}", subset_name,
                         num(c["fast_1_diff"]["value"]) + interval(c["fast_1_diff"]["ci"]),
                         num(c["confident_diff"]["value"]) + interval(c["confident_diff"]["ci"]),
                         num(c["speedup_ratio"]["value"]) + interval(c["speedup_ratio"]["ci"])])
    out += ["Paired comparisons (both strategies' units resampled together, by task):", "",
            table(["", "tasks", "fast_1 difference", "faster-with-confidence difference",
                   "geometric-mean speedup ratio"], rows), ""]
    rows = [[name] + [pct(f["value"]) + interval(f["ci"], pct) for f in s["fast"]]
            for name, s in main["strategies"].items()]
    out += ["## Noise", "",
            f"fast_p (KernelBench: the chosen kernel correct and faster than p x eager) over the "
            f"{scope}:", "",
            table(["strategy"] + [f"fast_{p}" for p in numbers["fast_p"]], rows), "",
            "A kernel is *faster with confidence* where its speedup's 95% interval lies above 1. "
            "The interval combines, on the log scale, the kernel's median standard error "
            "(sqrt(pi / 2) x IQR / 1.349 / sqrt(n), from its quartiles and repetitions; none "
            "below two repetitions, which never counts as confident) with eager's: the standard "
            "deviation of log(speedup x median) over the task's kernels, i.e. how far the "
            "pooled eager median a kernel was compared against moved between timings (the raw "
            "measurements carry no eager quartiles).", "",
            f"![fast_p curves]({prefix}strategies.png)", ""]
    return "\n".join(out) + "\n" + after_selection(numbers, prefix)


def after_selection(numbers: dict, prefix: str) -> str:
    """The sections after the selection strategies': TTT, the correlations, the probe, time."""
    out = []
    ttt = numbers["ttt"]
    adapted = numbers["config"]["ttt_steps"] > 0  # else a Best-of-N run: no ttt or probe phase
    if not adapted:
        out += ["## Test-time training", "", "Not in this run (`--ttt-steps 0`).", ""]
    else:
        out += ttt_tables(ttt, prefix)
    out += correlation_section(numbers, prefix)
    if adapted:
        out += probe_section(numbers)
    out += time_section(numbers)
    return "\n".join(out)


def ttt_tables(ttt: dict, prefix: str) -> list[str]:
    out = ["## Test-time training", "",
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
                         num(r["vs_one_sample"]) + interval(r["vs_one_sample_ci"]),
                         (f"{eq:.2f}" if eq is not None else "above the curve")
                         + interval(r["equivalent_k_ci"]),
                         pct(r["task_success"]), num(r["samples"])])
    out += [table(["variant", "steps", "fast_1", "minus Best-of-N at K = 1 (paired)",
                   "equivalent K", "task success of the kept step", "rollouts drawn"], rows), "",
            f"The study: best checkpoint {pct(PAPER['ttt_best'][0])} +- "
            f"{pct(PAPER['ttt_best'][1])}, below Best-of-N at K = 1.", "",
            f"![Entropy and probe]({prefix}entropy.png)", ""]
    return out


def correlation_section(numbers: dict, prefix: str) -> list[str]:
    out = []
    corr = numbers["correlation"]
    surprisal = corr["surprisal"]
    meta = surprisal["meta"]
    out += ["## Does surprisal predict speed within a task?", "",
            "Spearman correlations over each task's distinct correct kernels (a kernel's "
            "surprisal: the mean over its decision lists). The headline is the random-effects "
            "meta-analysis (DerSimonian-Laird on Fisher's z, variance 1.06 / (n - 3)) of the "
            "per-task correlations over the non-degenerate tasks; per-task p-values are "
            "Holm-adjusted over those tasks. The pooled rho mixes tasks, so it measures "
            "differences between tasks, not within them. Surprisal is minus the mean log-prob "
            "per decision: a positive rho(surprisal, speedup) is what the surprise strategy "
            "needs.", "",
            table(["", "rho(surprisal, speedup)", "heterogeneity"],
                  [["within-task (random effects)", meta_cell(meta), heterogeneity_cell(meta)],
                   ["within-task (fixed effect)",
                    num(meta["fixed_rho"]) if meta else "undefined", ""],
                   ["between-task (pooled), non-degenerate tasks",
                    num(surprisal["pooled"]["rho"]) + interval(surprisal["pooled"]["ci"])
                    + f", n = {surprisal['pooled']['n']}", ""],
                   ["between-task (pooled), all tasks",
                    num(corr["surprisal_all_tasks_pooled"]["rho"])
                    + interval(corr["surprisal_all_tasks_pooled"]["ci"])
                    + f", n = {corr['surprisal_all_tasks_pooled']['n']}", ""]]), "",
            f"{surprisal['significant_holm']} of {surprisal['tested']} tasks with a Holm-adjusted "
            "p < 0.05. The study: rho(log-prob, speedup) = "
            f"{PAPER['rho_logprob_speedup'][0]} (p = {PAPER['rho_logprob_speedup'][1]}) pooled "
            f"over {PAPER['rho_logprob_speedup'][2]} samples.", "",
            table(["task", "n", "rho(surprisal, speedup)"],
                  [[t["task"], t["n"], correlation_cell(t)] for t in surprisal["per_task"]]), ""]
    rows = []
    for name, f in sorted(corr["features"].items(),
                          key=lambda kv: -abs((kv[1]["meta"] or {}).get("rho") or 0)):
        rows.append([name, meta_cell(f["meta"]), heterogeneity_cell(f["meta"]),
                     f"{f['significant_holm']} of {f['tested']}",
                     num(f["pooled"]["rho"]) + interval(f["pooled"]["ci"])])
    out += ["Structural features (docs/features.md) against speedup, the same way, each over "
            "the tasks where it varies among the distinct kernels:", "",
            table(["feature", "within-task rho (random effects)", "heterogeneity",
                   "tasks with Holm p < 0.05", "between-task (pooled)"], rows) if rows
            else "No feature varies within a task.", "",
            f"![Surprisal vs speedup]({prefix}scatter.png)", ""]
    return out


def probe_section(numbers: dict) -> list[str]:
    return ["## Over-sharpening probe", "",
            "The base sample of every unit re-scored (kb-score) under the policy of each TTT "
            "step: does adaptation put its probability on the fast kernels of a fixed set, or "
            "on others?", "",
            table(["policy of step", "mean NLL", "NLL of the fastest correct", "entropy",
                   "mean per-unit rho(NLL, speedup)"],
                  [[p["step"], num(p["nll"]), num(p["nll_fastest"]), num(p["entropy"]),
                    num(p["rho"])] for p in numbers["probe"]]), ""]


def time_section(numbers: dict) -> list[str]:
    timing = numbers["timing"]
    return ["## Time", "",
            table(["phase", "seconds"],
                  [[p, f"{s:.1f}"] for p, s in timing["phase_seconds"].items()]), "",
            f"Wall time of the run: {timing['wall_seconds']:.1f} s over {timing['sessions']} "
            "session(s); GPU time: "
            + (f"{timing['gpu_seconds']:.1f} s (the measure and ttt phases)"
               if timing["mode"] == "gpu" else "none (recorded rewards)") + ".", ""]


def write(directory: Path, numbers: dict, report_name: str = "REPORT.md") -> str:
    """Writes the plots and the report; a report under another name gets its own plots, named
    after it, so that it never changes another report's. Returns the prefix of those names."""
    prefix = "" if report_name == "REPORT.md" else Path(report_name).stem.lower() + "-"
    plot_best_of_n(numbers, directory / f"{prefix}bon.png")
    plot_strategies(numbers, directory / f"{prefix}strategies.png")
    plot_scatter(numbers, directory / f"{prefix}scatter.png")
    if numbers["config"]["ttt_steps"]:
        plot_entropy(numbers, directory / f"{prefix}entropy.png")
    (directory / report_name).write_text(markdown(directory, numbers, report_name, prefix))
    return prefix
