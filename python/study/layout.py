"""What the study driver (study.py) and its analysis (analysis.py) share: the phases of a unit
and how a study directory's files are read and written."""

from __future__ import annotations

import json
import os
from pathlib import Path

PHASES = ["sample", "measure", "select", "ttt", "probe"]
GPU_PHASES = {"measure", "ttt"}  # with a runner, the phases that keep the GPU busy


def phases_of(config: dict) -> list[str]:
    """A run's phases: one without TTT steps (--ttt-steps 0, Best-of-N and selection only) has
    no ttt or probe phase."""
    return PHASES if config["ttt_steps"] > 0 else PHASES[:PHASES.index("ttt")]


class StudyError(Exception):
    """A failure the driver explains in one message (no traceback)."""


def read_jsonl(path: Path) -> list[dict]:
    with open(path) as stream:
        return [json.loads(line) for line in stream if line.strip()]


def read_json(path: Path):
    with open(path) as stream:
        return json.load(stream)


def write_json(path: Path, value) -> None:
    """Writes through a temporary file, so that a reader never sees half a file."""
    scratch = path.with_name(path.name + ".tmp")
    with open(scratch, "w") as stream:
        json.dump(value, stream, indent=1, sort_keys=True)
        stream.write("\n")
    os.replace(scratch, path)
