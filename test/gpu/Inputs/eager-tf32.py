#!/usr/bin/env python3
"""Checks the TF32 eager baseline on a square fp32 matmul (KernelBench level 1, problem 1).

    eager-tf32.py MEASUREMENTS.jsonl KOPT_RUNNER

Every timed correct candidate of the measurements carries both speedups, and the one over eager
with TF32 allowed is the smaller: the candidate's median is the same, and TF32 tensor cores run
eager's matmul faster than fp32. The runner's `eager` request, on the task declared afresh, gives
eager's TF32 median too, below its fp32 median. Prints one line per finding, for FileCheck.
"""
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "python"))
from kopt import measurements  # noqa: E402
from kopt.runner import Runner, dist, tensor  # noqa: E402

N = 4096


def main():
    timed = [m for m in measurements.read(sys.argv[1]) if m.timed_correct]
    print(f"timed correct: {len(timed)}")
    for m in timed:
        both = m.speedup_tf32 is not None and m.speedup_interval and m.speedup_tf32_interval
        print(f"{m.candidate}: both speedups {'yes' if both else 'no'}, "
              f"tf32 baseline faster {'yes' if both and m.speedup_tf32 < m.speedup else 'no'} "
              f"({m.speedup} vs eager fp32, {m.speedup_tf32} vs eager TF32)")
    with Runner([sys.argv[2]]) as runner:
        runner.start()
        inputs = [tensor(name, [N, N], "f32", [dist("uniform", [0.0, 1.0])]) for name in "AB"]
        assert runner.task("square", "return torch.matmul(A, B)", inputs,
                           [tensor("out", [N, N], "f32")], atol=1e-4, rtol=1e-4)["ok"]
        reply = runner.eager("square")
        fp32, tf32 = reply["eager_median_us"], reply.get("eager_tf32_median_us")
        print(f"eager: tf32 faster {'yes' if tf32 is not None and tf32 < fp32 else 'no'} "
              f"(fp32 {fp32} us, tf32 {tf32} us)")


if __name__ == "__main__":
    main()
