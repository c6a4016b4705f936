#!/usr/bin/env python3
"""Compile throughput of kb-lower-to-ptx: candidates per second for distinct decision lists of
each task's schedule space (KernelBench's ReLU and square matmul by default: the elementwise and
the matmul space), median of several runs. Reports the pass's own time (from --mlir-timing) and
the whole kopt process (start, parse, print).

    bench/compile-throughput.py [--kopt build/dev/bin/kopt] [--count 64] [--reps 5]
                                [--threads 0] [TASK.mlir ...]
"""
import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
parser.add_argument("tasks", nargs="*", default=[
    os.path.join(root, "tasks/kernelbench/level1/019_ReLU.mlir"),
    os.path.join(root, "tasks/kernelbench/level1/001_Square_matrix_multiplication.mlir")])
parser.add_argument("--kopt", default=os.path.join(root, "build/dev/bin/kopt"))
parser.add_argument("--count", type=int, default=64, help="distinct decision lists")
parser.add_argument("--reps", type=int, default=5)
parser.add_argument("--threads", type=int, default=0, help="kb-lower-to-ptx threads (0: all)")
args = parser.parse_args()

def measure(task):
    """Median candidates/s of the pass and of the whole kopt run on `task`."""
    with tempfile.TemporaryDirectory() as tmp:
        candidates = os.path.join(tmp, "candidates.mlir")
        with open(candidates, "w") as out:
            subprocess.run([sys.executable, os.path.join(root, "bench/gen-policy-candidates.py"),
                            task, str(args.count)], stdout=out, check=True)
        command = [args.kopt, candidates, "-o", os.path.join(tmp, "lowered.mlir"), "--mlir-timing",
                   f"--pass-pipeline=builtin.module(kb-lower-to-ptx{{threads={args.threads}}})"]
        passes, wholes = [], []
        for rep in range(args.reps):
            start = time.perf_counter()
            run = subprocess.run(command, capture_output=True, text=True, check=True)
            wholes.append(time.perf_counter() - start)
            passes.append(
                float(re.search(r"([0-9.]+) \(\s*[0-9.]+%\)\s+KbLowerToPtx", run.stderr)[1]))
            errors = open(os.path.join(tmp, "lowered.mlir")).read().count("compile_error")
            print(f"{os.path.basename(task)} run {rep + 1}: pass {passes[-1]:.3f} s, "
                  f"kopt {wholes[-1]:.3f} s, {errors} compile error(s)", file=sys.stderr)
    return args.count / statistics.median(passes), args.count / statistics.median(wholes)


threads = args.threads or os.cpu_count()
for task in args.tasks:
    in_pass, whole = measure(task)
    print(f"{os.path.basename(task)}: {args.count} candidates, {threads} thread(s), median of "
          f"{args.reps}: {in_pass:.1f} candidates/s in kb-lower-to-ptx, {whole:.1f} candidates/s "
          f"for the whole kopt run")
