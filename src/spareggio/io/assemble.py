"""The last stage of the readers that collect games one by one (Vega, PGN): the players × rounds
arrays checked and turned into a :class:`~spareggio.core.model.Tournament`.

A reader fills a :class:`Crosstable` (opponent index, :class:`~spareggio.core.model.ResultKind` and colour
of every cell, and where each cell was written) and :func:`assemble` applies the checks every format
shares (:mod:`spareggio.core.crosstable`): both sides of every game, results that fit together, one colour
each, results missing only in the last round.  Problems are reported at the cell's own position.
"""

from __future__ import annotations

import datetime as _dt
import re
from collections.abc import Callable
from dataclasses import field
from fractions import Fraction
from typing import Required, TypedDict, Unpack

import numpy as np
import numpy.typing as npt

from ..base.classes import dataclass
from ..base.errors import Diagnostic, InputError, InputLimitError, Position
from ..base.i18n import Text, msg
from ..core.crosstable import (
    early_pending,
    finish,
    first_cell,
    game_sides,
    infer_kind,
    points_message,
    points_mismatches,
)
from ..core.model import Color, KindSource, Player, ResultKind, Scoring, Tournament, TournamentKind
from .limits import MAX_NAME_CHARS, MAX_TEXT_CHARS, check_length

__all__ = [
    "MAX_ROUNDS",
    "Crosstable",
    "EventFields",
    "assemble",
    "checked",
    "decode",
    "points_text",
    "small_int",
    "too_many_rounds",
    "whole",
]

MAX_ROUNDS = 99
"""Rounds a file may hold (as TRF and tournament JSON)."""


class EventFields(TypedDict, total=False):
    """The :class:`~spareggio.core.model.Tournament` fields a reader found beside the crosstable (its
    header, its event tags): :func:`assemble` passes them on as they are."""

    name: Required[str]
    kind_of_event: TournamentKind
    scoring: Scoring
    start_date: _dt.date | None
    start_date_text: str | None
    start_date_position: Position | None
    end_date: _dt.date | None
    city: str
    federation: str
    announced_rounds: int | None
    tiebreak_list: tuple[str, ...] | None
    tiebreak_list_position: Position | None
    declared_rules: str | None
    declared_rules_reason: str
    publisher: str | None
    headers: dict[str, str]
    encoding: str


@dataclass
class Crosstable:
    """What a reader collected: players and, for every (player, round), opponent, result and colour."""

    players: list[Player]
    opponent: npt.NDArray[np.int64]
    kind: npt.NDArray[np.int8]
    color: npt.NDArray[np.int8]
    where: Callable[[int, int], Position]
    """The position of a cell in the file (the line that wrote it)."""
    warnings: list[Diagnostic] = field(default_factory=list)

    @classmethod
    def empty(cls, players: list[Player], rounds: int, where: Callable[[int, int], Position]) -> Crosstable:
        n = len(players)
        return cls(
            players,
            np.full((n, rounds), -1, dtype=np.int64),
            np.full((n, rounds), int(ResultKind.ABSENT), dtype=np.int8),
            np.zeros((n, rounds), dtype=np.int8),
            where,
        )


def assemble(
    ct: Crosstable,
    path: str,
    *,
    kind: TournamentKind | None,
    kind_basis: str | None = None,
    **event: Unpack[EventFields],
) -> Tournament:
    """The tournament of a checked crosstable.  ``kind`` is the caller's choice (an option), else
    ``kind_source`` names where the file declares it (``event["kind_of_event"]``), else the kind is
    inferred from the pairings; ``event`` holds the other :class:`Tournament` fields."""
    if not ct.players:
        raise InputError(msg("the file has no player"), Position(path, 1, 1))
    sno = [p.start_number for p in ct.players]
    opponent, kinds, color = ct.opponent, ct.kind, ct.color
    sides = game_sides(opponent, kinds, color)
    if sides.one_sided.any():
        i, r = first_cell(sides.one_sided)
        other = int(opponent[i, r])
        back = int(opponent[other, r])
        says = msg("names opponent {player}", player=sno[back]) if back >= 0 else msg("has no opponent")
        raise InputError(
            msg(
                "round {round}: player {player} is paired with {player2}, but player {player2} {says} in round {round}",
                round=r + 1,
                player=sno[i],
                player2=sno[other],
                says=says,
            ),
            ct.where(i, r),
        )
    if sides.misfit.any():
        i, r = first_cell(sides.misfit)
        other = int(opponent[i, r])
        raise InputError(
            msg(
                "round {round}: the results of players {player} and {player2} do not fit together",
                round=r + 1,
                player=sno[i],
                player2=sno[other],
            ),
            ct.where(i, r),
        )
    if sides.same_colour.any():
        i, r = first_cell(sides.same_colour)
        raise InputError(
            msg(
                "round {round}: players {player} and {player2} both have colour {value}",
                round=r + 1,
                player=sno[i],
                player2=sno[int(opponent[i, r])],
                value="w" if color[i, r] == Color.WHITE else "b",
            ),
            ct.where(i, r),
        )
    short = np.zeros(kinds.shape, dtype=bool)
    opponent, kinds, color, short = finish(opponent, kinds, color, short)
    late = early_pending(kinds)
    if late is not None:
        i, r = late
        raise InputError(
            msg(
                "round {round}: a pairing of player {player} has no result; only the last round may be paired without results",
                round=r + 1,
                player=sno[i],
            ),
            ct.where(i, r),
        )
    t = Tournament(
        players=tuple(ct.players),
        opponent=opponent,
        kind=kinds,
        color=color,
        short_game=short,
        warnings=ct.warnings,
        source=path,
        **event,
    )
    if kind is not None:
        t.kind_of_event, t.kind_source = kind, KindSource.OPTION
    elif kind_basis is not None:
        t.kind_source, t.kind_basis = KindSource.FILE, kind_basis
    else:
        t.kind_of_event, t.kind_source, t.kind_basis = infer_kind(opponent, len(ct.players))
    for i, declared, computed in points_mismatches(t.players, t.kind, t.scoring):
        t.warnings.append(
            Diagnostic(
                "points-mismatch", points_message(t.players[i], declared, computed), t.players[i].position
            )
        )
    return t


def decode(data: bytes, path: str) -> str:
    """The text of a file: UTF-8 (a byte-order mark is dropped), else Windows-1252, else Latin-1.

    :raises InputError: for a binary file (NUL bytes)."""
    nul = data.find(b"\x00")
    if nul >= 0:
        line = data.count(b"\n", 0, nul) + 1
        raise InputError(msg("the file is not text (it holds NUL bytes)"), Position(path, line, 1))
    for encoding in ("utf-8-sig", "cp1252"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    return data.decode("latin-1")


def checked(text: str, position: Position, *, name: bool = False) -> str:
    """``text`` stripped, refused beyond the limits of docs/limits.md (a name, or another text
    field)."""
    text = text.strip()
    if name:
        check_length(text, MAX_NAME_CHARS, msg("a player's name"), position)
    else:
        check_length(text, MAX_TEXT_CHARS, msg("a text field"), position)
    return text


def too_many_rounds(rounds: int, position: Position) -> InputLimitError:
    """The error for a file with more than :data:`MAX_ROUNDS` rounds."""
    return InputLimitError(
        msg("the file has {rounds} rounds, more than the limit of {limit}", rounds=rounds, limit=MAX_ROUNDS),
        position,
    )


_POINTS = re.compile(r"(\d{1,4})(?:[.,](\d{1,3}))?")
"""Points as files write them: at most four digits, then at most three decimals (a point or a comma)."""


def points_text(text: str, position: Position, what: Text) -> Fraction:
    """The points ``text`` writes (``5``, ``5.5``, ``5,5``, ``0.125``): what a tournament file
    holds, bounded so that no arithmetic on them can overflow.

    :raises InputError: at ``position`` for anything else (``1e300``, ``-1``, ``1/3``).
    """
    found = _POINTS.fullmatch(text.strip())
    if found is None:
        raise InputError(
            msg(
                "{what}: expected points such as 1, 0.5 or 5,5 (at most 4 digits and 3 decimals), found {value!r}",
                what=what,
                value=text.strip()[:40],
            ),
            position,
        )
    whole, decimals = found.groups()
    return Fraction(int(whole)) + (Fraction(int(decimals), 10 ** len(decimals)) if decimals else 0)


def whole(text: str, what: Text, where: Position, digits: int = 5) -> int:
    """A whole number of at most ``digits`` ASCII digits (a start number, a rank, a rating on a
    page), else an error naming the field at ``where``."""
    if not (text.isascii() and text.isdigit()) or len(text) > digits:
        raise InputError(
            msg("{what}: {text!r} is not a number of at most {digits} digits", what=what, text=text[:40], digits=digits),
            where,
        )
    return int(text)


def small_int(text: str, *, signed: bool = False) -> int | None:
    """The integer an ASCII number of at most nine digits writes (``-`` first when ``signed``), else
    None: no other digit system, no number too long to mean anything here."""
    body = text.strip()
    if signed and body.startswith("-"):
        body = body[1:]
    if not (body.isascii() and body.isdigit() and len(body) <= 9):
        return None
    return int(text)
