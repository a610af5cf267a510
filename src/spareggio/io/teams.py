"""Deprecated: the second door for team events.  A team event is read like any event, by
:func:`spareggio.read_event` (a path) or :func:`spareggio.parse_event` (bytes), and ranked by
:func:`spareggio.rank`; the TRF reader's own function is
:func:`spareggio.io.trf.team_matches.parse_team_event`, the event :class:`spareggio.core.team_event.TeamEvent`.

Every name this module had still answers, with a :class:`DeprecationWarning` that says what to use
instead (CHANGELOG.md); 1.0 removes the module.
"""

from __future__ import annotations

import warnings
from typing import Any

from ..base.errors import ArgumentError, os_reason
from ..base.i18n import msg
from ..core import team_event as _team_event
from ..core.model import Event, TournamentKind
from . import ReadOptions, size_limit
from . import parse_event as read_any
from .trf import team_matches as _team_matches

__all__: list[str] = []


def _parse_event(data: bytes, name: str = "<string>", *, lenient: bool = False) -> Event:
    return read_any(data, name, options=ReadOptions(lenient=lenient))


def _read_team_event(
    path: str, *, lenient: bool = False, kind: TournamentKind | None = None
) -> _team_event.TeamEvent:
    try:
        with open(path, "rb") as handle:
            data = handle.read(size_limit(path) + 1)
    except OSError as exc:
        raise ArgumentError(
            msg("{path}: cannot read the file ({value})", path=path, value=os_reason(exc))
        ) from None
    return _team_matches.parse_team_event(data, path, lenient=lenient, kind=kind)


_MOVED: dict[str, tuple[object, str]] = {
    # name: (what it is, what to use instead)
    "parse_event": (_parse_event, "spareggio.parse_event"),
    "read_team_event": (_read_team_event, "spareggio.read_event"),
    "parse_team_event": (
        _team_matches.parse_team_event,
        "spareggio.parse_event or spareggio.io.trf.team_matches.parse_team_event",
    ),
    "is_team_file": (_team_matches.is_team_file, "spareggio.io.trf.team_matches.is_team_file"),
    "TeamEvent": (_team_event.TeamEvent, "spareggio.core.team_event.TeamEvent"),
    "Team": (_team_event.Team, "spareggio.core.team_event.Team"),
    "DEFAULT_SWISS": (_team_event.DEFAULT_SWISS, "spareggio.core.team_event.DEFAULT_SWISS"),
    "DEFAULT_ROUND_ROBIN": (_team_event.DEFAULT_ROUND_ROBIN, "spareggio.core.team_event.DEFAULT_ROUND_ROBIN"),
}
"""The names of this module, each answering with a warning until 1.0 removes the module."""


def __getattr__(name: str) -> Any:  # Any: a deprecated name, whatever its type
    if name in _MOVED:
        value, instead = _MOVED[name]
        warnings.warn(
            f"spareggio.io.teams.{name} is deprecated: use {instead}", DeprecationWarning, stacklevel=2
        )
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
