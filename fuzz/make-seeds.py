#!/usr/bin/env python3
"""Writes the seed corpus of each fuzz target from files the repository already has.

usage: make-seeds.py REPO OUT
OUT/<target>/ gets one file per seed: task files, candidate files and lit test inputs (split at
`// -----` as --split-input-file splits them), samples files, recorded server responses, policies,
measurements, and the hand-written seeds under fuzz/seeds/.
"""
import glob
import hashlib
import json
import os
import sys

# Seeds larger than this are cut (whole lines) so that the fuzzer's inputs stay small and fast.
MAX_SEED_BYTES = 16384


def write(out, target, text):
    text = text.encode() if isinstance(text, str) else text
    if len(text) > MAX_SEED_BYTES:
        text = text[:MAX_SEED_BYTES].rsplit(b"\n", 1)[0] + b"\n"
    folder = os.path.join(out, target)
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, hashlib.sha1(text).hexdigest()), "wb") as f:
        f.write(text)


def files(repo, *patterns):
    for pattern in patterns:
        yield from sorted(glob.glob(os.path.join(repo, pattern), recursive=True))


def read(path):
    with open(path, "rb") as f:
        return f.read()


def main():
    repo, out = sys.argv[1], sys.argv[2]
    for path in files(repo, "tasks/kernelbench/level1/*.mlir", "examples/*.mlir",
                      "test/**/*.mlir"):
        for chunk in read(path).split(b"\n// -----\n"):
            write(out, "task", chunk)
    for path in files(repo, "test/**/*.jsonl", "bench/llm-samples/*.jsonl"):
        if "/Sample/" in path or "llm-samples" in path:
            write(out, "samples", read(path))
    for path in files(repo, "test/Sample/Inputs/server/*.json"):
        for response in json.loads(read(path)).get("responses", []):
            body = response.get("body")
            if body is not None:
                write(out, "server-response", body if isinstance(body, str) else json.dumps(body))
    for path in files(repo, "policies/*.json", "test/**/*policy*.json"):
        write(out, "policy", read(path))
    for path in files(repo, "results/rewards-h200/rewards.jsonl",
                      "results/eval-h200/raw/*/seed0/measure/measurements.jsonl"):
        write(out, "measurements", read(path))
    for target in ("result-cache", "runner-reply"):
        for path in files(repo, f"fuzz/seeds/{target}/*"):
            write(out, target, read(path))


if __name__ == "__main__":
    main()
