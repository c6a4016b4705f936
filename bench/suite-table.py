#!/usr/bin/env python3
"""The KernelBench suite table from bench/suite-gpu.sh's outputs (markdown, on stdout).

    bench/suite-table.py SUITE_DIR RUN_DIR...

SUITE_DIR holds the compiled candidate files (NNN.mlir; bench/tasks-gpu.sh: NAME.mlir), read through kopt ($KOPT,
build/dev/bin/kopt or PATH's); each RUN_DIR a run's cache.jsonl. The result cache keeps one entry
per distinct kernel (decision lists whose fallbacks meet give the same PTX and launch plan), under
the first candidate that had it: every candidate with that kernel shares its verdict and time. Per task: its family, how many of the 64 drawn candidates compiled
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

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "python"))  # kopt package
from kopt import measurements, result_cache  # noqa: E402
from kopt.families import family  # noqa: E402
from kopt.irtext import escaped  # noqa: E402


def compile_error(candidates):
    """The first line of the first compile error's message, after its `error: `, escaped as the
    IR prints it."""
    detail = next((m.detail for m in candidates if m.verdict == "compile_error" and m.detail),
                  None)
    return detail and escaped(detail).split("error: ", 1)[-1].split("\\", 1)[0]


def main():
    write_measurements = sys.argv[1] == "--measurements"
    args = sys.argv[2:] if write_measurements else sys.argv[1:]
    suite, runs = pathlib.Path(args[0]), [pathlib.Path(p) for p in args[1:]]
    cache = result_cache.read(run / "cache.jsonl" for run in runs)
    verdicts = {name: result["verdict"] for name, result in cache.verdicts.items()}
    times = cache.timings
    if not write_measurements:
        print("| problem | family | compiled | correct | best median us (q1-q3) | eager us | "
              "speedup (range) | of limit |")
        print("|---|---|---|---|---|---|---|---|")
    counts = {"spaces": 0, "with_correct": 0}
    for path in sorted(suite.glob("*.mlir")):
        text = path.read_text()
        candidates = measurements.export(path)
        # The measurements name the task only through its candidates (a task kopt cannot
        # schedule has none) and hold no PTX or launch plan: those are read from the IR text.
        task = re.search(r"kb\.task @(\w+)", text)[1]
        kernels = {}  # PTX and launch plan -> the names of the candidates that have them
        for line in text.splitlines():
            if line.lstrip().startswith("kb.candidate") and ' ptx "' in line:
                kernel = line[line.index(' ptx "'):].split(" features ")[0]
                kernel = re.sub(r" \{duplicate_of = @\w+\}$", "", kernel)  # kb-sample's mark
                kernels.setdefault(kernel, []).append(re.search(r"kb\.candidate @(\w+)", line)[1])
        compiled = [name for names in kernels.values() for name in names]
        name = f"{path.stem} {task}"

        def result(table, names):
            return next((table[(task, n)] for n in names if (task, n) in table), None)

        if write_measurements:
            by_name = {m.candidate: m for m in candidates}
            for names in kernels.values():
                verdict, timing = result(verdicts, names), result(times, names)
                for candidate in names:
                    entry = {"task": task, "candidate": candidate,
                             "decisions": by_name[candidate].decisions}
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
            reason = compile_error(candidates)
            logged = reason is None and log.exists() and re.search(r"error: (.*)", log.read_text())
            reason = logged[1] if logged else reason
            reason = reason[:110] if reason is not None else "no candidates"
            print(f"| {name} | none yet | 0/{len(candidates)} | | {reason} | | | |")
            continue
        counts["spaces"] += 1
        shown = f"{len(compiled)}/{len(candidates)} ({len(kernels)} distinct)"

        judged = [v for names in kernels.values() for v in [result(verdicts, names)] * len(names)]
        if all(v is None for v in judged):
            print(f"| {name} | {family(candidates)} | {shown} | not run | | | | |")
            continue
        num_correct = sum(v == "correct" for v in judged)
        counts["with_correct"] += num_correct > 0
        correct = str(num_correct)
        if any(v is None for v in judged):
            correct += f" of {sum(v is not None for v in judged)} verified"
        timed = [t for names in kernels.values() if (t := result(times, names))]
        if not timed:
            print(f"| {name} | {family(candidates)} | {shown} | {correct} | | | | |")
            continue
        best = min(timed, key=lambda t: t["median_us"])
        eager = best["eager_median_us"]
        limit = best.get("limit_us") or 0
        print(f"| {name} | {family(candidates)} | {shown} | {correct} | "
              f"{best['median_us']:.1f} ({best['q1_us']:.1f}-{best['q3_us']:.1f}) | {eager:.1f} | "
              f"{eager / best['median_us']:.3f} ({eager / best['q3_us']:.3f}-"
              f"{eager / best['q1_us']:.3f}) | "
              + (f"{limit / best['median_us']:.2f} |" if limit else "- |"))
    if not write_measurements:
        print(f"\n{counts['spaces']} tasks have a schedule space; {counts['with_correct']} of "
              f"them have a correct candidate among those verified.")


if __name__ == "__main__":
    main()
