"""Reader and writer for the FIDE Tournament Report File (TRF-16 and the TRF-2x additions).

The reader works in four steps and computes no tie-break:

1. **Text.**  The size is checked before anything is read (:data:`MAX_FILE_BYTES`), NUL bytes mark a
   binary file, the bytes are decoded (UTF-8, else Windows-1252, else Latin-1) and split into lines
   (at most :data:`MAX_LINES`).
2. **Records.**  Every line is sorted by its record code.  The ``001`` player records are then read
   all at once: they become a (players × columns) array of code points, and the start number, rating,
   rank and every round block (opponent, colour, result) of every player are decoded with numpy.
   A line that this decoder does not accept whole (a syntax error, a tab, an unusual spelling) is read
   again on its own by the line parser :func:`_parse_player`, which defines the format: it reads the
   line or raises the error, with the file, line and column.
3. **Consistency.**  Start numbers, opponents, bye records (240) and the two sides of every game are
   checked over the whole crosstable at once; the first offending cell (round by round) is reported,
   naming both lines.
4. **Tournament.**  Double forfeits, withdrawals, header records, the kind of event and the points
   column are derived.

Every problem is an :class:`~spareggio.errors.InputError` (``path:line:column: message``, one line,
quoting what was found and saying what was expected) or a :class:`~spareggio.errors.Diagnostic`
warning in ``Tournament.warnings``, reported once.  With ``lenient=True`` the recoverable
contradictions between the two sides of a game become warnings that state the repair made: a game
written on one line only gets its other side written, results that do not fit are kept as each player
wrote them, and a colour given to both players is removed.

Dialects read without complaint: ranks or points left blank, start numbers with gaps, players in any
order, lines of different lengths (trailing blanks cut, even inside the last round block when it has no
opponent), lower-case codes, ``0000`` or four blanks for "no opponent", Windows-1252 text.  A ``001``
record with tab characters is read with tabs expanded to every 8th column when that gives a valid
record, with a warning; otherwise the error names the tab's column.
"""

from __future__ import annotations

import datetime as _dt
import os
import re
import unicodedata
from collections.abc import Iterable
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from pathlib import Path
from typing import BinaryIO, TypeVar

import numpy as np
import numpy.typing as npt

from ..dates import EventDates, readings, resolve
from ..errors import (
    ArgumentError,
    Diagnostic,
    InputError,
    InputLimitError,
    Position,
    TrfConsistencyError,
    TrfSyntaxError,
)
from ..model import (
    PLAYED,
    Color,
    Player,
    ResultKind,
    Scoring,
    Tournament,
    TournamentKind,
    early_pending,
    finish_crosstable,
)

__all__ = [
    "MAX_FILE_BYTES",
    "MAX_LINES",
    "MAX_PLAYERS",
    "MAX_ROUNDS",
    "MAX_START_NUMBER",
    "parse_trf",
    "read_trf",
    "write_trf",
]

MAX_FILE_BYTES = 64 * 1024 * 1024
"""Files larger than this are refused before they are read.  A complete TRF of 9999 players and 99
rounds has about 11 MB; the limit keeps the reader's memory within a few hundred MB."""
MAX_LINES = 1_000_000
"""Files with more lines are refused before the lines are split (every line costs memory)."""
MAX_PLAYERS = 1_000_000
"""Players a tournament may have in memory.  A TRF file holds at most :data:`MAX_START_NUMBER` player
records: start numbers have four digits."""
MAX_START_NUMBER = 9999
"""The largest start number that columns 5-8 of a ``001`` record can hold."""
MAX_ROUNDS = 99
"""Round blocks a ``001`` record may have."""
TAB_SIZE = 8
"""Tab stops assumed when a ``001`` record holds tab characters."""

K = ResultKind
IntMatrix = npt.NDArray[np.int64]
SmallMatrix = npt.NDArray[np.int8]
BoolMatrix = npt.NDArray[np.bool_]
CharMatrix = npt.NDArray[np.uint32]

_Scalar = TypeVar("_Scalar", bound=np.generic)

_FIRST_BLOCK = 92
"""Column of the first round block; round r (0-based) starts at column 92 + 10r."""

_KNOWN_RECORDS = {
    "001", "012", "013", "022", "032", "042", "052", "062", "072", "082", "092", "102", "112", "122",
    "132", "142", "152", "162", "172", "182", "192", "202", "212", "222", "240", "250", "260", "299",
    "300", "310", "320", "330", "352", "362", "801", "802",
    "XXR", "XXZ", "XXC", "XXS", "XXA", "XXP",
}  # fmt: skip

_REPEATABLE = {"102", "112", "132", "240", "250", "260", "299", "XXZ", "XXS", "XXA", "XXP", "801", "802",
               "013", "300", "310", "320", "330"}  # fmt: skip
"""Records a file may hold more than once."""
_TEAM_RECORDS = ("013", "310", "320", "330", "300")
_NOT_APPLIED = {
    "299": "record 299 (points assigned outside the results) is read but not applied: the points of the "
    "results are used",
    "XXS": "record XXS (scoring for pairing) is read but not applied: record 162 or the usual 1 / ½ / 0 is used",
}
"""Records that could change the result and are not applied: a warning names each line."""
_PSEUDO_NAMES = {"bye", "spielfrei", "free", "freilos", "riposo", "exempt", "exempte", "libre",
                 "descanso", "turno di riposo", "bye player"}  # fmt: skip
"""Names programs give to a pseudo-player standing for the bye (compared folded, without punctuation)."""

_PLAYED_CODES = {"1": K.PLAYED_WIN, "=": K.PLAYED_DRAW, "0": K.PLAYED_LOSS,
                 "W": K.PLAYED_WIN, "D": K.PLAYED_DRAW, "L": K.PLAYED_LOSS}  # fmt: skip
_BYE_CODES = {"U": K.PAB, "H": K.HALF_BYE, "F": K.FULL_BYE, "Z": K.ZERO_BYE, " ": K.ABSENT, "-": K.ABSENT}
_VALID_RESULTS = "10=+-WDLHFUZ "

# Legal (this side, other side) result pairs of one game (digest §3).
_LEGAL_PAIRS = {
    (K.PLAYED_WIN, K.PLAYED_LOSS), (K.PLAYED_LOSS, K.PLAYED_WIN), (K.PLAYED_DRAW, K.PLAYED_DRAW),
    (K.PLAYED_LOSS, K.PLAYED_LOSS), (K.PLAYED_DRAW, K.PLAYED_LOSS), (K.PLAYED_LOSS, K.PLAYED_DRAW),
    (K.FORFEIT_WIN, K.FORFEIT_LOSS), (K.FORFEIT_LOSS, K.FORFEIT_WIN), (K.FORFEIT_LOSS, K.FORFEIT_LOSS),
    (K.PENDING, K.PENDING),
}  # fmt: skip
_NK = max(ResultKind) + 1
_LEGAL = np.zeros((_NK, _NK), dtype=bool)
for _a, _b in _LEGAL_PAIRS:
    _LEGAL[_a, _b] = True

# The side a repair writes for the opponent of a game written on one line only (lenient reading).
_OTHER_SIDE = {K.PLAYED_WIN: K.PLAYED_LOSS, K.PLAYED_DRAW: K.PLAYED_DRAW, K.PLAYED_LOSS: K.PLAYED_WIN,
               K.FORFEIT_WIN: K.FORFEIT_LOSS, K.FORFEIT_LOSS: K.FORFEIT_WIN, K.PENDING: K.PENDING}  # fmt: skip

_CODE_OF_KIND = {
    K.PLAYED_WIN: "1", K.PLAYED_DRAW: "=", K.PLAYED_LOSS: "0", K.FORFEIT_WIN: "+",
    K.FORFEIT_LOSS: "-", K.DOUBLE_FORFEIT: "-", K.PAB: "U", K.FULL_BYE: "F", K.HALF_BYE: "H",
    K.ZERO_BYE: "Z", K.ABSENT: "-", K.WITHDRAWN: "-", K.PENDING: " ",
}  # fmt: skip
_SHORT_CODE = {K.PLAYED_WIN: "W", K.PLAYED_DRAW: "D", K.PLAYED_LOSS: "L"}

_CONTROL = {c: "\ufffd" for c in (*range(32), 127)}
_CONTROL[9] = " "
"""Control characters in text fields (a terminal would obey an ESC): shown as U+FFFD, a tab as a blank."""


# --------------------------------------------------------------------------------------------------
# lookup tables of the array decoder: indexed by a code point, 128 standing for any non-ASCII one


def _char_table(values: dict[str, int], default: int) -> npt.NDArray[np.int8]:
    table = np.full(129, default, dtype=np.int8)
    for chars, value in values.items():
        for ch in chars:
            table[ord(ch)] = value
    return table


_COLOUR_TABLE = _char_table({"wW": Color.WHITE, "bB": Color.BLACK, "- \0": Color.NONE}, -1)
"""Colour column: w, b, '-' or blank (NUL: the line ended before it); -1 = not a colour."""
_WITH_OPPONENT = _char_table(
    {
        "1Ww": K.PLAYED_WIN,
        "=Dd": K.PLAYED_DRAW,
        "0Ll": K.PLAYED_LOSS,
        "+": K.FORFEIT_WIN,
        "-": K.FORFEIT_LOSS,
        " \0": K.PENDING,
    },
    0,
)
"""Result column of a block with an opponent; 0 = not accepted (the line parser reports it); blank:
paired, result not yet known."""
_WITHOUT_OPPONENT = _char_table(
    {"Uu+": K.PAB, "Hh": K.HALF_BYE, "Ff": K.FULL_BYE, "Zz": K.ZERO_BYE, " -\0": K.ABSENT}, 0
)
"""Result column of a block without opponent ('+' is the old spelling of a bye, with a warning)."""
_SHORT_TABLE = _char_table({"WDLwdl": 1}, 0)


def _lookup(table: npt.NDArray[np.int8], chars: CharMatrix) -> SmallMatrix:
    """``table`` applied to an array of code points (every non-ASCII one maps to entry 128)."""
    result: SmallMatrix = table[np.minimum(chars, 128)]
    return result


# --------------------------------------------------------------------------------------------------
# data passed between the steps


@dataclass(slots=True)
class _Cell:
    opponent: int  # start number, 0 = none
    color: Color
    kind: ResultKind
    short: bool
    position: Position  # of the opponent field
    code: str


@dataclass(slots=True)
class _PlayerLine:
    player: Player
    cells: list[_Cell]
    position: Position


@dataclass(slots=True)
class _Records:
    """The lines of a file sorted by record code."""

    players: list[tuple[int, str]] = field(default_factory=list)
    headers: dict[str, str] = field(default_factory=dict)
    header_pos: dict[str, Position] = field(default_factory=dict)
    byes: list[tuple[str, Position]] = field(default_factory=list)
    team: dict[str, Position] = field(default_factory=dict)
    """The first record of each team-event kind (013, 300, 310, 320, 330)."""
    notes: list[Diagnostic] = field(default_factory=list)
    """Warnings with a position in the file, sorted by position once every line is read."""


@dataclass(slots=True)
class _Crosstable:
    """The ``001`` records as arrays: one row per record, in file order; one column per round block."""

    players: list[Player]
    lines: list[int]
    opponent: IntMatrix  # start number of the opponent, 0 = none
    color: SmallMatrix
    kind: SmallMatrix
    short: BoolMatrix
    code: CharMatrix  # the result character as written, upper case (for messages)
    cells: npt.NDArray[np.int64]  # round blocks written on each line


@dataclass(slots=True)
class _TextNotes:
    """Text fields that held control characters: reported once, with the first one found."""

    first: Diagnostic | None = None
    count: int = 0

    def clean(self, text: str, what: str, position: Position) -> str:
        if text.isprintable():
            return text
        cleaned = text.translate(_CONTROL)
        if cleaned != text:
            self.count += 1
            if self.first is None or _place(position) < _place(self.first.position):
                self.first = Diagnostic(
                    "control-characters",
                    f"{what}: control characters replaced by U+FFFD; found {text!r}",
                    position,
                )
        return cleaned

    def diagnostic(self) -> Diagnostic | None:
        if self.first is None or self.count == 1:
            return self.first
        first = self.first
        return Diagnostic(first.code, f"{first.message} ({self.count} text fields in all)", first.position)


def _place(position: Position | None) -> tuple[int, int]:
    """Sort key of a position in a file (line, column)."""
    return (position.line, position.column) if position else (0, 0)


# --------------------------------------------------------------------------------------------------
# decoding


def _decode(data: bytes) -> tuple[str, str]:
    """Decode TRF bytes: UTF-8 (BOM stripped), else Windows-1252, else Latin-1."""
    if data.startswith(b"\xef\xbb\xbf"):
        data = data[3:]
    try:
        return data.decode("utf-8"), "utf-8"
    except UnicodeDecodeError:
        pass
    try:
        return data.decode("cp1252"), "cp1252"
    except UnicodeDecodeError:
        return data.decode("latin-1"), "latin-1"


def _display(path: str) -> str:
    """The path as positions print it: control characters escaped, so that a message stays one line."""
    if path.isprintable():
        return path
    return "".join(c if c.isprintable() else c.encode("unicode_escape").decode("ascii") for c in path)


def _load(source: list[bytes | str], where: str) -> tuple[list[str], str]:
    """The lines of the file (CRLF, CR and LF all end a line) and the encoding used.

    ``source`` holds the file's content and is emptied: with the caller's last reference handed over,
    the bytes are freed once decoded and the text once split, so that at most two copies of the file
    exist at any time.
    """
    data = source.pop()
    if len(data) > MAX_FILE_BYTES:
        raise InputLimitError(
            f"the file has {len(data)} {'bytes' if isinstance(data, bytes) else 'characters'}, "
            f"more than the limit of {MAX_FILE_BYTES}",
            Position(where, 1, 1),
        )
    if isinstance(data, bytes):
        if b"\x00" in data[:4096]:
            raise TrfSyntaxError(
                "this is a binary file, not a TRF text file (found NUL bytes)", Position(where, 1, 1)
            )
        text, encoding = _decode(data)
    else:
        text, encoding = data.removeprefix("\ufeff"), "utf-8"
    del data
    count = text.count("\n") + text.count("\r") - text.count("\r\n") + 1
    if count > MAX_LINES:
        raise InputLimitError(
            f"the file has {count} lines, more than the limit of {MAX_LINES}",
            Position(where, MAX_LINES + 1, 1),
        )
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    lines = text.split("\n")
    del text
    return lines, encoding


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
                why = " (start numbers have 4 digits)" if limit == MAX_START_NUMBER else ""
                raise InputLimitError(f"more than {limit} player records{why}", Position(where, lineno, 1))
            records.players.append((lineno, line))
        elif code == "###" or not line.strip():
            continue
        elif code in _KNOWN_RECORDS:
            pos = Position(where, lineno, 1)
            if code == "240":
                records.byes.append((line, pos))
            elif code in _NOT_APPLIED:
                records.notes.append(Diagnostic("record-not-applied", _NOT_APPLIED[code], pos))
            elif code in records.headers and code not in _REPEATABLE:
                first = records.header_pos[code].line
                records.notes.append(
                    Diagnostic(
                        "duplicate-record",
                        f"record {code} appears again (first on line {first}): this one is used, line {first} "
                        "is ignored",
                        pos,
                    )
                )
            if code in _TEAM_RECORDS and code not in records.team:
                records.team[code] = pos
            value = line[4:].rstrip() if len(line) > 4 else ""
            records.headers[code] = text_notes.clean(value, f"record {code}", Position(where, lineno, 5))
            records.header_pos[code] = pos
        else:
            key = code.strip() or line.strip()[:3]
            if key not in unknown_seen:
                unknown_seen.add(key)
                records.notes.append(
                    Diagnostic(
                        "unknown-record", f"unknown record {code!r} ignored", Position(where, lineno, 1)
                    )
                )
    note = text_notes.diagnostic()
    if note is not None:
        records.notes.append(note)
    return records


# --------------------------------------------------------------------------------------------------
# field helpers


def _field(line: str, first: int, last: int) -> str:
    """Columns first..last (1-based, inclusive) of a line, blank-padded."""
    return line[first - 1 : last]


def _is_digits(text: str) -> bool:
    """True for a non-empty run of ASCII digits (``str.isdigit`` also accepts '²', which ``int`` refuses)."""
    return text.isascii() and text.isdigit()


def _int_field(
    line: str, first: int, last: int, pos: Position, what: str, *, blank_ok: bool = True
) -> int | None:
    raw = _field(line, first, last)
    text = raw.strip()
    if not text:
        if blank_ok:
            return None
        raise TrfSyntaxError(f"{what}: expected a number in columns {first}-{last}, found nothing", pos)
    if not _is_digits(text):
        raise TrfSyntaxError(f"{what}: expected a whole number in columns {first}-{last}, found {raw!r}", pos)
    return int(text)


_POINTS_RE = re.compile(r"^[+-]?(?:[0-9]+(?:[.,][0-9]*)?|[.,][0-9]+)$")
"""Points as TRF writes them (``11.5``; a comma is accepted): no exponent, no ``NaN``, ASCII digits."""


def _points_value(raw: str) -> Fraction | None:
    """The points in a field (``None`` if blank).

    :raises ValueError: if the field holds something else.
    """
    text = raw.strip()
    if not text:
        return None
    if not _POINTS_RE.match(text):
        raise ValueError(raw)
    try:
        value = Decimal(text.replace(",", "."))
    except InvalidOperation:
        raise ValueError(raw) from None
    if not value.is_finite():
        raise ValueError(raw)
    return Fraction(value)


def _points_field(line: str, first: int, last: int, pos: Position, what: str) -> Fraction | None:
    raw = _field(line, first, last)
    try:
        return _points_value(raw)
    except ValueError:
        raise TrfSyntaxError(
            f"{what}: expected points like '11.5' in columns {first}-{last}, found {raw!r}", pos
        ) from None


def parse_date(text: str) -> _dt.date | None:
    """A date in any style real files use (:func:`spareggio.dates.readings`), the preferred reading
    when it has several; ``None`` if it is not a date."""
    found = readings(text)
    return found[0].date if found else None


# --------------------------------------------------------------------------------------------------
# the 001 record, one line at a time (the definition of the format; used for every line that the
# array decoder does not accept whole, and so for every error)


def _make_player(
    line: str,
    numbers: tuple[int, int | None, Fraction | None, int | None],
    pos: Position,
    notes: _TextNotes,
) -> Player:
    """The player of a ``001`` record whose numeric fields (start number, rating, points, rank) are read."""
    sno, rating, points, rank = numbers
    name, sex, title = line[14:47].strip(), line[9:10].strip().lower(), line[10:13].strip()
    federation, fide_id, birth_date = line[53:56].strip(), line[57:68].strip(), line[69:79].strip()
    if not line.isprintable():
        at = pos.path, pos.line
        name = notes.clean(name, f"player {sno}: name", Position(*at, 15))
        sex = notes.clean(sex, f"player {sno}: sex", Position(*at, 10))
        title = notes.clean(title, f"player {sno}: title", Position(*at, 11))
        federation = notes.clean(federation, f"player {sno}: federation", Position(*at, 54))
        fide_id = notes.clean(fide_id, f"player {sno}: FIDE id", Position(*at, 58))
        birth_date = notes.clean(birth_date, f"player {sno}: birth date", Position(*at, 70))
    return Player(
        start_number=sno,
        name=name,
        sex=sex,
        title=title,
        rating=rating or None,
        federation=federation,
        fide_id=fide_id,
        birth_date=birth_date,
        points=points,
        rank=rank,
        position=pos,
    )


def _read_line(line: str, pos: Position, warn: list[Diagnostic], notes: _TextNotes) -> _PlayerLine:
    """Read one ``001`` record as the file has it (tabs included)."""
    text = line.rstrip(" \t")
    if "\t" not in text:
        return _parse_player(line if "\t" not in line else text, pos, warn, notes)
    if len(text) >= _FIRST_BLOCK + 10 * MAX_ROUNDS:
        return _parse_player(text, pos, warn, notes)  # too long whatever the tabs mean: the limit error
    return _parse_tabbed(text, pos, warn, notes)


def _parse_player(line: str, pos: Position, warn: list[Diagnostic], notes: _TextNotes) -> _PlayerLine:
    """Read one ``001`` record.  The round blocks end where the line's trailing blanks begin."""
    path, lineno = pos.path, pos.line

    def at(col: int) -> Position:
        return Position(path, lineno, col)

    sno = _int_field(line, 5, 8, at(5), "start number", blank_ok=False)
    assert sno is not None
    if sno == 0:
        raise TrfSyntaxError("start number: expected 1-9999 in columns 5-8, found 0", at(5))
    rating = _int_field(line, 49, 52, at(49), "rating")
    points = _points_field(line, 81, 84, at(81), "points")
    rank = _int_field(line, 86, 89, at(86), "rank")
    player = _make_player(line, (sno, rating, points, rank), pos, notes)
    cells: list[_Cell] = []
    end = len(line.rstrip(" "))
    r = 0
    while True:
        b = _FIRST_BLOCK + 10 * r  # 1-based column of the opponent field
        if end < b:
            break
        if r >= MAX_ROUNDS:
            raise InputLimitError(f"more than {MAX_ROUNDS} rounds on one line", at(b))
        block = line[b - 1 : b + 7]
        if len(line) < b + 7:  # the line ends inside the block, before its result column
            opp_text = block[:4].strip()
            paired = opp_text and not (_is_digits(opp_text) and int(opp_text) == 0)
            if paired and len(line) < b + 5:  # with the colour, the pairing of a round not yet played
                raise TrfSyntaxError(
                    f"round {r + 1}: the block starting at column {b} ends before its result column {b + 7}; "
                    f"found {block!r}",
                    at(b),
                )
            # no opponent: the trailing blanks of a blank result were cut
            padded = line[: b + 7].ljust(b + 7)
            cells.append(_parse_cell(padded, b, r, at, warn))
            break
        cells.append(_parse_cell(line, b, r, at, warn))
        r += 1
    return _PlayerLine(player, cells, pos)


def _parse_cell(line: str, b: int, r: int, at: object, warn: list[Diagnostic]) -> _Cell:
    assert callable(at)
    opp_raw = line[b - 1 : b + 3]
    color_raw = line[b + 4 : b + 5]
    result_raw = line[b + 6 : b + 7]
    opp_text = opp_raw.strip()
    if opp_text and not _is_digits(opp_text):
        raise TrfSyntaxError(
            f"round {r + 1}: expected an opponent's start number or 0000 in columns {b}-{b + 3}, found "
            f"{opp_raw!r}",
            at(b),
        )
    opp = int(opp_text) if opp_text else 0
    c = color_raw.lower()
    if c == "w":
        color = Color.WHITE
    elif c == "b":
        color = Color.BLACK
    elif c in ("-", " ", ""):
        color = Color.NONE
    else:
        raise TrfSyntaxError(
            f"round {r + 1}: expected colour 'w', 'b' or '-' in column {b + 5}, found {color_raw!r}",
            at(b + 5),
        )
    code = result_raw.upper() if result_raw else " "
    if len(code) != 1 or code not in _VALID_RESULTS:
        raise TrfSyntaxError(
            f"round {r + 1}: expected a result code (1 = 0 + - W D L H F U Z) in column {b + 7}, found "
            f"{result_raw!r}",
            at(b + 7),
        )
    short = False
    if opp:
        if code in _PLAYED_CODES:
            kind = _PLAYED_CODES[code]
            short = code in "WDL"
        elif code == "+":
            kind = K.FORFEIT_WIN
        elif code == "-":
            kind = K.FORFEIT_LOSS
        elif code == " ":
            kind = K.PENDING  # paired, not yet played: only the file's last round may hold it
        else:
            raise TrfSyntaxError(
                f"round {r + 1}: result {code!r} is a bye and cannot have an opponent (found {opp} in "
                f"columns {b}-{b + 3}; expected 0000)",
                at(b),
            )
    else:
        color = Color.NONE  # a bye or an absence has no colour, whatever the file says
        if code in _BYE_CODES:
            kind = _BYE_CODES[code]
        elif code == "+":
            kind = K.PAB
            warn.append(_bye_as_forfeit(r, at(b + 7)))
        else:
            raise TrfSyntaxError(
                f"round {r + 1}: result {code!r} is a played game and needs an opponent in columns "
                f"{b}-{b + 3}",
                at(b + 7),
            )
    return _Cell(opp, color, kind, short, at(b), code)


def _bye_as_forfeit(r: int, pos: Position) -> Diagnostic:
    return Diagnostic(
        "bye-as-forfeit", f"round {r + 1}: '0000 - +' read as a pairing-allocated bye (write '0000 - U')", pos
    )


_SEPARATORS = (4, 9, 14, 48, 53, 57, 69, 80, 85, 90, 91)
"""Columns of a ``001`` record before the round blocks that TRF leaves blank (between the fields)."""


def _off_grid(line: str) -> int | None:
    """The first separator column (a blank between two fields, round blocks included) that holds
    something else, or None if the record sits on the TRF columns."""
    columns = [*_SEPARATORS]
    for b in range(_FIRST_BLOCK, len(line) + 1, 10):
        columns += [b + 4, b + 6, b + 8, b + 9]
    return next((c for c in columns if c <= len(line) and line[c - 1] != " "), None)


def _parse_tabbed(line: str, pos: Position, warn: list[Diagnostic], notes: _TextNotes) -> _PlayerLine:
    """Read a ``001`` record that holds tab characters, with the tabs expanded to every 8th column.

    The expanded record is accepted if it reads and sits on the TRF columns (every blank between two
    fields is a blank); otherwise the error names the column of the tab that shifted the fields.
    """
    expanded = line.expandtabs(TAB_SIZE).rstrip(" ")
    try:
        read = _parse_player(expanded, pos, warn, notes)
    except InputError as exc:
        raise _tab_error(line, exc, pos) from None
    column = _off_grid(expanded)
    if column is not None:
        off_grid = TrfSyntaxError(
            f"column {column} holds {expanded[column - 1]!r} where the TRF columns have a blank",
            Position(pos.path, pos.line, column),
        )
        raise _tab_error(line, off_grid, pos)
    return read


def _tab_error(line: str, exc: InputError, pos: Position) -> InputError:
    """The error of a tab-expanded record, placed on the tab that shifted the offending column."""
    column = exc.position.column
    tab_col, expanded_col = 0, 0
    for k, ch in enumerate(line):
        if ch == "\t":
            if expanded_col + 1 >= column:
                break
            tab_col = k + 1
            expanded_col += TAB_SIZE - expanded_col % TAB_SIZE
        else:
            expanded_col += 1
    if not tab_col:  # the problem lies before the first tab: the columns are the file's own
        return exc
    return type(exc)(
        f"tab character in column {tab_col} of a 001 record: with tabs expanded to every {TAB_SIZE}th column "
        f"the record does not fit the TRF columns: {exc.message} (columns counted after expansion); "
        "write blanks instead of tabs",
        Position(pos.path, pos.line, tab_col),
    )


# --------------------------------------------------------------------------------------------------
# the 001 records, all at once


def _digits(chars: CharMatrix) -> tuple[IntMatrix, BoolMatrix, BoolMatrix]:
    """Fixed-width number fields (last axis: the columns of the field) read as ``int(text.strip())``.

    Returns the value, whether the field is blank and whether it is acceptable: blank, or one run of
    ASCII digits with blanks (or the end of the line) around it.
    """
    shape = chars.shape[:-1]
    value = np.zeros(shape, dtype=np.int64)
    seen = np.zeros(shape, dtype=bool)  # a digit so far
    gap = np.zeros(shape, dtype=bool)  # a blank after a digit so far
    ok = np.ones(shape, dtype=bool)
    for k in range(chars.shape[-1]):  # Horner's rule over the columns of the field, blanks skipped
        c = chars[..., k]
        digit = (c >= 48) & (c <= 57)
        blank = (c == 32) | (c == 0)
        ok &= (digit & ~gap) | blank
        gap |= seen & blank
        seen |= digit
        value = np.where(digit, value * 10 + (c.astype(np.int64) - 48), value)
    return value, ~seen, ok


@dataclass(slots=True)
class _Decoded:
    """What the array decoder read; rows with ``ok`` False are read again by the line parser."""

    ok: BoolMatrix
    start: IntMatrix
    rating: IntMatrix
    rank: IntMatrix
    rank_blank: BoolMatrix
    opponent: IntMatrix
    color: SmallMatrix
    kind: SmallMatrix
    short: BoolMatrix
    code: CharMatrix
    cells: IntMatrix
    bye_as_forfeit: BoolMatrix


def _decode_rows(texts: list[str]) -> _Decoded:
    """Decode every field of every ``001`` record with array operations (no work per character)."""
    n = len(texts)
    lengths = np.fromiter(map(len, texts), dtype=np.int64, count=n)
    slots = np.where(lengths >= _FIRST_BLOCK, (lengths - _FIRST_BLOCK) // 10 + 1, 0)
    rounds = int(slots.max(initial=0))
    width = _FIRST_BLOCK - 1 + 10 * rounds
    chars: CharMatrix = np.array(texts, dtype=f"<U{width}").view(np.uint32).reshape(n, width)
    start, start_blank, start_ok = _digits(chars[:, 4:8])
    rating, _, rating_ok = _digits(chars[:, 48:52])
    rank, rank_blank, rank_ok = _digits(chars[:, 85:89])
    ok = start_ok & ~start_blank & (start > 0) & rating_ok & rank_ok

    blocks = chars[:, _FIRST_BLOCK - 1 :].reshape(n, rounds, 10)
    r = np.arange(rounds)
    slot = lengths[:, None] >= _FIRST_BLOCK + 10 * r
    cut = slot & (lengths[:, None] < _FIRST_BLOCK + 5 + 10 * r)  # the line ends before the colour
    opp, _, opp_ok = _digits(blocks[:, :, 0:4])
    color = _lookup(_COLOUR_TABLE, blocks[:, :, 5])
    result = blocks[:, :, 7]
    paired = opp_ok & (opp > 0)
    kind = np.where(paired, _lookup(_WITH_OPPONENT, result), _lookup(_WITHOUT_OPPONENT, result))
    good = opp_ok & (color >= 0) & (kind > 0) & ~(cut & paired)
    ok &= (good | ~slot).all(axis=1)

    paired &= slot
    upper = np.where((result >= 97) & (result <= 122), result - 32, result)
    return _Decoded(
        ok=ok,
        start=start,
        rating=rating,
        rank=rank,
        rank_blank=rank_blank,
        opponent=np.where(paired, opp, 0),
        color=np.where(paired, color, 0).astype(np.int8),
        kind=np.where(slot, kind, int(K.ABSENT)).astype(np.int8),
        short=paired & (_lookup(_SHORT_TABLE, result) > 0),
        code=np.where(slot & ~cut & (result != 0), upper, 32).astype(np.uint32),
        cells=slots,
        bye_as_forfeit=slot & ~paired & (result == ord("+")),
    )


def _read_players(entries: list[tuple[int, str]], where: str, notes: list[Diagnostic]) -> _Crosstable:
    """Read the ``001`` records (line number, text) into a :class:`_Crosstable`."""
    n = len(entries)
    limit = _FIRST_BLOCK + 10 * MAX_ROUNDS  # a line this long has a 100th round block
    texts = [line.rstrip(" ") for _, line in entries]
    # tabs, over-long lines and NULs (which the array would take for the padding after a line's end)
    special = [k for k, line in enumerate(texts) if "\t" in line or "\0" in line or len(line) >= limit]
    for k in special:
        texts[k] = ""  # read by the line parser only
    dec = _decode_rows(texts)
    ok = dec.ok
    ok[special] = False
    text_notes = _TextNotes()

    # the points column: few distinct texts, each read once
    cache: dict[str, Fraction | None | bool] = {}
    points: list[Fraction | None] = [None] * n
    for k in np.flatnonzero(ok).tolist():
        value = _cached_points(texts[k][80:84], cache)
        if value is False:
            ok[k] = False
        else:
            points[k] = value  # type: ignore[assignment]

    # every other line is read by the line parser, in file order: it reads it or raises its error
    line_reads: dict[int, _PlayerLine] = {}
    for k in np.flatnonzero(~ok).tolist():
        lineno, line = entries[k]
        line_reads[k] = _read_line(line, Position(where, lineno, 1), notes, text_notes)
    _note_tabs([entries[k] for k in line_reads], where, notes)

    rounds = max([dec.opponent.shape[1], *(len(pl.cells) for pl in line_reads.values())])
    ct = _Crosstable(
        players=[],
        lines=[lineno for lineno, _ in entries],
        opponent=_widen(dec.opponent, rounds, 0),
        color=_widen(dec.color, rounds, 0),
        kind=_widen(dec.kind, rounds, int(K.ABSENT)),
        short=_widen(dec.short, rounds, False),
        code=_widen(dec.code, rounds, 32),
        cells=dec.cells,
    )
    start, rating, rank = dec.start.tolist(), dec.rating.tolist(), dec.rank.tolist()
    rank_blank = dec.rank_blank.tolist()
    for k, (lineno, line) in enumerate(entries):
        read = line_reads.get(k)
        if read is None:
            numbers = (start[k], rating[k], points[k], None if rank_blank[k] else rank[k])
            ct.players.append(_make_player(texts[k], numbers, Position(where, lineno, 1), text_notes))
            continue
        ct.players.append(read.player)
        _store_row(ct, k, read.cells)
    for i, r in np.argwhere(dec.bye_as_forfeit & ok[:, None]).tolist():
        notes.append(_bye_as_forfeit(r, Position(where, ct.lines[i], _FIRST_BLOCK + 10 * r + 7)))
    note = text_notes.diagnostic()
    if note is not None:
        notes.append(note)
    return ct


def _note_tabs(entries: list[tuple[int, str]], where: str, notes: list[Diagnostic]) -> None:
    """One warning for all the ``001`` records read with their tabs expanded."""
    tabbed = [(lineno, line) for lineno, line in entries if "\t" in line.rstrip(" \t")]
    if tabbed:
        lineno, line = tabbed[0]
        notes.append(
            Diagnostic(
                "tabs-expanded",
                f"{len(tabbed)} player record(s) hold tab characters, read with tabs expanded to every "
                f"{TAB_SIZE}th column; columns on those lines are counted after expansion",
                Position(where, lineno, line.index("\t") + 1),
            )
        )


def _cached_points(raw: str, cache: dict[str, Fraction | None | bool]) -> Fraction | None | bool:
    """The points in a field, or False if the field is not acceptable; each distinct text read once."""
    if raw not in cache:
        try:
            cache[raw] = _points_value(raw)
        except ValueError:
            cache[raw] = False
    return cache[raw]


def _widen(a: npt.NDArray[_Scalar], width: int, fill: int | bool) -> npt.NDArray[_Scalar]:
    """``a`` with columns of ``fill`` added up to ``width``."""
    if a.shape[1] >= width:
        return a
    out = np.full((a.shape[0], width), fill, dtype=a.dtype)
    out[:, : a.shape[1]] = a
    return out


def _store_row(ct: _Crosstable, k: int, cells: list[_Cell]) -> None:
    """Row k of the arrays from the cells the line parser read."""
    ct.opponent[k], ct.color[k], ct.kind[k], ct.short[k], ct.code[k] = 0, 0, int(K.ABSENT), False, 32
    for r, cell in enumerate(cells):
        ct.opponent[k, r] = cell.opponent
        ct.color[k, r] = cell.color
        ct.kind[k, r] = cell.kind
        ct.short[k, r] = cell.short
        ct.code[k, r] = ord(cell.code)
    ct.cells[k] = len(cells)


# --------------------------------------------------------------------------------------------------
# header records


def _parse_scoring(line: str, pos: Position) -> Scoring:
    values: dict[str, Fraction] = {}
    k = 0
    while True:
        col = 6 + 9 * k
        if len(line) < col:
            break
        symbol = line[col - 1].upper()
        if symbol.strip():
            if len(symbol) != 1 or symbol not in "WDLAPX":
                raise TrfSyntaxError(
                    f"record 162: expected a result symbol (W D L A P X) in column {col}, found "
                    f"{line[col - 1]!r}",
                    Position(pos.path, pos.line, col),
                )
            value = _points_field(line, col + 1, col + 4, Position(pos.path, pos.line, col + 1), "record 162")
            if value is None:
                raise TrfSyntaxError(
                    f"record 162: symbol {symbol} has no points in columns {col + 1}-{col + 4}",
                    Position(pos.path, pos.line, col + 1),
                )
            values[symbol] = value
        k += 1
    base = Scoring()
    return Scoring(
        win=values.get("W", base.win),
        draw=values.get("D", base.draw),
        loss=values.get("L", base.loss),
        absence=values.get("A", base.absence),
        pab=values.get("P"),
    )


def _event_kind_from_text(text: str) -> TournamentKind | None:
    t = text.upper()
    if any(
        word in t
        for word in (
            "ROUNDROBIN",
            "ROUND ROBIN",
            "ROUND-ROBIN",
            "ROBIN",
            "BERGER",
            "SCHEVENINGEN",
            "SCHILLER",
        )
    ):
        return TournamentKind.ROUND_ROBIN
    if re.search(r"\bRR\b", t):
        return TournamentKind.ROUND_ROBIN
    if any(word in t for word in ("SWISS", "DUTCH", "DUBOV", "BURSTEIN", "SVIZZERO")):
        return TournamentKind.SWISS
    if re.search(r"(?<![A-Z])LIM(?![A-Z])", t):  # the Lim system, not 'preLIMinary' or 'unLIMited'
        return TournamentKind.SWISS
    return None


def _split_tiebreaks(text: str) -> list[str]:
    return [item for item in re.split(r"[,\s]+", text.strip()) if item]


# --------------------------------------------------------------------------------------------------
# public entry points


def read_trf(
    path: str | os.PathLike[str], *, kind: TournamentKind | None = None, lenient: bool = False
) -> Tournament:
    """Read a TRF file.  The file is opened read-only and never modified.

    :param kind: declare the event Swiss or round robin, whatever the file says.
    :param lenient: repair the recoverable contradictions between the two sides of a game, with a
        warning for each, instead of refusing the file.
    :raises InputError: for any problem in the file, with its position.
    :raises ArgumentError: if the file cannot be read.
    """
    p = Path(path)
    where = _display(str(path))
    try:
        size = p.stat().st_size
    except OSError as exc:
        raise ArgumentError(f"{path}: cannot read the file ({exc.strerror or exc})") from None
    if size > MAX_FILE_BYTES:
        raise InputLimitError(
            f"the file has {size} bytes, more than the limit of {MAX_FILE_BYTES}", Position(where, 1, 1)
        )
    try:
        with open(p, "rb") as handle:
            data = _read_bounded(handle, size)
    except OSError as exc:
        raise ArgumentError(f"{path}: cannot read the file ({exc.strerror or exc})") from None
    source: list[bytes | str] = [data]
    del data
    lines, encoding = _load(source, where)
    return _parse_lines(lines, encoding, str(path), where, kind=kind, lenient=lenient)


def _read_bounded(handle: BinaryIO, size: int) -> bytes:
    """The content of an open file of ``size`` bytes by its status; a file that is longer (a pipe, a
    device, a file that grows meanwhile) is read on in chunks, never beyond the limit."""
    chunks = [handle.read(size + 1)]
    total = len(chunks[0])
    while total <= MAX_FILE_BYTES:
        chunk = handle.read(min(1 << 20, MAX_FILE_BYTES + 1 - total))
        if not chunk:
            break
        chunks.append(chunk)
        total += len(chunk)
    return b"".join(chunks)


def parse_trf(
    data: bytes | str,
    path: str = "<string>",
    *,
    kind: TournamentKind | None = None,
    lenient: bool = False,
) -> Tournament:
    """Parse TRF text (bytes are decoded as UTF-8, else Windows-1252, else Latin-1).

    ``path`` names the text in messages; ``kind`` and ``lenient`` are as in :func:`read_trf`.

    :raises InputError: for any problem in the text, with its position.
    """
    where = _display(path)
    lines, encoding = _load([data], where)
    return _parse_lines(lines, encoding, path, where, kind=kind, lenient=lenient)


def _parse_one_by_one(
    data: bytes | str, path: str = "<string>", *, kind: TournamentKind | None = None, lenient: bool = False
) -> Tournament:
    """:func:`parse_trf` reading every ``001`` record with the line parser (the reference that the array
    decoder must match; slower)."""
    where = _display(path)
    lines, encoding = _load([data], where)
    return _parse_lines(lines, encoding, path, where, kind=kind, lenient=lenient, vectorised=False)


def _parse_lines(
    lines: list[str],
    encoding: str,
    path: str,
    where: str,
    *,
    kind: TournamentKind | None,
    lenient: bool,
    vectorised: bool = True,
) -> Tournament:
    """The tournament in the lines of a file (emptied: only the records are kept)."""
    records = _scan(lines, where)
    del lines[:]
    if not records.players:
        raise TrfSyntaxError(
            "no player records (lines starting with '001') in the file", Position(where, 1, 1)
        )
    if vectorised:
        ct = _read_players(records.players, where, records.notes)
    else:
        ct = _read_players_one_by_one(records.players, where, records.notes)
    records.notes.sort(key=lambda d: _place(d.position))
    return _build(ct, records, where, path, encoding, kind, lenient)


def _read_players_one_by_one(
    entries: list[tuple[int, str]], where: str, notes: list[Diagnostic]
) -> _Crosstable:
    """:func:`_read_players` with the line parser only (the reference the array decoder must match)."""
    text_notes = _TextNotes()
    reads = [_read_line(line, Position(where, lineno, 1), notes, text_notes) for lineno, line in entries]
    _note_tabs(entries, where, notes)
    n, rounds = len(reads), max(len(pl.cells) for pl in reads)
    ct = _Crosstable(
        players=[pl.player for pl in reads],
        lines=[lineno for lineno, _ in entries],
        opponent=np.zeros((n, rounds), dtype=np.int64),
        color=np.zeros((n, rounds), dtype=np.int8),
        kind=np.full((n, rounds), int(K.ABSENT), dtype=np.int8),
        short=np.zeros((n, rounds), dtype=bool),
        code=np.full((n, rounds), 32, dtype=np.uint32),
        cells=np.zeros(n, dtype=np.int64),
    )
    for k, pl in enumerate(reads):
        _store_row(ct, k, pl.cells)
    note = text_notes.diagnostic()
    if note is not None:
        notes.append(note)
    return ct


# --------------------------------------------------------------------------------------------------
# consistency and the tournament


def _build(
    ct: _Crosstable,
    records: _Records,
    where: str,
    path: str,
    encoding: str,
    forced_kind: TournamentKind | None,
    lenient: bool,
) -> Tournament:
    warnings = records.notes
    headers, header_pos = records.headers, records.header_pos
    _refuse_team_event(records)
    n = len(ct.players)
    start = np.fromiter((p.start_number for p in ct.players), dtype=np.int64, count=n)
    index = _index_start_numbers(start, ct, where)

    extra = _bye_records(records.byes, index, where)
    width = max(ct.opponent.shape[1], max((r + 1 for _, r in extra), default=0))
    opp_start = _widen(ct.opponent, width, 0)
    color = _widen(ct.color, width, 0)
    kind = _widen(ct.kind, width, int(K.ABSENT))
    short = _widen(ct.short, width, False)
    code = _widen(ct.code, width, 32)
    opponent = _opponents(opp_start, index, ct, where)
    pseudo = _pseudo_players(ct, opponent, kind)
    if pseudo.any():
        ct, opponent, kind, color, short, code, extra = _drop_pseudo(
            ct, pseudo, opponent, kind, color, short, code, extra, warnings, where
        )

    for (i, r), (bye_kind, pos) in extra.items():
        current = ResultKind(int(kind[i, r]))
        if current is K.ABSENT and not (r < ct.cells[i] and code[i, r] == ord("-")):
            kind[i, r] = bye_kind
        elif current != bye_kind:
            raise TrfConsistencyError(
                f"record 240 gives player {ct.players[i].start_number} a {bye_kind.label} in round {r + 1}, "
                f"but the player's line says {current.label}",
                pos,
                related=Position(where, ct.lines[i], 1),
            )

    games = _Games(ct, opponent, kind, color, short, code, where)
    games.check(lenient, warnings)

    opponent, kind, color, short = finish_crosstable(opponent, kind, color, short)
    rounds = kind.shape[1]
    _check_pending(kind, opponent, ct, where)

    # header data
    scoring = Scoring()
    if "162" in headers:
        scoring = _parse_scoring("162 " + headers["162"], header_pos["162"])
    dates = _event_dates(headers, header_pos, warnings)
    announced = _announced_rounds(headers, header_pos, warnings)
    if announced is not None and announced < rounds:
        warnings.append(
            Diagnostic(
                "rounds-mismatch",
                f"the file announces {announced} rounds but holds data for {rounds}",
                header_pos.get("142") or header_pos.get("XXR"),
            )
        )

    tiebreaks: tuple[str, ...] | None = None
    tb_pos: Position | None = None
    if "212" in headers:
        items = _split_tiebreaks(headers["212"])
        if items and items[0].upper() == "PTS":
            items = items[1:]
        tiebreaks, tb_pos = tuple(items), header_pos["212"]
    elif "202" in headers:
        tiebreaks, tb_pos = tuple(_split_tiebreaks(headers["202"])), header_pos["202"]

    t = Tournament(
        name=headers.get("012", "").strip(),
        players=tuple(ct.players),
        opponent=opponent,
        kind=kind,
        color=color,
        short_game=short,
        scoring=scoring,
        start_date=dates.start,
        end_date=dates.end,
        start_date_text=headers.get("042"),
        start_date_readings=dates.start_readings,
        start_date_note=dates.decided_by,
        start_date_position=Position(header_pos["042"].path, header_pos["042"].line, 5)
        if "042" in header_pos
        else None,
        round_dates=dates.rounds,
        round_one_readings=dates.round_one_readings,
        city=headers.get("022", "").strip(),
        federation=headers.get("032", "").strip(),
        announced_rounds=announced,
        tiebreak_list=tiebreaks,
        tiebreak_list_position=tb_pos,
        headers=headers,
        warnings=warnings,
        source=path,
        encoding=encoding,
    )
    if forced_kind is not None:
        t.kind_of_event, t.kind_source = forced_kind, "option"
    else:
        t.kind_of_event, t.kind_source = _decide_kind(t, headers)
    _check_points(t, warnings)
    return t


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
            f"this is a team tournament ({why[0]}): team standings and team tie-breaks are not supported yet; "
            "spareggio ranks individual tournaments",
            why[1],
        )


def _fold_name(name: str) -> str:
    decomposed = unicodedata.normalize("NFKD", name.lower())
    letters = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(re.sub(r"[^\w]+", " ", letters).split())


def _pseudo_players(ct: _Crosstable, opponent: IntMatrix, kind: SmallMatrix) -> npt.NDArray[np.bool_]:
    """Player records that stand for the bye (``spielfrei``, ``BYE`` ...): a bye's name, and never a
    point scored on the board (a real player with such a name who scored is kept)."""
    names = np.fromiter(
        (_fold_name(p.name) in _PSEUDO_NAMES for p in ct.players), dtype=bool, count=len(ct.players)
    )
    if not names.any():
        return names
    scored = ((kind == K.PLAYED_WIN) | (kind == K.PLAYED_DRAW) | (kind == K.FORFEIT_WIN)).any(axis=1)
    pseudo: npt.NDArray[np.bool_] = names & ~scored
    return pseudo


def _drop_pseudo(
    ct: _Crosstable,
    pseudo: npt.NDArray[np.bool_],
    opponent: IntMatrix,
    kind: SmallMatrix,
    color: SmallMatrix,
    short: BoolMatrix,
    code: CharMatrix,
    extra: dict[tuple[int, int], tuple[ResultKind, Position]],
    warnings: list[Diagnostic],
    where: str,
) -> tuple[
    _Crosstable, IntMatrix, SmallMatrix, SmallMatrix, BoolMatrix, CharMatrix,
    dict[tuple[int, int], tuple[ResultKind, Position]],
]:  # fmt: skip
    """Leave the pseudo-players out: a game against one becomes a pairing-allocated bye."""
    against = (opponent >= 0) & pseudo[np.maximum(opponent, 0)] & ~pseudo[:, None]
    for i in np.flatnonzero(pseudo).tolist():
        player = ct.players[i]
        games = int((against & (opponent == i)).sum())
        warnings.append(
            Diagnostic(
                "pseudo-player",
                f"player {player.start_number} {player.name!r} stands for the bye, not for a player: left out of "
                f"the standings and of every tie-break"
                + (f"; the {games} game(s) against it read as pairing-allocated byes" if games else ""),
                Position(where, ct.lines[i], 1),
            )
        )
    kind = kind.copy()
    kind[against] = K.PAB
    code = np.where(against, ord("U"), code).astype(code.dtype)
    opponent = np.where(against, -1, opponent)
    color = np.where(against, 0, color).astype(color.dtype)
    short = short & ~against
    keep = np.flatnonzero(~pseudo)
    new_index = np.full(len(ct.players), -1, dtype=np.int64)
    new_index[keep] = np.arange(keep.size)
    opponent = np.where(opponent >= 0, new_index[np.maximum(opponent, 0)], -1)[keep]
    kept = _Crosstable(
        players=[ct.players[k] for k in keep.tolist()],
        lines=[ct.lines[k] for k in keep.tolist()],
        opponent=ct.opponent[keep],
        color=ct.color[keep],
        kind=ct.kind[keep],
        short=ct.short[keep],
        code=ct.code[keep],
        cells=ct.cells[keep],
    )
    moved = {(int(new_index[i]), r): v for (i, r), v in extra.items() if new_index[i] >= 0}
    return kept, opponent, kind[keep], color[keep], short[keep], code[keep], moved


def _check_pending(kind: SmallMatrix, opponent: IntMatrix, ct: _Crosstable, where: str) -> None:
    """Games without a result (paired, not yet played) may only stand in the file's last round."""
    found = early_pending(kind)
    if found is not None:
        i, r = found
        opp = ct.players[int(opponent[i, r])].start_number
        raise TrfSyntaxError(
            f"round {r + 1}: a pairing with opponent {opp} has no result; only the last round of a file may be "
            "paired without results",
            Position(where, ct.lines[i], _FIRST_BLOCK + 10 * r + 7),
        )


def _index_start_numbers(start: IntMatrix, ct: _Crosstable, where: str) -> IntMatrix:
    """Player index by start number (-1 where none); a start number used twice is an error."""
    order = np.argsort(start, kind="stable")
    ordered = start[order]
    repeats = np.flatnonzero(ordered[1:] == ordered[:-1]) + 1
    if repeats.size:
        i = int(order[repeats].min())  # the first line whose number appeared before
        first = ct.lines[int(order[np.searchsorted(ordered, start[i])])]
        raise TrfConsistencyError(
            f"start number {start[i]} is used twice (first on line {first})",
            Position(where, ct.lines[i], 5),
            related=Position(where, first, 5),
        )
    index = np.full(MAX_START_NUMBER + 1, -1, dtype=np.int64)
    index[start] = np.arange(start.size)
    return index


def _bye_records(
    byes: list[tuple[str, Position]], index: IntMatrix, where: str
) -> dict[tuple[int, int], tuple[ResultKind, Position]]:
    """Record 240 (digest §7.7): bye type in column 5, round in 7-9, start numbers from column 11 every 5."""
    extra: dict[tuple[int, int], tuple[ResultKind, Position]] = {}
    for line, pos in byes:
        letter = line[4:5].upper()
        bye_kind = {"F": K.FULL_BYE, "H": K.HALF_BYE, "Z": K.ZERO_BYE}.get(letter)
        if bye_kind is None:
            raise TrfSyntaxError(
                f"record 240: expected bye type F, H or Z in column 5, found {line[4:5]!r}",
                Position(where, pos.line, 5),
            )
        rnd = _int_field(line, 7, 9, Position(where, pos.line, 7), "record 240 round", blank_ok=False)
        assert rnd is not None
        if not 1 <= rnd <= MAX_ROUNDS:
            raise TrfSyntaxError(f"record 240: round {rnd} out of range", Position(where, pos.line, 7))
        for col in range(11, len(line) + 1, 5):
            sno = _int_field(line, col, col + 3, Position(where, pos.line, col), "record 240 participant")
            if sno is None:
                continue
            if index[sno] < 0:
                raise TrfConsistencyError(
                    f"record 240: no player with start number {sno}", Position(where, pos.line, col)
                )
            extra[(int(index[sno]), rnd - 1)] = (bye_kind, Position(where, pos.line, col))
    return extra


def _opponents(opp_start: IntMatrix, index: IntMatrix, ct: _Crosstable, where: str) -> IntMatrix:
    """Opponent start numbers as player indices (-1 = none); unknown numbers and self-pairings are errors."""
    n = opp_start.shape[0]
    opponent = np.where(opp_start > 0, index[opp_start], -1)
    bad = (opp_start > 0) & ((opponent < 0) | (opponent == np.arange(n)[:, None]))
    if bad.any():
        i, r = (int(v) for v in np.argwhere(bad)[0])  # the first in file order
        pos = Position(where, ct.lines[i], _FIRST_BLOCK + 10 * r)
        if opponent[i, r] < 0:
            raise TrfConsistencyError(
                f"round {r + 1}: opponent {opp_start[i, r]} is not the start number of any player", pos
            )
        raise TrfConsistencyError(
            f"round {r + 1}: player {ct.players[i].start_number} is paired against himself", pos
        )
    return opponent


class _Games:
    """The two sides of every game: each names the other, with results and colours that fit."""

    def __init__(
        self,
        ct: _Crosstable,
        opponent: IntMatrix,
        kind: SmallMatrix,
        color: SmallMatrix,
        short: BoolMatrix,
        code: CharMatrix,
        where: str,
    ) -> None:
        self.ct, self.opponent, self.kind, self.color, self.short, self.code = (
            ct,
            opponent,
            kind,
            color,
            short,
            code,
        )
        self.where = where
        self.completed: dict[tuple[int, int], int] = {}
        """Cells written by a lenient repair: (player, round) -> the player whose line was copied."""
        self.uncoloured = np.zeros(opponent.shape, dtype=bool)
        """Cells whose colour a lenient repair removed."""

    def _pairs(self) -> tuple[IntMatrix, BoolMatrix, BoolMatrix, BoolMatrix, BoolMatrix]:
        """Opponent of every cell, and the cells whose opponent does not name them back, the games seen
        from their lower index, the games whose results do not fit, and those with one colour twice."""
        opponent, kind, color = self.opponent, self.kind, self.color
        n, width = opponent.shape
        rows, cols = np.arange(n)[:, None], np.arange(width)[None, :]
        has = opponent >= 0
        j = np.where(has, opponent, rows)
        one_sided = has & (opponent[j, cols] != rows)
        pair = has & ~one_sided & (rows < j)
        misfit = pair & ~_LEGAL[kind, kind[j, cols]]
        same_colour = pair & (color != 0) & (color == color[j, cols])
        return j, one_sided, pair, misfit, same_colour

    def check(self, lenient: bool, warnings: list[Diagnostic]) -> None:
        """Raise on the first problem, round by round (or, lenient, repair it with a warning)."""
        if self.opponent.size == 0:
            return
        _, one_sided, _, misfit, same_colour = self._pairs()
        problem = one_sided | misfit | same_colour
        for r, i in np.argwhere(problem.T).tolist():  # round by round, then by line
            self._check_cell(i, r, lenient, warnings)
        j, _, pair, _, _ = self._pairs()
        no_colour = (self.color == 0) | (self.color[j, np.arange(j.shape[1])] == 0)
        rows, cols = np.nonzero((pair & PLAYED[self.kind] & no_colour & ~self.uncoloured).T)
        if rows.size:
            r, i = int(rows[0]), int(cols[0])
            si, sj = self._start(i), self._start(int(self.opponent[i, r]))
            warnings.append(
                Diagnostic(
                    "missing-colour",
                    f"round {r + 1}: the game {si}-{sj} has no colour on one side",
                    self._at(i, r, 0),
                )
            )

    def _start(self, i: int) -> int:
        return self.ct.players[i].start_number

    def _at(self, i: int, r: int, offset: int) -> Position:
        return Position(self.where, self.ct.lines[i], _FIRST_BLOCK + 10 * r + offset)

    def _check_cell(self, i: int, r: int, lenient: bool, warnings: list[Diagnostic]) -> None:
        opponent, kind, color = self.opponent, self.kind, self.color
        j = int(opponent[i, r])
        si, sj = self._start(i), self._start(j)
        line_j = self.ct.lines[j]
        if opponent[j, r] != i:
            if (j, r) in self.completed:
                k = self.completed[(j, r)]
                other = (
                    f"has no entry in round {r + 1} and was completed from the line of player "
                    f"{self._start(k)}, also paired with {sj} (line {self.ct.lines[k]})"
                )
            elif opponent[j, r] >= 0:
                other = f"names opponent {self._start(int(opponent[j, r]))} in round {r + 1}"
            elif r >= self.ct.cells[j]:
                other = f"has no entry in round {r + 1}"
            else:
                other = f"has no opponent in round {r + 1}"
            message = f"round {r + 1}: player {si} is paired with {sj}, but player {sj}'s line {other}"
            if not lenient or opponent[j, r] >= 0 or kind[j, r] != K.ABSENT:
                raise TrfConsistencyError(message, self._at(i, r, 0), related=self._at(j, r, 0))
            block = self._write_other_side(i, j, r)
            warnings.append(
                Diagnostic(
                    "one-sided-game",
                    f"{message} (see also line {line_j}); repaired: player {sj}'s round {r + 1} now reads "
                    f"{block!r}",
                    self._at(i, r, 0),
                )
            )
            return
        if j < i:
            return  # the game was checked from the other side
        if not _LEGAL[kind[i, r], kind[j, r]]:
            message = (
                f"round {r + 1}: results {chr(self.code[i, r])!r} (player {si}) and {chr(self.code[j, r])!r} "
                f"(player {sj}) do not fit together"
            )
            if K.PENDING in (kind[i, r], kind[j, r]):
                a, b = (si, sj) if kind[i, r] == K.PENDING else (sj, si)
                written = chr(self.code[j, r] if a == si else self.code[i, r])
                message = (
                    f"round {r + 1}: the game {si}-{sj} has no result on player {a}'s line but {written!r} on "
                    f"player {b}'s"
                )
                raise TrfConsistencyError(message, self._at(i, r, 7), related=self._at(j, r, 7))
            if not lenient:
                raise TrfConsistencyError(message, self._at(i, r, 7), related=self._at(j, r, 7))
            warnings.append(
                Diagnostic(
                    "results-misfit",
                    f"{message} (see also line {line_j}); kept as written: each player scores his own result",
                    self._at(i, r, 7),
                )
            )
        ci = int(color[i, r])
        if ci and ci == color[j, r]:
            message = f"round {r + 1}: players {si} and {sj} both have colour {'w' if ci == 1 else 'b'}"
            if not lenient:
                raise TrfConsistencyError(message, self._at(i, r, 5), related=self._at(j, r, 5))
            color[i, r] = color[j, r] = Color.NONE
            self.uncoloured[i, r] = self.uncoloured[j, r] = True
            warnings.append(
                Diagnostic(
                    "same-colour",
                    f"{message} (see also line {line_j}); repaired: the colour is removed on both sides",
                    self._at(i, r, 5),
                )
            )

    def _write_other_side(self, i: int, j: int, r: int) -> str:
        """Write player j's side of the game player i wrote alone; the block as TRF would show it."""
        own = ResultKind(int(self.kind[i, r]))
        other = _OTHER_SIDE[own]
        self.completed[(j, r)] = i
        self.opponent[j, r] = i
        self.kind[j, r] = other
        self.short[j, r] = self.short[i, r]
        ci = int(self.color[i, r])
        self.color[j, r] = {Color.WHITE: Color.BLACK, Color.BLACK: Color.WHITE}.get(Color(ci), Color.NONE)
        symbol = _SHORT_CODE[other] if self.short[j, r] else _CODE_OF_KIND[other]
        self.code[j, r] = ord(symbol)
        return f"{self._start(i):4d} {'-wb'[int(self.color[j, r])]} {symbol}"


def _announced_rounds(
    headers: dict[str, str], header_pos: dict[str, Position], warnings: list[Diagnostic]
) -> int | None:
    """The number of rounds of record 142 (or XXR, which wins when both are present)."""
    announced = None
    for code in ("142", "XXR"):
        if code not in headers:
            continue
        text = headers[code].strip().split()
        if text and _is_digits(text[0]) and len(text[0]) <= 9:
            announced = int(text[0])
        else:
            warnings.append(
                Diagnostic(
                    "bad-rounds",
                    f"record {code}: expected the number of rounds, found {headers[code]!r}",
                    header_pos[code],
                )
            )
    return announced


def _event_dates(
    headers: dict[str, str], header_pos: dict[str, Position], warnings: list[Diagnostic]
) -> EventDates:
    """Records 042, 052 and 132 read together (:mod:`spareggio.dates`); an unreadable date is a
    warning with its position."""
    texts: dict[str, str | None] = {}
    for code in ("042", "052"):
        text = headers.get(code, "").strip()
        texts[code] = text or None
        if text and not readings(text):
            warnings.append(
                Diagnostic(
                    "bad-date",
                    f"record {code}: expected a date like 2026/03/01, found {text!r}",
                    Position(header_pos[code].path, header_pos[code].line, 5),
                )
            )
    round_texts: list[str] = []
    if "132" in headers:
        value = headers["132"]
        first = _FIRST_BLOCK - 5  # the value starts at column 5
        round_texts = [value[k : k + 8] for k in range(first, len(value), 10)]
    return resolve(texts["042"], texts["052"], round_texts)


def _decide_kind(t: Tournament, headers: dict[str, str]) -> tuple[TournamentKind, str]:
    for code in ("192", "092"):
        if code in headers:
            found = _event_kind_from_text(headers[code])
            if found is not None:
                return found, f"file (record {code})"
    # inferred from the pairings: every pair of players scheduled against each other
    n = t.n_players
    if 2 <= n <= t.rounds + 1:
        met = np.zeros((n, n), dtype=bool)
        rows, cols = np.nonzero(t.opponent >= 0)
        met[rows, t.opponent[rows, cols]] = True
        np.fill_diagonal(met, True)
        if met.all():
            return TournamentKind.ROUND_ROBIN, "inferred (everyone was paired with everyone)"
    return TournamentKind.SWISS, "inferred (not everyone was paired with everyone)"


def _check_points(t: Tournament, warnings: list[Diagnostic]) -> None:
    """Warn where the points column (81-84) disagrees with the results; the results are used."""
    table = t.scoring.points_table()
    unit = t.scoring.unit
    totals = table[t.kind.astype(np.int64)].sum(axis=1) if t.rounds else np.zeros(t.n_players, dtype=np.int64)
    written: dict[tuple[int, int], int | None] = {}  # points column in units, by (numerator, denominator)
    for i, p in enumerate(t.players):
        if p.points is None:
            continue
        key = p.points.numerator, p.points.denominator
        if key not in written:
            units = p.points * unit
            written[key] = int(units) if units.denominator == 1 else None
        if written[key] == totals[i]:
            continue
        computed = Fraction(int(totals[i]), unit)
        pos = Position(p.position.path, p.position.line, 81) if p.position else None
        warnings.append(
            Diagnostic(
                "points-mismatch",
                f"player {p.start_number}: the points column says {_fmt(p.points)} but the results add up to "
                f"{_fmt(computed)}; the results are used",
                pos,
            )
        )


def _fmt(value: Fraction) -> str:
    return f"{float(value):.1f}" if value.denominator <= 2 else str(float(value))


# --------------------------------------------------------------------------------------------------
# writer


def _decimal(value: Fraction, width: int) -> str | None:
    """``value`` written exactly in at most ``width`` characters (``1.0``, ``11.5``, ``.25``), or None."""
    d = value.denominator
    for p in (2, 5):
        while d % p == 0:
            d //= p
    if d != 1:
        return None
    text = format(Decimal(value.numerator) / Decimal(value.denominator), "f")
    if "." in text:
        text = text.rstrip("0").rstrip(".")
    if "." not in text and len(text) + 2 <= width:
        text += ".0"
    if len(text) > width and text.lstrip("-").startswith("0."):
        text = text.replace("0.", ".", 1)
    return text if len(text) <= width else None


def _one_line(text: str) -> str:
    return " ".join(text.splitlines())


def _blocks(t: Tournament) -> list[str]:
    """The round blocks of every player, one string per player, built as one array of characters."""
    n, rounds = t.opponent.shape
    if rounds == 0:
        return [""] * n
    chars = np.full((n, rounds, 10), ord(" "), dtype=np.uint32)
    has = t.opponent >= 0
    number = np.where(has, t.start_numbers()[np.where(has, t.opponent, 0)], 0)
    for k in range(4):
        scale = 10 ** (3 - k)
        digit = (number // scale) % 10 + ord("0")
        chars[:, :, 2 + k] = np.where(~has | (number >= scale) | (k == 3), digit, ord(" "))
    colour = np.array([ord("-"), ord("w"), ord("b")], dtype=np.uint32)
    chars[:, :, 7] = np.where(has, colour[t.color.astype(np.int64)], ord("-"))
    code = np.full(_NK, ord("-"), dtype=np.uint32)
    short_code = code.copy()
    for k, symbol in _CODE_OF_KIND.items():
        code[k] = short_code[k] = ord(symbol)
    for k, symbol in _SHORT_CODE.items():
        short_code[k] = ord(symbol)
    kinds = t.kind.astype(np.int64)
    chars[:, :, 9] = np.where(t.short_game, short_code[kinds], code[kinds])
    return np.ascontiguousarray(chars).reshape(n, rounds * 10).view(f"<U{rounds * 10}").ravel().tolist()


def write_trf(t: Tournament) -> str:
    """The tournament as TRF-16 text (with the 142 and, if not default, 162 records); LF line ends.

    Every field is written so that :func:`parse_trf` reads the same values back; a points total that
    does not fit the four columns of the points field is left blank.
    """
    out: list[str] = []
    if t.name:
        out.append(f"012 {_one_line(t.name)}")
    if t.city:
        out.append(f"022 {_one_line(t.city)}")
    if t.federation:
        out.append(f"032 {_one_line(t.federation)}")
    for code, date in (("042", t.start_date), ("052", t.end_date)):
        if date:
            out.append(f"{code} {date.year:04d}/{date.month:02d}/{date.day:02d}")
    out.append("092 Individual: " + ("Round-Robin" if t.is_round_robin else "Swiss-System"))
    out.append(f"142 {t.announced_rounds or t.rounds}")
    if not t.scoring.is_default:
        s = t.scoring
        cells = [("W", s.win), ("D", s.draw), ("L", s.loss), ("A", s.absence)]
        if s.pab is not None:  # without P a PAB is worth a win
            cells.append(("P", s.pab))
        # one 9-column cell per symbol: the symbol in column 6 + 9k, its points in columns 7-10 + 9k
        # a value with no exact 4-character form (only possible for a Scoring built in code) is rounded
        out.append(
            "162  "
            + "".join(f"{sym}{_decimal(v, 4) or f'{float(v):.2f}'[:4]:>4}    " for sym, v in cells).rstrip()
        )
    if t.tiebreak_list:
        out.append("212 PTS," + ",".join(t.tiebreak_list))
    table = t.scoring.points_table()
    unit = t.scoring.unit
    totals = table[t.kind.astype(np.int64)].sum(axis=1).tolist() if t.rounds else [0] * t.n_players
    for p, total, blocks in zip(t.players, totals, _blocks(t), strict=True):
        pts = _decimal(Fraction(total, unit), 4) or ""
        rating = f"{p.rating:4d}" if p.rating and 0 < p.rating <= 9999 else "    "
        rank = f"{p.rank:4d}" if p.rank is not None and 0 <= p.rank <= 9999 else "    "
        head = (
            f"001 {p.start_number:4d} {p.sex[:1] or ' '}{p.title[:3]:>3} {p.name[:33]:<33} {rating} "
            f"{p.federation[:3]:<3} {p.fide_id[:11]:>11} {p.birth_date[:10]:<10} {pts:>4} {rank}"
        )
        out.append(head + blocks)
    return "\n".join(out) + "\n"


def iter_lines(text: str) -> Iterable[str]:  # pragma: no cover - convenience for callers
    return iter(text.replace("\r\n", "\n").replace("\r", "\n").split("\n"))
