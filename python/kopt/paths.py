"""Where things lie in the kopt checkout that holds this package: the repository, its dev build,
the KernelBench task files, LLVM's tools and the kopt binary."""

from __future__ import annotations

import argparse
import os
import shutil
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]
BUILD = REPO / "build" / "dev"
TASK_DIR = REPO / "tasks" / "kernelbench" / "level1"
LLVM_BIN = Path("/usr/lib/llvm-22/bin")  # scripts/setup.sh's LLVM_VERSION


def find_kopt(given: str | Path | None = None) -> str:
    """The kopt binary: `given`, else $KOPT, else the dev build's, else the one on PATH (where a
    GPU machine's unpacked build puts it). A binary named but missing is an error, not skipped."""
    for named in (given, os.environ.get("KOPT")):
        if named:
            if not Path(named).is_file():
                raise FileNotFoundError(f"no kopt at {named}")
            return str(Path(named).resolve())
    for candidate in (BUILD / "bin" / "kopt", shutil.which("kopt")):
        if candidate and Path(candidate).is_file():
            return str(Path(candidate).resolve())
    raise FileNotFoundError("no kopt: build it (cmake --build build/dev --target kopt), "
                            "set $KOPT or pass --kopt")


def add_kopt_argument(parser: argparse.ArgumentParser) -> None:
    """--kopt, whose value (or None) find_kopt takes."""
    parser.add_argument("--kopt", help="the kopt binary (default: $KOPT, build/dev/bin/kopt, "
                                       "or the one on PATH)")
