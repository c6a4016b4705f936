#!/usr/bin/env python3
"""Packs hand-written model answers into kb-replay's JSON Lines format (docs/samples-format.md).

    make-jsonl.py DIR TASK SEED > samples.jsonl

Each DIR/*.md file is one answer, in name order: its whole text becomes `text`. The answers were
written by hand, so there are no model log-probabilities to record; this script makes synthetic
ones, from SEED alone: the text is split into word and punctuation tokens, each sample draws a mean
surprisal in [0.1, 0.7] nats, and each token's log-probability is minus an exponential draw with
that mean. They give every sample the statistics the selection strategies read (sum, count, and
the code block's token range for logprobs=code); they carry no information about the kernels, so
any link between a sample's surprisal and its speed in a run on them is chance.
"""
import json
import pathlib
import random
import re
import sys

TOKEN = re.compile(r"\w+|[^\w\s]")
FENCE = re.compile(r"```[^\n]*\n(.*?)(?:```|\Z)", re.S)


def code_token_range(text, spans):
    """[first, last) of the tokens inside the first fenced block, or None without one."""
    block = FENCE.search(text)
    if not block:
        return None
    inside = [i for i, (start, _) in enumerate(spans) if block.start(1) <= start < block.end(1)]
    return [inside[0], inside[-1] + 1] if inside else None


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__.strip().splitlines()[2].strip())
    directory, task, seed = pathlib.Path(sys.argv[1]), sys.argv[2], int(sys.argv[3])
    rng = random.Random(seed)
    for path in sorted(directory.glob("*.md")):
        text = path.read_text()
        spans = [m.span() for m in TOKEN.finditer(text)]
        mean = rng.uniform(0.1, 0.7)
        logprobs = [-round(min(rng.expovariate(1 / mean), 20.0), 4) for _ in spans]
        sample = {"id": path.stem, "task": task, "model": "hand-written",
                  "sampling": {"temperature": 1.0}, "text": text, "token_logprobs": logprobs}
        span = code_token_range(text, spans)
        if span:
            sample["code_token_range"] = span
        print(json.dumps(sample))


if __name__ == "__main__":
    main()
