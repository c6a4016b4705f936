#!/usr/bin/env python3
"""One line per kb.candidate of a kopt output file:

    task candidate verdict [median_us T speedup S] [surprisal U] [selected STRATEGY] [detail]

surprisal is -sum/count of the candidate's logprob; detail is the verdict's message, cut to 200
characters. Reads the generic text form kopt prints (one candidate per line).
"""
import re
import sys

CANDIDATE = re.compile(r"kb\.candidate @(\S+) of @(\S+)")
VERDICT = re.compile(r'verdict <(\w+)(?:, "((?:[^"\\]|\\.)*)")?')
TIME = re.compile(r"time <median = ([0-9.e+-]+).*?speedup ([0-9.e+-]+)")
LOGPROB = re.compile(r"logprob <sum = ([0-9.e+-]+), count = (\d+)>")
SELECTED = re.compile(r'selected <"([^"]+)"')


def rows(lines):
    for line in lines:
        candidate = CANDIDATE.search(line)
        if not candidate:
            continue
        verdict, time = VERDICT.search(line), TIME.search(line)
        logprob, selected = LOGPROB.search(line), SELECTED.search(line)
        row = [candidate[2], candidate[1], verdict[1] if verdict else "unverified"]
        if time:
            row += ["median_us", time[1], "speedup", time[2]]
        if logprob:
            row += ["surprisal", f"{-float(logprob[1]) / int(logprob[2]):.4f}"]
        if selected:
            row += ["selected", selected[1]]
        if verdict and verdict[2]:
            row.append(verdict[2][:200])
        yield row


if __name__ == "__main__":
    for path in sys.argv[1:] or ["-"]:
        with open(path) if path != "-" else sys.stdin as f:
            for row in rows(f):
                print(*row)
