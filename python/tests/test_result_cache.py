"""kopt.result_cache: read as kopt's ResultCache reads the file."""

import json

from kopt import result_cache


def line(key, op, candidate, **result):
    return json.dumps({"key": key, "op": op, "task": "t", "candidate": candidate,
                       "device": "gpu", "result": result}) + "\n"


def test_later_lines_win_and_corrupt_lines_are_skipped(tmp_path, capsys):
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    first.write_text(line("k1", "verify", "c1", verdict="incorrect")
                     + line("k2", "verify", "c2", verdict="correct")
                     + line("k3", "time", "c2", median_us=5.0)
                     + '{"key": "k4", "op": "ti')  # a run killed mid-write
    second.write_text(line("k1", "verify", "c1", verdict="correct")
                      + line("k4", "time", "c1", median_us=3.0)
                      + line("k5", "time", "c3", error="launch failed"))
    cache = result_cache.read([first, second])
    assert "a.jsonl:4: not a JSON line" in capsys.readouterr().err
    assert cache.verdicts == {("t", "c1"): {"verdict": "correct"},
                              ("t", "c2"): {"verdict": "correct"}}
    assert set(cache.timings) == {("t", "c1"), ("t", "c2")}  # c3 has no median
    assert cache.fastest_correct() == {"t": ("c1", {"median_us": 3.0})}


def test_fastest_correct_passes_over_incorrect_kernels(tmp_path):
    path = tmp_path / "cache.jsonl"
    path.write_text(line("v1", "verify", "fast", verdict="incorrect")
                    + line("v2", "verify", "slow", verdict="correct")
                    + line("t1", "time", "fast", median_us=1.0)
                    + line("t2", "time", "slow", median_us=2.0))
    cache = result_cache.read([path])
    assert not cache.correct("t", "fast") and not cache.correct("t", "unknown")
    assert cache.fastest_correct() == {"t": ("slow", {"median_us": 2.0})}
