"""The measurements kopt exports (kb-export-measurements, docs/measurements-format.md) as plain
dataclasses: read from a JSON Lines file, written back, or taken from an IR file by running kopt.

    for m in measurements.export("candidates.mlir"):
        print(m.candidate, m.verdict, m.timing and m.timing.median_us, m.speedup)

A key this module does not know (one a newer kopt adds) is kept in `other`, so that reading and
writing a file gives it back whole.
"""

from __future__ import annotations

import json
import subprocess
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Iterable, Iterator

from kopt.paths import find_kopt


@dataclass
class LogProb:
    """A sampled candidate's log-probability statistics."""
    sum: float
    count: int

    @property
    def surprisal(self) -> float:
        """Minus the mean log-probability per decision or token."""
        return -self.sum / self.count


@dataclass
class Timing:
    """The median and quartiles of `n` timed runs, in microseconds."""
    median_us: float
    q1_us: float
    q3_us: float
    n: int


@dataclass
class Measurement:
    """One candidate's line: `None` (or empty) where the line has no such key."""
    task: str
    candidate: str
    origin: str | None = None
    decisions: dict[str, int] | None = None
    duplicate_of: str | None = None
    logprob: LogProb | None = None
    entropy: float | None = None
    verdict: str | None = None
    detail: str | None = None
    timing: Timing | None = None
    speedup: float | None = None  # over eager at fp32 (KernelBench's convention)
    speedup_interval: tuple[float, float] | None = None  # speedup_low, speedup_high
    # Over eager with TF32 allowed (matched precision); None where the runner did not time it.
    speedup_tf32: float | None = None
    speedup_tf32_interval: tuple[float, float] | None = None  # speedup_tf32_low, _high
    predicted_speedup: float | None = None  # a learned cost model's (kb-predict)
    predicted_p_correct: float | None = None
    selected: str | None = None  # the strategy that selected it
    selected_timed: int | None = None
    features: dict[str, float] | None = None
    other: dict = field(default_factory=dict)

    @property
    def timed_correct(self) -> bool:
        return self.verdict == "correct" and self.speedup is not None

    @classmethod
    def from_json(cls, line: dict) -> Measurement:
        values = dict(line)

        def take(*keys):
            return [values.pop(key, None) for key in keys]

        task, candidate = take("task", "candidate")
        logprob_sum, logprob_count = take("logprob_sum", "logprob_count")
        median, q1, q3, n = take("median_us", "q1_us", "q3_us", "n")
        low, high = take("speedup_low", "speedup_high")
        tf32_low, tf32_high = take("speedup_tf32_low", "speedup_tf32_high")
        plain = {name: values.pop(name) for name in PLAIN_KEYS if name in values}
        return cls(task=task, candidate=candidate,
                   logprob=None if logprob_sum is None else LogProb(logprob_sum, logprob_count),
                   timing=None if median is None else Timing(median, q1, q3, n),
                   speedup_interval=None if low is None else (low, high),
                   speedup_tf32_interval=None if tf32_low is None else (tf32_low, tf32_high),
                   other=values, **plain)

    def to_json(self) -> dict:
        """The line as kopt writes it, in the order of the format's table."""
        logprob, timing = self.logprob, self.timing
        interval, tf32_interval = self.speedup_interval, self.speedup_tf32_interval
        line = {
            "task": self.task, "candidate": self.candidate, "origin": self.origin,
            "decisions": self.decisions, "duplicate_of": self.duplicate_of,
            "logprob_sum": logprob and logprob.sum, "logprob_count": logprob and logprob.count,
            "entropy": self.entropy, "verdict": self.verdict, "detail": self.detail,
            "median_us": timing and timing.median_us, "q1_us": timing and timing.q1_us,
            "q3_us": timing and timing.q3_us, "n": timing and timing.n,
            "speedup": self.speedup,
            "speedup_low": interval and interval[0], "speedup_high": interval and interval[1],
            "speedup_tf32": self.speedup_tf32,
            "speedup_tf32_low": tf32_interval and tf32_interval[0],
            "speedup_tf32_high": tf32_interval and tf32_interval[1],
            "predicted_speedup": self.predicted_speedup,
            "predicted_p_correct": self.predicted_p_correct,
            "selected": self.selected, "selected_timed": self.selected_timed,
            "features": self.features,
        }
        return {**{key: value for key, value in line.items() if value is not None}, **self.other}


# The keys that are one field each.
PLAIN_KEYS = ("origin", "decisions", "duplicate_of", "entropy", "verdict", "detail", "speedup",
              "speedup_tf32", "predicted_speedup", "predicted_p_correct", "selected",
              "selected_timed", "features")


def parse(lines: Iterable[str]) -> Iterator[Measurement]:
    """The measurements of JSON Lines text (blank lines skipped)."""
    for line in lines:
        if line.strip():
            yield Measurement.from_json(json.loads(line))


def read(path: str | Path) -> list[Measurement]:
    """The measurements of a file kb-export-measurements wrote."""
    with open(path) as stream:
        return list(parse(stream))


def write(measurements: Iterable[Measurement], stream: IO[str]) -> None:
    for m in measurements:
        stream.write(json.dumps(m.to_json()) + "\n")


def export(ir_file: str | Path, kopt: str | Path | None = None,
           passes: Iterable[str] = ()) -> list[Measurement]:
    """Runs kopt on `ir_file` ("-": standard input) through `passes`, then kb-export-measurements,
    and returns what it exported; kopt is found by paths.find_kopt."""
    pipeline = ",".join([*passes, "kb-export-measurements{file=-}"])
    command = [find_kopt(kopt), str(ir_file), "-o", "/dev/null",
               f"--pass-pipeline=builtin.module({pipeline})"]
    # "-": kopt reads this process's standard input
    result = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if result.returncode != 0:
        raise RuntimeError(f"kopt failed on {ir_file} ({result.returncode}):\n{result.stderr}")
    return list(parse(result.stdout.splitlines()))
