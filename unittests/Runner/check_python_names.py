#!/usr/bin/env python3
"""Checks that python/kopt/runner.py spells the protocol as protocol/kopt_runner_protocol.h does.

    check_python_names.py PATH/TO/kopt-protocol-names
"""
import subprocess
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "python"))
from kopt import runner  # noqa: E402


def main():
    lines = subprocess.run([sys.argv[1]], check=True, capture_output=True,
                           text=True).stdout.splitlines()
    fields, ops, verdicts, version, envelope = {}, {}, [], None, None
    for line in lines:
        kind, *words = line.split()
        if kind == "fields":
            fields[words[0]] = tuple(words[1:])
        elif kind == "op":
            ops[words[0]] = words[1]
        elif kind == "verdict":
            verdicts.append(words[0])
        elif kind == "version":
            version = int(words[0])
        elif kind == "envelope":
            envelope = tuple(words)
    python = {"fields": runner.FIELDS, "ops": runner.OPS, "verdicts": runner.VERDICTS,
              "version": runner.VERSION,
              "envelope": (runner.ID, runner.OP, runner.OK, runner.ERROR)}
    cpp = {"fields": fields, "ops": ops, "verdicts": tuple(verdicts), "version": version,
           "envelope": envelope}
    wrong = [name for name in cpp if cpp[name] != python[name]]
    for name in wrong:
        ours, theirs = cpp[name], python[name]
        if isinstance(ours, dict) and isinstance(theirs, dict):
            keys = sorted(set(ours) | set(theirs))
            ours = {key: ours.get(key) for key in keys if ours.get(key) != theirs.get(key)}
            theirs = {key: theirs.get(key) for key in ours}
        print(f"python/kopt/runner.py: {name} differ from the C++ definition:\n"
              f"  C++:    {ours}\n  Python: {theirs}")
    if not fields:
        print("kopt-protocol-names printed no messages")
        return 1
    return 1 if wrong else 0


if __name__ == "__main__":
    sys.exit(main())
