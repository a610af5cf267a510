"""One file of a batch: read, rank, compare; any problem with the file is its ``error`` entry."""

from __future__ import annotations

from ..errors import SpareggioError
from ..i18n import msg
from ..io import ReadOptions, parse_event
from ..teams import TeamEvent
from .entry import CheckEntry, CheckOptions, error_entry
from .ranks import check_team_event, check_tournament
from .sources import Source, Unusable

__all__ = ["check_one", "check_source"]


def check_source(name: str, data: bytes, options: CheckOptions) -> CheckEntry:
    """Read and check one file's content; any input problem becomes an ``error`` entry."""
    try:
        event = parse_event(data, name, options=ReadOptions(lenient=options.lenient))
        if isinstance(event, TeamEvent):
            return check_team_event(event, options, name=name)
        return check_tournament(event, options, name=name)
    except SpareggioError as exc:
        return error_entry(name, exc.text())
    except RecursionError:
        return error_entry(name, msg("{name}: the file is nested too deeply to read", name=name))


def check_one(item: Source | Unusable, options: CheckOptions) -> CheckEntry:
    """Read and check one source (or report the path that cannot be used)."""
    if isinstance(item, tuple):
        return error_entry(*item)
    try:
        data = item.read()
    except SpareggioError as exc:
        return error_entry(item.name, exc.text())
    return check_source(item.name, data, options)
