#!/usr/bin/env python3
"""PyTorch eager timed by kopt-runner against the same ops timed by Python PyTorch, on five
KernelBench level-1 shapes. Run on the GPU machine:

    python3 bench/eager-vs-pytorch.py build/runner/kopt-runner

Both sides use the same method: an L2 flush (a write over twice the L2) before each repetition,
CUDA events around the op, device synchronisation, the median. The runner runs first (its own
process, then it exits), then Python; each side takes as many repetitions as it needs for a 0.5%
relative error of the median, up to 3 s. TF32 is off on both sides.
"""
import statistics
import sys
from pathlib import Path

import torch

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "python"))  # kopt package
from kopt.runner import Runner, dist, tensor  # noqa: E402
from kopt.tables import markdown_header, markdown_row  # noqa: E402

# (KernelBench problem, reference body, inputs as (name, shape), output shape)
TASKS = [
    ("1 matmul 4096", "return torch.matmul(A, B)", [("A", [4096, 4096]), ("B", [4096, 4096])], [4096, 4096]),
    ("19 ReLU", "return torch.relu(x)", [("x", [4096, 393216])], [4096, 393216]),
    ("23 softmax", "return torch.softmax(x, 1)", [("x", [4096, 393216])], [4096, 393216]),
    ("30 Softsign", "return x / (1 + torch.abs(x))", [("x", [4096, 393216])], [4096, 393216]),
    ("47 sum dim 1", "return torch.sum(x, 1, True)", [("x", [128, 4096, 4095])], [128, 1, 4095]),
]
TARGET, MAX_SECONDS, MIN_REPS = 0.005, 3.0, 20


def runner_medians(command):
    def ok(reply):
        if not reply["ok"]:
            sys.exit(f"runner: {reply['error']}")
        return reply

    with Runner([command]) as runner:
        device = runner.start()["device"]
        results = {}
        for i, (name, body, inputs, out_shape) in enumerate(TASKS):
            ok(runner.task(f"t{i}", body,
                           [tensor(n, s, "f32", [dist("uniform", [0, 1])]) for n, s in inputs],
                           [tensor("out", out_shape, "f32")], atol=1e-4, rtol=1e-4))
            reply = ok(runner.eager(f"t{i}", target_rel_error=TARGET, max_seconds=MAX_SECONDS,
                                    min_reps=MIN_REPS))
            results[name] = (reply["eager_median_us"], reply["eager_q1_us"], reply["eager_q3_us"],
                             reply["eager_n"])
    return device, results


def python_medians(l2_bytes):
    torch.backends.cuda.matmul.allow_tf32 = False
    torch.backends.cudnn.allow_tf32 = False
    flush = torch.empty(2 * l2_bytes, dtype=torch.uint8, device="cuda")
    ops = {
        "1 matmul 4096": lambda A, B: torch.matmul(A, B),
        "19 ReLU": lambda x: torch.relu(x),
        "23 softmax": lambda x: torch.softmax(x, 1),
        "30 Softsign": lambda x: x / (1 + torch.abs(x)),
        "47 sum dim 1": lambda x: torch.sum(x, 1, True),
    }
    results = {}
    for name, _, inputs, _ in TASKS:
        args = [torch.rand(s, device="cuda") for _, s in inputs]
        op = ops[name]
        op(*args)  # warm-up
        torch.cuda.synchronize()
        samples, spent = [], 0.0
        start, stop = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        while True:
            flush.fill_(0x5A)
            start.record()
            op(*args)
            stop.record()
            torch.cuda.synchronize()
            samples.append(start.elapsed_time(stop) * 1e3)
            spent += samples[-1] * 1e-6
            if len(samples) >= MIN_REPS:
                q = statistics.quantiles(samples, n=4)
                rel = 1.2533 * ((q[2] - q[0]) / 1.349) / len(samples) ** 0.5 / statistics.median(samples)
                if rel <= TARGET or spent >= MAX_SECONDS or len(samples) >= 10000:
                    break
        q = statistics.quantiles(samples, n=4)
        results[name] = (statistics.median(samples), q[0], q[2], len(samples))
        del args
        torch.cuda.empty_cache()
    return results


def main():
    device, runner = runner_medians(sys.argv[1])
    python = python_medians(device["l2_bytes"])
    print(f"device: {device['name']}, driver {device['driver']}, torch {device['torch']}")
    print(markdown_header(["task", "kopt-runner eager median us (IQR, n)",
                           "Python PyTorch median us (IQR, n)", "ratio"]))
    for name, *_ in TASKS:
        r, p = runner[name], python[name]
        print(markdown_row([name, f"{r[0]:.1f} ({r[1]:.1f}-{r[2]:.1f}, {r[3]})",
                            f"{p[0]:.1f} ({p[1]:.1f}-{p[2]:.1f}, {p[3]})", f"{r[0] / p[0]:.3f}"]))


if __name__ == "__main__":
    main()
