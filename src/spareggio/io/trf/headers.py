"""Stage 5 of the TRF reader: the header records (dates, scoring, rounds, tie-break list, kind of event)
and the declared points checked against the results.
"""

from __future__ import annotations

import datetime as _dt
import re
from fractions import Fraction
from typing import cast

import numpy as np
import numpy.typing as npt

from ...base.errors import (
    Diagnostic,
    Position,
    TrfSyntaxError,
)
from ...base.i18n import msg
from ...core.crosstable import (
    infer_kind,
    points_message,
    points_mismatches,
)
from ...core.dates import EventDates, readings, resolve
from ...core.model import KindSource, ResultKind, Scoring, Tournament, TournamentKind
from .columns import _FIRST_BLOCK
from .players import _is_digits, _points_field


def parse_date(text: str) -> _dt.date | None:
    """A date in any style real files use (:func:`spareggio.core.dates.readings`), the preferred reading
    when it has several; ``None`` if it is not a date."""
    found = readings(text)
    return found[0].date if found else None


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
        if symbol == "Z":
            symbol = "A"  # the zero-point bye's letter, as some programs write the absence symbol
        if symbol.strip():
            if len(symbol) != 1 or symbol not in "WDLAPX":
                raise TrfSyntaxError(
                    msg(
                        "record 162: expected a result symbol (W D L A Z P X) in column {col}, found {value!r}",
                        col=col,
                        value=line[col - 1],
                    ),
                    Position(pos.path, pos.line, col),
                )
            value = _points_field(line, col + 1, col + 4, Position(pos.path, pos.line, col + 1), "record 162")
            if value is None:
                raise TrfSyntaxError(
                    msg(
                        "record 162: symbol {symbol} has no points in columns {number}-{number2}",
                        symbol=symbol,
                        number=col + 1,
                        number2=col + 4,
                    ),
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
                    msg(
                        "record {code}: expected the number of rounds, found {value!r}",
                        code=code,
                        value=headers[code],
                    ),
                    header_pos[code],
                )
            )
    return announced


def _event_dates(
    headers: dict[str, str], header_pos: dict[str, Position], warnings: list[Diagnostic]
) -> EventDates:
    """Records 042, 052 and 132 read together (:mod:`spareggio.core.dates`); an unreadable date is a
    warning with its position."""
    texts: dict[str, str | None] = {}
    for code in ("042", "052"):
        text = headers.get(code, "").strip()
        texts[code] = text or None
        if text and not readings(text):
            warnings.append(
                Diagnostic(
                    "bad-date",
                    msg(
                        "record {code}: expected a date like 2026/03/01, found {text!r}", code=code, text=text
                    ),
                    Position(header_pos[code].path, header_pos[code].line, 5),
                )
            )
    round_texts: list[str] = []
    if "132" in headers:
        value = headers["132"]
        first = _FIRST_BLOCK - 5  # the value starts at column 5
        round_texts = [value[k : k + 8] for k in range(first, len(value), 10)]
    return resolve(texts["042"], texts["052"], round_texts)


def _decide_kind(t: Tournament, headers: dict[str, str]) -> tuple[TournamentKind, KindSource, str]:
    for code in ("192", "092"):
        if code in headers:
            found = _event_kind_from_text(headers[code])
            if found is not None:
                return found, KindSource.FILE, f"record {code}"
    return infer_kind(t.opponent, t.n_players)


def _check_points(t: Tournament, warnings: list[Diagnostic]) -> None:
    """Warn where the points column (81-84) disagrees with the results (and the point adjustments of
    record 299); the results are used.

    Except where the difference is exactly a half point, or exactly a win's points, for each round in
    which the player's line has no entry (a blank block, or no opponent and no result: ``    -   ``):
    those rounds are byes of that value, with a warning.  The Irish Chess Union's Krause files write a
    half-point bye so, and their points column counts it; read as rounds without a game, six of its
    2011 championships "differed" from their own ranks."""
    mismatches = points_mismatches(t.players, t.kind, t.scoring, t.adjustments)
    paired = cast("list[bool]", (t.opponent >= 0).any(axis=0).tolist()) if mismatches else []
    """The rounds in which some game was played: a bye is only in a round of the event."""
    for i, declared, computed in mismatches:
        p = t.players[i]
        pos = Position(p.position.path, p.position.line, 81) if p.position else None
        # rounds without an entry, the last ones included (read as a withdrawal until now)
        empty = [
            r for r in range(t.rounds) if paired[r] and t.kind[i, r] in (ResultKind.ABSENT, ResultKind.WITHDRAWN)
        ]
        each = (declared - computed) / len(empty) if empty else Fraction(0)
        kind = {t.scoring.draw: ResultKind.HALF_BYE, t.scoring.win: ResultKind.FULL_BYE}.get(each) if each else None
        if kind is not None:
            t.kind[i, empty] = kind
            # a withdrawal is the rounds without an entry up to the end: none before a bye
            row: npt.NDArray[np.int8] = t.kind[i]
            entered = np.flatnonzero((row != ResultKind.ABSENT) & (row != ResultKind.WITHDRAWN))
            if entered.size:
                before = row[: int(entered[-1])]
                before[before == ResultKind.WITHDRAWN] = ResultKind.ABSENT
            warnings.append(
                Diagnostic(
                    "points-byes",
                    msg(
                        "player {start_number}: round(s) {rounds} have no entry, and the points column ({declared}) "
                        "counts {value} for each: read as {byes}",
                        start_number=p.start_number, rounds=", ".join(str(r + 1) for r in empty),
                        declared=_number(declared), value=_number(each),
                        byes=msg("half-point byes") if kind is ResultKind.HALF_BYE else msg("full-point byes"),
                    ),
                    pos,
                )
            )  # fmt: skip
            continue
        warnings.append(Diagnostic("points-mismatch", points_message(p, declared, computed), pos))


def _number(value: Fraction) -> str:
    return str(value.numerator) if value.denominator == 1 else f"{float(value):g}"
