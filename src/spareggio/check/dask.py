"""``check --scheduler``: a batch on a Dask distributed cluster.  The files are read here and sent
with the tasks (up to :data:`CHUNK_FILES` a task), so the workers need no access to them; a task
comes back as the list of its files' entries, one transfer per task."""

from __future__ import annotations

import socket
from collections.abc import Callable, Iterable, Iterator, Mapping
from types import ModuleType
from typing import Protocol, TypeVar

from ..base.errors import ArgumentError, SpareggioError, os_reason
from ..base.i18n import Field, msg
from ..lazy import module
from .entry import CheckEntry, CheckOptions, error_entry
from .one import check_source
from .sources import Source, SourceReader, Unusable, reason

__all__ = ["CHUNK_FILES", "DaskClient", "DaskFuture", "connect", "dask_module", "on_cluster"]

CHUNK_FILES = 64
"""The most files a cluster task holds.  A task costs the client, the scheduler and the worker some
milliseconds whatever it holds, a file of 150 players about two: 64 files make that a few per cent
(16 did not); larger tasks would keep one worker busy with the last task while the others wait."""
FIRST_CHUNK = 4
"""Files in the first tasks; each task holds twice as many as the one before up to
:data:`CHUNK_FILES`, so that a small batch still spreads over the workers."""
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


def check_chunk(items: list[tuple[str, bytes]], options: CheckOptions) -> list[CheckEntry]:
    """A task of the cluster: files sent with the task, checked on the worker."""
    return [check_source(name, data, options) for name, data in items]


def _chunks(
    sources: Iterable[Source | Unusable], first: int, most: int
) -> Iterator[tuple[list[tuple[str, bytes]], list[CheckEntry]]]:
    """Groups of (name, content) to send, of ``first``, twice ``first`` ... up to ``most`` files,
    with the error rows of the files that could not be read."""
    size = first
    batch: list[tuple[str, bytes]] = []
    errors: list[CheckEntry] = []
    with SourceReader() as reader:
        for item in sources:
            if isinstance(item, tuple):
                errors.append(error_entry(*item))
            else:
                try:
                    batch.append((item.name, reader.read(item)))
                except SpareggioError as exc:
                    errors.append(error_entry(item.name, exc.text()))
            if len(batch) >= size or len(errors) >= size:
                yield batch, errors
                batch, errors = [], []
                size = min(2 * size, most)
    if batch or errors:
        yield batch, errors


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
        for batch, errors in _chunks(sources, FIRST_CHUNK, CHUNK_FILES):
            yield from errors
            if batch:
                future = client.submit(check_chunk, batch, options, pure=False)
                names[future] = [name for name, _ in batch]
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
