"""A batch handed to the workers in tasks of several files (``-j N``: 1, 2, 4 ... up to
``CHUNK_FILES``; Dask: 4, 8 ... up to its ``CHUNK_FILES``) gives every file the entry it gets when
checked alone, in this process: the same statuses, mismatches and one-line errors."""

from __future__ import annotations

import zipfile
from pathlib import Path

import pytest

from spareggio.check import CheckEntry, CheckOptions, Status, check_files
from spareggio.check.batch import CHUNK_FILES
from test_check import RIGHT, six

OPTIONS = CheckOptions(tiebreaks="BH/C1,BH,SB")
FILES = 2 * CHUNK_FILES + 13
"""More files than the first tasks of 1, 2, 4 ... CHUNK_FILES hold together, and a last task that
is not full."""


@pytest.fixture(scope="module")
def many(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Every 7th file declares two places swapped, every 11th is broken, every 13th has no ranks;
    and a zip of three members, read by the process that lists the batch."""
    root = tmp_path_factory.mktemp("many")
    right, wrong, plain = six(RIGHT), six({**RIGHT, 1: 4, 5: 3}), six({})
    for k in range(FILES):
        text = "001 nonsense\n" if k % 11 == 5 else wrong if k % 7 == 3 else plain if k % 13 == 6 else right
        (root / f"t{k:04d}.trf").write_text(text)
    with zipfile.ZipFile(root / "club.zip", "w") as z:
        z.writestr("a/right.trf", right)
        z.writestr("a/wrong.trf", wrong)
        z.writestr("a/bad.trf", "001 nonsense\n")
    return root


def _by_file(entries: list[CheckEntry]) -> dict[str, CheckEntry]:
    out = {e.file: e for e in entries}
    assert len(out) == len(entries)  # each file once
    return out


def test_tasks_of_several_files_give_the_entries_of_files_checked_alone(many: Path) -> None:
    alone = _by_file(list(check_files([str(many)], OPTIONS, jobs=1)))
    assert len(alone) == FILES + 3
    counts = {s: sum(e.status is s for e in alone.values()) for s in Status}
    broken = len(range(5, FILES, 11))
    assert counts[Status.ERROR] == broken + 1
    assert counts[Status.DIFFERS] == sum(1 for k in range(FILES) if k % 11 != 5 and k % 7 == 3) + 1
    bad = alone[str(many / "t0005.trf")]
    assert bad.error is not None and bad.error.startswith(f"{many / 't0005.trf'}:1:") and "\n" not in bad.error
    assert _by_file(list(check_files([str(many)], OPTIONS, jobs=2))) == alone


def test_a_dask_cluster_with_tasks_of_several_files_gives_the_same_entries(many: Path) -> None:
    distributed = pytest.importorskip("distributed")
    alone = _by_file(list(check_files([str(many)], OPTIONS, jobs=1)))
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=":0"
    ) as cluster:
        remote = _by_file(list(check_files([str(many)], OPTIONS, scheduler=cluster.scheduler_address)))
    assert remote == alone
