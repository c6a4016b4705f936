#!/usr/bin/env python3
"""Compile throughput of kb-lower-to-ptx: candidates per second for the distinct decision lists
among COUNT drawn uniformly from each task's schedule space by kb-sample (duplicates are
compiled once), median of several runs. By default one KernelBench task per family and a chain:
ReLU (elementwise), sum over a dimension (reduction), square matmul, MSE (global reduction),
softmax (normalization), a 2-D convolution (window), cumsum (scan), attention, cross-entropy (a
chain). Reports the pass's own time (from --mlir-timing) and the whole kopt process (start,
parse, print); a compile error fails the run.

    bench/compile-throughput.py [--kopt build/dev/bin/kopt] [--count 64] [--reps 5]
                                [--threads 0] [TASK.mlir ...]
"""
import argparse
import os
import pathlib
import re
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "python"))  # kopt package
from kopt import measurements  # noqa: E402
from kopt.paths import TASK_DIR, add_kopt_argument, find_kopt  # noqa: E402

parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
parser.add_argument("tasks", nargs="*", default=[
    str(TASK_DIR / name) for name in (
        "019_ReLU.mlir", "047_Sum_reduction_over_a_dimension.mlir",
        "001_Square_matrix_multiplication.mlir", "094_MSELoss.mlir", "023_Softmax.mlir",
        "050_conv_standard_2D__square_input__square_kernel.mlir", "089_cumsum.mlir",
        "097_ScaledDotProductAttention.mlir", "095_CrossEntropyLoss.mlir")])
add_kopt_argument(parser)
parser.add_argument("--count", type=int, default=64, help="decision lists drawn")
parser.add_argument("--reps", type=int, default=5)
parser.add_argument("--threads", type=int, default=0, help="kb-lower-to-ptx threads (0: all)")
args = parser.parse_args()
args.kopt = find_kopt(args.kopt)

def measure(task):
    """Distinct candidates, and the median candidates/s of the pass and of the whole kopt run."""
    with tempfile.TemporaryDirectory() as tmp:
        candidates = os.path.join(tmp, "candidates.mlir")
        subprocess.run([args.kopt, task, "-o", candidates,
                        "--pass-pipeline=builtin.module(kb-sample{n=%d seed=1 policy=uniform})"
                        % args.count], capture_output=True, check=True)
        distinct = sum(m.duplicate_of is None for m in measurements.export(candidates, args.kopt))
        command = [args.kopt, candidates, "-o", os.path.join(tmp, "lowered.mlir"), "--mlir-timing",
                   f"--pass-pipeline=builtin.module(kb-lower-to-ptx{{threads={args.threads}}})"]
        passes, wholes = [], []
        for rep in range(args.reps):
            start = time.perf_counter()
            run = subprocess.run(command, capture_output=True, text=True, check=True)
            wholes.append(time.perf_counter() - start)
            passes.append(
                float(re.search(r"([0-9.]+) \(\s*[0-9.]+%\)\s+KbLowerToPtx", run.stderr)[1]))
            errors = sum(m.verdict == "compile_error"
                         for m in measurements.export(os.path.join(tmp, "lowered.mlir"), args.kopt))
            print(f"{os.path.basename(task)} run {rep + 1}: pass {passes[-1]:.3f} s, "
                  f"kopt {wholes[-1]:.3f} s", file=sys.stderr)
            if errors:
                sys.exit(f"{task}: {errors} compile error(s): the rate would not be of kernels")
    return distinct, distinct / statistics.median(passes), distinct / statistics.median(wholes)


threads = args.threads or os.cpu_count()
for task in args.tasks:
    distinct, in_pass, whole = measure(task)
    print(f"{os.path.basename(task)}: {distinct} distinct of {args.count}, {threads} thread(s), median of "
          f"{args.reps}: {in_pass:.1f} candidates/s in kb-lower-to-ptx, {whole:.1f} candidates/s "
          f"for the whole kopt run")
