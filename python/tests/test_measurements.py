"""kopt.measurements against what the kopt binary exports ($KOPT, or the dev build's): the
recorded ReLU example of examples/, read, written back and selected from."""

import io
import json
import subprocess

import pytest

from kopt import measurements
from kopt.measurements import LogProb, Measurement, Timing
from kopt.paths import REPO, find_kopt

RECORDED = REPO / "examples" / "relu-recorded.mlir"


@pytest.fixture(scope="module")
def kopt():
    return find_kopt()


@pytest.fixture(scope="module")
def exported_lines(kopt):
    """The measurements as kopt writes them, one JSON object a line."""
    result = subprocess.run([kopt, str(RECORDED), "-o", "/dev/null",
                             "--pass-pipeline=builtin.module(kb-export-measurements{file=-})"],
                            capture_output=True, text=True, check=True)
    return result.stdout.splitlines()


def test_export_reads_every_candidate(kopt):
    candidates = measurements.export(RECORDED, kopt)
    assert [m.candidate for m in candidates] == [f"c{i}" for i in range(8)]
    assert {m.task for m in candidates} == {"relu"}
    assert {m.origin for m in candidates} == {"policy"}


def test_fields_of_a_timed_candidate(kopt):
    first = measurements.export(RECORDED, kopt)[0]
    assert first.decisions == {"block": 128, "grid_stride": 0, "per_thread": 1, "vector": 1}
    assert first.logprob == LogProb(sum=-1.2, count=4)
    assert first.logprob.surprisal == pytest.approx(0.3)
    assert first.verdict == "correct"
    assert first.detail is None
    assert first.timing == Timing(median_us=3120, q1_us=3114.2, q3_us=3126.9, n=31)
    assert first.speedup == pytest.approx(0.978)
    assert first.timed_correct
    assert first.speedup_interval is None and first.selected is None
    assert first.other == {}


def test_fields_of_a_failed_candidate(kopt):
    failed = measurements.export(RECORDED, kopt)[3]
    assert failed.verdict == "unwritten_output"
    assert failed.detail == "1024 output elements never written (the last partial block)"
    assert failed.timing is None and failed.speedup is None
    assert not failed.timed_correct


def test_passes_run_before_the_export(kopt):
    selected = [m for m in measurements.export(RECORDED, kopt,
                                               ["kb-select{strategy=surprise-top3}"])
                if m.selected]
    assert [(m.candidate, m.selected, m.selected_timed) for m in selected] == [
        ("c2", "surprise-top3", 3)]


def test_standard_input(kopt):
    with open(RECORDED) as stream:
        result = subprocess.run(
            ["python3", "-c", "import sys; from kopt import measurements; "
             "print(len(measurements.export('-', sys.argv[1])))", kopt],
            stdin=stream, capture_output=True, text=True, check=True,
            env={"PYTHONPATH": str(REPO / "python")})
    assert result.stdout.strip() == "8"


def test_kopt_failure_is_reported(kopt, tmp_path):
    broken = tmp_path / "broken.mlir"
    broken.write_text("kb.candidate @x of @nothing\n")
    with pytest.raises(RuntimeError, match="kopt failed on"):
        measurements.export(broken, kopt)


def test_round_trip_of_kopt_lines(exported_lines):
    for line in exported_lines:
        assert Measurement.from_json(json.loads(line)).to_json() == json.loads(line)


def test_round_trip_through_a_file(exported_lines, tmp_path):
    read = list(measurements.parse(exported_lines))
    path = tmp_path / "measurements.jsonl"
    with open(path, "w") as stream:
        measurements.write(read, stream)
    assert measurements.read(path) == read


def test_round_trip_of_every_key():
    line = {"task": "t", "candidate": "c", "origin": "policy", "decisions": {"a": 1},
            "duplicate_of": "b", "logprob_sum": -2.0, "logprob_count": 4, "entropy": 0.5,
            "verdict": "correct", "detail": "d", "median_us": 10.0, "q1_us": 9.0,
            "q3_us": 11.5, "n": 7, "speedup": 1.5, "speedup_low": 1.25, "speedup_high": 1.75,
            "speedup_tf32": 0.5, "speedup_tf32_low": 0.4, "speedup_tf32_high": 0.6,
            "selected": "oracle", "selected_timed": 3, "features": {"registers": 32},
            "a_newer_key": [1, 2]}
    m = Measurement.from_json(line)
    assert m.speedup_interval == (1.25, 1.75)
    assert m.speedup_tf32 == 0.5 and m.speedup_tf32_interval == (0.4, 0.6)
    assert m.timing == Timing(10.0, 9.0, 11.5, 7)
    assert m.other == {"a_newer_key": [1, 2]}
    assert m.to_json() == line
    assert list(m.to_json()) == list(line)  # the format's order


def test_blank_lines_are_skipped():
    text = io.StringIO('\n{"task": "t", "candidate": "c"}\n\n')
    assert list(measurements.parse(text)) == [Measurement(task="t", candidate="c")]


def test_a_line_without_the_tf32_baseline_reads_it_as_unknown():
    """Files from before runners timed eager with TF32 allowed: the matched-precision speedup is
    None, and the line is written back without it."""
    line = {"task": "t", "candidate": "c", "verdict": "correct", "median_us": 10.0, "q1_us": 9.0,
            "q3_us": 11.0, "n": 7, "speedup": 1.5, "speedup_low": 1.25, "speedup_high": 1.75}
    m = Measurement.from_json(line)
    assert m.speedup == 1.5 and m.timed_correct
    assert m.speedup_tf32 is None and m.speedup_tf32_interval is None
    assert m.other == {}
    assert m.to_json() == line


def test_export_of_both_speedups(kopt, tmp_path):
    """kb-export-measurements writes the matched-precision speedup and its interval under their
    own keys, and this module reads them into their own fields."""
    ir = tmp_path / "tf32.mlir"
    ir.write_text(RECORDED.read_text().split("kb.candidate", 1)[0] +
                  'kb.candidate @t0 of @relu manual source "k" verdict <correct> '
                  "time <median = 10.0, q1 = 9.0, q3 = 11.0, n = 9> speedup 3.0 "
                  "interval <2.5, 3.5> speedup_tf32 1.5 interval <1.25, 1.75>\n")
    [m] = measurements.export(ir, kopt)
    assert (m.speedup, m.speedup_interval) == (3.0, (2.5, 3.5))
    assert (m.speedup_tf32, m.speedup_tf32_interval) == (1.5, (1.25, 1.75))
