#!/usr/bin/env python3
"""Checks the KernelBench task files (tasks/kernelbench/level1/NNN_name.mlir).

For every task file:
  1. `kopt FILE` parses and verifies it (the kb dialect's verifiers and those of the payload's
     linalg/tensor/arith/math/scf ops); the file name, origin, split and tolerance are consistent.
  2. Its TorchScript reference compiles and returns the declared outputs: a shape-scaled variant
     of the task is declared to `kopt-runner --cpu` (docs/runner-protocol.md: hello, then one
     `task` request per task and distribution), which compiles the reference with TorchScript,
     draws the inputs, runs the reference once and checks the number, shapes and dtypes of its
     outputs against the (scaled) declaration. The task is declared once per distribution index
     k, every input drawn from its k-th distribution (cyclically), so the reference also runs on
     the alternative distributions (e.g. class labels within range for a gather). A reference
     that prints to stdout fails: that output would land in the runner protocol's stream.
  3. Its payload computes what its reference computes: the scaled task's payload, compiled for the
     CPU (payload_check.py says how), runs through kopt-runner's host_check on one trial per input
     distribution, judged as kernels are (inputs untouched, outputs written and within the task's
     tolerance of the reference).

The scaling rule (full sizes are gigabytes; the scaled variant must keep the semantics valid and
be derived from the declaration, so that a wrong full-size output shape gives a wrong scaled one):

  Windowed tasks: those whose reference calls a convolution or pooling op (torch.conv*,
  torch.conv_transpose*, torch.*_pool*). The first input is the activation x, laid out
  (batch, channels, spatial...); the other inputs (weights, bias) are left as they are, and so
  are the channel axes of x and of the output: kernel sizes, channel counts and everything that
  depends on them (groups, depthwise multipliers) keep their values, and strides, paddings,
  dilations and groups written in the reference stay valid. The batch axis shrinks to
  min(batch, 2) in x and in the output. Each spatial axis of x (size `in`) is paired with the
  same axis of the output (size `out`):
    - out <= in (a forward convolution or pooling, stride S = round(in / out)): the axis keeps
      out = floor((in + c) / S) + 1 for its unknown constant c when in -> in - S*t and
      out -> out - t; t = max(0, out - T).
    - out > in (a transposed convolution, stride S = round(out / in)): out = (in - 1)*S + c
      holds when in -> in - t and out -> out - S*t; t = max(0, min(in - 1, (out - T) // S)).
  T is the target output extent (64 in 1-D, 12 in 2-D, 6 in 3-D). Both relations are exact, so
  an output extent declared wrong at full size is wrong by the same amount at the scaled size (a
  ratio in/out or out/in that is not within 0.25 of an integer is reported as unscalable).

  Other tasks (elementwise, reductions, matmuls, norms, scans, losses, attention): every
  dimension size is mapped by one function of its value, on inputs and outputs alike, so that
  equal sizes stay equal (matmul inner dimensions, broadcasting, square matrices, the `(batch,)`
  targets of problem 100) and distinct sizes stay distinct (4095 vs 4096 still tells reduction
  axes apart): sizes <= 64 are kept (small batches, head counts, the channel count that a group
  norm divides into groups, the K of problem 7, the trailing 1 of a (K, 1) vector), a larger
  size v becomes 8 + (v mod m) for the first modulus m in MODULI that keeps all the task's
  distinct sizes distinct. A randint bound above 64 that equals a mapped size (the class count
  of a cross-entropy's targets) is mapped the same way. References must take such sizes from
  their tensors (x.size(d), weight.size()) rather than write them out. SIZE_OVERRIDES fixes the
  values of a few sizes per problem (a payload constant computed from a size keeps that size).

Prints one line per task and `N passed, N failed`; exits non-zero on any failure. --no-payloads
skips step 3.
Python 3.11, standard library only.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # the kopt package
import payload_check  # noqa: E402
from kopt.paths import BUILD, LLVM_BIN, TASK_DIR, add_kopt_argument, find_kopt  # noqa: E402

from kopt.runner import Runner, RunnerError, dist, tensor  # noqa: E402

DEFAULT_RUNNER = BUILD / "tools" / "kopt-runner" / "kopt-runner"

# The evaluation split of the paper (seed 42); every other problem is a training task.
EVAL_PROBLEMS = {4, 5, 12, 14, 15, 18, 28, 29, 30, 32, 36, 55, 65, 70, 76, 82, 87, 89, 95, 98}
NUM_PROBLEMS = 100
TOLERANCE = (1.0e-4, 1.0e-4)

# Scaling parameters (see the module docstring).
KEEP = 64
LOW = 8
MODULI = (29, 31, 37, 41, 43, 47, 53)
# Problems whose payload holds a constant computed from a size keep that size; their other sizes
# shrink harder to stay small. Problem 97: the scale 1/sqrt(1024) of the head dimension.
SIZE_OVERRIDES = {97: {1024: 1024, 32: 2}}
BATCH = 2
SPATIAL_TARGET = {1: 64, 2: 12, 3: 6}
WINDOWED = re.compile(r"torch\.(conv\w*|\w*_pool\d?d)\s*\(")

RUNNER_TIMEOUT_S = 60.0

DTYPES = {"f16": "f16", "bf16": "bf16", "f32": "f32", "f64": "f64", "i1": "i1", "i32": "i32",
          "i64": "i64"}


# ------------------------------------------------------------------------------------------
# Reading the task as kopt prints it
# ------------------------------------------------------------------------------------------
# From the text: kb-export-measurements writes candidates only, none of a task's inputs,
# outputs, reference or payload.

@dataclass
class Value:
    name: str
    shape: list[int]
    dtype: str
    # (kind, params, structure or None)
    dists: list[tuple[str, list[float], str | None]] = field(default_factory=list)

    def json(self, with_dists: bool) -> dict:
        return tensor(self.name, self.shape, self.dtype,
                      [dist(*d) for d in self.dists] if with_dists else None)


@dataclass
class Task:
    name: str
    level: int
    problem: int
    atol: float
    rtol: float
    attrs: str
    inputs: list[Value]
    outputs: list[Value]
    reference: str
    text: str  # as kopt prints it


class CheckError(Exception):
    pass


def parse_type(text: str) -> tuple[list[int], str]:
    text = text.strip()
    m = re.fullmatch(r"tensor<(?:((?:\d+x)*\d+)x)?(\w+)>", text)
    if m:
        dims = [int(d) for d in m.group(1).split("x")] if m.group(1) else []
        element = m.group(2)
    else:
        dims, element = [], text
    if element not in DTYPES:
        raise CheckError(f"unsupported type {text}")
    return dims, DTYPES[element]


def parse_dists(text: str) -> list[tuple[str, list[float], str | None]]:
    dists = []
    for structure, kind, params in re.findall(
            r"(?:(upper_triangular|lower_triangular|symmetric|diagonal)\()?"
            r"(uniform|normal|constant|randint)\(([^)]*)\)", text):
        dists.append((kind, [float(p) for p in params.split(",")], structure or None))
    return dists


def unescape_mlir_string(body: str) -> str:
    out, i = [], 0
    while i < len(body):
        c = body[i]
        if c != "\\":
            out.append(c)
            i += 1
            continue
        nxt = body[i + 1]
        if nxt in "\\\"":
            out.append(nxt)
            i += 2
        elif nxt == "n":
            out.append("\n")
            i += 2
        elif nxt == "t":
            out.append("\t")
            i += 2
        else:
            out.append(chr(int(body[i + 1:i + 3], 16)))
            i += 3
    return "".join(out)


TASK_RE = re.compile(
    r'kb\.task @(\w+) origin <"([^"]*)", level (\d+), problem (\d+)> '
    r'tolerance\(atol ([^,]+), rtol ([^)]+)\)(?: attributes \{(.*?)\})? \{')
INPUT_RE = re.compile(r'^\s*kb\.input "([^"]+)" : (\S+) dist\((.*)\)\s*$', re.M)
OUTPUT_RE = re.compile(r'^\s*kb\.output "([^"]+)" : (\S+)\s*$', re.M)
REFERENCE_RE = re.compile(r'^\s*kb\.reference "((?:[^"\\]|\\.)*)"', re.M)


def parse_printed(text: str) -> Task:
    tasks = TASK_RE.findall(text)
    if len(tasks) != 1:
        raise CheckError(f"expected one kb.task with a KernelBench origin, found {len(tasks)}")
    name, bench, level, problem, atol, rtol, attrs = tasks[0]
    if bench != "KernelBench":
        raise CheckError(f"origin benchmark is {bench!r}")
    inputs = []
    for n, t, d in INPUT_RE.findall(text):
        shape, dtype = parse_type(t)
        inputs.append(Value(n, shape, dtype, parse_dists(d)))
    outputs = []
    for n, t in OUTPUT_RE.findall(text):
        shape, dtype = parse_type(t)
        outputs.append(Value(n, shape, dtype))
    refs = REFERENCE_RE.findall(text)
    if len(refs) != 1:
        raise CheckError("expected one kb.reference")
    return Task(name, int(level), int(problem), float(atol), float(rtol), attrs or "",
                inputs, outputs, unescape_mlir_string(refs[0]), text)


# ------------------------------------------------------------------------------------------
# The scaling rule
# ------------------------------------------------------------------------------------------

def scale_windowed(task: Task) -> tuple[list[Value], list[Value]]:
    x = task.inputs[0]
    rank = len(x.shape)
    if rank < 3:
        raise CheckError(f"windowed task: first input '{x.name}' has rank {rank} (< 3)")
    target = SPATIAL_TARGET.get(rank - 2)
    new_x = list(x.shape)
    new_x[0] = min(x.shape[0], BATCH)
    new_outs = []
    spatial: dict[int, int] = {}
    for o in task.outputs:
        if len(o.shape) != rank or o.shape[0] != x.shape[0]:
            raise CheckError(f"windowed task: output '{o.name}' {o.shape} is not laid out "
                             f"like '{x.name}' {x.shape}")
        new_o = list(o.shape)
        new_o[0] = new_x[0]
        for a in range(2, rank):
            n_in, n_out = x.shape[a], o.shape[a]
            if n_out <= n_in:
                ratio = n_in / n_out
                stride = max(1, round(ratio))
                t = max(0, n_out - target)
                s_in, s_out = n_in - stride * t, n_out - t
            else:
                ratio = n_out / n_in
                stride = max(1, round(ratio))
                t = max(0, min(n_in - 1, (n_out - target) // stride))
                s_in, s_out = n_in - t, n_out - stride * t
            if abs(ratio - stride) > 0.25:
                raise CheckError(f"windowed task: axis {a} goes from {n_in} to {n_out}, "
                                 f"not a whole stride")
            if spatial.setdefault(a, s_in) != s_in:
                raise CheckError(f"windowed task: outputs disagree on axis {a}")
            new_x[a] = s_in
            new_o[a] = s_out
        new_outs.append(Value(o.name, new_o, o.dtype))
    new_inputs = [Value(x.name, new_x, x.dtype, x.dists)] + [
        Value(v.name, list(v.shape), v.dtype, v.dists) for v in task.inputs[1:]]
    return new_inputs, new_outs


def scale_by_value(task: Task) -> tuple[list[Value], list[Value]]:
    values = sorted({d for v in task.inputs + task.outputs for d in v.shape})
    for modulus in MODULI:
        g = {v: (v if v <= KEEP else LOW + v % modulus) for v in values}
        g.update(SIZE_OVERRIDES.get(task.problem, {}))
        if len(set(g.values())) == len(values):
            break
    else:
        raise CheckError(f"no modulus keeps the sizes {values} distinct")

    def dists(v: Value):
        out = []
        for kind, params, structure in v.dists:
            if kind == "randint":
                params = [g[p] if (p > KEEP and p == int(p) and int(p) in g) else p
                          for p in params]
                params = [float(p) for p in params]
            out.append((kind, params, structure))
        return out

    new_inputs = [Value(v.name, [g[d] for d in v.shape], v.dtype, dists(v)) for v in task.inputs]
    new_outs = [Value(v.name, [g[d] for d in v.shape], v.dtype) for v in task.outputs]
    return new_inputs, new_outs


def scale(task: Task) -> tuple[str, list[Value], list[Value]]:
    if WINDOWED.search(task.reference):
        return ("windowed",) + scale_windowed(task)
    return ("by value",) + scale_by_value(task)


# ------------------------------------------------------------------------------------------
# Checks
# ------------------------------------------------------------------------------------------

FILE_RE = re.compile(r"(\d{3})_(\w+)\.mlir")


def run_kopt(kopt: Path, path: Path) -> tuple[Task | None, str]:
    proc = subprocess.run([str(kopt), str(path)], capture_output=True, text=True)
    if proc.returncode != 0:
        first = next((l for l in proc.stderr.splitlines() if "error" in l), proc.stderr.strip())
        return None, f"kopt rejects it: {first.strip()}"
    try:
        return parse_printed(proc.stdout), ""
    except CheckError as e:
        return None, str(e)


def check_consistency(path: Path, task: Task):
    m = FILE_RE.fullmatch(path.name)
    if not m:
        raise CheckError("file name is not NNN_name.mlir")
    number = int(m.group(1))
    if task.level != 1 or task.problem != number:
        raise CheckError(f"origin is level {task.level}, problem {task.problem}; "
                         f"the file name says problem {number}")
    split = re.search(r'split = "(\w+)"', task.attrs)
    expected = "eval" if number in EVAL_PROBLEMS else "train"
    if not split or split.group(1) != expected:
        raise CheckError(f"split should be \"{expected}\"")
    if (task.atol, task.rtol) != TOLERANCE:
        raise CheckError(f"tolerance is ({task.atol}, {task.rtol}), expected {TOLERANCE}")
    if not task.inputs or not all(v.dists for v in task.inputs):
        raise CheckError("every input needs a distribution")


def fmt_shapes(values: list[Value]) -> str:
    return ",".join("x".join(map(str, v.shape)) or "scalar" for v in values)


def check_reference(runner: Runner, task: Task) -> str:
    """Declares the scaled task once per distribution index k, each input drawn from its k-th
    distribution (cyclically), so that the reference runs on every kind of input it can get."""
    family, inputs, outputs = scale(task)
    draws = max(len(v.dists) for v in inputs)
    start = time.monotonic()
    for k in range(draws):
        rotated = [Value(v.name, v.shape, v.dtype, v.dists[k % len(v.dists):] +
                         v.dists[:k % len(v.dists)]) for v in inputs]
        reply = runner.task(f"{task.name}_scaled_{k}", task.reference,
                            [v.json(True) for v in rotated], [v.json(False) for v in outputs],
                            task.atol, task.rtol)
        if not reply.get("ok"):
            dists = ", ".join(f"{v.name} {v.dists[0][0]}{tuple(v.dists[0][1])}" for v in rotated)
            raise CheckError(f"runner ({family} scaling, inputs {fmt_shapes(inputs)}; {dists}): "
                             f"{reply.get('error')}")
    elapsed = time.monotonic() - start
    return (f"{family}: {fmt_shapes(task.inputs)} -> {fmt_shapes(inputs)}; "
            f"outputs {fmt_shapes(outputs)}; {draws} draw(s), {elapsed:.2f} s")


def compile_payload(args, workdir: Path, task: Task) -> Path:
    """The scaled task's payload as a host library (payload_check.py)."""
    family, inputs, outputs = scale(task)
    shapes = [(before.shape, after.shape)
              for before, after in zip(task.inputs + task.outputs, inputs + outputs)]
    try:
        if family == "windowed":
            sizes = payload_check.WindowedSizes(shapes, rank=len(task.inputs[0].shape))
        else:
            sizes = payload_check.SizeMap(
                [pair for old, new in shapes for pair in zip(old, new)], small_sizes=payload_check.small_sizes(task.text),
                count_factors=payload_check.COUNT_FACTORS.get(task.problem))
        scaled = payload_check.scale_text(task.text, sizes)
        return payload_check.host_library(args.kopt, args.mlir_opt, args.mlir_translate,
                                          args.clang, scaled, task.name, inputs, outputs,
                                          workdir)
    except payload_check.ScaleError as e:
        raise CheckError(f"payload: {e}")


def check_payload(runner: Runner, task: Task, library: Path) -> str:
    """Runs the payload library on the scaled task check_reference declared, one trial per input
    distribution."""
    draws = max(len(v.dists) for v in task.inputs)
    start = time.monotonic()
    reply = runner.host_check(f"{task.name}_scaled_0", library, trials=draws)
    if not reply.get("ok"):
        raise CheckError(f"payload: runner: {reply.get('error')}")
    if reply.get("verdict") != "correct":
        raise CheckError(f"payload disagrees with the reference: {reply.get('verdict')}: "
                         f"{reply.get('detail')}")
    return (f"payload agrees on {draws} trial(s) (max abs error "
            f"{reply.get('max_abs_error', 0):.2g}), {time.monotonic() - start:.2f} s")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("files", nargs="*", type=Path,
                    help="task files (default: every file of --tasks, which must hold all 100)")
    ap.add_argument("--tasks", type=Path, default=TASK_DIR)
    add_kopt_argument(ap)
    ap.add_argument("--runner", type=Path, default=DEFAULT_RUNNER)
    ap.add_argument("--mlir-opt", type=Path, default=LLVM_BIN / "mlir-opt")
    ap.add_argument("--mlir-translate", type=Path, default=LLVM_BIN / "mlir-translate")
    ap.add_argument("--clang", type=Path, default=LLVM_BIN / "clang")
    ap.add_argument("--no-payloads", action="store_true",
                    help="skip the payload consistency check (step 3)")
    ap.add_argument("-v", "--verbose", action="store_true", help="show the scaled shapes")
    args = ap.parse_args(argv)
    try:
        args.kopt = Path(find_kopt(args.kopt))
    except FileNotFoundError as error:
        print(f"check_tasks: {error}", file=sys.stderr)
        return 2

    tools = [args.kopt, args.runner]
    if not args.no_payloads:
        tools += [args.mlir_opt, args.mlir_translate, args.clang]
    for tool in tools:
        if not os.access(tool, os.X_OK):
            print(f"check_tasks: {tool} is not an executable", file=sys.stderr)
            return 2

    files = sorted(args.files) if args.files else sorted(args.tasks.glob("*.mlir"))
    failures: list[str] = []
    passed = 0
    if not args.files:
        numbers = {int(m.group(1)) for f in files if (m := FILE_RE.fullmatch(f.name))}
        for n in sorted(set(range(1, NUM_PROBLEMS + 1)) - numbers):
            print(f"FAIL {n:03d}: no task file")
            failures.append(f"{n:03d}")

    workdir = Path(tempfile.mkdtemp(prefix="kopt-payloads-"))

    def prepare(path: Path):
        """Parses the file and compiles its payload: the parallel part of the checks."""
        task, error = run_kopt(args.kopt, path)
        if task is None or args.no_payloads:
            return task, error, None
        try:
            return task, error, compile_payload(args, workdir, task)
        except CheckError as e:
            return task, error, e

    with concurrent.futures.ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
        prepared = list(pool.map(prepare, files))

    runner = Runner([str(args.runner), "--cpu"], timeout=RUNNER_TIMEOUT_S)
    try:
        runner.start()
    except (RunnerError, OSError) as e:
        print(f"check_tasks: cannot start {args.runner}: {e}", file=sys.stderr)
        return 2
    seen: dict[str, Path] = {}
    try:
        for path, (task, error, library) in zip(files, prepared):
            detail = ""
            try:
                if task is None:
                    raise CheckError(error)
                if task.name in seen:
                    raise CheckError(f"task name @{task.name} also in {seen[task.name].name}")
                seen[task.name] = path
                check_consistency(path, task)
                detail = check_reference(runner, task)
                if isinstance(library, CheckError):
                    raise library
                if library:
                    detail += "; " + check_payload(runner, task, library)
            except Exception as e:  # CheckError, or anything unexpected: one line per task
                expected = isinstance(e, (CheckError, RunnerError))
                message = str(e) if expected else f"{type(e).__name__}: {e}"
                print(f"FAIL {path.name}: {message}")
                failures.append(path.name)
                continue
            passed += 1
            print(f"PASS {path.name}" + (f": {detail}" if args.verbose else ""))
    finally:
        runner.stop()
        shutil.rmtree(workdir, ignore_errors=True)
    print(f"{passed} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
