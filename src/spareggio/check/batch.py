"""Checking many files: read, rank and compare each one, in this process or over the cores, with a
bounded number of files in flight; every per-file failure is that file's ``error`` entry."""

from __future__ import annotations

import itertools
import os
import pickle
import tempfile
from collections.abc import Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, as_completed, wait
from dataclasses import dataclass, field
from typing import IO

from .dask import on_cluster
from .entry import DEFAULT_OPTIONS, STATUSES, CheckEntry, CheckOptions
from .one import check_one
from .sources import Source, Unusable, find_sources

__all__ = ["Spool", "check_files", "report_summary"]


def _local(sources: Iterable[Source | Unusable], options: CheckOptions, jobs: int) -> Iterator[CheckEntry]:
    it = iter(sources)
    head = list(itertools.islice(it, 2))
    if jobs <= 1 or len(head) < 2:
        for item in itertools.chain(head, it):
            yield check_one(item, options)
        return
    window = jobs * 8
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        pending: set[Future[CheckEntry]] = set()
        for item in itertools.chain(head, it):
            pending.add(pool.submit(check_one, item, options))
            if len(pending) >= window:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for f in done:
                    yield f.result()
        for f in as_completed(pending):
            yield f.result()


def check_files(
    paths: Iterable[str],
    options: CheckOptions = DEFAULT_OPTIONS,
    *,
    jobs: int | None = None,
    scheduler: str | None = None,
    sources: Iterable[Source | Unusable] | None = None,
) -> Iterator[CheckEntry]:
    """Check every file found in ``paths`` (see :func:`find_sources`); yields one entry per file as
    it is done (in completion order when running in parallel).  Memory stays bounded: a fixed
    number of files is in flight at any time.

    :param jobs: worker processes on this machine (default: every core; 1 = in this process).
    :param scheduler: the address of a Dask distributed scheduler; the files are read here and
        sent with the tasks, so the workers need no access to them.
    """
    items = sources if sources is not None else find_sources(paths)
    if scheduler:
        return on_cluster(items, options, scheduler)
    return _local(items, options, jobs if jobs is not None else (os.cpu_count() or 1))


@dataclass
class Spool:
    """The entries of a batch kept on disk, so that the report can list the files that differ first
    without holding the batch in memory.  Entries are pickled: their sentences keep their templates
    (:class:`~spareggio.i18n.Text`) and are said in the report's language."""

    handle: IO[bytes] = field(default_factory=lambda: tempfile.TemporaryFile("w+b"))  # noqa: SIM115
    counts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(STATUSES, 0))

    def add(self, entry: CheckEntry) -> None:
        pickle.dump(entry, self.handle, protocol=pickle.HIGHEST_PROTOCOL)
        self.counts[entry.status.value] += 1

    def entries(self, status: str) -> Iterator[CheckEntry]:
        self.handle.seek(0)
        while True:
            try:
                entry: CheckEntry = pickle.load(self.handle)  # written by this process
            except EOFError:
                return
            if entry.status == status:
                yield entry

    def ordered(self) -> Iterator[CheckEntry]:
        for status in STATUSES:
            yield from self.entries(status)

    def close(self) -> None:
        self.handle.close()


def report_summary(counts: dict[str, int], seconds: float) -> dict[str, int | float]:
    """The summary of a report: counts by status and the wall-clock seconds."""
    return {
        "files": sum(counts.values()),
        "agree": counts.get("agree", 0),
        "differs": counts.get("differs", 0),
        "no-ranks": counts.get("no-ranks", 0),
        "error": counts.get("error", 0),
        "seconds": round(seconds, 3),
    }
