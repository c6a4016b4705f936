"""kopt.irtext prints doubles and strings as kopt does: checked against the kopt binary's own
printing of speedups and a verdict's message put into the recorded ReLU example."""

import re
import subprocess

import pytest

from kopt import measurements
from kopt.irtext import escaped, format_f64
from kopt.paths import REPO, find_kopt

# one for each of the example's six timed candidates
SPEEDUPS = ["1.0e-05", "0.00025", "1.0e+20", "10.0", "123456.789", "0.3333333333333333"]
MESSAGE = 'x.cu:1: error: "quoted" \\ back\tslash\nnext é'


@pytest.fixture(scope="module")
def printed(tmp_path_factory):
    """The example with other speedups and c3's message, as kopt prints it (one candidate a
    line), and its measurements."""
    text = (REPO / "examples" / "relu-recorded.mlir").read_text()
    values = iter(SPEEDUPS)
    text = re.sub(r"speedup [0-9.]+", lambda _: f"speedup {next(values)}", text)
    text = re.sub(r'(verdict <unwritten_output, )"[^"]*"',
                  lambda m: m[1] + '"' + escaped(MESSAGE) + '"', text)
    source = tmp_path_factory.mktemp("irtext") / "relu.mlir"
    source.write_text(text)
    kopt = find_kopt()
    lines = subprocess.run([kopt, str(source)], capture_output=True, text=True,
                           check=True).stdout
    return ([line for line in lines.splitlines() if "kb.candidate" in line],
            measurements.export(source, kopt))


def test_doubles_as_kopt_prints_them(printed):
    lines, read = printed
    timed = [m for m in read if m.speedup is not None]
    assert len(timed) == len(SPEEDUPS)
    for m in timed:
        line = next(line for line in lines if f"@{m.candidate} " in line)
        assert f"time <median = {format_f64(m.timing.median_us)}, " in line
        assert f" speedup {format_f64(m.speedup)}" in line


def test_a_message_as_kopt_prints_it(printed):
    lines, read = printed
    failed = next(m for m in read if m.verdict == "unwritten_output")
    assert failed.detail == MESSAGE
    assert '"' + escaped(MESSAGE) + '"' in next(line for line in lines if "@c3 " in line)


def test_format_f64():
    assert [format_f64(float(v)) for v in SPEEDUPS] == SPEEDUPS
    assert format_f64(3120) == "3120.0"
    assert format_f64(-2.5) == "-2.5"
    assert format_f64(float("inf")) == "0x7FF0000000000000"


def test_escaped():
    assert escaped('a"b\\c\n') == "a\\22b\\\\c\\0A"
    assert escaped("é") == "\\C3\\A9"
