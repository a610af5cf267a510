"""One file of a batch: read, rank, compare.  Whatever goes wrong with the file — an input error, a
decompressor's or the system's failure, a bug met on the way — is that file's ``error`` entry."""

from __future__ import annotations

from ..base.classes import dataclass
from ..base.errors import SpareggioError
from ..base.i18n import msg
from ..io import ReadOptions, parse_event
from .entry import CheckEntry, CheckOptions, error_entry
from .ranks import check
from .sources import Source, Unusable, reason

__all__ = ["Loaded", "Work", "check_one", "check_source", "run_work", "run_works"]


@dataclass(frozen=True)
class Loaded:
    """A file whose content was read by the process that lists the batch (a zip member)."""

    name: str
    data: bytes


Work = Source | Loaded
"""What a worker is given: a file to read itself, or content already read."""


def check_source(name: str, data: bytes, options: CheckOptions, *, beside: str | None = None) -> CheckEntry:
    """Read and check one file's content; any problem becomes an ``error`` entry.  ``beside`` is the
    file's path on disk, where a companion file (a lichess results export) may be found."""
    try:
        event = parse_event(data, name, options=ReadOptions(lenient=options.lenient, beside=beside))
        return check(event, options, name=name)
    except SpareggioError as exc:
        return error_entry(name, exc.text())
    except RecursionError:
        return error_entry(name, msg("{name}: the file is nested too deeply to read", name=name))
    except MemoryError:
        return error_entry(name, msg("{name}: not enough memory to check the file", name=name))
    except Exception as exc:  # noqa: BLE001  one file's failure never stops a batch
        return error_entry(name, msg("{name}: cannot be checked ({reason})", name=name, reason=reason(exc)))


def check_one(item: Source | Unusable, options: CheckOptions) -> CheckEntry:
    """Read and check one source (or report the path that cannot be used)."""
    if isinstance(item, tuple):
        return error_entry(*item)
    try:
        data = item.read()
    except SpareggioError as exc:
        return error_entry(item.name, exc.text())
    return check_source(item.name, data, options, beside=item.path if item.member is None else None)


def run_work(work: Work, options: CheckOptions) -> CheckEntry:
    """What a worker process runs for one file."""
    if isinstance(work, Loaded):
        return check_source(work.name, work.data, options)
    return check_one(work, options)


def run_works(works: list[Work], options: CheckOptions) -> list[CheckEntry]:
    """What a worker process runs for a task of several files: their entries, in the same order."""
    return [run_work(work, options) for work in works]
