"""The result cache kb-verify and kb-time keep (`cache=FILE`, include/kopt/Runner/ResultCache.h):
one JSON object a line, {"key", "op": "verify" | "time", "task", "candidate", "device", "result"}.
Read as kopt reads it: a later line with the same key wins, and a line that is not JSON (the
tail of a run killed mid-write) is skipped with a warning.

    cache = result_cache.read(["run/cache.jsonl"])
    for (task, candidate), result in cache.verdicts.items():
        print(task, candidate, result["verdict"], cache.timings.get((task, candidate)))
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterable


@dataclass
class ResultCache:
    """Verification and timing results by (task, candidate): the runner's result objects as
    written (docs/runner-protocol.md). A timing without a median (the kernel failed while timed)
    is left out of `timings`."""
    verdicts: dict[tuple[str, str], dict] = field(default_factory=dict)
    timings: dict[tuple[str, str], dict] = field(default_factory=dict)

    def correct(self, task: str, candidate: str) -> bool:
        verdict = self.verdicts.get((task, candidate))
        return verdict is not None and verdict["verdict"] == "correct"

    def fastest_correct(self) -> dict[str, tuple[str, dict]]:
        """Per task, the correct candidate with the lowest median and its timing."""
        fastest: dict[str, tuple[str, dict]] = {}
        for (task, candidate), timing in self.timings.items():
            if self.correct(task, candidate) and (
                    task not in fastest or timing["median_us"] < fastest[task][1]["median_us"]):
                fastest[task] = (candidate, timing)
        return fastest


def read(paths: Iterable[str | Path]) -> ResultCache:
    """The results of every file in `paths`, later lines (and later files) winning per key."""
    entries: dict[str, dict] = {}
    for path in paths:
        with open(path) as stream:
            for number, line in enumerate(stream, 1):
                if not line.strip():
                    continue
                try:
                    entry = json.loads(line)
                except json.JSONDecodeError:
                    print(f"warning: {path}:{number}: not a JSON line, skipped", file=sys.stderr)
                    continue
                key = entry.get("key") or f"{path}:{number}"
                entries.pop(key, None)  # kept in the order of last writing: the latest wins below
                entries[key] = entry
    cache = ResultCache()
    for entry in entries.values():
        name = (entry["task"], entry["candidate"])
        if entry["op"] == "verify":
            cache.verdicts[name] = entry["result"]
        elif entry["op"] == "time" and "median_us" in entry["result"]:
            cache.timings[name] = entry["result"]
    return cache
