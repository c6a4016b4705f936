#!/usr/bin/env python3
"""The training curve of kb-train's log (JSON Lines, one line per step), as a markdown table over
windows of steps: the rollouts' correct share and fast_1 (correct and faster than eager fp32),
the mean entropy per decision of the families drawn, distinct decision lists per group, and the
step time.

    bench/train-curve.py train-log.jsonl [WINDOW]      # WINDOW steps a row (default 5)
"""
import json
import statistics
import sys


def mean_entropy(step):
    values = [e for per_family in step["entropy"].values() for e in per_family]
    return statistics.mean(values) if values else 0.0


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    steps = [json.loads(line) for line in open(sys.argv[1]) if line.strip()]
    window = int(sys.argv[2]) if len(sys.argv) == 3 else 5
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
