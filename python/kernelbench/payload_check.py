"""The payload half of check_tasks.py: a task's own MLIR, scaled and compiled for the CPU.

check_tasks.py scales a task's declared inputs and outputs (its scaling rule); this module carries
the same scaling into the task's text, payload included, and compiles the payload for the host:

  1. Sizes. The scaled declaration maps every declared size to its scaled value (equal sizes to
     equal values; a size that would scale two ways, e.g. a channel count equal to a spatial
     extent, is an error). Sizes the payload derives from them are scaled by the same relation,
     found in this order: d = a + c (a declared size, |c| <= 64: a padded or trimmed extent),
     d = a * b or a * b * c (a flattened extent, or an element count such as a mean's divisor).
     Sizes up to 64 are kept. Windowed tasks (convolutions, pooling) scale by position instead
     (WindowedSizes). Rewritten: the extents of tensor and memref types, expand_shape's
     output_shape, the sizes of extract_slice/insert_slice, and integer constants and float
     constants with a whole value above 64 (counts and extents; smaller ones are epsilons,
     kernel sizes and the like). A relation guessed wrong makes the scaled payload fail to
     verify: an error, never a false pass.
  2. `kopt --pass-pipeline=builtin.module(kb-export-payloads)` turns the scaled payload into a
     function on buffers, prepared and bufferized as kopt prepares it for kernels.
  3. mlir-opt lowers it to the LLVM dialect (loops, libm for math without an LLVM intrinsic,
     bare-pointer memrefs), mlir-translate to LLVM IR, and clang links it with a generated C entry
     `kopt_host_entry(void **buffers)` into a shared library.
  4. kopt-runner's host_check runs it on the scaled task's trials (one per input distribution)
     and judges it as it judges kernels: inputs untouched, every output written, outputs within
     the task's tolerance of the reference.
"""

from __future__ import annotations

import itertools
import math
import re
import struct
import subprocess
from pathlib import Path

KEEP = 64

LOWER_TO_LLVM = ",".join([
    "func.func(convert-linalg-to-loops)", "lower-affine", "convert-scf-to-cf",
    "convert-math-to-llvm", "convert-math-to-libm", "expand-strided-metadata",
    "finalize-memref-to-llvm", "convert-arith-to-llvm", "convert-index-to-llvm",
    "convert-cf-to-llvm", "convert-func-to-llvm{use-bare-ptr-memref-call-conv=1}",
    "reconcile-unrealized-casts",
])

C_TYPES = {"f32": "float", "f64": "double", "f16": "_Float16", "bf16": "__bf16",
           "i64": "long long", "i32": "int", "i1": "_Bool"}


class ScaleError(Exception):
    pass


class AmbiguousSize(ScaleError):
    pass


# Counts that are products of sizes in several ways that scale differently, resolved by what the
# payload means: problem -> {count: its factors}.
COUNT_FACTORS = {
    34: {262144: (512, 512)},  # instance norm: H x W
    35: {2097152: (8, 512, 512)},  # group norm: channels per group x H x W
}


class SizeMap:
    """Declared sizes and their scaled values; derived sizes follow by the rules above."""

    def __init__(self, pairs, small_sizes=(), count_factors=None):
        self.count_factors = count_factors or {}
        self.map: dict[int, int] = {}
        for old, new in pairs:
            if self.map.setdefault(old, new) != new:
                raise ScaleError(f"size {old} scales to both {self.map[old]} and {new}")
        # Factors of counts: the declared sizes and the small ones the payload splits them into
        # (the channels per group of a group norm).
        self.factors = sorted(set(self.map) | {f for f in small_sizes if 1 < f <= KEEP})

    def size(self, d: int) -> int:
        if d in self.map:
            return self.map[d]
        if d <= KEEP:
            return d
        for a in sorted(self.map, key=lambda a: abs(d - a)):
            if abs(d - a) <= KEEP and a > KEEP:
                return self.map[a] + (d - a)
        if d in self.count_factors:
            return math.prod(self.size(f) for f in self.count_factors[d])
        counts = {}
        for n in (2, 3):
            for combo in itertools.combinations_with_replacement(self.factors, n):
                if math.prod(combo) == d:
                    counts[combo] = math.prod(self.size(f) for f in combo)
        if len(set(counts.values())) > 1:
            raise AmbiguousSize(f"{d} is a product of sizes in ways that scale differently: "
                             + ", ".join("*".join(map(str, c)) for c in counts))
        if counts:
            return next(iter(counts.values()))
        raise ScaleError(f"size {d} is neither declared nor derived from declared sizes")

    def shape(self, dims: list[int]) -> list[int]:
        return [self.size(d) for d in dims]

    def constant(self, value: int):
        """The scaled value of an integer constant, None for one that is no size or count (a
        window's area, say): it keeps its value."""
        try:
            return self.size(value) if value > KEEP else None
        except AmbiguousSize:
            raise
        except ScaleError:
            return None


class WindowedSizes:
    """Windowed tasks scale by position, since one value can be a kept channel count and a
    scaled extent at once: in a type of the activation's rank, axis 0 is the batch, axis 1 the
    channels (kept), the others spatial; a type of one more rank (groups split from the channels)
    has two channel axes. A declared shape (a weight's) keeps its own scaling. Spatial sizes
    derive from the activation's and the outputs' extents on the same axis: d = a + c or
    d = s * a + c (2 <= s <= 8, the dilated input of a transposed convolution) with |c| < a / 2;
    anything else (kernel extents) is kept. Constants are kept."""

    def __init__(self, declared: list[tuple[list[int], list[int]]], rank: int):
        self.declared = {tuple(old): new for old, new in declared}
        self.rank = rank
        self.axes: list[dict[int, int]] = [{} for _ in range(rank)]
        for old, new in declared:
            if len(old) == rank and old[0] != new[0]:  # the activation and the outputs
                for axis, (o, n) in enumerate(zip(old, new)):
                    if axis != 1:
                        self.axes[axis][o] = n

    def spatial(self, axis: int, d: int) -> int:
        known = self.axes[axis]
        if d in known:
            return known[d]
        for s in range(1, 9):
            for a, n in known.items():
                c = d - s * a
                if abs(c) < a / 2 and s * n + c > 0:
                    return s * n + c
        return d

    def shape(self, dims: list[int]) -> list[int]:
        if tuple(dims) in self.declared:
            return self.declared[tuple(dims)]
        channel_axes = len(dims) - self.rank + 1
        if channel_axes not in (1, 2):
            return dims
        batch = self.axes[0].get(dims[0], dims[0])
        return [batch] + dims[1:1 + channel_axes] + [
            self.spatial(axis, d)
            for axis, d in enumerate(dims[1 + channel_axes:], start=2)]

    def constant(self, value: int):
        return None


SHAPE = re.compile(r"\b(tensor|memref)<((?:\d+x)+)")
RESHAPE = re.compile(
    r"tensor\.(?:expand|collapse)_shape [^\n]*: tensor<([\dx]+)x\w+> into tensor<([\dx]+)x\w+>")
OUTPUT_SHAPE = re.compile(r"output_shape \[([\d, ]*)\]")
SLICE = re.compile(r"(tensor\.(?:extract|insert)_slice [^\[\n]*\[[^\]]*\] )\[([\d, ]*)\]")
INT_CONSTANT = re.compile(r"(arith\.constant )(\d+)( : (?:index|i\d+))")
FLOAT_CONSTANT = re.compile(
    r"(arith\.constant )(\d+\.\d+(?:[eE][+-]?\d+)?|0x[0-9A-F]{8}|0x[0-9A-F]{16})( : (f32|f64))")


def float_value(text: str, dtype: str) -> float:
    """A float literal as MLIR prints it: decimal, or the bits in hex where decimal would not
    round-trip."""
    if not text.startswith("0x"):  # the shortest decimal that rounds to the f32 value
        value = float(text)
        return struct.unpack("<f", struct.pack("<f", value))[0] if dtype == "f32" else value
    return struct.unpack(">f" if dtype == "f32" else ">d", bytes.fromhex(text[2:]))[0]


def small_sizes(text: str):
    """The extents of the text's tensor types up to KEEP, which scaling keeps."""
    return {int(d) for m in SHAPE.finditer(text) for d in m[2].split("x") if d and int(d) <= KEEP}


def scale_text(text: str, sizes: SizeMap | WindowedSizes) -> str:
    """The task's text with its sizes scaled (see the module docstring)."""
    # A reshape of a tensor that scaling leaves alone (a weight split into groups) is left alone
    # too, wherever its result type appears.
    kept = set()
    for m in RESHAPE.finditer(text):
        source = [int(d) for d in m[1].split("x")]
        if sizes.shape(source) == source:
            kept.add(tuple(int(d) for d in m[2].split("x")))

    def dims(text: str, separator: str) -> list[int]:
        old = [int(d) for d in text.split(separator) if d.strip()]
        return old if tuple(old) in kept else sizes.shape(old)

    text = SHAPE.sub(lambda m: f"{m[1]}<" + "".join(f"{d}x" for d in dims(m[2], "x")), text)
    text = OUTPUT_SHAPE.sub(
        lambda m: "output_shape [" + ", ".join(map(str, dims(m[1], ","))) + "]", text)
    text = SLICE.sub(lambda m: m[1] + "[" + ", ".join(map(str, dims(m[2], ","))) + "]", text)

    def int_constant(m):
        scaled = sizes.constant(int(m[2]))
        return m[0] if scaled is None else f"{m[1]}{scaled}{m[3]}"

    def float_constant(m):
        value = float_value(m[2], m[4])
        whole = math.isfinite(value) and value == int(value)
        scaled = sizes.constant(int(value)) if whole else None
        return m[0] if scaled is None else f"{m[1]}{scaled}.0{m[3]}"

    text = INT_CONSTANT.sub(int_constant, text)
    text = FLOAT_CONSTANT.sub(float_constant, text)
    return text


def host_library(kopt: Path, mlir_opt: Path, mlir_translate: Path, clang: Path, scaled: str,
                 task_name: str, inputs, outputs, workdir: Path) -> Path:
    """Compiles the scaled task's payload into workdir/<task>.so (see the module docstring)."""
    def run(command, **kwargs):
        proc = subprocess.run([str(c) for c in command], capture_output=True, text=True, **kwargs)
        if proc.returncode != 0:
            first = next((l for l in proc.stderr.splitlines() if "error" in l),
                         proc.stderr.strip()[:300])
            raise ScaleError(f"{Path(str(command[0])).name}: {first.strip()}")
        return proc.stdout

    payload = run([kopt, "-", "--pass-pipeline=builtin.module(kb-export-payloads)"], input=scaled)
    llvm_dialect = run([mlir_opt, "-", f"--pass-pipeline=builtin.module({LOWER_TO_LLVM})"],
                       input=payload)
    ll = workdir / f"{task_name}.ll"
    ll.write_text(run([mlir_translate, "--mlir-to-llvmir", "-"], input=llvm_dialect))

    params, args = [], []
    for i, v in enumerate(inputs + outputs):
        if v.shape or i >= len(inputs):
            params.append("void *")
            args.append(f"b[{i}]")
        else:  # a rank-0 input, by value
            params.append(C_TYPES[v.dtype])
            args.append(f"*({C_TYPES[v.dtype]} *)b[{i}]")
    entry = workdir / f"{task_name}_entry.c"
    entry.write_text(f"void {task_name}({', '.join(params)});\n"
                     f"void kopt_host_entry(void **b) {{ {task_name}({', '.join(args)}); }}\n")
    library = workdir / f"{task_name}.so"
    # -Bsymbolic: a payload named like a libm function (tanh) must call itself, not libm.
    runtime = mlir_opt.resolve().parent.parent / "lib"  # memrefCopy for strided copies
    run([clang, "-O1", "-shared", "-fPIC", "-Wno-override-module", "-Wl,-Bsymbolic", str(ll),
         str(entry), f"-L{runtime}", f"-Wl,-rpath,{runtime}", "-lmlir_c_runner_utils", "-lm",
         "-o", str(library)])
    return library
