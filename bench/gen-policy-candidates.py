#!/usr/bin/env python3
"""Appends policy candidates with distinct decision lists of the task's schedule space, drawn
uniformly, to the task of a task file (its own candidates are dropped): inputs for
kb-lower-to-ptx benchmarks and tests.

    bench/gen-policy-candidates.py TASK.mlir COUNT [SEED] > OUT.mlir

The space is the matmul one when the payload has a linalg.matmul, batch_matmul or matvec, the
reduction one when it otherwise reduces (a linalg.reduce or a reduction iterator), else the
elementwise one; the domains are those of kopt::codegen::matmulSpace(), reductionSpace() and
elementwiseSpace() (lib/Codegen/ScheduleSpace.cpp). blocks_per_sm is left out of one-shot
elementwise lists, which ignore it, so that distinct lists are distinct kernels.
"""
import itertools
import random
import re
import sys

SPACES = {
    "elementwise": {
        "vector": (1, 2, 4),
        "per_thread": (1, 2, 4, 8),
        "block": (64, 128, 256, 512, 1024),
        "grid_stride": (False, True),
        "blocks_per_sm": (1, 2, 4, 8, 16, 32),
    },
    "reduction": {
        "threads_per_output": (1, 4, 16, 32, 128, 1024),
        "block": (64, 128, 256, 512, 1024),
        "vector": (1, 2, 4),
        "unroll": (1, 2, 4, 8),
        "shuffle": (False, True),
    },
    "matmul": {
        "block_m": (32, 64, 128),
        "block_n": (32, 64, 128),
        "block_k": (8, 16, 32),
        "thread_m": (1, 2, 4, 8),
        "thread_n": (1, 2, 4, 8),
        "vector": (1, 2, 4),
        "unroll_k": (1, 2, 4, 8),
        "stages": (1, 2, 3),
        "cp_async": (False, True),
        "tf32": (False, True),
        "wgmma": (False, True),
    },
}

path, count = sys.argv[1], int(sys.argv[2])
seed = int(sys.argv[3]) if len(sys.argv) > 3 else 0
text = open(path).read()
task = re.search(r"kb\.task @(\w+)", text).group(1)
cut = text.find("kb.candidate")
sys.stdout.write(text if cut < 0 else text[:cut])
payload = text[text.find("kb.payload"):cut if cut >= 0 else len(text)]
if re.search(r"linalg\.(batch_)?mat(mul|vec)\b", payload):
    family = "matmul"
elif re.search(r'linalg\.reduce|"reduction"', payload):
    family = "reduction"
else:
    family = "elementwise"
space = SPACES[family]
lists = set()
for values in itertools.product(*space.values()):
    decisions = dict(zip(space, values))
    if family == "elementwise" and not decisions["grid_stride"]:
        del decisions["blocks_per_sm"]
    lists.add(tuple(decisions.items()))
chosen = random.Random(seed).sample(sorted(lists), count)
for index, decisions in enumerate(chosen):
    body = ", ".join(f"{k} = {str(v).lower()}" for k, v in decisions)
    print(f"kb.candidate @{task}_p{index} of @{task} policy decisions {{{body}}}")
