"""Reader and writer for the FIDE Tournament Report File (TRF-16 and the TRF-2x additions).

The reader works in three steps: decode the bytes and split the lines; parse every record by its
fixed columns into positioned values; check that the crosstable is consistent and build the
:class:`~spareggio.model.Tournament` arrays.  It computes no tie-break.  Every problem names the
file, line and column.
"""

from __future__ import annotations

import datetime as _dt
import os
import re
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from pathlib import Path

import numpy as np

from ..errors import Diagnostic, InputLimitError, Position, TrfConsistencyError, TrfSyntaxError
from ..model import Color, Player, ResultKind, Scoring, Tournament, TournamentKind

__all__ = ["MAX_FILE_BYTES", "MAX_PLAYERS", "MAX_ROUNDS", "parse_trf", "read_trf", "write_trf"]

MAX_FILE_BYTES = 512 * 1024 * 1024
"""Files larger than this are refused before they are read."""
MAX_PLAYERS = 1_000_000
MAX_ROUNDS = 99

K = ResultKind

_KNOWN_RECORDS = {
    "001", "012", "013", "022", "032", "042", "052", "062", "072", "082", "092", "102", "112", "122",
    "132", "142", "152", "162", "172", "182", "192", "202", "212", "222", "240", "250", "260", "299",
    "300", "310", "320", "330", "352", "362", "801", "802",
    "XXR", "XXZ", "XXC", "XXS", "XXA", "XXP",
}  # fmt: skip

_PLAYED_CODES = {"1": K.PLAYED_WIN, "=": K.PLAYED_DRAW, "0": K.PLAYED_LOSS,
                 "W": K.PLAYED_WIN, "D": K.PLAYED_DRAW, "L": K.PLAYED_LOSS}  # fmt: skip
_BYE_CODES = {"U": K.PAB, "H": K.HALF_BYE, "F": K.FULL_BYE, "Z": K.ZERO_BYE, " ": K.ABSENT, "-": K.ABSENT}
_VALID_RESULTS = "10=+-WDLHFUZ "

# Legal (this side, other side) result pairs of one game.
_LEGAL_PAIRS = {
    (K.PLAYED_WIN, K.PLAYED_LOSS), (K.PLAYED_LOSS, K.PLAYED_WIN), (K.PLAYED_DRAW, K.PLAYED_DRAW),
    (K.PLAYED_LOSS, K.PLAYED_LOSS), (K.PLAYED_DRAW, K.PLAYED_LOSS), (K.PLAYED_LOSS, K.PLAYED_DRAW),
    (K.FORFEIT_WIN, K.FORFEIT_LOSS), (K.FORFEIT_LOSS, K.FORFEIT_WIN), (K.FORFEIT_LOSS, K.FORFEIT_LOSS),
}  # fmt: skip

_CODE_OF_KIND = {
    K.PLAYED_WIN: "1", K.PLAYED_DRAW: "=", K.PLAYED_LOSS: "0", K.FORFEIT_WIN: "+",
    K.FORFEIT_LOSS: "-", K.DOUBLE_FORFEIT: "-", K.PAB: "U", K.FULL_BYE: "F", K.HALF_BYE: "H",
    K.ZERO_BYE: "Z", K.ABSENT: "-", K.WITHDRAWN: "-",
}  # fmt: skip
_SHORT_CODE = {K.PLAYED_WIN: "W", K.PLAYED_DRAW: "D", K.PLAYED_LOSS: "L"}


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


def _split_lines(text: str) -> list[str]:
    return text.replace("\r\n", "\n").replace("\r", "\n").split("\n")


# --------------------------------------------------------------------------------------------------
# field helpers


def _field(line: str, first: int, last: int) -> str:
    """Columns first..last (1-based, inclusive) of a line, blank-padded."""
    return line[first - 1 : last]


def _is_digits(text: str) -> bool:
    """True for a non-empty run of ASCII digits (``str.isdigit`` also accepts '²', which ``int`` refuses)."""
    return text.isascii() and text.isdigit()


def _int_field(line: str, first: int, last: int, pos: Position, what: str, *, blank_ok: bool = True) -> int | None:
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


def _points_field(line: str, first: int, last: int, pos: Position, what: str) -> Fraction | None:
    raw = _field(line, first, last)
    text = raw.strip()
    if not text:
        return None
    if not _POINTS_RE.match(text):
        raise TrfSyntaxError(
            f"{what}: expected points like '11.5' in columns {first}-{last}, found {raw!r}", pos
        )
    try:
        value = Decimal(text.replace(",", "."))
    except InvalidOperation:
        raise TrfSyntaxError(f"{what}: expected points like '11.5' in columns {first}-{last}, found {raw!r}", pos) from None
    if not value.is_finite():
        raise TrfSyntaxError(f"{what}: expected points like '11.5' in columns {first}-{last}, found {raw!r}", pos)
    return Fraction(value)


_DATE_FORMATS = [
    (re.compile(r"^(\d{4})[/.-](\d{1,2})[/.-](\d{1,2})$"), (1, 2, 3)),
    (re.compile(r"^(\d{1,2})[./](\d{1,2})[./](\d{4})$"), (3, 2, 1)),
    (re.compile(r"^(\d{2})/(\d{2})/(\d{2})$"), (1, 2, 3)),
]


def parse_date(text: str) -> _dt.date | None:
    """Parse a TRF date (``YYYY/MM/DD`` and the usual variants); ``None`` if it is not a date."""
    text = text.strip()
    for pattern, (yi, mi, di) in _DATE_FORMATS:
        m = pattern.match(text)
        if m:
            year, month, day = int(m.group(yi)), int(m.group(mi)), int(m.group(di))
            if year < 100:
                year += 2000
            try:
                return _dt.date(year, month, day)
            except ValueError:
                return None
    return None


# --------------------------------------------------------------------------------------------------
# the 001 record


def _parse_player(line: str, pos: Position, warn: list[Diagnostic]) -> _PlayerLine:
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
    player = Player(
        start_number=sno,
        name=_field(line, 15, 47).strip(),
        sex=_field(line, 10, 10).strip().lower(),
        title=_field(line, 11, 13).strip(),
        rating=rating or None,
        federation=_field(line, 54, 56).strip(),
        fide_id=_field(line, 58, 68).strip(),
        birth_date=_field(line, 70, 79).strip(),
        points=points,
        rank=rank,
        position=pos,
    )
    cells: list[_Cell] = []
    r = 0
    while True:
        b = 92 + 10 * r  # 1-based column of the opponent field
        if len(line) < b:
            break
        block = line[b - 1 : b + 7]
        if len(line) < b + 7:  # the block is cut before its result column
            if block.strip():
                raise TrfSyntaxError(
                    f"round {r + 1}: the block starting at column {b} ends before its result column {b + 7}; "
                    f"found {block!r}",
                    at(b),
                )
            break
        if r >= MAX_ROUNDS:
            raise InputLimitError(f"more than {MAX_ROUNDS} rounds on one line", at(b))
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
            f"round {r + 1}: expected an opponent's start number or 0000 in columns {b}-{b + 3}, found {opp_raw!r}",
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
            f"round {r + 1}: expected colour 'w', 'b' or '-' in column {b + 5}, found {color_raw!r}", at(b + 5)
        )
    code = result_raw.upper() if result_raw else " "
    if code not in _VALID_RESULTS:
        raise TrfSyntaxError(
            f"round {r + 1}: expected a result code (1 = 0 + - W D L H F U Z) in column {b + 7}, found {result_raw!r}",
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
            raise TrfSyntaxError(
                f"round {r + 1}: a pairing with opponent {opp} has no result in column {b + 7}", at(b + 7)
            )
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
            warn.append(
                Diagnostic(
                    "bye-as-forfeit",
                    f"round {r + 1}: '0000 - +' read as a pairing-allocated bye (write '0000 - U')",
                    at(b + 7),
                )
            )
        else:
            raise TrfSyntaxError(
                f"round {r + 1}: result {code!r} is a played game and needs an opponent in columns {b}-{b + 3}",
                at(b + 7),
            )
    return _Cell(opp, color, kind, short, at(b), code)


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
            if symbol not in "WDLAPX":
                raise TrfSyntaxError(
                    f"record 162: expected a result symbol (W D L A P X) in column {col}, found {symbol!r}",
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
    if any(word in t for word in ("ROUNDROBIN", "ROUND ROBIN", "ROUND-ROBIN", "ROBIN", "BERGER", "SCHEVENINGEN", "SCHILLER")):
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


def read_trf(path: str | os.PathLike[str], *, kind: TournamentKind | None = None) -> Tournament:
    """Read a TRF file.  The file is opened read-only and never modified.

    :raises InputError: for any problem in the file, with its position.
    """
    p = Path(path)
    try:
        size = p.stat().st_size
    except OSError as exc:
        from ..errors import ArgumentError

        raise ArgumentError(f"{path}: cannot read the file ({exc.strerror or exc})") from None
    if size > MAX_FILE_BYTES:
        raise InputLimitError(
            f"the file has {size} bytes, more than the limit of {MAX_FILE_BYTES}", Position(str(path), 1, 1)
        )
    try:
        with open(p, "rb") as handle:
            data = handle.read()
    except OSError as exc:
        from ..errors import ArgumentError

        raise ArgumentError(f"{path}: cannot read the file ({exc.strerror or exc})") from None
    return parse_trf(data, str(path), kind=kind)


def parse_trf(data: bytes | str, path: str = "<string>", *, kind: TournamentKind | None = None) -> Tournament:
    """Parse TRF text (bytes are decoded as UTF-8, else Windows-1252, else Latin-1)."""
    if isinstance(data, bytes):
        if b"\x00" in data[:4096]:
            raise TrfSyntaxError("this is a binary file, not a TRF text file (found NUL bytes)", Position(path, 1, 1))
        text, encoding = _decode(data)
    else:
        text, encoding = (data[1:] if data.startswith("\ufeff") else data), "utf-8"
    lines = _split_lines(text)
    warnings: list[Diagnostic] = []
    headers: dict[str, str] = {}
    header_pos: dict[str, Position] = {}
    player_lines: list[_PlayerLine] = []
    bye_records: list[tuple[str, Position]] = []
    unknown_seen: set[str] = set()

    for lineno, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        line = line.rstrip("\n")
        code = line[:3]
        pos = Position(path, lineno, 1)
        if code == "###":
            continue
        if code == "001":
            if len(player_lines) >= MAX_PLAYERS:
                raise InputLimitError(f"more than {MAX_PLAYERS} player records", pos)
            player_lines.append(_parse_player(line, pos, warnings))
        elif code in _KNOWN_RECORDS:
            if code == "240":
                bye_records.append((line, pos))
            headers[code] = line[4:].rstrip() if len(line) > 4 else ""
            header_pos[code] = pos
        else:
            key = code.strip() or line.strip()[:3]
            if key not in unknown_seen:
                unknown_seen.add(key)
                warnings.append(Diagnostic("unknown-record", f"unknown record {code!r} ignored", pos))

    if not player_lines:
        raise TrfSyntaxError("no player records (lines starting with '001') in the file", Position(path, 1, 1))

    return _build(player_lines, headers, header_pos, bye_records, warnings, path, encoding, kind)


def _build(
    player_lines: list[_PlayerLine],
    headers: dict[str, str],
    header_pos: dict[str, Position],
    bye_records: list[tuple[str, Position]],
    warnings: list[Diagnostic],
    path: str,
    encoding: str,
    forced_kind: TournamentKind | None,
) -> Tournament:
    # start numbers
    index: dict[int, int] = {}
    for i, pl in enumerate(player_lines):
        sno = pl.player.start_number
        if sno in index:
            first = player_lines[index[sno]].position
            raise TrfConsistencyError(
                f"start number {sno} is used twice (first on line {first.line})",
                Position(path, pl.position.line, 5),
                related=Position(path, first.line, 5),
            )
        index[sno] = i
    n = len(player_lines)
    width = max((len(pl.cells) for pl in player_lines), default=0)

    # bye records (240) fill empty cells or must agree with them
    extra: dict[tuple[int, int], tuple[ResultKind, Position]] = {}
    for line, pos in bye_records:
        letter = line[4:5].upper()
        bye_kind = {"F": K.FULL_BYE, "H": K.HALF_BYE, "Z": K.ZERO_BYE}.get(letter)
        if bye_kind is None:
            raise TrfSyntaxError(
                f"record 240: expected bye type F, H or Z in column 5, found {line[4:5]!r}", Position(path, pos.line, 5)
            )
        rnd = _int_field(line, 7, 9, Position(path, pos.line, 7), "record 240 round", blank_ok=False)
        assert rnd is not None
        if not 1 <= rnd <= MAX_ROUNDS:
            raise TrfSyntaxError(f"record 240: round {rnd} out of range", Position(path, pos.line, 7))
        col = 11
        while len(line) >= col:
            sno = _int_field(line, col, col + 3, Position(path, pos.line, col), "record 240 participant")
            if sno is not None:
                if sno not in index:
                    raise TrfConsistencyError(
                        f"record 240: no player with start number {sno}", Position(path, pos.line, col)
                    )
                extra[(index[sno], rnd - 1)] = (bye_kind, Position(path, pos.line, col))
            col += 5
        width = max(width, max((r + 1 for _, r in extra), default=0))

    opponent = np.full((n, width), -1, dtype=np.int64)
    kind = np.full((n, width), int(K.ABSENT), dtype=np.int8)
    color = np.zeros((n, width), dtype=np.int8)
    short = np.zeros((n, width), dtype=bool)
    explicit = np.zeros((n, width), dtype=bool)  # a block was written (not padding)

    for i, pl in enumerate(player_lines):
        for r, cell in enumerate(pl.cells):
            explicit[i, r] = True
            kind[i, r] = cell.kind
            color[i, r] = cell.color
            short[i, r] = cell.short
            if cell.opponent:
                j = index.get(cell.opponent)
                if j is None:
                    raise TrfConsistencyError(
                        f"round {r + 1}: opponent {cell.opponent} is not the start number of any player",
                        cell.position,
                    )
                if j == i:
                    raise TrfConsistencyError(
                        f"round {r + 1}: player {pl.player.start_number} is paired against himself", cell.position
                    )
                opponent[i, r] = j

    for (i, r), (bye_kind, pos) in extra.items():
        current = ResultKind(kind[i, r])
        if current in (K.ABSENT, K.WITHDRAWN) and not (r < len(player_lines[i].cells) and player_lines[i].cells[r].code == "-"):
            kind[i, r] = bye_kind
        elif current != bye_kind:
            raise TrfConsistencyError(
                f"record 240 gives player {player_lines[i].player.start_number} a {bye_kind.label} in round {r + 1}, "
                f"but the player's line says {current.label}",
                pos,
                related=player_lines[i].position,
            )

    _check_symmetry(player_lines, opponent, kind, color, warnings)

    # double forfeits
    both = (kind == K.FORFEIT_LOSS) & (opponent >= 0)
    if both.any():
        rows, cols = np.nonzero(both)
        opp_kind = kind[opponent[rows, cols], cols]
        dbl = opp_kind == K.FORFEIT_LOSS
        kind[rows[dbl], cols[dbl]] = K.DOUBLE_FORFEIT

    # rounds that hold data
    has_data = kind != K.ABSENT
    used = np.nonzero(has_data.any(axis=0))[0]
    rounds = int(used[-1]) + 1 if used.size else 0
    opponent, kind, color, short = opponent[:, :rounds], kind[:, :rounds], color[:, :rounds], short[:, :rounds]

    # withdrawals: a trailing run of rounds without any entry
    if rounds:
        absent = kind == K.ABSENT
        trailing = np.flip(np.logical_and.accumulate(np.flip(absent, axis=1), axis=1), axis=1)
        kind[trailing] = K.WITHDRAWN

    # header data
    scoring = Scoring()
    if "162" in headers:
        scoring = _parse_scoring("162 " + headers["162"], header_pos["162"])
    start_date = _header_date("042", headers, header_pos, warnings)
    end_date = _header_date("052", headers, header_pos, warnings)
    announced = None
    for code in ("142", "XXR"):
        if code in headers:
            text = headers[code].strip().split()
            if text and _is_digits(text[0]):
                announced = int(text[0])
            else:
                warnings.append(
                    Diagnostic("bad-rounds", f"record {code}: expected the number of rounds, found {headers[code]!r}", header_pos[code])
                )
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

    players = tuple(pl.player for pl in player_lines)
    t = Tournament(
        name=headers.get("012", "").strip(),
        players=players,
        opponent=opponent,
        kind=kind,
        color=color,
        short_game=short,
        scoring=scoring,
        start_date=start_date,
        end_date=end_date,
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


def _header_date(
    code: str, headers: dict[str, str], header_pos: dict[str, Position], warnings: list[Diagnostic]
) -> _dt.date | None:
    if code not in headers or not headers[code].strip():
        return None
    date = parse_date(headers[code])
    if date is None:
        warnings.append(
            Diagnostic(
                "bad-date",
                f"record {code}: expected a date like 2026/03/01, found {headers[code].strip()!r}",
                Position(header_pos[code].path, header_pos[code].line, 5),
            )
        )
    return date


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


def _check_symmetry(
    player_lines: list[_PlayerLine],
    opponent: np.ndarray,
    kind: np.ndarray,
    color: np.ndarray,
    warnings: list[Diagnostic],
) -> None:
    n, width = opponent.shape
    missing_colour_warned = False
    for r in range(width):
        for i in range(n):
            j = int(opponent[i, r])
            if j < 0 or j < i and opponent[j, r] == i:
                continue
            cell_i = player_lines[i].cells[r]
            si, sj = player_lines[i].player.start_number, player_lines[j].player.start_number
            line_j = player_lines[j].position.line
            if r >= len(player_lines[j].cells) or opponent[j, r] != i:
                other = "has no entry" if r >= len(player_lines[j].cells) else (
                    f"names opponent {player_lines[int(opponent[j, r])].player.start_number}"
                    if opponent[j, r] >= 0 else "has no opponent")
                raise TrfConsistencyError(
                    f"round {r + 1}: player {si} is paired with {sj}, but player {sj}'s line {other} in round {r + 1}",
                    cell_i.position,
                    related=Position(cell_i.position.path, line_j, 92 + 10 * r),
                )
            cell_j = player_lines[j].cells[r]
            if (cell_i.kind, cell_j.kind) not in _LEGAL_PAIRS:
                raise TrfConsistencyError(
                    f"round {r + 1}: results {cell_i.code!r} (player {si}) and {cell_j.code!r} (player {sj}) "
                    f"do not fit together",
                    Position(cell_i.position.path, cell_i.position.line, cell_i.position.column + 7),
                    related=Position(cell_i.position.path, line_j, cell_j.position.column + 7),
                )
            ci, cj = int(color[i, r]), int(color[j, r])
            if ci and ci == cj:
                raise TrfConsistencyError(
                    f"round {r + 1}: players {si} and {sj} both have colour {'w' if ci == 1 else 'b'}",
                    Position(cell_i.position.path, cell_i.position.line, cell_i.position.column + 5),
                    related=Position(cell_i.position.path, line_j, cell_j.position.column + 5),
                )
            if (not ci or not cj) and cell_i.kind in (K.PLAYED_WIN, K.PLAYED_DRAW, K.PLAYED_LOSS):
                if not missing_colour_warned:
                    missing_colour_warned = True
                    warnings.append(
                        Diagnostic(
                            "missing-colour",
                            f"round {r + 1}: the game {si}-{sj} has no colour on one side",
                            cell_i.position,
                        )
                    )


def _check_points(t: Tournament, warnings: list[Diagnostic]) -> None:
    table = t.scoring.points_table()
    unit = t.scoring.unit
    totals = table[t.kind.astype(np.int64)].sum(axis=1) if t.rounds else np.zeros(t.n_players, dtype=np.int64)
    for i, p in enumerate(t.players):
        if p.points is None:
            continue
        computed = Fraction(int(totals[i]), unit)
        if computed != p.points:
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


def write_trf(t: Tournament) -> str:
    """The tournament as TRF-16 text (with the 142 and, if not default, 162 records); LF line ends."""
    out: list[str] = []
    if t.name:
        out.append(f"012 {t.name}")
    if t.city:
        out.append(f"022 {t.city}")
    if t.federation:
        out.append(f"032 {t.federation}")
    if t.start_date:
        out.append(f"042 {t.start_date:%Y/%m/%d}")
    if t.end_date:
        out.append(f"052 {t.end_date:%Y/%m/%d}")
    out.append("092 Individual: " + ("Round-Robin" if t.is_round_robin else "Swiss-System"))
    out.append(f"142 {t.announced_rounds or t.rounds}")
    if not t.scoring.is_default:
        s = t.scoring
        cells = [("W", s.win), ("D", s.draw), ("L", s.loss), ("A", s.absence), ("P", s.pab_points)]
        # one 9-column cell per symbol: the symbol in column 6 + 9k, its points in columns 7-10 + 9k
        out.append("162  " + "".join(f"{sym}{float(v):4.1f}    " for sym, v in cells).rstrip())
    if t.tiebreak_list:
        out.append("212 PTS," + ",".join(t.tiebreak_list))
    table = t.scoring.points_table()
    unit = t.scoring.unit
    for i, p in enumerate(t.players):
        pts = Fraction(int(table[t.kind[i].astype(np.int64)].sum()), unit)
        rating = f"{p.rating:4d}" if p.rating else "    "
        rank = f"{p.rank:4d}" if p.rank else "    "
        head = (
            f"001 {p.start_number:4d} {p.sex[:1] or ' '}{p.title[:3]:>3} {p.name[:33]:<33} {rating} "
            f"{p.federation[:3]:<3} {p.fide_id[:11]:>11} {p.birth_date[:10]:<10} {float(pts):4.1f} {rank}"
        )
        blocks = []
        for r in range(t.rounds):
            k = ResultKind(int(t.kind[i, r]))
            j = int(t.opponent[i, r])
            code = _SHORT_CODE[k] if t.short_game[i, r] and k in _SHORT_CODE else _CODE_OF_KIND[k]
            if j >= 0:
                col = "w" if t.color[i, r] == Color.WHITE else "b" if t.color[i, r] == Color.BLACK else "-"
                blocks.append(f"  {t.players[j].start_number:4d} {col} {code}")
            else:
                blocks.append(f"  0000 - {code}")
        out.append(head + "".join(blocks))
    return "\n".join(out) + "\n"


def iter_lines(text: str) -> Iterable[str]:  # pragma: no cover - convenience for callers
    return iter(_split_lines(text))
