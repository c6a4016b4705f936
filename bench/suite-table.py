#!/usr/bin/env python3
"""The KernelBench suite table from bench/suite-gpu.sh's outputs (markdown, on stdout).

    bench/suite-table.py SUITE_DIR RUN_DIR...

SUITE_DIR holds the compiled candidate files (NNN.mlir); each RUN_DIR a run's cache.jsonl. The
result cache keeps one entry per distinct kernel (decision lists whose fallbacks meet give the same
PTX and launch plan), under the first candidate that had it: every candidate with that kernel
shares its verdict and time. Per task: its family, how many of the 64 drawn candidates compiled
(and how many distinct kernels they are) and were correct, the fastest
correct one's median time (with its interquartile range), PyTorch eager's median, the speedup
over eager (range: eager median over the candidate's third and first quartiles), and the physical
limit the runner computed (least bytes at the copy bandwidth, or least FLOPs at the peak rate)
over the fastest median. Tasks whose candidates all failed to compile have no schedule space yet.

    bench/suite-table.py --measurements SUITE_DIR RUN_DIR...

writes instead one line per compiled candidate in the measurements format
(docs/measurements-format.md: task, candidate, decisions, verdict, median_us, speedup), each with
the result of its kernel: the uniform policy's side of bench/policy-compare.py.
"""
import json
import pathlib
import re
import sys

# A candidate's family: that of the first of these decisions it has (`unroll` is also the
# reduction's and the window's, so their own decisions come first).
FAMILY_KEYS = {"block_m": "matmul", "block_q": "attention", "threads_per_output": "reduction",
               "threads_per_group": "normalization", "outputs_x": "window",
               "items_per_thread": "scan", "per_thread": "elementwise",
               "unroll": "global_reduction"}


def family(text):
    """The family of the first candidate in `text`; a chain's stages (decisions `s<k>.<name>`)
    joined by " + "."""
    listed = re.search(r"decisions {([^}]*)}", text)
    if not listed:
        return "?"
    stages = {}
    for stage, key in re.findall(r"(?:\bs(\d+)\.)?\b(\w+) =", listed[1]):
        stages.setdefault(int(stage or 0), set()).add(key)
    names = [next((name for key, name in FAMILY_KEYS.items() if key in keys), "?")
             for _, keys in sorted(stages.items())]
    return " + ".join(names)


def decisions(line):
    """The `decisions` dictionary of a candidate line, booleans as 0 and 1."""
    body = re.search(r"decisions {([^}]*)}", line)[1]
    values = {}
    for name, value in re.findall(r"([\w.]+) = (true|false|-?\d+)", body):
        values[name] = {"true": 1, "false": 0}.get(value, None)
        if values[name] is None:
            values[name] = int(value)
    return values


def main():
    measurements = sys.argv[1] == "--measurements"
    args = sys.argv[2:] if measurements else sys.argv[1:]
    suite, runs = pathlib.Path(args[0]), [pathlib.Path(p) for p in args[1:]]
    verdicts, times = {}, {}
    for run in runs:
        for line in open(run / "cache.jsonl"):
            entry = json.loads(line)
            key = (entry["task"], entry["candidate"])
            if entry["op"] == "verify":
                verdicts[key] = entry["result"]["verdict"]
            elif entry["op"] == "time" and "median_us" in entry["result"]:
                times[key] = entry["result"]
    if not measurements:
        print("| problem | family | compiled | correct | best median us (q1-q3) | eager us | "
              "speedup (range) | of limit |")
        print("|---|---|---|---|---|---|---|---|")
    counts = {"spaces": 0, "with_correct": 0}
    for path in sorted(suite.glob("[0-9][0-9][0-9].mlir")):
        text = path.read_text()
        task = re.search(r"kb\.task @(\w+)", text)[1]
        lines = [l for l in text.splitlines() if l.lstrip().startswith("kb.candidate")]
        kernels = {}  # PTX and launch plan -> the names of the candidates that have them
        for line in lines:
            if ' ptx "' in line:
                kernel = line[line.index(' ptx "'):].split(" features ")[0]
                kernel = re.sub(r" \{duplicate_of = @\w+\}$", "", kernel)  # kb-sample's mark
                kernels.setdefault(kernel, []).append(re.search(r"kb\.candidate @(\w+)", line)[1])
        compiled = [name for names in kernels.values() for name in names]
        name = f"{path.stem} {task}"

        def result(table, names):
            return next((table[(task, n)] for n in names if (task, n) in table), None)

        if measurements:
            by_name = {re.search(r"kb\.candidate @(\w+)", l)[1]: l for l in lines}
            for names in kernels.values():
                verdict, timing = result(verdicts, names), result(times, names)
                for candidate in names:
                    entry = {"task": task, "candidate": candidate,
                             "decisions": decisions(by_name[candidate])}
                    if verdict:
                        entry["verdict"] = verdict
                    if verdict == "correct" and timing:
                        entry["median_us"] = timing["median_us"]
                        entry["speedup"] = timing["eager_median_us"] / timing["median_us"]
                    print(json.dumps(entry))
            continue
        if not compiled:
            # kb-sample's reason for drawing nothing is in the pack's log beside the file.
            log = path.with_suffix(".log")
            error = (re.search(r'verdict <compile_error, "(?:[^"]*?error: )?([^"\\]*)', text)
                     or (log.exists() and re.search(r"error: (.*)", log.read_text())))
            reason = error[1][:110] if error else "no candidates"
            print(f"| {name} | none yet | 0/{len(lines)} | | {reason} | | | |")
            continue
        counts["spaces"] += 1
        shown = f"{len(compiled)}/{len(lines)} ({len(kernels)} distinct)"

        judged = [v for names in kernels.values() for v in [result(verdicts, names)] * len(names)]
        if all(v is None for v in judged):
            print(f"| {name} | {family(text)} | {shown} | not run | | | | |")
            continue
        num_correct = sum(v == "correct" for v in judged)
        counts["with_correct"] += num_correct > 0
        correct = str(num_correct)
        if any(v is None for v in judged):
            correct += f" of {sum(v is not None for v in judged)} verified"
        timed = [t for names in kernels.values() if (t := result(times, names))]
        if not timed:
            print(f"| {name} | {family(text)} | {shown} | {correct} | | | | |")
            continue
        best = min(timed, key=lambda t: t["median_us"])
        eager = best["eager_median_us"]
        limit = best.get("limit_us") or 0
        print(f"| {name} | {family(text)} | {shown} | {correct} | "
              f"{best['median_us']:.1f} ({best['q1_us']:.1f}-{best['q3_us']:.1f}) | {eager:.1f} | "
              f"{eager / best['median_us']:.3f} ({eager / best['q3_us']:.3f}-"
              f"{eager / best['q1_us']:.3f}) | "
              + (f"{limit / best['median_us']:.2f} |" if limit else "- |"))
    if not measurements:
        print(f"\n{counts['spaces']} tasks have a schedule space; {counts['with_correct']} of "
              f"them have a correct candidate among those verified.")


if __name__ == "__main__":
    main()
