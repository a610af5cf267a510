"""Stage 2 of the TRF reader: every line sorted by its record code; header records kept with their
positions, repeated or unapplied records noted, team events recognised.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import field

import numpy as np
import numpy.typing as npt

from ...base.classes import dataclass
from ...base.errors import (
    Diagnostic,
    InputError,
    InputLimitError,
    Position,
)
from ...base.i18n import msg
from ...core.model import RATING_METHODS
from ..limits import MAX_TEXT_CHARS, check_length
from .text import MAX_PLAYERS, MAX_START_NUMBER, _TextNotes

_KNOWN_RECORDS = {
    "001", "012", "013", "022", "032", "042", "052", "062", "072", "082", "092", "102", "112", "122",
    "132", "142", "152", "162", "172", "182", "192", "202", "212", "222", "240", "250", "260", "299",
    "300", "310", "320", "330", "352", "362", "801", "802",
    "XXR", "XXZ", "XXC", "XXS", "XXA", "XXP",
}  # fmt: skip
_DECISION_RECORDS = {"XPO", "XLT", "XEX", "XCL"}
"""spareggio's own records of playoffs, lots, exclusions and changes (:mod:`spareggio.core.decisions`)."""

_REPEATABLE = {"102", "112", "132", "240", "250", "260", "299", "XXZ", "XXS", "XXA", "XXP", "801", "802",
               "013", "300", "310", "320", "330"}  # fmt: skip
"""Records a file may hold more than once."""
_TEXT_RECORDS = {"012", "022", "032", "092", "102", "112", "122", "192"}
"""Records whose value is free text (name, city, federation, kind, arbiters, time control): each
limited to :data:`~spareggio.io.limits.MAX_TEXT_CHARS` characters."""
_TEAM_RECORDS = ("013", "310", "320", "330", "300")
_TEAM_LINES = {"013", "192", "240", "300", "310", "320", "330", "352", "362", "802"}
"""Records the team reader reads (:mod:`.teams`): kept whole with their line numbers."""
_NOT_APPLIED = {
    "XXS": msg(
        "record XXS (scoring for pairing) is read but not applied: record 162 or the usual 1 / ½ / 0 is used"
    ),
}
"""Records that could change the result and are not applied: a warning names each line."""


@dataclass(slots=True)
class _Records:
    """The lines of a file sorted by record code."""

    players: list[tuple[int, str]] = field(default_factory=list)
    headers: dict[str, str] = field(default_factory=dict)
    header_pos: dict[str, Position] = field(default_factory=dict)
    byes: list[tuple[str, Position]] = field(default_factory=list)
    adjustments: list[tuple[str, Position]] = field(default_factory=list)
    """The 299 records (abnormal points), in file order."""
    team: dict[str, Position] = field(default_factory=dict)
    """The first record of each team-event kind (013, 300, 310, 320, 330)."""
    team_lines: list[tuple[int, str]] = field(default_factory=list)
    """The lines of the records a team event is read from (:data:`_TEAM_LINES`), with their numbers."""
    notes: list[Diagnostic] = field(default_factory=list)
    """Warnings with a position in the file, sorted by position once every line is read."""
    decisions: list[tuple[str, str, Position]] = field(default_factory=list)
    """The decision records (code, text after the code, position), in file order."""
    national: dict[str, list[tuple[int, str]]] = field(default_factory=dict)
    """The national rating records (TRF-26), whose code is the federation of record 172: (line
    number, text) by code; after the scan, only those of that federation."""
    empty_boards: npt.NDArray[np.int8] | None = None
    """In a team event, per player and round: :data:`EMPTY_BOARD_WIN` for ``0000 - +``,
    :data:`EMPTY_BOARD_LOSS` for ``0000 - -``, else 0."""


EMPTY_BOARD_WIN = 1
"""``0000 - +`` in a team event: a board won by forfeit against an empty board (TRF-26)."""
EMPTY_BOARD_LOSS = 2
"""``0000 - -`` in a team event: a board lost by forfeit, or not played during a team bye."""


@dataclass(frozen=True, slots=True)
class TeamLines:
    """What the TRF reader keeps of a team event for the team reader: the lines of the team records
    (013, 192, 240, 300, 310, 320, 330, 352, 362, 802) with their numbers, decoded by the same pass as
    the players, and the cells of the players that name no opponent but a forfeit result."""

    where: str
    """The file's name as positions show it."""
    lines: tuple[tuple[int, str], ...]
    empty_boards: npt.NDArray[np.int8]


def _scan(lines: list[str], where: str) -> _Records:
    """Sort the lines by record code; the ``001`` records are kept whole for :func:`_read_players`."""
    records = _Records()
    limit = min(MAX_PLAYERS, MAX_START_NUMBER)
    unknown_seen: set[str] = set()
    text_notes = _TextNotes()
    for lineno, line in enumerate(lines, start=1):
        code = line[:3]
        if code == "001":
            if len(records.players) >= limit:
                too_many = (
                    msg("more than {limit} player records (start numbers have 4 digits)", limit=limit)
                    if limit == MAX_START_NUMBER
                    else msg("more than {limit} player records", limit=limit)
                )
                raise InputLimitError(
                    too_many,
                    Position(where, lineno, 1),
                )
            records.players.append((lineno, line))
        elif line.startswith("#") or not line.strip():  # a comment: TRF's ###, or # as pairing programs read it
            continue
        elif code in _DECISION_RECORDS:
            records.decisions.append((code, line[4:].rstrip(), Position(where, lineno, 1)))
        elif code in _KNOWN_RECORDS:
            pos = Position(where, lineno, 1)
            if code in _TEAM_LINES:
                records.team_lines.append((lineno, line))
            if code == "240":
                records.byes.append((line, pos))
            elif code == "299":
                records.adjustments.append((line, pos))
            elif code in _NOT_APPLIED:
                records.notes.append(Diagnostic("record-not-applied", _NOT_APPLIED[code], pos))
            elif code in records.headers and code not in _REPEATABLE:
                first = records.header_pos[code].line
                records.notes.append(
                    Diagnostic(
                        "duplicate-record",
                        msg(
                            "record {code} appears again (first on line {first}): this one is used, line {first} is ignored",
                            code=code,
                            first=first,
                        ),
                        pos,
                    )
                )
            if code in _TEAM_RECORDS and code not in records.team:
                records.team[code] = pos
            value = line[4:].rstrip() if len(line) > 4 else ""
            if code in _TEXT_RECORDS:
                check_length(value, MAX_TEXT_CHARS, msg("record {code}", code=code), Position(where, lineno, 5))
            records.headers[code] = text_notes.clean(
                value, msg("record {code}", code=code), Position(where, lineno, 5)
            )
            records.header_pos[code] = pos
        else:
            if len(code) == 3 and code.isalpha() and code.isupper() and line[3:4] == " ":
                # perhaps a national rating record (TRF-26): its code is record 172's federation
                records.national.setdefault(code, []).append((lineno, line))
                continue
            key = code.strip() or line.strip()[:3]
            if key not in unknown_seen:
                unknown_seen.add(key)
                records.notes.append(
                    Diagnostic(
                        "unknown-record",
                        msg("unknown record {code!r} ignored", code=code),
                        Position(where, lineno, 1),
                    )
                )
    federation = rating_record(records.headers.get("172", ""), records.national)[0]
    for code, found in records.national.items():
        if code != federation:
            records.notes.append(
                Diagnostic(
                    "unknown-record",
                    msg("unknown record {code!r} ignored", code=code),
                    Position(where, found[0][0], 1),
                )
            )
    records.national = {federation: records.national[federation]} if federation in records.national else {}
    note = text_notes.diagnostic()
    if note is not None:
        records.notes.append(note)
    return records


def _refuse_team_event(records: _Records) -> None:
    """A team tournament is named as such instead of failing on some record it does not expect."""
    why: tuple[str, Position] | None = None
    if records.team:
        code, pos = min(records.team.items(), key=lambda item: item[1].line)
        why = f"record {code}", pos
    else:
        for code in ("092", "192"):
            if code in records.headers and "TEAM" in records.headers[code].upper().replace("-", "_"):
                why = f"record {code} {records.headers[code].strip()!r}", records.header_pos[code]
                break
    if why is not None:
        raise InputError(
            msg(
                "this is a team tournament ({value}): read it with spareggio.read_event (the standings, explain, compare and check commands rank its teams)",
                value=why[0],
            ),
            why[1],
        )


def roster_ids(line: str, start: int, where: str, number: int) -> tuple[int, ...]:
    """The start numbers of a roster (records 013 and 310): 4 columns each, 5 apart from column
    ``start``; 0 and blanks are empty places."""
    out = []
    col = start
    while col <= len(line):
        text = line[col - 1 : col + 3].strip()
        if text:
            if not (text.isascii() and text.isdigit()):
                raise InputError(
                    msg(
                        "roster: a start number in columns {a}-{b}, found {found!r}",
                        a=col, b=col + 3, found=text,
                    ),
                    Position(where, number, col),
                )  # fmt: skip
            if int(text):
                out.append(int(text))
        col += 5
    return tuple(out)


def rating_record(value: str, codes: Iterable[str]) -> tuple[str, str, int]:
    """Record 172 (the text after its code): the federation of the national rating records, the
    method that gives the rating of rating tie-breaks, and the column where the method starts.
    TRF-26 writes both (``172 ITA NIDOF``: columns 5-7 and 9-13); Sharly Chess writes the method
    alone (``172 NIDOF``), and the federation is then the code of the file's national rating
    records (``codes``) when they are of one federation.  A word alone is a method when it is one
    or is not of three letters (``NRO`` is a method, no federation's code)."""
    words = value.split()
    if len(words) == 1 and (words[0].upper() in RATING_METHODS or len(words[0]) != 3):
        found = {code.upper() for code in codes}
        federation = found.pop() if len(found) == 1 else ""
        return federation, words[0].upper(), 5 + len(value) - len(value.lstrip())
    return value[:3].strip().upper(), value[4:9].strip().upper(), 9
