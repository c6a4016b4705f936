#!/usr/bin/env python3
"""Checks of kb-ttt and kb-train outputs that FileCheck cannot make; exit 1 with a message on
failure.

    learning_checks.py entropy-falls LOG         every task's mean entropy falls step after step
    learning_checks.py fast1-rises LOG           every task's last step has a higher fast_1 than its first
    learning_checks.py chosen-best LOG           the chosen step has the best fast_1, the earliest of equals
    learning_checks.py chosen-early-stop LOG     the log stops at the first fall of fast_1 and the
                                                 step before it is chosen
    learning_checks.py train-improves LOG STEPS  STEPS lines; the mean fast_1 and mean speedup of the
                                                 last half of the steps exceed those of the first half
    learning_checks.py batches-distinct LOG STEPS  STEPS lines, none naming a task twice
    learning_checks.py expected-speedup-rises TABLE BASE ADAPTED TASK
        BASE and ADAPTED: kb-export-measurements of every decision list of TASK scored (kb-score)
        under two policies; the expected speedup (sum over lists of probability x the TABLE's
        speedup) is higher under ADAPTED.
"""
import json
import math
import sys
from collections import defaultdict


def fail(message):
    print(f"FAILED: {message}")
    sys.exit(1)


def steps_by_task(path):
    tasks = defaultdict(list)
    for line in open(path):
        entry = json.loads(line)
        tasks[entry["task"]].append(entry)
    if not tasks:
        fail(f"{path} is empty")
    return tasks


def entropy_falls(log):
    for task, steps in steps_by_task(log).items():
        values = [s["mean_entropy"] for s in steps]
        if any(b >= a for a, b in zip(values, values[1:])):
            fail(f"{task}: mean entropy does not fall: {values}")
        print(f"{task}: mean entropy {values[0]:.3f} -> {values[-1]:.3f}")


def fast1_rises(log):
    for task, steps in steps_by_task(log).items():
        first, last = steps[0]["fast_1"], steps[-1]["fast_1"]
        if not last > first:
            fail(f"{task}: fast_1 {first} -> {last}")
        print(f"{task}: fast_1 {first:.3f} -> {last:.3f}")


def chosen_best(log):
    for task, steps in steps_by_task(log).items():
        best = max(s["fast_1"] for s in steps)
        expected = next(s["step"] for s in steps if s["fast_1"] == best)
        chosen = [s["step"] for s in steps if s["chosen"]]
        if chosen != [expected]:
            fail(f"{task}: chose {chosen}, the best fast_1 ({best}) is first at step {expected}")
        print(f"{task}: chose step {expected} of {len(steps)}")


def chosen_early_stop(log):
    for task, steps in steps_by_task(log).items():
        values = [s["fast_1"] for s in steps]
        fall = next((i for i in range(1, len(values)) if values[i] < values[i - 1]), None)
        if fall is None:
            fail(f"{task}: fast_1 never falls ({values}); the test needs a fall")
        if len(steps) != fall + 1:
            fail(f"{task}: went on after the fall at step {fall + 1}: {values}")
        chosen = [s["step"] for s in steps if s["chosen"]]
        if chosen != [fall]:
            fail(f"{task}: chose {chosen}, expected step {fall} before the fall")
        print(f"{task}: stopped at step {fall + 1}, chose step {fall}")


def train_improves(log, steps):
    lines = [json.loads(line) for line in open(log)]
    if len(lines) != int(steps):
        fail(f"{len(lines)} log lines, expected {steps}")
    half = len(lines) // 2

    def mean(key, part):
        return sum(line[key] for line in part) / len(part)

    for key in ("fast_1", "mean_speedup"):
        first, last = mean(key, lines[:half]), mean(key, lines[half:])
        if not last > first:
            fail(f"{key}: first half {first:.3f}, last half {last:.3f}")
        print(f"{key}: first half {first:.3f} -> last half {last:.3f}")


def batches_distinct(log, steps):
    lines = [json.loads(line) for line in open(log)]
    if len(lines) != int(steps):
        fail(f"{len(lines)} log lines, expected {steps}")
    for line in lines:
        if len(set(line["tasks"])) != len(line["tasks"]):
            fail(f"step {line['step']} repeats a task: {line['tasks']}")
    print(f"{len(lines)} steps, each with distinct tasks")


def expected_speedup_rises(table, base, adapted, task):
    speedups, recorded = {}, set()
    for line in open(table):
        entry = json.loads(line)
        if entry["task"] == task:
            speedups[json.dumps(entry["decisions"], sort_keys=True)] = entry.get("speedup", 0.0)
            recorded.update(entry["decisions"])

    # As in kb-recorded-rewards: a decision the table never names (added after it was measured)
    # is left out of the match.
    def key(decisions):
        return json.dumps({k: v for k, v in decisions.items() if k in recorded}, sort_keys=True)

    def expected(path):
        total_p = total = 0.0
        for line in open(path):
            entry = json.loads(line)
            if entry["task"] != task:
                continue
            p = math.exp(entry["logprob_sum"])
            total_p += p
            total += p * speedups[key(entry["decisions"])]
        if abs(total_p - 1) > 1e-9:
            fail(f"{path}: the probabilities of {task}'s decision lists sum to {total_p}")
        return total

    before, after = expected(base), expected(adapted)
    if not after > before:
        fail(f"{task}: expected speedup {before:.4f} -> {after:.4f}")
    print(f"{task}: expected speedup {before:.4f} -> {after:.4f}")


CHECKS = {"entropy-falls": entropy_falls, "fast1-rises": fast1_rises,
          "chosen-best": chosen_best, "chosen-early-stop": chosen_early_stop,
          "train-improves": train_improves, "batches-distinct": batches_distinct,
          "expected-speedup-rises": expected_speedup_rises}

if __name__ == "__main__":
    CHECKS[sys.argv[1]](*sys.argv[2:])
