#!/usr/bin/env python3
"""The fastest kernels of a sweep (bench/tasks-gpu.sh with WHERE or LISTS), per task, as a markdown table
of the decisions that vary across the sweep, the median, the speedup over eager and, where given,
ptxas's registers and spill stores.

    bench/suite-table.py --measurements DIR RUN_DIR > measurements.jsonl
    bench/sweep-top.py measurements.jsonl [--top 10] [--ptxas FILE...]
    bench/sweep-top.py measurements.jsonl --pair DECISION

With --pair, one row per combination of the other varying decisions and a median column per
value of DECISION: the decision's effect with everything else held, in the same run.

Each --ptxas FILE holds lines `kb.candidate @NAME registers = R spill_store_bytes = S`, as
`kopt FILE --pass-pipeline='builtin.module(kb-tag-features)'` prints them on a machine with
ptxas (grep for the three fields).
"""
import argparse
import collections
import json
import re


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("measurements")
    parser.add_argument("--top", type=int, default=10)
    parser.add_argument("--ptxas", nargs="*", default=[])
    parser.add_argument("--pair", help="a decision whose values get a column each")
    args = parser.parse_args()
    ptxas = {}
    for path in args.ptxas:
        for line in open(path):
            m = re.search(r"@(\w+)\s+registers = (\d+)\s+spill_store_bytes = (\d+)", line)
            if m:
                ptxas[m[1]] = (int(m[2]), int(m[3]))
    by_task = collections.defaultdict(list)
    for line in open(args.measurements):
        entry = json.loads(line)
        by_task[entry["task"]].append(entry)
    for task, entries in by_task.items():
        timed = sorted((e for e in entries if "speedup" in e), key=lambda e: e["median_us"])
        varying = [k for k in entries[0]["decisions"]
                   if len({json.dumps(e["decisions"][k]) for e in entries}) > 1]
        correct = sum(e.get("verdict") == "correct" for e in entries)
        print(f"\n{task}: {len(entries)} decision lists, {correct} correct, {len(timed)} timed\n")
        if args.pair:
            print_pairs(timed, [k for k in varying if k != args.pair], args.pair)
            continue
        columns = varying + ["median us", "speedup"] + (["registers", "spill bytes"] if ptxas else [])
        print("| " + " | ".join(columns) + " |")
        print("|" + "---|" * len(columns))
        for e in timed[:args.top]:
            cells = [str(e["decisions"][k]) for k in varying]
            cells += [f"{e['median_us']:.1f}", f"{e['speedup']:.3f}"]
            if ptxas:
                cells += [str(v) for v in ptxas.get(e["candidate"], ("?", "?"))]
            print("| " + " | ".join(cells) + " |")


def print_pairs(timed, held, pair):
    """Median us per value of `pair` for each combination of the `held` decisions."""
    values = sorted({json.dumps(e["decisions"][pair]) for e in timed})
    rows = collections.defaultdict(dict)
    for e in timed:
        key = tuple(json.dumps(e["decisions"][k]) for k in held)
        rows[key][json.dumps(e["decisions"][pair])] = e["median_us"]
    print("| " + " | ".join(held + [f"{pair} = {v} (us)" for v in values]) + " |")
    print("|" + "---|" * (len(held) + len(values)))
    for key in sorted(rows):
        cells = list(key) + [f"{rows[key][v]:.1f}" if v in rows[key] else "" for v in values]
        print("| " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
