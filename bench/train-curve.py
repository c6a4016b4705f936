#!/usr/bin/env python3
"""The training curve of kb-train's log (JSON Lines, one line per step), as a markdown table over
windows of steps: the rollouts' correct share and fast_1 (correct and faster than eager fp32),
the mean entropy per decision of the families drawn, distinct decision lists per group, and the
step time.

    bench/train-curve.py train-log.jsonl [MORE.jsonl ...] [WINDOW]   # WINDOW steps a row (5)

Several logs are one training resumed from the policy file (bench/train-gpu.sh): their steps are
numbered on from one log to the next.
"""
import json
import statistics
import sys


def mean_entropy(step):
    values = [e for per_family in step["entropy"].values() for e in per_family]
    return statistics.mean(values) if values else 0.0


def main():
    args = sys.argv[1:]
    window = int(args.pop()) if len(args) > 1 and args[-1].isdigit() else 5
    if not args:
        sys.exit(__doc__)
    steps = [json.loads(line) for path in args for line in open(path) if line.strip()]
    for number, step in enumerate(steps, 1):
        step["step"] = number
    print("| steps | correct | fast_1 | entropy per decision | distinct per group "
          f"(of {steps[0]['rollouts'] // len(steps[0]['tasks'])}) | seconds |")
    print("|---|---|---|---|---|---|")
    for start in range(0, len(steps), window):
        part = steps[start:start + window]
        print(f"| {part[0]['step']}-{part[-1]['step']} "
              f"| {statistics.mean(s['correct_rate'] for s in part):.3f} "
              f"| {statistics.mean(s['fast_1'] for s in part):.3f} "
              f"| {statistics.mean(mean_entropy(s) for s in part):.3f} "
              f"| {statistics.mean(statistics.mean(s['distinct']) for s in part):.2f} "
              f"| {sum(s['seconds'] for s in part):.1f} |")


if __name__ == "__main__":
    main()
