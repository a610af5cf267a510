"""The crosstable from per-player cells, as the JSON readers hold it: every player's opponent (a
start number, 0 for none), result character and colour character in every round, with the TRF
meaning of every code (digest ``trf-format.md``, player records).  The cells are checked (both sides
of every game, colours, codes) and become the players x rounds arrays of a
:class:`~spareggio.core.model.Tournament`; a reader says where a cell is in its file through ``error`` and
``warn``.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import numpy.typing as npt

from ..base.errors import InputError
from ..base.i18n import msg
from ..core.crosstable import early_pending, finish, first_cell, game_sides
from ..core.model import Color, ResultKind

__all__ = ["CellError", "CellWarning", "crosstable_from_cells"]

K = ResultKind

CellError = Callable[[str, int, int, str], InputError]
"""``(field, player index, round index, message)`` -> the error to raise, placed at the cell;
``field`` is ``opponent``, ``result`` or ``color``."""
CellWarning = Callable[[str, str, int, int, str], None]
"""``(code, field, player index, round index, message)``: a warning about a cell."""

_NO_CODE = 0
# code classes, by byte value: what a result character means with an opponent / without one
_WITH_OPPONENT = np.zeros(256, dtype=np.int8)
_WITHOUT_OPPONENT = np.zeros(256, dtype=np.int8)
_SHORT = np.zeros(256, dtype=bool)
for _chars, _kind in (
    ("1", K.PLAYED_WIN),
    ("=", K.PLAYED_DRAW),
    ("0", K.PLAYED_LOSS),
    ("Ww", K.PLAYED_WIN),
    ("Dd", K.PLAYED_DRAW),
    ("Ll", K.PLAYED_LOSS),
    ("+", K.FORFEIT_WIN),
    ("-", K.FORFEIT_LOSS),
    (" ", K.PENDING),
):
    for _c in _chars:
        _WITH_OPPONENT[ord(_c)] = _kind
for _c in "WwDdLl":
    _SHORT[ord(_c)] = True
for _chars, _kind in (
    ("Uu", K.PAB),
    ("Ff", K.FULL_BYE),
    ("Hh", K.HALF_BYE),
    ("Zz", K.ZERO_BYE),
    ("- ", K.ABSENT),
):
    for _c in _chars:
        _WITHOUT_OPPONENT[ord(_c)] = _kind
_COLOR = np.full(256, -1, dtype=np.int8)
for _chars, _col in (("Ww", Color.WHITE), ("Bb", Color.BLACK), ("- ", Color.NONE)):
    for _c in _chars:
        _COLOR[ord(_c)] = _col


def crosstable_from_cells(
    opp_sno: npt.NDArray[np.int64],
    result: npt.NDArray[np.uint8],
    colour: npt.NDArray[np.uint8],
    sno: npt.NDArray[np.int64],
    *,
    error: CellError,
    warn: CellWarning,
) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int8], npt.NDArray[np.int8], npt.NDArray[np.bool_]]:
    """The crosstable as (opponent index, kind, colour, short game) arrays, players x rounds, from
    (players x rounds) cells: opponent start numbers (0: none), result and colour characters.

    :raises InputError: (from ``error``) for an unknown opponent, a self-pairing, a bad code, the two
        sides of a game that do not fit, or a pairing without result before the last round.
    """
    n, width = opp_sno.shape
    # start numbers to indices
    if np.array_equal(sno, np.arange(1, n + 1)):
        opponent = opp_sno - 1
        unknown = opp_sno > n
    else:
        order = np.argsort(sno)
        ordered = sno[order]
        at = np.minimum(np.searchsorted(ordered, opp_sno), n - 1)
        found = ordered[at] == opp_sno
        opponent = np.where(found, order[at], -1)
        unknown = (opp_sno > 0) & ~found
    if unknown.any():
        i, r = first_cell(unknown)
        raise error(
            "opponent",
            i,
            r,
            msg("opponent {value} is not the start number of any player", value=int(opp_sno[i, r])),
        )
    opponent = np.where(opp_sno > 0, opponent, -1)
    rows = np.arange(n)[:, None]
    if (opponent == rows).any():
        i, r = first_cell(opponent == rows)
        raise error(
            "opponent",
            i,
            r,
            msg("player {player} is paired against himself", player=int(sno[i])),
        )

    # result codes
    paired = opponent >= 0
    kind = np.where(paired, _WITH_OPPONENT[result], _WITHOUT_OPPONENT[result]).astype(np.int8)
    if (kind == _NO_CODE).any():
        i, r = first_cell(kind == _NO_CODE)
        code = chr(result[i, r])
        if paired[i, r] and _WITHOUT_OPPONENT[result[i, r]]:
            why = msg("result {code!r} is a bye and cannot have an opponent", code=code)
        elif not paired[i, r] and _WITH_OPPONENT[result[i, r]]:
            why = msg("result {code!r} is a game and needs an opponent", code=code)
        else:
            why = msg(
                "{code!r} is not a result code (1 = 0 W D L + - U F H Z, '-' or ' ' when not paired)",
                code=code,
            )
        raise error("result", i, r, why)
    color = _COLOR[colour]
    if (color < 0).any():
        i, r = first_cell(color < 0)
        raise error("color", i, r, msg("{code!r} is not a colour (w, b or -)", code=chr(colour[i, r])))
    color = np.where(paired, color, Color.NONE).astype(np.int8)
    short = paired & _SHORT[result]

    # both sides of every game
    cols = np.broadcast_to(np.arange(width), (n, width))
    j = np.maximum(opponent, 0)
    back = opponent[j, cols]
    sides = game_sides(opponent, kind, color)
    if sides.one_sided.any():
        i, r = first_cell(sides.one_sided)
        other = int(opponent[i, r])
        says = (
            msg("names opponent {player}", player=int(sno[back[i, r]]))
            if back[i, r] >= 0
            else msg("has no opponent")
        )
        raise error(
            "opponent",
            i,
            r,
            msg(
                "round {round}: player {player} is paired with {player2}, but player {player2} {says} in round {round}",
                round=r + 1,
                player=int(sno[i]),
                player2=int(sno[other]),
                says=says,
            ),
        )
    if sides.misfit.any():
        i, r = first_cell(sides.misfit)
        other = int(opponent[i, r])
        raise error(
            "result",
            i,
            r,
            msg(
                "round {round}: results {code!r} (player {player}) and {code2!r} (player {player2}) do not fit together",
                round=r + 1,
                code=chr(result[i, r]),
                player=int(sno[i]),
                code2=chr(result[other, r]),
                player2=int(sno[other]),
            ),
        )
    if sides.same_colour.any():
        i, r = first_cell(sides.same_colour)
        raise error(
            "color",
            i,
            r,
            msg(
                "round {round}: players {player} and {player2} both have colour {value}",
                round=r + 1,
                player=int(sno[i]),
                player2=int(sno[opponent[i, r]]),
                value="w" if color[i, r] == Color.WHITE else "b",
            ),
        )
    if sides.no_colour.any():
        i, r = first_cell(sides.no_colour)
        warn(
            "missing-colour",
            "color",
            i,
            r,
            msg(
                "round {round}: the game {player}-{player2} has no colour on one side",
                round=r + 1,
                player=int(sno[i]),
                player2=int(sno[opponent[i, r]]),
            ),
        )

    finished = finish(opponent, kind, color, short)
    late = early_pending(finished[1])
    if late is not None:
        i, r = late
        raise error(
            "result",
            i,
            r,
            msg(
                "round {round}: a pairing of player {player} has no result; only the last round may be paired without results",
                round=r + 1,
                player=int(sno[i]),
            ),
        )
    return finished
