#!/usr/bin/env python3
"""Register spills of the matmul family's candidates, from kb-tag-features output (ptxas -v): how
many candidates of each kernel (SIMT, mma.sync, wgmma; with split_tf32 or not) and each
min_blocks_per_sm value spill, and with --best, the registers and spills of each task's fastest
correct kernel in a result cache (kb-verify and kb-time's).

    kopt PACKED.mlir --pass-pipeline='builtin.module(kb-tag-features)' -o TAGGED.mlir
    bench/spill-table.py TAGGED.mlir... [--best cache.jsonl]
"""
import argparse
import collections
import pathlib
import re
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "python"))  # kopt package
from kopt import result_cache  # noqa: E402
from kopt.tables import markdown_table  # noqa: E402

CANDIDATE = re.compile(r"\s*kb.candidate @(\w+) of @(\w+) policy decisions \{([^}]*)\}")


def kernel_kind(decisions):
    if decisions.get("tf32") != "true":
        return "SIMT"
    kind = "wgmma" if decisions.get("wgmma") == "true" else "mma.sync"
    return kind + (" split_tf32" if decisions.get("split_tf32") == "true" else "")


def read_candidates(paths):
    candidates = {}
    for path in paths:
        for line in open(path):
            match = CANDIDATE.match(line)
            spills = re.search(r"spill_store_bytes = (\d+)", line)
            registers = re.search(r"\bregisters = (\d+)", line)
            if not (match and spills and registers):
                continue
            decisions = dict(re.findall(r"(\w+) = (\w+)", match.group(3)))
            candidates[match.group(1)] = {
                "task": match.group(2), "kind": kernel_kind(decisions),
                "min_blocks": decisions.get("min_blocks_per_sm", "1"),
                "registers": int(registers.group(1)), "spill": int(spills.group(1))}
    return candidates


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("tagged", nargs="+")
    parser.add_argument("--best")
    args = parser.parse_args()
    candidates = read_candidates(args.tagged)
    groups = collections.defaultdict(lambda: [0, 0])
    for c in candidates.values():
        group = groups[(c["kind"], c["min_blocks"])]
        group[0] += 1
        group[1] += c["spill"] > 0
    spilling = sum(c["spill"] > 0 for c in candidates.values())
    print(f"{spilling} of {len(candidates)} candidates spill\n")
    print(markdown_table(
        ["kernel (as the decisions ask)", "min_blocks_per_sm", "candidates", "spilling"],
        [[kind, blocks, count, spill]
         for (kind, blocks), (count, spill) in sorted(groups.items())]))
    if args.best:
        rows = []
        fastest = result_cache.read([args.best]).fastest_correct()
        for task, (name, timing) in sorted(fastest.items()):
            c = candidates.get(name)
            rows.append([task, name, f"{timing['median_us']:.1f}"] +
                        ([c["kind"], c["registers"], c["spill"]] if c
                         else ["not in the tagged files", "", ""]))
        print()
        print(markdown_table(["task", "fastest correct kernel", "median us",
                              "kernel (as the decisions ask)", "registers", "spill bytes"], rows))

if __name__ == "__main__":
    main()
