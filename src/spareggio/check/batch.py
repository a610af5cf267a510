"""Checking many files: read, rank and compare each one, in this process or over the cores, with a
bounded number of files in flight; every per-file failure is that file's ``error`` entry."""

from __future__ import annotations

import contextlib
import itertools
import os
import pickle
import signal
import tempfile
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from dataclasses import field
from typing import IO, cast

from ..base.classes import dataclass
from ..base.errors import SpareggioError
from ..base.i18n import msg
from ..lazy import load
from .entry import DEFAULT_OPTIONS, STATUSES, CheckEntry, CheckOptions, error_entry
from .one import Loaded, Work, run_work, run_works
from .sources import Source, SourceReader, Unusable, find_sources

__all__ = [
    "CHUNK_FILES",
    "MAX_INFLIGHT_BYTES",
    "Spool",
    "check_files",
    "cores",
    "report_summary",
    "stop_pool",
    "worker_pool",
]


MAX_INFLIGHT_BYTES = 128 * 1024 * 1024
"""The most content read here (zip members) that may wait for or sit in the workers at once."""


PARENT_POLL_SECONDS = 0.5
"""How often a worker process looks whether the process that started it is still there."""


def _watch_parent(parent: int) -> None:
    while True:
        time.sleep(PARENT_POLL_SECONDS)
        if os.getppid() != parent:
            os._exit(1)  # the batch is gone (killed): its workers go too


def _worker_setup(parent: int) -> None:
    """How a worker process starts: Ctrl-C (sent to the whole terminal's group) is the batch's to
    handle, which stops its workers; SIGTERM ends the worker; a worker whose parent died ends
    within :data:`PARENT_POLL_SECONDS`."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True, name="spareggio-parent").start()


def worker_pool(jobs: int) -> ProcessPoolExecutor:
    """A pool of ``jobs`` worker processes that end with the batch (:func:`_worker_setup`)."""
    return ProcessPoolExecutor(max_workers=jobs, initializer=_worker_setup, initargs=(os.getpid(),))


def stop_pool(pool: ProcessPoolExecutor) -> None:
    """Stop a pool at once: its workers are terminated, what was waiting is cancelled."""
    processes = list((getattr(pool, "_processes", None) or {}).values())
    manager = getattr(pool, "_executor_manager_thread", None)  # shutdown() forgets it
    for process in processes:
        with contextlib.suppress(Exception):
            process.terminate()
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        with contextlib.suppress(Exception):
            process.join(5)
    if manager is not None:
        # the pool's own thread closes its wake-up pipe as it ends; left running, it raced the
        # interpreter's exit, which writes to that pipe ("Bad file descriptor" printed at exit)
        manager.join(5)


def cores() -> int:
    """The processors this process may run on."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):
        return os.cpu_count() or 1


def _prepare(sources: Iterable[Source | Unusable], reader: SourceReader) -> Iterator[CheckEntry | Work]:
    """The work of each source: a file for a worker to read, the content of a zip member read here
    (one pass over each archive), or at once the ``error`` entry of what cannot be read."""
    for item in sources:
        if isinstance(item, tuple):
            yield error_entry(*item)
        elif item.member is None:
            yield item
        else:
            try:
                yield Loaded(item.name, reader.read(item))
            except SpareggioError as exc:
                yield error_entry(item.name, exc.text())


def _local(sources: Iterable[Source | Unusable], options: CheckOptions, jobs: int) -> Iterator[CheckEntry]:
    with SourceReader() as reader:
        work = _prepare(sources, reader)
        head = list(itertools.islice(work, 2))
        if jobs <= 1 or len(head) < 2:
            for w in itertools.chain(head, work):
                yield w if isinstance(w, CheckEntry) else run_work(w, options)
            return
        yield from _Pool(options, jobs).run(itertools.chain(head, work))


def _size(work: Work) -> int:
    return len(work.data) if isinstance(work, Loaded) else 0


CHUNK_FILES = 32
"""The most files a worker is given at once: the first tasks of a batch hold 1, 2, 4 ... files (a
small batch still spreads over the cores), then this many (a large one pays the hand-over to a
worker process and back once per task, not per file)."""


class _Pool:
    """Worker processes with a bounded number of files (and bytes) in flight, handed over in tasks
    of up to :data:`CHUNK_FILES` files.  When a worker dies (killed, out of memory, a crash in a
    library), the pool is started again and each file of the tasks that were in flight is checked
    again alone: the ones that kill their worker a second time are ``error`` entries, the others are
    checked as usual."""

    def __init__(self, options: CheckOptions, jobs: int) -> None:
        self.options = options
        self.jobs = jobs
        self.window = jobs * 4
        """Tasks in flight: enough that a worker never waits for the next one."""
        self.chunk = 1
        self.pool = worker_pool(jobs)
        self.pending: dict[Future[list[CheckEntry]], list[Work]] = {}
        self.inflight = 0

    def run(self, work: Iterable[CheckEntry | Work]) -> Iterator[CheckEntry]:
        try:
            task: list[Work] = []
            size = 0
            for w in work:
                if isinstance(w, CheckEntry):
                    yield w
                    continue
                task.append(w)
                size += _size(w)
                if len(task) >= self.chunk or size >= MAX_INFLIGHT_BYTES // self.window:
                    yield from self._send(task, size)
                    task, size = [], 0
                    self.chunk = min(2 * self.chunk, CHUNK_FILES)
            if task:
                yield from self._send(task, size)
            while self.pending:
                yield from self._collect()
        except BaseException:  # interrupted (Ctrl-C, SIGTERM), or the report stopped reading
            stop_pool(self.pool)
            raise
        self.pool.shutdown(wait=True, cancel_futures=True)

    def _send(self, task: list[Work], size: int) -> Iterator[CheckEntry]:
        """Hand a task to the workers once there is room for it (the entries that came back meanwhile)."""
        while self.pending and (len(self.pending) >= self.window or self.inflight + size > MAX_INFLIGHT_BYTES):
            yield from self._collect()
        try:
            self._submit(task)
        except BrokenProcessPool:  # a worker died since the last look
            yield from self._restart()
            self._submit(task)

    def _submit(self, task: list[Work]) -> None:
        self.pending[self.pool.submit(run_works, task, self.options)] = task
        self.inflight += sum(map(_size, task))

    def _collect(self) -> Iterator[CheckEntry]:
        done, _ = wait(self.pending, return_when=FIRST_COMPLETED)
        broken = False
        for f in done:
            task = self.pending.pop(f)
            self.inflight -= sum(map(_size, task))
            try:
                entries = f.result()
            except BrokenProcessPool:
                broken = True
                self.pending[f] = task  # in flight when the worker died: checked again below
                self.inflight += sum(map(_size, task))
                continue
            yield from entries
        if broken:
            yield from self._restart()

    def _restart(self) -> Iterator[CheckEntry]:
        self.pool.shutdown(wait=True, cancel_futures=True)
        pending, self.pending, self.inflight = self.pending, {}, 0
        for f, task in pending.items():
            if f.done() and not f.cancelled() and f.exception() is None:
                yield from f.result()  # finished before the worker died
            else:
                for work in task:
                    yield _alone(work, self.options)
        self.pool = worker_pool(self.jobs)


def _alone(work: Work, options: CheckOptions) -> CheckEntry:
    """Check one file in a process of its own; its death is the file's ``error`` entry."""
    pool = worker_pool(1)
    try:
        return pool.submit(run_work, work, options).result()
    except BrokenProcessPool:
        return error_entry(
            work.name,
            msg("{name}: the process checking this file stopped abruptly", name=work.name),
        )
    except BaseException:
        stop_pool(pool)
        raise
    finally:
        pool.shutdown(wait=True)


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

    :param jobs: worker processes on this machine (default and at most: every core; 1 = in this
        process).
    :param scheduler: the address of a Dask distributed scheduler; workers that see the files
        read them, the others are sent their contents (:mod:`.dask`): no shared storage is needed.
    """
    items = sources if sources is not None else find_sources(paths)
    if scheduler:
        on_cluster = cast("Callable[..., Iterator[CheckEntry]]", load("check.cluster"))  # .dask, by name
        return on_cluster(items, options, scheduler)
    return _local(items, options, min(jobs, cores()) if jobs is not None else cores())


SPOOL_GROUP = 64
"""Entries of a status pickled together: one pickle writes the names of a data class's fields
once for the group rather than once for each entry, which halves what spooling an entry costs."""


@dataclass
class Spool:
    """The entries of a batch kept on disk, so that the report can list the files that differ first
    without holding the batch in memory: one temporary file for each status, so that the report
    reads every entry back once.  Entries are pickled, :data:`SPOOL_GROUP` at a time: their
    sentences keep their templates (:class:`~spareggio.base.i18n.Text`) and are said in the
    report's language."""

    handles: dict[str, IO[bytes]] = field(default_factory=dict)
    counts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(STATUSES, 0))
    held: dict[str, list[CheckEntry]] = field(default_factory=dict)
    """The entries of each status not yet written."""

    def add(self, entry: CheckEntry) -> None:
        status = entry.status.value
        group = self.held.setdefault(status, [])
        group.append(entry)
        self.counts[status] += 1
        if len(group) >= SPOOL_GROUP:
            self._write(status)

    def _write(self, status: str) -> None:
        group = self.held.pop(status, None)
        if not group:
            return
        handle = self.handles.get(status)
        if handle is None:
            handle = self.handles[status] = tempfile.TemporaryFile("w+b")  # noqa: SIM115  closed by close()
        pickle.dump(group, handle, protocol=pickle.HIGHEST_PROTOCOL)

    def entries(self, status: str) -> Iterator[CheckEntry]:
        self._write(status)
        handle = self.handles.get(status)
        if handle is None:
            return
        handle.seek(0)
        while True:
            try:
                group: list[CheckEntry] = pickle.load(handle)  # written by this process
            except EOFError:
                return
            yield from group

    def ordered(self) -> Iterator[CheckEntry]:
        for status in STATUSES:
            yield from self.entries(status)

    def close(self) -> None:
        for handle in self.handles.values():
            handle.close()
        self.handles.clear()
        self.held.clear()


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
