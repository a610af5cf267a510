"""``check --scheduler``: a batch on a Dask distributed cluster.  The files are read here and sent
with the tasks (up to :data:`CHUNK_FILES` a task, their contents in one buffer: :class:`Packed`),
so the workers need no access to them; a task comes back as the list of its files' entries, one
transfer per task."""

from __future__ import annotations

import pickle
import socket
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Mapping
from types import ModuleType
from typing import Protocol, TypeVar

from ..base.errors import ArgumentError, SpareggioError, os_reason
from ..base.i18n import Field, msg
from ..lazy import module
from .entry import CheckEntry, CheckOptions, error_entry
from .one import check_source
from .sources import Source, SourceReader, Unusable, reason

__all__ = ["CHUNK_FILES", "DaskClient", "DaskFuture", "Packed", "connect", "dask_module", "on_cluster"]

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


_Task = DaskFuture[list[CheckEntry]]


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


def check_chunk(files: Packed, options: CheckOptions) -> list[CheckEntry]:
    """A task of the cluster: files sent with the task, checked on the worker."""
    return [check_source(name, data, options) for name, data in files.files()]


def _chunks(
    sources: Iterable[Source | Unusable], first: int, most: int, workers: int = 1
) -> Iterator[tuple[Packed, list[CheckEntry]]]:
    """The files to send, a task at a time, with the error rows of the files that could not be
    read: ``first``, twice ``first`` ... up to ``most`` files a task.  The sources are listed up to
    ``most`` times ``workers`` ahead of the reading, so that the end of the batch is seen coming:
    from there a task holds the files left shared among the ``workers`` (never fewer than
    ``first``), and the last tasks, small, even out the workers' ends."""
    ahead = most * max(workers, 1)
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
            batch: list[tuple[str, bytes]] = []
            errors: list[CheckEntry] = []
            for _ in range(min(size, len(pending))):
                item = pending.popleft()
                if isinstance(item, tuple):
                    errors.append(error_entry(*item))
                    continue
                try:
                    batch.append((item.name, reader.read(item)))
                except SpareggioError as exc:
                    errors.append(error_entry(item.name, exc.text()))
            yield Packed.of(batch), errors
            size = min(2 * size, most)


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
        names: dict[_Task, list[str]] = {}
        for batch, errors in _chunks(sources, FIRST_CHUNK, CHUNK_FILES, workers):
            yield from errors
            if batch:
                future = client.submit(check_chunk, batch, options, pure=False)
                names[future] = list(batch.names)
                running.add(future)
            while len(names) >= window:
                yield from _results(next(running), names)
        for future in running:
            yield from _results(future, names)
    finally:
        client.close()


def dask_module(field: Field) -> ModuleType:
    """Dask's ``distributed`` (an optional dependency), or a one-line error naming the ``field`` that
    asked for a cluster."""
    try:
        return module("dask")
    except ImportError:
        raise ArgumentError(msg('{field} needs Dask distributed: pip install "spareggio[dask]"', field=field)) from None


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


def _results(future: _Task, names: dict[_Task, list[str]]) -> Iterator[CheckEntry]:
    """The entries of a finished task; a task that failed (its worker died) is an ``error`` entry
    for each of its files."""
    files = names.pop(future)
    try:
        entries = future.result()
    except Exception as exc:  # noqa: BLE001  a lost task is its files' error rows
        why = reason(exc)
        entries = [
            error_entry(
                name, msg("{name}: the cluster could not check the file ({reason})", name=name, reason=why)
            )
            for name in files
        ]
    finally:
        future.release()
    yield from entries


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
