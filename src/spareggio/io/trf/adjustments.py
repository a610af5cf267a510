"""TRF-26 record 299, "abnormal points assignment": points given outside the scoring system.

Layout (digest ``trf-format.md`` §7.10, TRF-26 table): the result type in column 5 (``W D L F H Z
+ -``, or blank for a bonus or penalty), match points in 8-11 (team events only), points in 14-17
(``[-]11.5``), the round in 20-22 (``000`` or blank: every round), the participants' start numbers
from column 24, four columns each with a blank before.  A typed record makes the rounds of that type
(of the players named, or of everyone) score its points instead of the scoring system's value; a
blank type adds its points to the players' scores, in its round or, with no round, once.  Each
record applied is said in a warning with its line.
"""

from __future__ import annotations

import re
from fractions import Fraction

import numpy as np
import numpy.typing as npt

from ...base.errors import Diagnostic, Position, TrfConsistencyError, TrfSyntaxError
from ...base.i18n import Text, msg
from ...core.model import ADJUSTABLE, IntVector, PointAdjustment
from .players import _points_value
from .text import MAX_ROUNDS

__all__ = ["read_adjustments"]

_ID = r"\S+"  # compiled by re the first time a record 299 is read


def _show(points: Fraction) -> str:
    """Points with their sign, as a file writes them (``+1.0``, ``-0.5``)."""
    text = f"{float(points):+.1f}" if (points * 2).denominator == 1 else f"{float(points):+}"
    return text


def _label(result: str) -> Text:
    return Text(ADJUSTABLE[result][0].label, "kind")


def _read_one(line: str, pos: Position, index: IntVector) -> tuple[str, Fraction, int | None, list[int]]:
    """(type, points, round or None, player indices) of one record."""
    result = line[4:5].strip().upper()
    if result and result not in ADJUSTABLE:
        raise TrfSyntaxError(
            msg(
                "record 299: expected a result type (W D L F H Z + -) or a blank in column 5, found {value!r}",
                value=line[4:5],
            ),
            Position(pos.path, pos.line, 5),
        )
    raw = line[12:18]
    try:
        points = _points_value(raw)
    except ValueError:
        points = None
        raw = raw.strip() or raw
    if points is None:
        raise TrfSyntaxError(
            msg("record 299: expected points like '-1.0' in columns 14-17, found {raw!r}", raw=raw),
            Position(pos.path, pos.line, 14),
        )
    text = line[19:22].strip()
    if text and not text.isdigit():
        raise TrfSyntaxError(
            msg("record 299: expected a round number in columns 20-22, found {raw!r}", raw=line[19:22]),
            Position(pos.path, pos.line, 20),
        )
    rnd = int(text) if text else 0
    if rnd > MAX_ROUNDS:
        raise TrfSyntaxError(
            msg("record 299: round {rnd} out of range", rnd=rnd), Position(pos.path, pos.line, 20)
        )
    players: list[int] = []
    for m in re.compile(_ID).finditer(line, 23):
        col = m.start() + 1
        if not m.group().isdigit() or len(m.group()) > 4:
            raise TrfSyntaxError(
                msg(
                    "record 299: expected a start number at column {col}, found {raw!r}",
                    col=col,
                    raw=m.group(),
                ),
                Position(pos.path, pos.line, col),
            )
        sno = int(m.group())
        if sno >= index.size or index[sno] < 0:
            raise TrfConsistencyError(
                msg("record 299: no player with start number {sno}", sno=sno),
                Position(pos.path, pos.line, col),
            )
        players.append(int(index[sno]))
    return result, points, (rnd - 1 if rnd else None), players


def read_adjustments(
    lines: list[tuple[str, Position]],
    index: IntVector,
    start_numbers: list[int],
    kind: npt.NDArray[np.int8],
    warnings: list[Diagnostic],
) -> tuple[PointAdjustment, ...]:
    """The adjustments of the 299 records (in file order), each said in a warning at its line.

    :param index: player index by start number (-1: none).
    :param kind: the kinds of every (player, round), to tell a typed record that names no round.
    :raises InputError: for a malformed record or an unknown start number, at its column.
    """
    found: list[PointAdjustment] = []
    for line, pos in lines:
        result, points, rnd, players = _read_one(line, pos, index)
        who = ", ".join(str(start_numbers[i]) for i in players)
        shown = _show(points) if not result else f"{float(points):.1f}"
        if result:
            targets: list[int | None] = list(players) or [None]
            for i in targets:
                found.append(PointAdjustment(result, points, i, rnd, pos))
            rows = players or list(range(kind.shape[0]))
            cols = [rnd] if rnd is not None else list(range(kind.shape[1]))
            cols = [c for c in cols if c < kind.shape[1]]
            hits = (
                np.isin(kind[np.ix_(rows, cols)], [int(k) for k in ADJUSTABLE[result]])
                if rows and cols
                else None
            )
            label = _label(result)
            if players and rnd is not None:
                text = msg(
                    "record 299 applied: the {label} of player(s) {players} in round {round} scores {points}",
                    label=label, players=who, round=rnd + 1, points=shown,
                )  # fmt: skip
            elif players:
                text = msg(
                    "record 299 applied: every {label} of player(s) {players} scores {points}",
                    label=label, players=who, points=shown,
                )  # fmt: skip
            elif rnd is not None:
                text = msg(
                    "record 299 applied: every {label} in round {round} scores {points}",
                    label=label, round=rnd + 1, points=shown,
                )  # fmt: skip
            else:
                text = msg("record 299 applied: every {label} scores {points}", label=label, points=shown)
            if hits is None or not hits.any():
                text = msg(
                    "record 299 changes nothing: it sets the points of a {label}, and the rounds it names hold none",
                    label=label,
                )
            warnings.append(Diagnostic("record-299", text, pos))
            continue
        if not players:
            raise TrfSyntaxError(
                msg(
                    "record 299: a bonus or penalty (blank type) needs the start numbers it applies to, from column 24"
                ),
                Position(pos.path, pos.line, 24),
            )
        for i in players:
            found.append(PointAdjustment("", points, i, rnd, pos))
        if rnd is not None:
            text = msg(
                "record 299 applied: {points} to the score of player(s) {players} in round {round} (a bonus or penalty)",
                points=shown, players=who, round=rnd + 1,
            )  # fmt: skip
        else:
            text = msg(
                "record 299 applied: {points} to the score of player(s) {players}, once (a bonus or penalty of no round: "
                "counted in the last round)",
                points=shown, players=who,
            )  # fmt: skip
        warnings.append(Diagnostic("record-299", text, pos))
    return tuple(found)
