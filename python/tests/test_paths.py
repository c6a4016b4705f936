"""kopt.paths: the checkout, and which kopt binary is taken."""

import os
import stat

import pytest

from kopt import paths


def executable(path):
    path.write_text("#!/bin/sh\n")
    path.chmod(path.stat().st_mode | stat.S_IXUSR)
    return path


def test_repository_root():
    assert (paths.REPO / "CMakeLists.txt").is_file()
    assert (paths.REPO / "python" / "kopt" / "paths.py").is_file()
    assert paths.TASK_DIR.is_dir()


def test_given_binary_comes_first(tmp_path, monkeypatch):
    given, from_env = executable(tmp_path / "given"), executable(tmp_path / "env")
    monkeypatch.setenv("KOPT", str(from_env))
    assert paths.find_kopt(given) == str(given)
    assert paths.find_kopt() == str(from_env)


def test_dev_build_then_path(tmp_path, monkeypatch):
    monkeypatch.delenv("KOPT", raising=False)
    monkeypatch.setattr(paths, "BUILD", tmp_path / "build")
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))
    (tmp_path / "bin").mkdir()
    on_path = executable(tmp_path / "bin" / "kopt")
    assert paths.find_kopt() == str(on_path)
    (tmp_path / "build" / "bin").mkdir(parents=True)
    built = executable(tmp_path / "build" / "bin" / "kopt")
    assert paths.find_kopt() == str(built)


def test_a_named_binary_must_exist(tmp_path, monkeypatch):
    with pytest.raises(FileNotFoundError, match="no kopt at"):
        paths.find_kopt(tmp_path / "missing")
    monkeypatch.setenv("KOPT", str(tmp_path / "missing"))
    with pytest.raises(FileNotFoundError, match="no kopt at"):
        paths.find_kopt()


def test_nothing_found(tmp_path, monkeypatch):
    monkeypatch.delenv("KOPT", raising=False)
    monkeypatch.setattr(paths, "BUILD", tmp_path)
    monkeypatch.setenv("PATH", os.fspath(tmp_path))
    with pytest.raises(FileNotFoundError, match="no kopt: build it"):
        paths.find_kopt()
