"""Input and output formats: every tournament file format through one reader registry
(:mod:`spareggio.io.registry`), TRF and tournament JSON writing, tables, CSV and JSON."""

from __future__ import annotations

import os

from ..base.errors import ArgumentError, InputError, Position
from ..base.i18n import msg
from ..core.model import Tournament, TournamentKind
from .options import Event, RatingChoice, ReadOptions
from .registry import (
    READERS,
    ensure_regular,
    find_reader,
    not_regular,
    parse_event,
    read_event,
    reader_for,
    size_limit,
)
from .registry import SNIFF_BYTES as _SNIFF_BYTES

__all__ = [
    "READERS",
    "ReadOptions",
    "ensure_regular",
    "find_reader",
    "is_tournament_json",
    "not_regular",
    "parse_event",
    "parse_tournament",
    "read_event",
    "read_tournament",
    "reader_for",
    "size_limit",
]


def is_tournament_json(path: str | os.PathLike[str]) -> bool:
    """Whether the reader registry reads a file as spareggio's tournament JSON."""
    try:
        if not_regular(os.stat(path).st_mode) is not None:  # never opened (a pipe would block)
            return False
        with open(path, "rb") as handle:
            head = handle.read(_SNIFF_BYTES)
    except OSError:
        head = b""
    try:
        return reader_for(head, os.fspath(path)).name == "json"
    except (ArgumentError, InputError):
        return False


def read_tournament(
    path: str | os.PathLike[str],
    *,
    kind: TournamentKind | None = None,
    lenient: bool = False,
    fmt: str | None = None,
    rating: RatingChoice | None = None,
    ranks: str | None = None,
    byes: str | None = None,
) -> Tournament:
    """Read an individual tournament from a file in any format the registry reads.

    :param kind: declare the event Swiss or round robin, whatever the file says.
    :param lenient: repair the recoverable contradictions of a TRF file, with a warning each.
    :param fmt: the format's code (``trf``, ``json``, ...); None: told from the content and name.
    :param rating: the rating rating tie-breaks use (``fide`` or ``national``); None: the file's.
    :param ranks: a file of declared ranks (a lichess Swiss results export).
    :param byes: PGN: how a round without a game counts (``absent``, ``zero``, ``half``, ``full``,
        ``pab``; :data:`spareggio.io.pgn.BYES`).
    :raises InputError: for any problem in the file, with its position (a team event is refused:
        :func:`read_event` reads it).
    """
    options = ReadOptions(kind=kind, lenient=lenient, rating=rating, byes=byes, teams=False, ranks=ranks)
    return _individual(read_event(path, fmt=fmt, options=options), os.fspath(path))


def parse_tournament(
    data: bytes,
    name: str = "<string>",
    *,
    kind: TournamentKind | None = None,
    lenient: bool = False,
    byes: str | None = None,
) -> Tournament:
    """Parse the content of an individual tournament file in any format the registry reads; ``name``
    is the file name used in messages (and, with the content, tells the format).

    :raises InputError: for any problem in the content, with its position.
    """
    event = parse_event(data, name, options=ReadOptions(kind=kind, lenient=lenient, byes=byes, teams=False))
    return _individual(event, name)


def _individual(event: Event, name: str) -> Tournament:
    """The tournament a reader asked for an individual event returned (a reader that cannot read
    a team event's players alone refuses the file itself; this is the guard if one does not)."""
    if isinstance(event, Tournament):
        return event
    raise InputError(
        msg(
            "this is a team tournament: read it with spareggio.read_event "
            "(the standings, explain, compare and check commands rank its teams)"
        ),
        Position(name, 1, 1),
    )
