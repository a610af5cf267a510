"""What every reader of a crosstable checks and derives, whatever the file format.

The TRF reader (:mod:`spareggio.io.trf`) and the tournament JSON reader
(:mod:`spareggio.io.tournament_json`) turn their text into the same players × rounds arrays
(opponent index, :class:`~spareggio.core.model.ResultKind`, colour); from there the rules are the same and
live here, once: which result pairs make one game (:data:`LEGAL`), the two sides of every game
(:func:`game_sides`), the finishing steps (:func:`finish`), the last round paired but not yet played
(:func:`early_pending`), pseudo-players standing for the bye (:func:`pseudo_players`,
:func:`drop_players`), Swiss or round robin from the pairings (:func:`infer_kind`) and the points a
file declares against its results (:func:`points_mismatches`).  Each reader reports what these find
with positions in its own format.
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Sequence
from fractions import Fraction

import numpy as np
import numpy.typing as npt

from ..base.classes import dataclass
from ..base.i18n import msg
from .games import (
    PLAYED,
    BoolMatrix,
    IntMatrix,
    IntVector,
    KindSource,
    Player,
    PointAdjustment,
    ResultKind,
    Scoring,
    TournamentKind,
    apply_adjustments,
    trailing_unpaired,
)

__all__ = [
    "LEGAL",
    "OTHER_SIDE",
    "PSEUDO_NAMES",
    "GameSides",
    "drop_players",
    "early_pending",
    "finish",
    "first_cell",
    "game_sides",
    "infer_kind",
    "is_bye_name",
    "points_message",
    "points_mismatches",
    "pseudo_players",
]

K = ResultKind
_FORFEIT_LOSS, _DOUBLE_FORFEIT, _ABSENT, _WITHDRAWN, _PENDING = (
    int(k) for k in (K.FORFEIT_LOSS, K.DOUBLE_FORFEIT, K.ABSENT, K.WITHDRAWN, K.PENDING)
)
"""Kinds as plain ints for the array operations of every file: NumPy compares an array with an
``IntEnum`` member several times slower than with an ``int`` (it looks the member's class up for
array protocols first)."""
_NK = max(ResultKind) + 1
SmallMatrix = npt.NDArray[np.int8]

_LEGAL_PAIRS = {
    (K.PLAYED_WIN, K.PLAYED_LOSS), (K.PLAYED_LOSS, K.PLAYED_WIN), (K.PLAYED_DRAW, K.PLAYED_DRAW),
    (K.PLAYED_LOSS, K.PLAYED_LOSS), (K.PLAYED_DRAW, K.PLAYED_LOSS), (K.PLAYED_LOSS, K.PLAYED_DRAW),
    (K.FORFEIT_WIN, K.FORFEIT_LOSS), (K.FORFEIT_LOSS, K.FORFEIT_WIN), (K.FORFEIT_LOSS, K.FORFEIT_LOSS),
    (K.PENDING, K.PENDING),
}  # fmt: skip
LEGAL = np.zeros((_NK, _NK), dtype=bool)
"""``LEGAL[a, b]``: one side of a game may read ``a`` when the other reads ``b`` (before double
forfeits are told apart; a game not yet played has no result on both sides)."""
for _a, _b in _LEGAL_PAIRS:
    LEGAL[_a, _b] = True

OTHER_SIDE = {
    K.PLAYED_WIN: K.PLAYED_LOSS, K.PLAYED_DRAW: K.PLAYED_DRAW, K.PLAYED_LOSS: K.PLAYED_WIN,
    K.FORFEIT_WIN: K.FORFEIT_LOSS, K.FORFEIT_LOSS: K.FORFEIT_WIN, K.PENDING: K.PENDING,
}  # fmt: skip
"""The side a repair writes for the opponent of a game written on one line only."""

PSEUDO_NAMES = frozenset(
    {
        "bye",
        "spielfrei",
        "free",
        "freilos",
        "riposo",
        "exempt",
        "exempte",
        "libre",
        "descanso",
        "turno di riposo",
        "bye player",
    }
)
"""Names programs give to a pseudo-player standing for the bye (compared folded: lower case, no
accents, punctuation as blanks)."""
_PREFIXES = frozenset(name[:3] for name in PSEUDO_NAMES)
"""The first three letters of those names: a cheap test before folding a name."""


@dataclass(frozen=True)
class GameSides:
    """The two sides of every game, as masks over (player, round)."""

    other: IntMatrix
    """The opponent of every cell (the player himself where there is none)."""
    one_sided: BoolMatrix
    """Cells whose opponent does not name them back."""
    pair: BoolMatrix
    """Each two-sided game once, from its lower index."""
    misfit: BoolMatrix
    """Games whose two results do not make one game (:data:`LEGAL`)."""
    same_colour: BoolMatrix
    """Games with the same colour on both sides."""
    no_colour: BoolMatrix
    """Games played over the board with no colour on one side."""


def game_sides(opponent: IntMatrix, kind: SmallMatrix, color: SmallMatrix) -> GameSides:
    """Check the two sides of every game at once."""
    n, width = opponent.shape
    rows, cols = np.arange(n)[:, None], np.arange(width)[None, :]
    has = opponent >= 0
    j = np.where(has, opponent, rows)
    one_sided = has & (opponent[j, cols] != rows)
    pair = has & ~one_sided & (rows < j)
    misfit = pair & ~LEGAL[kind, kind[j, cols]]
    other_colour = color[j, cols]
    same_colour = pair & (color != 0) & (color == other_colour)
    no_colour = pair & PLAYED[kind] & ((color == 0) | (other_colour == 0))
    return GameSides(j, one_sided, pair, misfit, same_colour, no_colour)


def first_cell(mask: BoolMatrix) -> tuple[int, int]:
    """The (player, round) of the first true cell, round by round and then by player."""
    r, i = np.argwhere(mask.T)[0]
    return int(i), int(r)


def finish(
    opponent: IntMatrix, kind: SmallMatrix, color: SmallMatrix, short: BoolMatrix
) -> tuple[IntMatrix, SmallMatrix, SmallMatrix, BoolMatrix]:
    """The last steps every reader shares once the games are consistent: forfeit losses on both sides
    become double forfeits, the arrays are cut after the last round holding any entry, and the
    rounds after a withdrawal are marked withdrawn.  ``kind`` is changed in place before cutting."""
    paired = opponent >= 0
    other = kind[np.maximum(opponent, 0), np.arange(kind.shape[1])[None, :]] if kind.size else kind
    kind[(kind == _FORFEIT_LOSS) & paired & (other == _FORFEIT_LOSS)] = _DOUBLE_FORFEIT
    used = np.flatnonzero((kind != _ABSENT).any(axis=0))
    rounds = int(used[-1]) + 1 if used.size else 0
    kind = kind[:, :rounds]
    if rounds:
        kind[trailing_unpaired(kind)] = _WITHDRAWN
    return (
        np.ascontiguousarray(opponent[:, :rounds], dtype=np.int64),
        np.ascontiguousarray(kind),
        np.ascontiguousarray(color[:, :rounds]),
        np.ascontiguousarray(short[:, :rounds]),
    )


def early_pending(kind: SmallMatrix) -> tuple[int, int] | None:
    """The first (player, round), round by round, of a game without result before the last round:
    only a file's last round may be paired and not yet played."""
    if kind.shape[1] <= 1:
        return None
    early = kind[:, :-1] == _PENDING
    return first_cell(early) if early.any() else None


def _fold(name: str) -> str:
    decomposed = unicodedata.normalize("NFKD", name.lower())
    letters = "".join(c for c in decomposed if not unicodedata.combining(c))
    return " ".join(re.sub(r"[^\w]+", " ", letters).split())


def is_bye_name(name: str) -> bool:
    """Whether a name is one programs give the bye (:data:`PSEUDO_NAMES`: ``BYE``, ``spielfrei`` ...)."""
    return name.lstrip(" -*.([").lower()[:3] in _PREFIXES and _fold(name) in PSEUDO_NAMES


def pseudo_players(players: Sequence[Player], kind: SmallMatrix) -> npt.NDArray[np.bool_]:
    """Player records that stand for the bye (``spielfrei``, ``BYE`` ...): a bye's name and never a
    point scored on the board (a real player with such a name who scored is kept)."""
    names = np.fromiter((is_bye_name(p.name) for p in players), dtype=bool, count=len(players))
    if not names.any():
        return names
    scored = ((kind == K.PLAYED_WIN) | (kind == K.PLAYED_DRAW) | (kind == K.FORFEIT_WIN)).any(axis=1)
    pseudo: npt.NDArray[np.bool_] = names & ~scored
    return pseudo


def drop_players(drop: npt.NDArray[np.bool_], opponent: IntMatrix) -> tuple[IntVector, IntMatrix, BoolMatrix]:
    """Leave out the players of ``drop``: the indices kept, the opponents renumbered (a game against a
    dropped player has none), and the cells that had a game against a dropped player."""
    against = (opponent >= 0) & drop[np.maximum(opponent, 0)] & ~drop[:, None]
    keep = np.flatnonzero(~drop)
    new_index = np.full(drop.size, -1, dtype=np.int64)
    new_index[keep] = np.arange(keep.size)
    renumbered = np.where(opponent >= 0, new_index[np.maximum(opponent, 0)], -1)[keep]
    return keep, renumbered, against


def infer_kind(opponent: IntMatrix, n: int) -> tuple[TournamentKind, KindSource, str]:
    """Round robin when every pair of players was scheduled against each other; with the source
    and basis of the kind (:attr:`~spareggio.core.model.Tournament.kind_basis`)."""
    rounds = opponent.shape[1]
    if 2 <= n <= rounds + 1:
        met = np.zeros((n, n), dtype=bool)
        rows, cols = np.nonzero(opponent >= 0)
        met[rows, opponent[rows, cols]] = True
        np.fill_diagonal(met, True)
        if met.all():
            return TournamentKind.ROUND_ROBIN, KindSource.INFERRED, "all-paired"
    return TournamentKind.SWISS, KindSource.INFERRED, "not-all-paired"


def points_mismatches(
    players: Sequence[Player],
    kind: SmallMatrix,
    scoring: Scoring,
    adjustments: Sequence[PointAdjustment] = (),
) -> list[tuple[int, Fraction, Fraction]]:
    """The players whose declared points disagree with their results (and the point adjustments of
    TRF-26 record 299): (index, declared, computed).  A game not yet played counts nothing on either
    side."""
    unit = scoring.unit
    for a in adjustments:
        unit = math.lcm(unit, a.points.denominator)
    table = scoring.points_table() * (unit // scoring.unit)
    totals = table[kind.astype(np.int64)].sum(axis=1) if kind.shape[1] else np.zeros(len(players), np.int64)
    if adjustments and kind.shape[1]:
        points = table[kind.astype(np.int64)]
        bonus, _ = apply_adjustments(kind, points, tuple(adjustments), unit)
        totals = points.sum(axis=1) + bonus.sum(axis=1)
    # declared points in units, by the Fraction object: a reader shares one object among the players
    # who declare the same text, and every object stays alive (held by its player) meanwhile
    written: dict[int, int | None] = {}
    found = []
    computed: list[int] = totals.tolist()  # Python ints: compared once per player
    for i, p in enumerate(players):
        declared = p.points
        if declared is None:
            continue
        units = written.get(id(declared), _UNSET)
        if units is _UNSET:
            value = declared * unit
            units = written[id(declared)] = int(value) if value.denominator == 1 else None
        if units != computed[i]:
            found.append((i, declared, Fraction(computed[i], unit)))
    return found


_UNSET = object()


def points_message(player: Player, declared: Fraction, computed: Fraction) -> str:
    """The warning for a player whose declared points disagree with his results."""
    return msg(
        "player {start_number}: the points column says {declared} but the results add up to {computed}; "
        "the results are used",
        start_number=player.start_number,
        declared=_points(declared),
        computed=_points(computed),
    )


def _points(value: Fraction) -> str:
    return f"{float(value):.1f}" if value.denominator <= 2 else str(float(value))
