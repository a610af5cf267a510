"""Stage 3 of the TRF reader: the ``001`` player records.  They are decoded all at once into a
(players × columns) array of code points; a line the array decoder does not accept whole is read again
by the line parser :func:`_parse_player`, which defines the format and raises every error with its
file, line and column.
"""

from __future__ import annotations

import dataclasses
import re
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import TypeVar

import numpy as np
import numpy.typing as npt

from ...base.classes import dataclass
from ...base.errors import (
    Diagnostic,
    InputError,
    InputLimitError,
    Position,
    TrfSyntaxError,
)
from ...base.i18n import Text, msg
from ...core.model import Color, Player, ResultKind
from .columns import _FIRST_BLOCK, TAB_SIZE, _off_grid
from .text import MAX_ROUNDS, _TextNotes

K = ResultKind
IntMatrix = npt.NDArray[np.int64]
SmallMatrix = npt.NDArray[np.int8]
BoolMatrix = npt.NDArray[np.bool_]
CharMatrix = npt.NDArray[np.uint32]
ByteMatrix = npt.NDArray[np.uint8]
FieldNumbers = npt.NDArray[np.int16]
"""Numbers read from 4-column fields (at most 9999): 16 bits hold them."""

_Scalar = TypeVar("_Scalar", bound=np.generic)

_PLAYED_CODES = {"1": K.PLAYED_WIN, "=": K.PLAYED_DRAW, "0": K.PLAYED_LOSS,
                 "W": K.PLAYED_WIN, "D": K.PLAYED_DRAW, "L": K.PLAYED_LOSS}  # fmt: skip
_BYE_CODES = {"U": K.PAB, "H": K.HALF_BYE, "F": K.FULL_BYE, "Z": K.ZERO_BYE, " ": K.ABSENT, "-": K.ABSENT}
_VALID_RESULTS = "10=+-WDLHFUZ "
_GAME_AS_BYE = {
    "=": (K.HALF_BYE, "0000 - H"),
    "D": (K.HALF_BYE, "0000 - H"),
    "1": (K.PAB, "0000 - U"),
    "W": (K.PAB, "0000 - U"),
    "0": (K.ABSENT, "0000 - -"),
    "L": (K.ABSENT, "0000 - -"),
}
"""A game's result written without an opponent, as Krause exports write byes (``0000 - =`` a
half-point bye, Vega's and the Irish Chess Union's spelling; ``0000 - 1`` a full point, ``0000 - 0``
none): read as the bye it scores, with a warning."""


# --------------------------------------------------------------------------------------------------
# lookup tables of the array decoder: indexed by a character's byte (:func:`_bytes`), 128 standing
# for any non-ASCII character


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


def _lookup(table: npt.NDArray[np.int8], chars: ByteMatrix) -> SmallMatrix:
    """``table`` applied to an array of characters' bytes (:func:`_bytes`)."""
    result: SmallMatrix = table.take(chars)
    return result


# --------------------------------------------------------------------------------------------------
# data passed between the steps


@dataclass(slots=True)
class _Cell:
    """One round block of a ``001`` record."""

    opponent: int  # start number, 0 = none
    color: Color
    kind: ResultKind
    short: bool
    position: Position  # of the opponent field
    code: str


@dataclass(slots=True)
class _PlayerLine:
    """One ``001`` record: its player and round blocks."""

    player: Player
    cells: list[_Cell]
    position: Position


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
        raise TrfSyntaxError(
            msg(
                "{what}: expected a number in columns {first}-{last}, found nothing",
                what=what,
                first=first,
                last=last,
            ),
            pos,
        )
    if not _is_digits(text):
        raise TrfSyntaxError(
            msg(
                "{what}: expected a whole number in columns {first}-{last}, found {raw!r}",
                what=what,
                first=first,
                last=last,
                raw=raw,
            ),
            pos,
        )
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
            msg(
                "{what}: expected points like '11.5' in columns {first}-{last}, found {raw!r}",
                what=what,
                first=first,
                last=last,
                raw=raw,
            ),
            pos,
        ) from None


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
        name = notes.clean(name, msg("player {sno}: name", sno=sno), Position(*at, 15))
        sex = notes.clean(sex, msg("player {sno}: sex", sno=sno), Position(*at, 10))
        title = notes.clean(title, msg("player {sno}: title", sno=sno), Position(*at, 11))
        federation = notes.clean(federation, msg("player {sno}: federation", sno=sno), Position(*at, 54))
        fide_id = notes.clean(fide_id, msg("player {sno}: FIDE id", sno=sno), Position(*at, 58))
        birth_date = notes.clean(birth_date, msg("player {sno}: birth date", sno=sno), Position(*at, 70))
    return _player(
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


_PLAYER_DEFAULTS: dict[str, object] = {
    f.name: f.default for f in dataclasses.fields(Player) if f.default is not dataclasses.MISSING
}
_PLAYER_FIELDS = frozenset(f.name for f in dataclasses.fields(Player))
_PLAIN_PLAYER = all(f.default_factory is dataclasses.MISSING for f in dataclasses.fields(Player)) and not hasattr(
    Player, "__post_init__"
)
"""Whether a :class:`Player` is its fields and nothing more (no factory, no check after ``__init__``)."""
_RECORD_FIELDS = frozenset({
    "start_number", "name", "sex", "title", "rating", "federation", "fide_id", "birth_date", "points", "rank",
    "position",
})  # fmt: skip
"""The fields of a :class:`Player` that :func:`_read_players` sets from a ``001`` record."""
_IN_PLACE = _PLAIN_PLAYER and _PLAYER_FIELDS <= _RECORD_FIELDS | _PLAYER_DEFAULTS.keys()
"""Whether :func:`_read_players` sets every field of a :class:`Player` that has no default."""
_OTHER_DEFAULTS = {name: value for name, value in _PLAYER_DEFAULTS.items() if name not in _RECORD_FIELDS}
"""The fields of a :class:`Player` that a ``001`` record does not give (the national rating), with
their defaults."""


def _player(**values: object) -> Player:
    """``Player(**values)``, made without the frozen dataclass's ``__init__`` (one guarded
    ``__setattr__`` per field) when a player is its fields alone: a batch reads a player per
    ``001`` line, and this is a fifth of a file's time."""
    if not _PLAIN_PLAYER or not values.keys() <= _PLAYER_FIELDS:
        return Player(**values)  # type: ignore[arg-type]
    player = object.__new__(Player)
    state = player.__dict__
    state.update(_PLAYER_DEFAULTS)
    state.update(values)
    return player


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
        raise TrfSyntaxError(msg("start number: expected 1-9999 in columns 5-8, found 0"), at(5))
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
            raise InputLimitError(
                msg("more than {MAX_ROUNDS} rounds on one line", MAX_ROUNDS=MAX_ROUNDS), at(b)
            )
        block = line[b - 1 : b + 7]
        if len(line) < b + 7:  # the line ends inside the block, before its result column
            opp_text = block[:4].strip()
            paired = opp_text and not (_is_digits(opp_text) and int(opp_text) == 0)
            if paired and len(line) < b + 5:  # with the colour, the pairing of a round not yet played
                raise TrfSyntaxError(
                    msg(
                        "round {number}: the block starting at column {b} ends before its result column {number2}; found {block!r}",
                        number=r + 1,
                        b=b,
                        number2=b + 7,
                        block=block,
                    ),
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
            msg(
                "round {number}: expected an opponent's start number or 0000 in columns {b}-{number2}, found {opp_raw!r}",
                number=r + 1,
                b=b,
                number2=b + 3,
                opp_raw=opp_raw,
            ),
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
            msg(
                "round {number}: expected colour 'w', 'b' or '-' in column {number2}, found {color_raw!r}",
                number=r + 1,
                number2=b + 5,
                color_raw=color_raw,
            ),
            at(b + 5),
        )
    code = result_raw.upper() if result_raw else " "
    if len(code) != 1 or code not in _VALID_RESULTS:
        raise TrfSyntaxError(
            msg(
                "round {number}: expected a result code (1 = 0 + - W D L H F U Z) in column {number2}, found {result_raw!r}",
                number=r + 1,
                number2=b + 7,
                result_raw=result_raw,
            ),
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
                msg(
                    "round {number}: result {code!r} is a bye and cannot have an opponent (found {opp} in columns {b}-{number2}; expected 0000)",
                    number=r + 1,
                    code=code,
                    opp=opp,
                    b=b,
                    number2=b + 3,
                ),
                at(b),
            )
    else:
        color = Color.NONE  # a bye or an absence has no colour, whatever the file says
        if code in _BYE_CODES:
            kind = _BYE_CODES[code]
        elif code == "+":
            kind = K.PAB
            warn.append(_bye_as_forfeit(r, at(b + 7)))
        elif code in _GAME_AS_BYE:
            kind, write = _GAME_AS_BYE[code]
            warn.append(
                Diagnostic(
                    "bye-as-game",
                    msg(
                        "round {number}: {block!r} has no opponent: the result {code!r} read as {kind} (write {write!r})",
                        number=r + 1, block=line[b - 1 : b + 7], code=result_raw, kind=Text(kind.label, "kind"), write=write,
                    ),
                    at(b + 7),
                )
            )  # fmt: skip
        else:
            raise TrfSyntaxError(
                msg(
                    "round {number}: result {code!r} is a played game and needs an opponent in columns {b}-{number2}",
                    number=r + 1,
                    code=code,
                    b=b,
                    number2=b + 3,
                ),
                at(b + 7),
            )
    return _Cell(opp, color, kind, short, at(b), code)


def _bye_as_forfeit(r: int, pos: Position) -> Diagnostic:
    return Diagnostic(
        "bye-as-forfeit",
        msg("round {number}: a win without opponent ('0000 - +') read as a pairing-allocated bye (write '0000 - U')", number=r + 1),
        pos,
    )


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
            msg(
                "column {column} holds {value!r} where the TRF columns have a blank",
                column=column,
                value=expanded[column - 1],
            ),
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
        msg(
            "tab character in column {tab_col} of a 001 record: with tabs expanded to every {size}th column "
            "the record does not fit the TRF columns: {problem} (columns counted after expansion); "
            "write blanks instead of tabs",
            tab_col=tab_col,
            size=TAB_SIZE,
            problem=exc.message,
        ),
        Position(pos.path, pos.line, tab_col),
    )


# --------------------------------------------------------------------------------------------------
# the 001 records, all at once


_FIELD = 4
"""Width of the number fields the array decoder reads: start number, rating, rank, opponents."""
_CLASS = _char_table({" \0": 1, "0123456789": 2}, 0).astype(np.uint8)
"""What a column of a number field holds: 2 a digit, 1 a blank (NUL: the line ended before it), 0
anything else."""
_DIGIT = _char_table({str(v): v for v in range(10)}, 0).astype(np.int16)


def _field_tables() -> tuple[BoolMatrix, BoolMatrix, npt.NDArray[np.int16]]:
    """For each pattern of the columns' classes (:data:`_CLASS`, in base 3, first column highest):
    whether the field is acceptable, whether it is blank, and the power of ten its blanks after the
    digits add to the number read with every blank as a 0."""
    size = 3**_FIELD
    ok = np.zeros(size, dtype=bool)
    blank = np.zeros(size, dtype=bool)
    scale = np.ones(size, dtype=np.int16)
    for code in range(size):
        classes = [code // 3 ** (_FIELD - 1 - k) % 3 for k in range(_FIELD)]
        text = "".join("x 9"[c] for c in classes)
        ok[code] = 0 not in classes and len(text.split()) <= 1
        blank[code] = not text.strip()
        scale[code] = 10 ** (len(text) - len(text.rstrip()))
    return ok, blank, scale


_FIELD_OK, _FIELD_BLANK, _FIELD_SCALE = _field_tables()


def _digits(columns: list[ByteMatrix]) -> tuple[FieldNumbers, BoolMatrix, BoolMatrix]:
    """Fixed-width number fields read as ``int(text.strip())``, every field at once: ``columns[k]``
    holds the characters' bytes (:func:`_bytes`) of the k-th column of every field, so that each
    step is one pass over contiguous memory, in the smallest integers that hold a 4-digit field and
    in place (a large file makes no array larger than one of these columns' values).

    Returns the value, whether the field is blank and whether it is acceptable: blank, or one run of
    ASCII digits with blanks (or the end of the line) around it.  The value of a field that is not
    acceptable means nothing.
    """
    code = _CLASS.take(columns[0])
    value = _DIGIT.take(columns[0])
    for k in range(1, _FIELD):
        code *= 3
        code += _CLASS.take(columns[k])
        value *= 10
        value += _DIGIT.take(columns[k])
    value //= _FIELD_SCALE.take(code)
    return value, _FIELD_BLANK.take(code), _FIELD_OK.take(code)


def _bytes(texts: list[str], width: int, ascii: bool | None = None) -> ByteMatrix:
    """The lines as a (lines × width) array of their characters, one byte each: an ASCII
    character's code, 128 for any other, 0 after the line's end.  ASCII text (most files: ``ascii``
    says whether the lines are, when the caller knows) is copied as it is; other text goes through
    its code points."""
    n = len(texts)
    if ascii if ascii is not None else "".join(texts).isascii():
        ascii_bytes: ByteMatrix = np.array(texts, dtype=f"S{width}").view(np.uint8).reshape(n, width)
        return ascii_bytes
    points: CharMatrix = np.array(texts, dtype=f"<U{width}").view(np.uint32).reshape(n, width)
    return np.minimum(points, 128).astype(np.uint8)


@dataclass(slots=True)
class _Decoded:
    """What the array decoder read; rows with ``ok`` False are read again by the line parser."""

    ok: BoolMatrix
    start: FieldNumbers
    rating: FieldNumbers
    rank: FieldNumbers
    rank_blank: BoolMatrix
    opponent: IntMatrix
    color: SmallMatrix
    kind: SmallMatrix
    short: BoolMatrix
    code: CharMatrix
    cells: IntMatrix
    bye_as_forfeit: BoolMatrix


def _decode_rows(texts: list[str], ascii: bool | None = None) -> _Decoded:
    """Decode every field of every ``001`` record with array operations (no work per character);
    ``ascii``: whether every line is ASCII, when the caller knows."""
    n = len(texts)
    lengths = np.fromiter(map(len, texts), dtype=np.int64, count=n)
    slots = np.where(lengths >= _FIRST_BLOCK, (lengths - _FIRST_BLOCK) // 10 + 1, 0)
    rounds = int(slots.max(initial=0))
    width = _FIRST_BLOCK - 1 + 10 * rounds
    chars = _bytes(texts, width, ascii)
    blocks = chars[:, _FIRST_BLOCK - 1 :].reshape(n, rounds, 10)
    # every number field at once: start number, rating, rank, then each round's opponent (the
    # first column of each field, then the second ...)
    first = np.array([4, 48, 85, *range(_FIRST_BLOCK - 1, width, 10)], dtype=np.intp)
    numbers, blanks, fine = _digits([chars.take(first + k, axis=1) for k in range(_FIELD)])
    start, rating, rank, opp = numbers[:, 0], numbers[:, 1], numbers[:, 2], numbers[:, 3:]
    start_blank, rank_blank, opp_ok = blanks[:, 0], blanks[:, 2], fine[:, 3:]
    ok = fine[:, :3].all(axis=1) & ~start_blank & (start > 0)

    r = np.arange(rounds)
    slot = lengths[:, None] >= _FIRST_BLOCK + 10 * r
    cut = slot & (lengths[:, None] < _FIRST_BLOCK + 5 + 10 * r)  # the line ends before the colour
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
        opponent=np.where(paired, opp, 0).astype(np.int64),
        color=np.where(paired, color, 0).astype(np.int8),
        kind=np.where(slot, kind, int(K.ABSENT)).astype(np.int8),
        short=paired & (_lookup(_SHORT_TABLE, result) > 0),
        code=np.where(slot & ~cut & (result != 0), upper, 32).astype(np.uint32),
        cells=slots,
        bye_as_forfeit=slot & ~paired & (result == ord("+")),
    )


def _read_players(entries: list[tuple[int, str]], where: str, notes: list[Diagnostic]) -> _Crosstable:
    """Read the ``001`` records (line number, text) into a :class:`_Crosstable`."""
    limit = _FIRST_BLOCK + 10 * MAX_ROUNDS  # a line this long has a 100th round block
    texts = [line.rstrip(" ") for _, line in entries]
    # tabs, over-long lines and NULs (which the array would take for the padding after a line's end);
    # most files have none, which one look at all the lines together tells
    joined = "".join(texts)
    special = (
        [k for k, line in enumerate(texts) if "\t" in line or "\0" in line or len(line) >= limit]
        if "\t" in joined or "\0" in joined or max(map(len, texts)) >= limit
        else []
    )
    for k in special:
        texts[k] = ""  # read by the line parser only
    dec = _decode_rows(texts, joined.isascii())
    ok = dec.ok
    ok[special] = False
    text_notes = _TextNotes()

    # the points column: few distinct texts, each read once a process
    cache = _POINTS_TEXTS
    if len(cache) > _POINTS_TEXTS_KEPT:
        cache.clear()
    raws = [text[80:84] for text in texts]
    read_texts: dict[str, Fraction | None | bool] = {}
    for raw in dict.fromkeys(raws):
        value = cache.get(raw, True)  # True: not read yet (one look-up: another thread may empty it)
        if value is True:
            value = cache[raw] = _read_points(raw)
        read_texts[raw] = value
    points: list[Fraction | None | bool] = list(map(read_texts.__getitem__, raws))
    if any(value is False for value in read_texts.values()):  # not points: the line parser says why
        for k in [k for k, value in enumerate(points) if value is False]:
            ok[k], points[k] = False, None

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
    ranks = [None if blank else r for r, blank in zip(rank, dec.rank_blank.tolist(), strict=True)]
    positions = [Position(where, lineno, 1) for lineno in ct.lines]
    # no control character on any line (the usual case): the text fields need no cleaning, and the
    # players are made in place, as :func:`_player` does, a column of each field at a time
    if _IN_PLACE and _printable(joined):
        ct.players = _players_in_place(texts, start, rating, points, ranks, positions)  # type: ignore[arg-type]
    else:
        for k, pos in enumerate(positions):
            read = line_reads.get(k)
            if read is not None:
                ct.players.append(read.player)
                continue
            numbers = (start[k], rating[k], points[k], ranks[k])
            ct.players.append(_make_player(texts[k], numbers, pos, text_notes))  # type: ignore[arg-type]
    for k, read in line_reads.items():
        ct.players[k] = read.player
        _store_row(ct, k, read.cells)
    for i, r in np.argwhere(dec.bye_as_forfeit & ok[:, None]).tolist():
        notes.append(_bye_as_forfeit(r, Position(where, ct.lines[i], _FIRST_BLOCK + 10 * r + 7)))
    note = text_notes.diagnostic()
    if note is not None:
        notes.append(note)
    return ct


def _players_in_place(
    texts: list[str],
    start: list[int],
    rating: list[int],
    points: list[Fraction | None],
    rank: list[int | None],
    positions: list[Position],
) -> list[Player]:
    """The players of ``001`` records whose numeric fields are read and whose text holds no control
    character: each made without the frozen dataclass's ``__init__``, its fields given at once in
    one pass over the lines."""
    new, put, others = object.__new__, object.__setattr__, _OTHER_DEFAULTS
    players = []
    for text, sno, rtg, pts, rnk, pos in zip(texts, start, rating, points, rank, positions, strict=True):
        player = new(Player)
        put(player, "__dict__", {
            "start_number": sno, "name": text[14:47].strip(), "sex": text[9:10].strip().lower(),
            "title": text[10:13].strip(), "rating": rtg or None, "federation": text[53:56].strip(),
            "fide_id": text[57:68].strip(), "birth_date": text[69:79].strip(), "points": pts, "rank": rnk,
            "position": pos, **others,
        })  # fmt: skip
        players.append(player)
    return players


def _printable(text: str) -> bool:
    """``text.isprintable()``; for ASCII text (most files) its bytes with the printable ones (32-126)
    deleted, several times faster than the per-character lookup and with no array as large as
    the text beside its bytes."""
    if not text.isascii():
        return text.isprintable()
    return not text.encode("ascii").translate(None, delete=_PRINTABLE_ASCII)  # what is left is not printable


_PRINTABLE_ASCII = bytes(range(32, 127))


def _note_tabs(entries: list[tuple[int, str]], where: str, notes: list[Diagnostic]) -> None:
    """One warning for all the ``001`` records read with their tabs expanded."""
    tabbed = [(lineno, line) for lineno, line in entries if "\t" in line.rstrip(" \t")]
    if tabbed:
        lineno, line = tabbed[0]
        notes.append(
            Diagnostic(
                "tabs-expanded",
                msg(
                    "{value} player record(s) hold tab characters, read with tabs expanded to every {TAB_SIZE}th column; columns on those lines are counted after expansion",
                    value=len(tabbed),
                    TAB_SIZE=TAB_SIZE,
                ),
                Position(where, lineno, line.index("\t") + 1),
            )
        )


_POINTS_TEXTS: dict[str, Fraction | None | bool] = {}
"""The points column's texts read so far, with their value (False: not acceptable): a value is a
function of the text alone and immutable, and the files of a batch share a few dozen texts."""
_POINTS_TEXTS_KEPT = 4096


def _read_points(raw: str) -> Fraction | None | bool:
    """The points in a field, or False if the field is not acceptable."""
    try:
        return _points_value(raw)
    except ValueError:
        return False


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
