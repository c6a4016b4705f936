#!/usr/bin/env python3
"""Appends policy candidates with distinct decision lists of the task's schedule space, drawn
uniformly, to the task of a task file (its own candidates are dropped): inputs for
kb-lower-to-ptx benchmarks and tests.

    bench/gen-policy-candidates.py TASK.mlir COUNT [SEED] [--where NAME=V1,V2 ...] > OUT.mlir

--where restricts a decision to the values listed (repeat it for several decisions), to sweep a
part of the space: COUNT at least the part's size takes all of it, in the space's order.

The space is the one kopt gives the task (the decisions of a list kopt draws for it: $KOPT, else
kopt on PATH, else build/dev/bin/kopt): a family's, a chain's stages' (s0.block_m, ...), or a
family's followed by a chain's; each family's decisions and domains are read from
include/kopt/Codegen/Families.td through `llvm-tblgen --dump-json` ($LLVM_TBLGEN, else
llvm-tblgen on PATH or in `llvm-config --bindir`). blocks_per_sm is left out of one-shot
elementwise lists, which ignore it; other decisions that do not apply (a fused kernel's stage
decisions, fallbacks) are kept, so distinct lists may still be one kernel.
"""
import argparse
import itertools
import json
import math
import os
import random
import re
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "python"))  # the kopt package
from kopt.families import stage_groups  # noqa: E402


def llvm_tblgen():
    found = os.environ.get("LLVM_TBLGEN") or shutil.which("llvm-tblgen")
    if found:
        return found
    for config in ("llvm-config", "llvm-config-22"):
        if shutil.which(config):
            bindir = subprocess.run([config, "--bindir"], capture_output=True, text=True,
                                    check=True).stdout.strip()
            return os.path.join(bindir, "llvm-tblgen")
    sys.exit("gen-policy-candidates.py: llvm-tblgen not found (set LLVM_TBLGEN)")


def read_spaces():
    """Each family's decisions, in table order: name -> domain (booleans as False, True)."""
    records = json.loads(subprocess.run(
        [llvm_tblgen(), "--dump-json", "-I", os.path.join(ROOT, "include"),
         os.path.join(ROOT, "include", "kopt", "Codegen", "Families.td")],
        capture_output=True, text=True, check=True).stdout)
    spaces = {}
    for family in records["!instanceof"]["Family"]:
        decisions = {}
        for ref in records[family]["decisions"]:
            decision = records[ref["def"]]
            domain = decision["domain"]
            decisions[decision["name"]] = (tuple(bool(v) for v in domain) if decision["isBool"]
                                           else tuple(domain))
        spaces[records[family]["name"]] = decisions
    return spaces


def parse_arguments():
    parser = argparse.ArgumentParser(description="policy candidates of a task's schedule space")
    parser.add_argument("task")
    parser.add_argument("count", type=int)
    parser.add_argument("seed", type=int, nargs="?", default=0)
    parser.add_argument("--where", action="append", default=[], metavar="NAME=V1,V2",
                        help="keep only these values of a decision")
    return parser.parse_args()


def restrict(space, conditions):
    """The space with each --where decision's domain cut to the values listed."""
    space = dict(space)
    for condition in conditions:
        name, _, values = condition.partition("=")
        if name not in space:
            sys.exit(f"gen-policy-candidates.py: no decision '{name}' (have {', '.join(space)})")
        wanted = {v.strip().lower() for v in values.split(",")}
        kept = tuple(v for v in space[name] if str(v).lower() in wanted)
        if len(kept) != len(wanted):
            sys.exit(f"gen-policy-candidates.py: {name} takes {space[name]}, not all of {values}")
        space[name] = kept
    return space


def task_space(task_text, spaces):
    """The families of the task's space and the space itself (name -> domain), as kopt draws
    it: a family's decisions, a chain's stages' under s<k>., or a family's and then a chain's
    (a family that offers its payload unfused)."""
    kopt = (os.environ.get("KOPT") or shutil.which("kopt")
            or os.path.join(ROOT, "build", "dev", "bin", "kopt"))
    drawn = subprocess.run([kopt, "-", "--pass-pipeline=builtin.module(kb-sample{n=1 policy=uniform})"],
                           input=task_text, capture_output=True, text=True)
    found = re.search(r"policy decisions \{([^}]*)\}", drawn.stdout)
    if drawn.returncode != 0 or not found:
        sys.exit(f"gen-policy-candidates.py: kopt drew no candidate for the task:\n{drawn.stderr}")
    families, space = [], {}
    for stage, names in sorted(stage_groups(re.findall(r"([\w.]+) = ", found.group(1))).items()):
        family = next((f for f, decisions in spaces.items() if set(decisions) == names), None)
        if family is None:
            sys.exit(f"gen-policy-candidates.py: no one family has the decisions {sorted(names)}")
        families.append(family)
        for name, domain in spaces[family].items():
            space[f"s{stage}.{name}" if stage >= 0 else name] = domain
    return families, space


args = parse_arguments()
path, count, seed = args.task, args.count, args.seed
text = open(path).read()
task = re.search(r"kb\.task @(\w+)", text).group(1)
cut = text.find("kb.candidate")
sys.stdout.write(text if cut < 0 else text[:cut])
spaces = read_spaces()
families, space = task_space(text[:cut] if cut >= 0 else text, spaces)
space = restrict(space, args.where)
# Spaces up to this size are enumerated and deduplicated (elementwise lists without grid_stride
# drop blocks_per_sm); larger ones (the matmul space, millions of lists) are drawn by index.
ENUMERATED = 200_000
total = math.prod(len(domain) for domain in space.values())
if total <= ENUMERATED:
    lists = set()
    for values in itertools.product(*space.values()):
        decisions = dict(zip(space, values))
        if families == ["elementwise"] and not decisions["grid_stride"]:
            del decisions["blocks_per_sm"]
        lists.add(tuple(decisions.items()))
    lists = sorted(lists)
    chosen = lists if count >= len(lists) else random.Random(seed).sample(lists, count)
else:
    def decode(index):
        """The index-th list of the product of the domains, the last decision fastest."""
        values = []
        for domain in reversed(list(space.values())):
            index, place = divmod(index, len(domain))
            values.append(domain[place])
        return tuple(zip(space, reversed(values)))

    rng = random.Random(seed)
    if total <= sys.maxsize:
        indices = rng.sample(range(total), min(count, total))
    else:  # a family's and a chain's space: more lists than range() holds, so no repeats
        indices = set()
        while len(indices) < count:
            indices.add(rng.randrange(total))
    chosen = [decode(i) for i in sorted(indices)]
for index, decisions in enumerate(chosen):
    body = ", ".join(f"{k} = {str(v).lower()}" for k, v in decisions)
    print(f"kb.candidate @{task}_p{index} of @{task} policy decisions {{{body}}}")
