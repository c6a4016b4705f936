#!/usr/bin/env python3
"""One line per kb.candidate of a kopt output file:

    task candidate verdict [median_us T speedup S] [surprisal U] [selected STRATEGY] [detail]

surprisal is -sum/count of the candidate's logprob; detail is the verdict's message, escaped as
the IR prints it and cut to 200 characters. Reads the file's measurements (kb-export-measurements,
through the kopt of $KOPT, build/dev/bin/kopt or PATH); "-" or no file: standard input.
"""
import pathlib
import sys

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "python"))  # kopt package
from kopt import measurements  # noqa: E402
from kopt.irtext import escaped, format_f64  # noqa: E402


def row(m):
    line = [m.task, m.candidate, m.verdict or "unverified"]
    if m.timing and m.speedup is not None:
        line += ["median_us", format_f64(m.timing.median_us), "speedup", format_f64(m.speedup)]
    if m.logprob:
        line += ["surprisal", f"{m.logprob.surprisal:.4f}"]
    if m.selected:
        line += ["selected", m.selected]
    if m.detail:
        line.append(escaped(m.detail)[:200])
    return line


if __name__ == "__main__":
    for path in sys.argv[1:] or ["-"]:
        for m in measurements.export(path):
            print(*row(m))
