#!/usr/bin/env python3
"""A mutation fuzzer of whole kopt processes: no sanitizer build, any kopt binary.

    fuzz/mutate.py --kopt build/dev/bin/kopt --minutes 30 [--out build/mutate] [--seed 1]

Each round takes a seed file of one kind, mutates it (bytes, lines, numbers swapped for extreme
values, element types, JSON nested deep), and runs kopt on it: task files through kb-sample,
kb-lower-to-ptx, kb-tag-features (or kb-export-payloads), and the importers (samples files,
policies, measurements, the result cache with a fake runner) through the passes that read them.
An error and a non-zero exit are what bad input should give; a death by signal is a crash and a
run past --timeout a hang. Both are kept under OUT/findings/KIND/ with the command that shows
them, and counted; the summary is one line per kind. Exits 1 when anything was found.
"""
import argparse
import glob
import os
import random
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
EXTREMES = ["0", "-1", "1", "2147483647", "2147483648", "4294967297", "9223372036854775807",
            "-9223372036854775808", "1e308", "-1e308", "1e-320", "nan", "inf", "-inf", "0.0",
            "-0.0", "65536", "1024", "1025", "3"]
TYPES = ["f32", "f16", "bf16", "f64", "i1", "i32", "i64", "index", "f8E4M3FN"]


def seeds(kind):
    pattern = {
        "task": ["tasks/kernelbench/level1/*.mlir", "test/Codegen/Inputs/*.mlir",
                 "examples/*.mlir"],
        "samples": ["bench/llm-samples/*.jsonl", "test/Sample/Inputs/*.jsonl"],
        "policy": ["policies/*.json", "test/Sample/Inputs/*.json"],
        "measurements": ["results/rewards-h200/*.jsonl", "results/policy-h200/compare-uniform.jsonl",
                         "test/Learn/Inputs/*.jsonl"],
        "cache": ["fuzz/seeds/result-cache/*"],
    }[kind]
    # The macro bomb takes kb-lower-to-ptx's whole time limit (60 s) by design: no seed for hangs.
    files = sorted(f for p in pattern for f in glob.glob(os.path.join(ROOT, p)) if "bomb" not in f)
    return [open(f, "rb").read() for f in files if os.path.getsize(f) < (4 << 20)]


def mutate(data, rng):
    """One to four random edits of `data`."""
    for _ in range(rng.randint(1, 4)):
        text = data.decode("utf-8", "replace")
        choice = rng.randrange(8)
        if choice == 0 and data:  # flip bytes
            b = bytearray(data)
            for _ in range(rng.randint(1, 8)):
                b[rng.randrange(len(b))] = rng.randrange(256)
            data = bytes(b)
            continue
        if choice == 1:  # a number becomes an extreme
            digits = [i for i, c in enumerate(text) if c.isdigit() and (i == 0 or not text[i - 1].isdigit())]
            if digits:
                i = rng.choice(digits)
                j = i
                while j < len(text) and (text[j].isdigit() or text[j] in ".e+-"):
                    j += 1
                text = text[:i] + rng.choice(EXTREMES) + text[j:]
        elif choice == 2:  # an element type becomes another
            for t in rng.sample(TYPES, len(TYPES)):
                if t in text:
                    k = rng.choice([i for i in range(len(text)) if text.startswith(t, i)])
                    text = text[:k] + rng.choice(TYPES) + text[k + len(t):]
                    break
        elif choice in (3, 4):  # drop, duplicate or swap lines
            lines = text.split("\n")
            if len(lines) > 1:
                i, j = rng.randrange(len(lines)), rng.randrange(len(lines))
                if choice == 3:
                    del lines[i]
                else:
                    lines.insert(j, lines[i])
                    lines[i], lines[j] = lines[j], lines[i]
            text = "\n".join(lines)
        elif choice == 5:  # cut the file short
            text = text[:rng.randrange(len(text) + 1)]
        elif choice == 6:  # nest deep (JSON, MLIR attributes)
            depth = rng.choice([300, 5000, 60000])
            k = rng.randrange(len(text) + 1)
            text = text[:k] + "[" * depth + "1" + "]" * depth + text[k:]
        else:  # splice two places
            if len(text) > 2:
                i, j = sorted(rng.sample(range(len(text)), 2))
                text = text[:i] + text[j:] + text[i:j]
        data = text.encode("utf-8", "replace")
    return data


def command(kind, kopt, path, rng, fake_runner):
    task = os.path.join(ROOT, "tasks/kernelbench/level1/019_ReLU.mlir")
    if kind == "task":
        pipeline = rng.choice([
            "kb-sample{n=2 seed=%d},kb-lower-to-ptx{threads=1},kb-tag-features{ptxas=none},"
            "kb-export-measurements{file=-}" % rng.randrange(1000),
            "kb-export-payloads",
            "kb-select{strategy=surprise-top3}",
        ])
        return [kopt, path, "-o", "/dev/null", "--pass-pipeline=builtin.module(%s)" % pipeline]
    if kind == "samples":
        return [kopt, task, "-o", "/dev/null",
                "--pass-pipeline=builtin.module(kb-replay{samples=%s},kb-lower-to-ptx{threads=1})"
                % path]
    if kind == "policy":
        return [kopt, task, "-o", "/dev/null",
                "--pass-pipeline=builtin.module(kb-sample{n=4 policy=%s})" % path]
    if kind == "measurements":
        return [kopt, task, "-o", "/dev/null",
                "--pass-pipeline=builtin.module(kb-sample{n=4},kb-recorded-rewards{table=%s})" % path]
    return [kopt, os.path.join(ROOT, "test/Runner/verify-duplicates.mlir"), "-o", "/dev/null",
            "--pass-pipeline=builtin.module(kb-verify{runner=\"%s\" timeout=5 cache=%s})"
            % (fake_runner, path)]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--kopt", required=True)
    parser.add_argument("--minutes", type=float, default=1.0)
    parser.add_argument("--out", default=os.path.join(ROOT, "build/mutate"))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=75.0,
                        help="seconds after which a run is a hang (CUDA C++ may take 60)")
    args = parser.parse_args()
    rng = random.Random(args.seed)
    kinds = ["task", "samples", "policy", "measurements", "cache"]
    corpus = {k: seeds(k) for k in kinds}
    kinds = [k for k in kinds if corpus[k]]
    fake_runner = sys.executable + " " + os.path.join(ROOT, "test/Runner/Inputs/fake-runner.py")
    os.makedirs(os.path.join(args.out, "work"), exist_ok=True)
    counts = {k: {"runs": 0, "errors": 0, "crashes": 0, "hangs": 0} for k in kinds}
    end = time.monotonic() + args.minutes * 60
    while time.monotonic() < end:
        kind = rng.choice(kinds)
        data = mutate(rng.choice(corpus[kind]), rng)
        path = os.path.join(args.out, "work", "input." + ("mlir" if kind == "task" else "json"))
        with open(path, "wb") as f:
            f.write(data)
        cmd = command(kind, args.kopt, path, rng, fake_runner)
        c = counts[kind]
        c["runs"] += 1
        try:
            rc = subprocess.run(cmd, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                stderr=subprocess.DEVNULL, timeout=args.timeout,
                                start_new_session=True).returncode
            found = "crashes" if rc < 0 else None
            c["errors"] += rc > 0
        except subprocess.TimeoutExpired:
            found = "hangs"
        if found:
            c[found] += 1
            folder = os.path.join(args.out, "findings", kind)
            os.makedirs(folder, exist_ok=True)
            name = os.path.join(folder, "%s-%d" % (found[:-1], c["runs"]))
            with open(name + ".input", "wb") as f:
                f.write(data)
            with open(name + ".cmd", "w") as f:
                f.write(" ".join(cmd).replace(path, name + ".input") + "\n")
    total = 0
    for kind in kinds:
        c = counts[kind]
        total += c["crashes"] + c["hangs"]
        print("%-13s %6d runs, %6d refused with an error, %d crashes, %d hangs"
              % (kind, c["runs"], c["errors"], c["crashes"], c["hangs"]))
    print("findings in %s" % os.path.join(args.out, "findings") if total else "no findings")
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
