"""The process of a command asks numpy's BLAS for one thread (``spareggio.cli.one_blas_thread``):
OpenBLAS, in numpy's wheels, starts a thread per core when numpy is imported and each spins for
work it never gets from spareggio, which does no linear algebra. A number the environment gives is
kept; a process that loaded numpy already is left alone."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from spareggio.cli import BLAS_THREADS, one_blas_thread


def test_one_thread_is_asked_when_the_environment_names_none() -> None:
    environ: dict[str, str] = {"LANG": "C"}
    assert one_blas_thread(environ, {}) is True
    assert environ == {"LANG": "C", BLAS_THREADS: "1"}


@pytest.mark.parametrize("given", ["4", "1", ""])
def test_a_number_the_environment_gives_is_kept(given: str) -> None:
    environ = {BLAS_THREADS: given}
    assert one_blas_thread(environ, {}) is False
    assert environ == {BLAS_THREADS: given}


def test_a_process_that_loaded_numpy_is_left_alone() -> None:
    environ: dict[str, str] = {}
    assert one_blas_thread(environ, {"numpy": object()}) is False
    assert environ == {}


# the process as the console script runs it: cli.run, with main replaced by what reports the
# setting and the threads of the process once numpy is loaded
PROBE = """
import os, sys
from spareggio import cli
def main():
    import numpy
    tasks = len(os.listdir("/proc/self/task")) if os.path.isdir("/proc/self/task") else -1
    print(os.environ.get("OPENBLAS_NUM_THREADS"), tasks)
    return 0
cli.main = main
cli.run()
"""


def _probe(**extra: str) -> tuple[str, int]:
    env = {k: v for k, v in os.environ.items() if k != BLAS_THREADS} | extra
    src = str(Path(__file__).resolve().parent.parent / "src")
    env["PYTHONPATH"] = os.pathsep.join([src, env.get("PYTHONPATH", "")])
    done = subprocess.run([sys.executable, "-c", PROBE], check=True, capture_output=True, text=True, env=env)
    value, tasks = done.stdout.split()
    return value, int(tasks)


def test_the_process_of_a_command_runs_numpy_on_one_thread() -> None:
    value, tasks = _probe()
    assert value == "1"
    if tasks < 0:
        pytest.skip("no /proc/self/task to count the threads")
    assert tasks == 1  # the main thread alone: no BLAS worker


def test_the_process_keeps_the_number_it_is_given() -> None:
    value, tasks = _probe(**{BLAS_THREADS: "2"})
    assert value == "2"
    if tasks < 0 or (os.cpu_count() or 1) < 2:
        pytest.skip("no /proc/self/task to count the threads, or one core (BLAS starts no worker)")
    assert tasks == 2  # the main thread and one BLAS worker
