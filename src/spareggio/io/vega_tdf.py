"""Reader of Vega's "Generic Tournament Description File" (``.tdf``), the pipe-separated export of
Vega (Luigi Forlano, vegachess.com).

The layout is the one of Vega's manual, Appendix P ("Generic Tournament Description File"): rows that
begin with a three-digit code, like FIDE's TRF.  Header rows: ``012`` name, ``022`` city, ``032``
federation, ``042``/``052`` first and last day, ``092`` pairing system (words), ``132`` round dates
(``YYYY/MM/DD`` separated by ``;``), ``142`` points for a win and a draw (``1.0 0.5``), ``162``
number of rounds, ``172`` tie-breaks (separated by ``;``).  Player rows ``001`` hold, after a blank,
fields separated by ``|``: start number, sex, title, name, FIDE rating, federation, FIDE id, national
rating, national id, birth date, points, rank, then one field per round ``N C R``: opponent start
number (``0000``: none), colour (``w``, ``b``, ``-``) and result: ``1`` ``0`` ``2`` for a game won,
lost, drawn and rated; ``+`` ``-`` ``=`` for an unrated result (a forfeit, or without opponent a bye
of 1, 0 or ½ point).  An empty round field is a round without pairing.
"""

from __future__ import annotations

import re
from fractions import Fraction

from ..base.errors import ArgumentError, Diagnostic, InputError, Position
from ..base.i18n import msg
from ..core.model import Color, Player, ResultKind, Scoring, Tournament, TournamentKind
from .assemble import (
    MAX_ROUNDS,
    Crosstable,
    EventFields,
    assemble,
    checked,
    decode,
    points_text,
    small_int,
    too_many_rounds,
)
from .heads import VEGA_TDF_EXTENSIONS as EXTENSIONS
from .heads import sniff_vega_tdf as sniff
from .limits import MAX_LINE_CHARS, check_length, clean_lines
from .options import ReadOptions
from .vega import (
    MAX_FILE_BYTES,
    RULES,
    kind_from_system,
    parse_day,
    rules_note,
    tiebreak_specs,
)

__all__ = ["EXTENSIONS", "MAX_FILE_BYTES", "parse", "parse_tdf", "sniff", "write_tdf"]

K = ResultKind
_PLAYER_FIELDS = 12
"""Fields of a ``001`` row before the rounds."""
_ROUND = re.compile(r"^(\d{1,4})\s*([wbWB-]?)\s*([102+=-])$")
_RATED = {"1": K.PLAYED_WIN, "0": K.PLAYED_LOSS, "2": K.PLAYED_DRAW}
_UNRATED = {"+": K.FORFEIT_WIN, "-": K.FORFEIT_LOSS, "=": K.PLAYED_DRAW}
_BYE = {"+": K.PAB, "-": K.ABSENT, "=": K.HALF_BYE, "1": K.PAB, "0": K.ABSENT, "2": K.HALF_BYE}
_COLOUR = {"w": Color.WHITE, "b": Color.BLACK, "-": Color.NONE, "": Color.NONE}


def parse(data: bytes, name: str, options: ReadOptions) -> Tournament:
    """The registry's entry point: :func:`parse_tdf` with the reader options."""
    return parse_tdf(data, name, kind=options.kind)


def parse_tdf(data: bytes | str, path: str = "<string>", *, kind: TournamentKind | None = None) -> Tournament:
    """Read a Vega ``.tdf`` file (see the module's text).

    :raises InputError: for a row that does not follow the layout, with its line and column.
    """
    text = clean_lines(decode(data, path) if isinstance(data, bytes) else data.removeprefix("\ufeff"))
    headers: dict[str, str] = {}
    header_pos: dict[str, Position] = {}
    rows: list[tuple[int, str]] = []
    for number, line in enumerate(text.splitlines(), start=1):
        if not line.strip():
            continue
        check_length(line, MAX_LINE_CHARS, msg("a line"), Position(path, number, 1))
        code = line[:3]
        if code == "001":
            rows.append((number, line))
        elif code.isascii() and code.isdigit():
            headers[code] = checked(line[4:], Position(path, number, 5))
            header_pos[code] = Position(path, number, 5)
    if not rows:
        raise InputError(msg("no player rows (lines starting with '001') in the file"), Position(path, 1, 1))
    players, cells = _players(rows, path)
    return _build(players, cells, headers, header_pos, path, kind)


def _fields(line: str) -> list[tuple[str, int]]:
    """The ``|``-separated fields of a ``001`` row with the column each begins at (1-based)."""
    out = []
    start = 4
    for part in line[4:].split("|"):
        lead = len(part) - len(part.lstrip())
        out.append((part.strip(), start + lead + 1))
        start += len(part) + 1
    return out


def _int(value: str, pos: Position) -> int | None:
    if value in ("", "0", "0000"):
        return None
    number = small_int(value)
    if number is None:
        raise InputError(msg("{value!r} is not a number", value=value), pos)
    return number


def _players(rows: list[tuple[int, str]], path: str) -> tuple[list[Player], list[list[tuple[str, Position]]]]:
    players: list[Player] = []
    cells: list[list[tuple[str, Position]]] = []
    seen: dict[int, int] = {}
    for number, line in rows:
        fields = _fields(line)
        if len(fields) < _PLAYER_FIELDS:
            raise InputError(
                msg(
                    "a player row needs {count} fields separated by '|' before the rounds; this one has {found}",
                    count=_PLAYER_FIELDS,
                    found=len(fields),
                ),
                Position(path, number, 1),
            )

        def at(k: int, number: int = number, fields: list[tuple[str, int]] = fields) -> Position:
            return Position(path, number, fields[k][1])

        sno = _int(fields[0][0], at(0))
        if sno is None:
            raise InputError(msg("the start number is missing"), at(0))
        if sno in seen:
            raise InputError(
                msg(
                    "start number {start_number} is given twice (also at line {line})",
                    start_number=sno,
                    line=seen[sno],
                ),
                at(0),
            )
        seen[sno] = number
        points = fields[10][0]
        declared = points_text(points, at(10), msg("the points")) if points else None
        players.append(
            Player(
                start_number=sno,
                sex=fields[1][0].lower()[:1],
                title=checked(fields[2][0], at(2)).upper(),
                name=checked(fields[3][0], at(3), name=True),
                rating=_int(fields[4][0], at(4)),
                federation=fields[5][0],
                fide_id=fields[6][0] if fields[6][0] not in ("0", "") else "",
                birth_date=fields[9][0] if fields[9][0] not in ("0", "") else "",
                points=declared,
                rank=_int(fields[11][0], at(11)),
                position=Position(path, number, 1),
            )
        )
        if len(fields) - _PLAYER_FIELDS > MAX_ROUNDS:
            raise too_many_rounds(len(fields) - _PLAYER_FIELDS, Position(path, number, 1))
        cells.append([(value, Position(path, number, col)) for value, col in fields[_PLAYER_FIELDS:]])
    return players, cells


def _build(
    players: list[Player],
    cells: list[list[tuple[str, Position]]],
    headers: dict[str, str],
    header_pos: dict[str, Position],
    path: str,
    forced: TournamentKind | None,
) -> Tournament:
    rounds = max((len(c) for c in cells), default=0)
    index = {p.start_number: i for i, p in enumerate(players)}
    places: dict[tuple[int, int], Position] = {}

    def where(i: int, r: int) -> Position:
        return places.get((i, r)) or players[i].position or Position(path, 1, 1)

    ct = Crosstable.empty(players, rounds, where)
    for i, row in enumerate(cells):
        for r, (value, pos) in enumerate(row):
            places[(i, r)] = pos
            if not value:
                continue
            m = _ROUND.match(" ".join(value.split()))
            if m is None:
                raise InputError(
                    msg(
                        'round {round}: {value!r} is not a round entry (opponent, colour and result, as "16 w 1" or "0000 - +")',
                        round=r + 1,
                        value=value,
                    ),
                    pos,
                )
            opp, colour, result = int(m.group(1)), m.group(2).lower(), m.group(3)
            if opp == 0:
                ct.kind[i, r] = _BYE[result]
                continue
            if opp not in index:
                raise InputError(
                    msg(
                        "round {round}: opponent {value} is not a start number of the file",
                        round=r + 1,
                        value=opp,
                    ),
                    pos,
                )
            ct.opponent[i, r] = index[opp]
            ct.color[i, r] = _COLOUR[colour]
            ct.kind[i, r] = _RATED[result] if result in _RATED else _UNRATED[result]
            if result == "=":
                ct.warnings.append(
                    Diagnostic(
                        "vega-unrated-draw",
                        msg(
                            "round {round}: an unrated draw against an opponent (a forfeit draw) is counted as a draw played",
                            round=r + 1,
                        ),
                        pos,
                    )
                )
    event: EventFields = {
        "name": headers.get("012", ""),
        "city": headers.get("022", ""),
        "federation": headers.get("032", ""),
        "headers": headers,
        "encoding": "utf-8",
    }
    start = parse_day(headers.get("042", ""))
    if start is not None:
        event["start_date"], event["start_date_text"] = start, headers["042"]
        event["start_date_position"] = header_pos["042"]
    event["end_date"] = parse_day(headers.get("052", ""))
    if small_int(headers.get("162", "")) is not None:
        event["announced_rounds"] = small_int(headers["162"])
    if "142" in headers:
        event["scoring"] = _scoring(headers["142"], header_pos["142"])
    if headers.get("172"):
        event["tiebreak_list"] = tiebreak_specs(headers["172"].split(";"))
        event["tiebreak_list_position"] = header_pos["172"]
    system = kind_from_system(headers.get("092", ""))
    reason, warning = rules_note(None, Position(path, 1, 1))
    if warning is not None:
        ct.warnings.append(warning)
    event["declared_rules"], event["declared_rules_reason"] = RULES[True], reason
    event["publisher"] = "vega"
    if system is not None and forced is None:
        event["kind_of_event"] = system
        return assemble(ct, path, kind=None, kind_basis="record 092", **event)
    return assemble(ct, path, kind=forced, **event)


def _scoring(text: str, pos: Position) -> Scoring:
    parts = text.split()
    if len(parts) < 2:
        raise InputError(
            msg('{value!r} is not the points for a win and a draw (as "1.0 0.5")', value=text), pos
        )
    win, draw = (points_text(p, pos, msg("record 142")) for p in parts[:2])
    return Scoring(win=win, draw=draw)


# -- writing ---------------------------------------------------------------------------------------

_WRITE = {
    K.PLAYED_WIN: "1",
    K.PLAYED_LOSS: "0",
    K.PLAYED_DRAW: "2",
    K.FORFEIT_WIN: "+",
    K.FORFEIT_LOSS: "-",
    K.DOUBLE_FORFEIT: "-",
}
_WRITE_BYE = {
    K.PAB: "0000 - +",
    K.FULL_BYE: "0000 - +",
    K.HALF_BYE: "0000 - =",
    K.ZERO_BYE: "0000 - -",
    K.ABSENT: "0000 - -",
    K.WITHDRAWN: "",
}
_COLOUR_LETTER = {Color.WHITE: "w", Color.BLACK: "b", Color.NONE: "-"}


def _points(value: Fraction) -> str:
    return f"{float(value):.1f}"


def write_tdf(t: Tournament, *, tiebreaks: tuple[str, ...] | None = None, program: str = "") -> str:
    """A tournament as a Vega ``.tdf`` (manual, Appendix P), in the layout :func:`parse_tdf` reads.

    What the layout cannot tell apart is written as its nearest: a requested full-point bye as a bye
    of one point (read back as the pairing-allocated bye), a zero-point bye as an absence.  A game
    not yet played cannot be written.

    :raises ArgumentError: for a round paired but not yet played.
    """
    if t.pending_round is not None:
        raise ArgumentError(
            msg("round {round} is paired but not played: a .tdf holds results only", round=t.pending_round)
        )
    scoring = t.scoring
    lines = [
        f"012 {t.name}",
        f"022 {t.city}",
        f"032 {t.federation}",
        f"042 {t.start_date:%d/%m/%Y}" if t.start_date else "042",
        f"052 {t.end_date:%d/%m/%Y}" if t.end_date else "052",
        f"062 {t.n_players}",
        f"072 {sum(p.rating is not None for p in t.players)}",
        "092 Individual: Round Robin" if t.is_round_robin else "092 Individual: Swiss-System",
        "132 " + ";".join(f"{d:%Y/%m/%d}" if d else "" for d in t.round_dates) if t.round_dates else "132",
        f"142 {_points(scoring.win)} {_points(scoring.draw)}",
        f"162 {t.announced_rounds or t.rounds}",
        "172 " + ";".join(tiebreaks if tiebreaks is not None else t.tiebreak_list or ()),
    ]
    if program:
        lines.append(f"192 {program}")
    lines.append("")
    table = scoring.points_table()
    for i, p in enumerate(t.players):
        cells = []
        for r in range(t.rounds):
            kind = ResultKind(int(t.kind[i, r]))
            j = int(t.opponent[i, r])
            if j >= 0:
                colour = _COLOUR_LETTER[Color(int(t.color[i, r]))]
                cells.append(f"{t.players[j].start_number} {colour} {_WRITE[kind]}")
            else:
                cells.append(_WRITE_BYE[kind])
        points = Fraction(int(table[t.kind[i].astype(int)].sum()), scoring.unit)
        fields = [
            str(p.start_number),
            p.sex or "m",
            p.title,
            p.name,
            str(p.rating or 0),
            p.federation,
            p.fide_id or "0",
            "0",
            "0",
            p.birth_date,
            _points(points),
            str(p.rank or ""),
            *cells,
        ]
        lines.append("001 " + " | ".join(fields))
    return "\n".join(lines) + "\n"
