"""``check --scheduler``: a batch on a Dask distributed cluster, up to :data:`CHUNK_FILES` files a
task; a task comes back as one object that holds its files' entries (:class:`Answer`), one
transfer per task.

How the files reach the workers: a file on disk is first sent as its path with the size, the
modification time and the inode this process saw (:class:`Listed`).  A worker that sees the same
file there (a local cluster, a shared file system) reads it itself, so that neither this process
nor the scheduler carries its contents; a worker that does not answers so, and the file is read
here and sent again with its contents (:class:`Packed`: one buffer, out of band).  From the first
such answer on, every file is sent with its contents: the workers need no access to the files.  A
file the worker sees but cannot read is read here too (which says why when it cannot either),
and the other files still go as paths (:class:`Again`).  A member of a zip archive is always read
here and sent with its contents."""

from __future__ import annotations

import os
import pickle
import socket
import stat
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping
from enum import Enum
from types import ModuleType
from typing import Protocol, TypeVar

from ..base.errors import ArgumentError, SpareggioError, os_reason
from ..base.i18n import Field, msg
from ..lazy import module
from .entry import CheckEntry, CheckOptions, error_entry
from .one import check_source
from .sources import Source, SourceReader, Unusable, reason, stamp

__all__ = [
    "BATCH_SETTINGS",
    "CHUNK_FILES",
    "Again",
    "Answer",
    "Chunk",
    "DaskClient",
    "DaskCluster",
    "DaskFuture",
    "Listed",
    "Packed",
    "connect",
    "dask_module",
    "local_cluster",
    "on_cluster",
]

CHUNK_FILES = 128
"""The most files a cluster task holds.  A task costs the client, the scheduler and the worker some
milliseconds whatever it holds, a file of 150 players about one and a half: 128 files make that
a few per cent.  The last tasks of a batch are smaller (:func:`_chunks`), so that no worker is
left with a large one while the others wait."""
FIRST_CHUNK = 4
"""Files in the first tasks; each task holds twice as many as the one before up to
:data:`CHUNK_FILES`, so that a small batch still spreads over the workers; the last tasks shrink
back to it."""
TASKS_PER_WORKER = 3
"""Tasks in flight for each worker: one running, the next ones on their way."""
TASK_BYTES = 16 * 1024 * 1024
"""The contents a task carries at most (files sent with their contents): a task is closed at the
file that reaches it, so that the tasks in flight hold some 50 MB a worker whatever the size of
the files (a task of 128 files of 5 MB would hold 640 MB)."""


BATCH_SETTINGS: Mapping[str, object] = {
    "distributed.worker.profile.enabled": False,
    "distributed.admin.tick.interval": "200ms",
    "distributed.admin.system-monitor.interval": "2s",
}
"""Dask settings for a cluster that checks a batch (docs/check.md gives them as a file for
``dask worker``; a local cluster spareggio starts takes them).  Dask's defaults sample each worker's
stack every 10 ms for its profiler and wake every process's event loop every 20 ms to watch that it
is not blocked: each wake takes the interpreter from the task that checks files.  Measured on two
cores (docs/performance.md): an idle cluster of two workers spends 7 % of a core with the defaults
and 3 % with these, which on a busy machine comes off the workers.  Nothing a task computes
changes."""


R_co = TypeVar("R_co", covariant=True)
T = TypeVar("T")


class DaskFuture(Protocol[R_co]):
    """What spareggio uses of a Dask future (``distributed`` is optional and has no types)."""

    def result(self) -> R_co: ...

    def release(self) -> None: ...


class DaskClient(Protocol):
    """What spareggio uses of a Dask client."""

    def submit(self, func: Callable[..., T], /, *args: object, pure: bool = ...) -> DaskFuture[T]: ...

    def scheduler_info(self) -> Mapping[str, object]: ...

    def close(self) -> None: ...


class DaskCluster(Protocol):
    """What spareggio uses of a Dask cluster it starts."""

    scheduler_address: str

    def close(self) -> None: ...


class Again(Enum):
    """Why a worker gives a listed file back, for this process to read and send with its contents."""

    UNSEEN = "unseen"
    """Not the file this process saw (another machine, or the file changed since): from then on
    every file goes with its contents."""
    UNREAD = "unread"
    """The same file, which the worker could not read (too large, not readable there): this
    process reads it and says why if it cannot; the other files still go as paths."""


class Answer:
    """What a task answers: for each of its files, in the order of :meth:`Chunk.names`, its entry or
    why the worker gives it back.  One object rather than a list: Dask serializes a list that a
    task returns element by element, each with a header and a frame of its own, which cost the
    worker and this process some 30 µs a file (a third of what this process spends on a file);
    an object travels as one pickle."""

    __slots__ = ("items",)

    def __init__(self, items: list[CheckEntry | Again]) -> None:
        self.items = items


_Task = DaskFuture[Answer]


_OUT_OF_BAND = 5
"""The first pickle protocol that sends buffers out of band (PEP 574)."""


class Packed:
    """The files of one task: their names, and their contents one after the other in one buffer.
    With pickle's protocol 5 (Dask's) the buffer travels out of band, beside the pickle: neither
    the client, nor the scheduler that passes the task on, copies the contents into a pickle or
    walks them file by file (a list of (name, bytes) cost the scheduler about a third more CPU)."""

    __slots__ = ("data", "ends", "names")

    def __init__(self, names: tuple[str, ...], ends: tuple[int, ...], data: bytes | memoryview) -> None:
        self.names = names
        self.ends = ends
        """Where each file's content ends in :attr:`data`."""
        self.data = data
        """The contents: bytes here, a view of the message received on a worker."""

    @classmethod
    def of(cls, files: list[tuple[str, bytes]]) -> Packed:
        ends: list[int] = []
        end = 0
        for _, data in files:
            end += len(data)
            ends.append(end)
        return cls(tuple(name for name, _ in files), tuple(ends), b"".join(data for _, data in files))

    def __len__(self) -> int:
        return len(self.names)

    def files(self) -> Iterator[tuple[str, bytes]]:
        """(name, content) of each file, in order."""
        view = memoryview(self.data)
        start = 0
        for name, end in zip(self.names, self.ends, strict=True):
            yield name, bytes(view[start:end])
            start = end

    def __reduce_ex__(self, protocol: object) -> tuple[type[Packed], tuple[object, ...]]:
        if isinstance(protocol, int) and protocol >= _OUT_OF_BAND:
            return Packed, (self.names, self.ends, pickle.PickleBuffer(self.data))
        return Packed, (self.names, self.ends, bytes(self.data))


class Listed:
    """The files of one task that the worker may read itself: their names, paths, and how this
    process saw each (size, modification time in nanoseconds, inode)."""

    __slots__ = ("names", "paths", "stamps")

    def __init__(
        self, names: tuple[str, ...], paths: tuple[str, ...], stamps: tuple[tuple[int, int, int], ...]
    ) -> None:
        self.names = names
        self.paths = paths
        self.stamps = stamps

    def __len__(self) -> int:
        return len(self.names)


def read_listed(name: str, path: str, seen: tuple[int, int, int]) -> bytes | Again:
    """The content of a listed file, or why the worker gives it back (:class:`Again`)."""
    try:
        status = os.stat(path)
    except OSError:
        return Again.UNSEEN
    if not stat.S_ISREG(status.st_mode) or stamp(status) != seen:
        return Again.UNSEEN
    try:
        return Source(name, path).read()
    except (OSError, SpareggioError):
        return Again.UNREAD


class Chunk:
    """One task: files to read on the worker (:class:`Listed`) and files sent with their contents
    (:class:`Packed`)."""

    __slots__ = ("listed", "packed")

    def __init__(self, listed: Listed, packed: Packed) -> None:
        self.listed = listed
        self.packed = packed

    def __len__(self) -> int:
        return len(self.listed) + len(self.packed)

    def names(self) -> list[str]:
        """The names of its files, in the order of its entries: the listed ones, then the packed."""
        return [*self.listed.names, *self.packed.names]


READ_AHEAD_BYTES = 8 * 1024 * 1024
"""How much of a task's listed files a worker reads before checking them."""


def check_chunk(chunk: Chunk, options: CheckOptions) -> Answer:
    """A task of the cluster, run on a worker: the entries of its files in the order of
    :meth:`Chunk.names`, or for a listed file why the worker gives it back.

    The listed files are read a few at a time (up to :data:`READ_AHEAD_BYTES`), then checked:
    reading each between two checks cost the worker a tenth more CPU a file (10,000 files of 150
    players on a local cluster), reading them first a thirtieth."""
    entries: list[CheckEntry | Again] = []
    read: list[tuple[str, str, bytes | Again]] = []
    held = 0
    listed = chunk.listed
    for name, path, seen in zip(listed.names, listed.paths, listed.stamps, strict=True):
        data = read_listed(name, path, seen)
        read.append((name, path, data))
        held += len(data) if isinstance(data, bytes) else 0
        if held >= READ_AHEAD_BYTES:
            entries.extend(_checked(read, options))
            read, held = [], 0
    entries.extend(_checked(read, options))
    entries.extend(check_source(name, data, options) for name, data in chunk.packed.files())
    return Answer(entries)


def _checked(read: list[tuple[str, str, bytes | Again]], options: CheckOptions) -> list[CheckEntry | Again]:
    return [
        data if isinstance(data, Again) else check_source(name, data, options, beside=path)
        for name, path, data in read
    ]


class Sending:
    """How files on disk go to the workers: as paths (:class:`Listed`) until a worker says it does
    not see one; and the files to send again with their contents."""

    __slots__ = ("again", "by_path")

    def __init__(self) -> None:
        self.by_path = True
        self.again: list[Source] = []

    def given_back(self, sources: list[Source], why: Again) -> None:
        """A worker gave these files back: they go again with their contents, and so do all the
        files from now on if it did not see them."""
        if sources and why is Again.UNSEEN:
            self.by_path = False
        self.again.extend(sources)

    def take(self) -> list[Source]:
        again, self.again = self.again, []
        return again


def _chunks(
    sources: Iterable[Source | Unusable],
    first: int,
    most: int,
    workers: int = 1,
    sending: Sending | None = None,
) -> Iterator[tuple[Chunk, list[CheckEntry]]]:
    """The files to send, a task at a time, with the error rows of the files that could not be
    used: ``first``, twice ``first`` ... up to ``most`` files a task.  The sources are listed up to
    ``most`` times ``workers`` ahead of the reading, so that the end of the batch is seen coming:
    from there a task holds the files left shared among the ``workers`` (never fewer than
    ``first``), and the last tasks, small, even out the workers' ends.  A file on disk goes as its
    path while ``sending`` says so (by default, always with its contents); the contents a task
    carries stop at the file that reaches :data:`TASK_BYTES`."""
    ahead = most * max(workers, 1)
    here = _working_folder()  # once: os.path.abspath asks for it at every file
    pending: deque[Source | Unusable] = deque()
    listing = iter(sources)
    listed = False
    size = first
    with SourceReader() as reader:
        while True:
            while not listed and len(pending) < ahead:
                item = next(listing, None)
                if item is None:
                    listed = True
                else:
                    pending.append(item)
            if not pending:
                return
            if listed:
                size = min(size, max(first, -(-len(pending) // max(workers, 1))))
            by_path = sending is not None and sending.by_path
            on_disk: list[tuple[str, str, tuple[int, int, int]]] = []
            batch: list[tuple[str, bytes]] = []
            errors: list[CheckEntry] = []
            carried = 0
            for _ in range(min(size, len(pending))):
                if carried >= TASK_BYTES:
                    break  # the other files go in the next task
                item = pending.popleft()
                if isinstance(item, tuple):
                    errors.append(error_entry(*item))
                    continue
                if by_path and item.member is None and here is not None:
                    try:  # the path in full: a worker's working folder is not this process's
                        seen = item.seen if item.seen is not None else stamp(os.stat(item.path))
                        on_disk.append((item.name, os.path.normpath(os.path.join(here, item.path)), seen))
                        continue
                    except OSError:
                        pass  # read below, which says why
                try:
                    batch.append((item.name, reader.read(item)))
                    carried += len(batch[-1][1])
                except SpareggioError as exc:
                    errors.append(error_entry(item.name, exc.text()))
            listed_here = Listed(
                tuple(name for name, _, _ in on_disk),
                tuple(path for _, path, _ in on_disk),
                tuple(seen for _, _, seen in on_disk),
            )
            yield Chunk(listed_here, Packed.of(batch)), errors
            size = min(2 * size, most)


def _working_folder() -> str | None:
    """This process's working folder, or None if it is gone (the files are then sent with their
    contents, read by their paths as given)."""
    try:
        return os.getcwd()
    except OSError:
        return None


def on_cluster(
    sources: Iterable[Source | Unusable], options: CheckOptions, scheduler: str
) -> Iterator[CheckEntry]:
    """Check the sources on the cluster whose scheduler listens at ``scheduler``."""
    distributed = dask_module(Field.SCHEDULER)
    client = connect(scheduler, Field.SCHEDULER)
    try:
        known = client.scheduler_info().get("workers")
        workers = max(1, len(known) if isinstance(known, Mapping) else 0)
        window = workers * TASKS_PER_WORKER
        running = distributed.as_completed()
        sent: dict[_Task, Chunk] = {}
        sending = Sending()
        chunks = _chunks(sources, FIRST_CHUNK, CHUNK_FILES, workers, sending)
        while True:
            item = next(chunks, None)
            if item is not None:
                chunk, errors = item
                yield from errors
                if len(chunk):
                    future = client.submit(check_chunk, chunk, options, pure=False)
                    sent[future] = chunk
                    running.add(future)
            elif sending.again:  # the files a worker did not see, read here and sent again
                chunks = _chunks(sending.take(), CHUNK_FILES, CHUNK_FILES, workers)
                continue
            elif not sent:
                return
            while sent and (item is None or len(sent) >= window):
                future = next(running)
                entries, back = _results(future, sent.pop(future))
                for why, files in back.items():
                    sending.given_back(files, why)
                yield from entries
                if item is None:
                    break
    finally:
        client.close()


def dask_module(field: Field) -> ModuleType:
    """Dask's ``distributed`` (an optional dependency), or a one-line error naming the ``field`` that
    asked for a cluster."""
    try:
        return module("dask")
    except ImportError:
        raise ArgumentError(msg('{field} needs Dask distributed: pip install "spareggio[dask]"', field=field)) from None


def local_cluster(workers: int, field: Field, dashboard: str | None = ":0") -> DaskCluster:
    """A Dask cluster on this machine (``distributed.LocalCluster``): ``workers`` processes of one
    thread, on the loopback only, with :data:`BATCH_SETTINGS` (the worker processes take the
    settings in force when they start).  The dashboard on a free port by default: another cluster
    on Dask's 8787 is no conflict."""
    distributed = dask_module(field)
    with module("dask.config").set(dict(BATCH_SETTINGS)):
        cluster: DaskCluster = distributed.LocalCluster(
            n_workers=max(workers, 1),
            threads_per_worker=1,
            processes=True,
            host="127.0.0.1",
            dashboard_address=dashboard,
        )
    return cluster


def connect(address: str, field: Field) -> DaskClient:
    """A client of the Dask scheduler at ``address`` (``tcp://host:port``), given by ``field``: an
    address that is not one, or where nothing listens, is a one-line error at once."""
    distributed = dask_module(field)
    _reachable(address, field)
    try:
        client: DaskClient = distributed.Client(address, timeout=10)
    except (OSError, TimeoutError) as exc:
        raise ArgumentError(
            msg("cannot reach the Dask scheduler at {scheduler} ({exc})", scheduler=address, exc=exc)
        ) from None
    return client


def _results(future: _Task, chunk: Chunk) -> tuple[list[CheckEntry], dict[Again, list[Source]]]:
    """The entries of a finished task, and its listed files that the worker gave back, by why (to
    be sent again with their contents).  A task that failed (its worker died), or that answered
    something else than an entry or a reason for each of its files, is an ``error`` entry for each
    of its files."""
    try:
        answer = future.result()
        found = answer.items if isinstance(answer, Answer) else None
        if not isinstance(found, list) or len(found) != len(chunk):
            raise TypeError(f"{len(chunk)} entries expected from the worker")  # another version of spareggio
    except Exception as exc:  # noqa: BLE001  a lost task is its files' error rows
        why = reason(exc)
        return [_lost(name, why) for name in chunk.names()], {}
    finally:
        future.release()
    listed = chunk.listed
    entries: list[CheckEntry] = []
    back: dict[Again, list[Source]] = {}
    for k, (name, item) in enumerate(zip(chunk.names(), found, strict=True)):
        if isinstance(item, Again) and k < len(listed):
            back.setdefault(item, []).append(Source(name, listed.paths[k]))
        elif isinstance(item, CheckEntry):
            entries.append(item)
        else:  # never from a worker of this version
            entries.append(_lost(name, repr(item)))
    return entries, back


def _lost(name: str, why: str) -> CheckEntry:
    return error_entry(
        name, msg("{name}: the cluster could not check the file ({reason})", name=name, reason=why)
    )


def _reachable(address: str, field: Field) -> None:
    """Fail fast, in one line, when nothing listens at a ``tcp://host:port`` scheduler address."""
    rest = address.split("://", 1)[-1]
    host, sep, port = rest.rpartition(":")
    if not sep or not (port.isascii() and port.isdigit()):
        raise ArgumentError(
            msg(
                "{field} wants an address like tcp://host:8786, not {address!r}", field=field, address=address
            )
        )
    try:
        socket.create_connection((host.strip("[]"), int(port)), timeout=5).close()
    except OSError as exc:
        raise ArgumentError(
            msg(
                "cannot reach the Dask scheduler at {address} ({value})",
                address=address,
                value=os_reason(exc),
            )
        ) from None
