#!/usr/bin/env python3
"""Two measurements of the same samples, side by side: whether a pool changed anything.

    bench/pool-compare.py A.jsonl B.jsonl

Matches the candidates by task and name and prints how many have the same verdict, and, over
those both found correct and timed, how often the two speedups' 95% intervals overlap, and the
median and spread of the ratio B / A.
"""
import argparse
import math
import pathlib
import statistics
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "python"))
from kopt import measurements  # noqa: E402


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("a")
    parser.add_argument("b")
    args = parser.parse_args()
    a = {(m.task, m.candidate): m for m in measurements.read(args.a)}
    b = {(m.task, m.candidate): m for m in measurements.read(args.b)}
    common = sorted(a.keys() & b.keys())
    if not common:
        sys.exit("pool-compare: the two files share no candidate")
    same = [k for k in common if a[k].verdict == b[k].verdict]
    print(f"candidates: {len(common)} in both ({len(a)} in A, {len(b)} in B)")
    print(f"same verdict: {len(same)} of {len(common)}")
    for k in common:
        if a[k].verdict != b[k].verdict:
            print(f"  {k[0]} {k[1]}: {a[k].verdict} -> {b[k].verdict}")
    timed = [k for k in same if a[k].speedup and b[k].speedup]
    if not timed:
        return
    with_intervals = [k for k in timed if a[k].speedup_interval and b[k].speedup_interval]
    overlap = sum(1 for k in with_intervals
                  if a[k].speedup_interval[0] <= b[k].speedup_interval[1]
                  and b[k].speedup_interval[0] <= a[k].speedup_interval[1])
    ratios = sorted(b[k].speedup / a[k].speedup for k in timed)
    quartiles = statistics.quantiles(ratios, n=4) if len(ratios) > 1 else [ratios[0]] * 3
    print(f"timed in both: {len(timed)}; with intervals in both: {len(with_intervals)}, of "
          f"which the 95% intervals overlap: {overlap} "
          f"({overlap / max(len(with_intervals), 1):.1%})")
    print(f"speedup B / A: median {statistics.median(ratios):.4f}, quartiles "
          f"[{quartiles[0]:.4f}, {quartiles[2]:.4f}], geometric mean "
          f"{math.exp(statistics.fmean(math.log(r) for r in ratios)):.4f}")


if __name__ == "__main__":
    main()
