"""What a tournament is made of: players, the scoring system, the kinds of result of a round, the
point adjustments, and the integer arrays that hold them (:class:`spareggio.core.model.Tournament` puts
them together; :class:`spareggio.core.frame.Frame` reads them).

Players are addressed internally by index ``0..n-1`` (their order in the file); start numbers appear
only at the edges (input, output, explanations).  Every (player, round) cell holds exactly one
:class:`ResultKind`.  Arithmetic is exact: points are integers in units of ``1/scoring.unit``.
"""

from __future__ import annotations

import enum
import functools
import math
from dataclasses import field
from fractions import Fraction
from typing import TypeAlias

import numpy as np
import numpy.typing as npt

from ..base.classes import dataclass
from ..base.errors import Position

__all__ = [
    "RATING_METHODS",
    "BoolMatrix",
    "Color",
    "IntMatrix",
    "KindSource",
    "Player",
    "PointAdjustment",
    "ResultKind",
    "ScoreName",
    "Scoring",
    "TournamentKind",
    "distinct",
    "trailing_unpaired",
]

IntMatrix: TypeAlias = npt.NDArray[np.int64]
"""A (players × rounds) integer array."""
BoolMatrix: TypeAlias = npt.NDArray[np.bool_]
IntVector: TypeAlias = npt.NDArray[np.int64]


def distinct(values: npt.ArrayLike) -> tuple[IntVector, IntVector]:
    """The sorted distinct values of an integer array and, for every element, the index of its value
    among them: ``numpy.unique(values, return_inverse=True)`` by one stable sort (``numpy.unique``
    loads ``numpy.ma`` on its first call, a noticeable cost for a small tournament)."""
    flat = np.asarray(values, dtype=np.int64).ravel()
    order = np.argsort(flat, kind="stable")
    ordered = flat[order]
    new = np.ones(flat.size, dtype=bool)
    new[1:] = ordered[1:] != ordered[:-1]
    inverse = np.empty(flat.size, dtype=np.int64)
    inverse[order] = np.cumsum(new) - 1
    return ordered[new], inverse


class ResultKind(enum.IntEnum):
    """What happened to one player in one round (C.07 16.1-16.2; TRF result codes)."""

    PLAYED_WIN = 1
    """A game won over the board (TRF ``1``, or ``W`` for a game shorter than one move)."""
    PLAYED_DRAW = 2
    """A game drawn over the board (TRF ``=`` or ``D``)."""
    PLAYED_LOSS = 3
    """A game lost over the board (TRF ``0`` or ``L``)."""
    FORFEIT_WIN = 4
    """Won by forfeit against the scheduled opponent (TRF ``+``): C.07 16.2.2."""
    FORFEIT_LOSS = 5
    """Lost by forfeit against the scheduled opponent, who came (TRF ``-``): a VUR, C.07 16.2.4."""
    DOUBLE_FORFEIT = 6
    """Neither scheduled player came (TRF ``-`` on both lines): a forfeit loss and VUR for both."""
    PAB = 7
    """Pairing-allocated bye (TRF ``U``): C.07 16.2.1, not a VUR."""
    FULL_BYE = 8
    """Requested full-point bye (TRF ``F``): C.07 16.2.1, not a VUR."""
    HALF_BYE = 9
    """Requested half-point bye (TRF ``H``): a VUR, C.07 16.2.3 or 16.2.5."""
    ZERO_BYE = 10
    """Requested zero-point bye or known absence (TRF ``Z``): a VUR."""
    ABSENT = 11
    """Not paired, no result (TRF blank or ``0000 - -``): treated as a zero-point bye, a VUR."""
    WITHDRAWN = 12
    """Not paired because the player withdrew: the rounds after the last entry; a zero-point bye."""
    PENDING = 13
    """Paired, result not yet known (a file exported after the pairing of its last round).  Only the
    last round of a file may hold it, and no standings frame does: the round counts once it is played,
    and Fore Buchholz takes it as a draw (C.07 8.3)."""

    @property
    def has_opponent(self) -> bool:
        return bool(HAS_OPPONENT[self])

    @property
    def played(self) -> bool:
        return bool(PLAYED[self])

    @property
    def label(self) -> str:
        return _LABELS[self]


_LABELS = {
    ResultKind.PLAYED_WIN: "win",
    ResultKind.PLAYED_DRAW: "draw",
    ResultKind.PLAYED_LOSS: "loss",
    ResultKind.FORFEIT_WIN: "forfeit win",
    ResultKind.FORFEIT_LOSS: "forfeit loss",
    ResultKind.DOUBLE_FORFEIT: "double forfeit",
    ResultKind.PAB: "pairing-allocated bye",
    ResultKind.FULL_BYE: "full-point bye",
    ResultKind.HALF_BYE: "half-point bye",
    ResultKind.ZERO_BYE: "zero-point bye",
    ResultKind.ABSENT: "not paired",
    ResultKind.WITHDRAWN: "withdrawn",
    ResultKind.PENDING: "paired, not yet played",
}

_NK = max(ResultKind) + 1


def _kind_table(kinds: set[ResultKind]) -> npt.NDArray[np.bool_]:
    table = np.zeros(_NK, dtype=bool)
    for k in kinds:
        table[k] = True
    return table


K = ResultKind
PLAYED = _kind_table({K.PLAYED_WIN, K.PLAYED_DRAW, K.PLAYED_LOSS})
"""Kinds that are games played over the board (indexable by a kind array)."""
FORFEIT = _kind_table({K.FORFEIT_WIN, K.FORFEIT_LOSS, K.DOUBLE_FORFEIT})
HAS_OPPONENT = PLAYED | FORFEIT | _kind_table({K.PENDING})
"""Kinds with a scheduled opponent."""
VUR = _kind_table({K.FORFEIT_LOSS, K.DOUBLE_FORFEIT, K.HALF_BYE, K.ZERO_BYE, K.ABSENT, K.WITHDRAWN})
"""Voluntary unplayed rounds, C.07 16.1.2."""
REQUESTED_BYE = _kind_table({K.HALF_BYE, K.ZERO_BYE, K.ABSENT, K.WITHDRAWN})
"""Unplayed rounds without opponent that C.07 16.2.5 may re-value as draws (16.1.1)."""
NO_OPPONENT = ~HAS_OPPONENT
NO_OPPONENT[0] = False

# Result class of every kind: 1 win, 0 draw, -1 loss (what a dummy opponent "plays" against).
RESULT_CLASS = np.zeros(_NK, dtype=np.int8)
for _k in (K.PLAYED_WIN, K.FORFEIT_WIN, K.PAB, K.FULL_BYE):
    RESULT_CLASS[_k] = 1
for _k in (K.PLAYED_LOSS, K.FORFEIT_LOSS, K.DOUBLE_FORFEIT, K.ZERO_BYE, K.ABSENT, K.WITHDRAWN):
    RESULT_CLASS[_k] = -1


_ABSENT, _WITHDRAWN = int(ResultKind.ABSENT), int(ResultKind.WITHDRAWN)


def trailing_unpaired(kind: npt.NDArray[np.int8]) -> npt.NDArray[np.bool_]:
    """Rounds without any entry (not paired, or already marked withdrawn) from which the player has no
    entry up to the last round: the rounds after a withdrawal."""
    gone = (kind == _ABSENT) | (kind == _WITHDRAWN)  # ints: faster than IntEnum members with NumPy
    trailing: npt.NDArray[np.bool_] = np.flip(
        np.logical_and.accumulate(np.flip(gone, axis=1), axis=1), axis=1
    )
    return trailing


class ScoreName(enum.StrEnum):
    """The score that ranks participants, or that a criterion is computed on: a player's points, a
    team's match points or game points (C.07 11.1; ``BH:GP``)."""

    PTS = "PTS"
    MP = "MP"
    GP = "GP"


class Color(enum.IntEnum):
    """The colour a player had (or was scheduled to have) in a round."""

    NONE = 0
    """No colour: a bye or no pairing."""
    WHITE = 1
    BLACK = 2


class KindSource(enum.StrEnum):
    """Why a tournament is Swiss or round robin: a stable code (the JSON's ``kind_source_code``);
    :attr:`Tournament.kind_basis` holds what decided it, and the renderers say both in words."""

    FILE = "file"
    """The file declares it (``kind_basis``: the record or field, ``record 092``, ``event.kind``)."""
    INFERRED = "inferred"
    """Inferred from the pairings (``kind_basis``: ``all-paired`` or ``not-all-paired``)."""
    OPTION = "option"
    """Chosen by the caller (``--swiss``, ``--round-robin``)."""
    GENERATED = "generated"
    """A synthetic tournament."""
    DEFAULT = "default"
    """A team event that says nothing about it."""


class TournamentKind(enum.Enum):
    """Pairing system family, which decides between C.07 Article 16 and Article 15."""

    SWISS = "swiss"
    """Pairings made round by round: Article 16 governs unplayed rounds."""
    ROUND_ROBIN = "round-robin"
    """Pre-determined pairings: Article 15 (forfeits are regular games, the free round is ignored)."""


@dataclass(frozen=True)
class Scoring:
    """Points awarded per result (TRF-2x record 162; default 1 / ½ / 0)."""

    win: Fraction = Fraction(1)
    draw: Fraction = Fraction(1, 2)
    loss: Fraction = Fraction(0)
    absence: Fraction = Fraction(0)
    """Zero-point bye, absence and forfeit loss (162 symbol ``A``)."""
    pab: Fraction | None = None
    """Pairing-allocated bye (162 symbol ``P``); ``None`` means the same as a win."""

    @property
    def pab_points(self) -> Fraction:
        return self.win if self.pab is None else self.pab

    @property
    def unit(self) -> int:
        """The smallest denominator that expresses every value as an integer."""
        d = 1
        for v in (self.win, self.draw, self.loss, self.absence, self.pab_points):
            d = math.lcm(d, v.denominator)
        return d

    def points_table(self) -> IntVector:
        """Points of every :class:`ResultKind`, in units of ``1/unit`` (a copy: the caller may
        change it)."""
        return _points_table(self).copy()

    @property
    def is_default(self) -> bool:
        return self == Scoring()


@functools.lru_cache(maxsize=64)
def _points_table(scoring: Scoring) -> IntVector:
    """:meth:`Scoring.points_table`, made once per scoring system (a batch reads thousands of files
    that share two or three)."""
    u = scoring.unit
    table = np.zeros(_NK, dtype=np.int64)
    values = {
        K.PLAYED_WIN: scoring.win,
        K.PLAYED_DRAW: scoring.draw,
        K.PLAYED_LOSS: scoring.loss,
        K.FORFEIT_WIN: scoring.win,
        K.FORFEIT_LOSS: scoring.absence,
        K.DOUBLE_FORFEIT: scoring.absence,
        K.PAB: scoring.pab_points,
        K.FULL_BYE: scoring.win,
        K.HALF_BYE: scoring.draw,
        K.ZERO_BYE: scoring.absence,
        K.ABSENT: scoring.absence,
        K.WITHDRAWN: scoring.absence,
    }
    for kind, value in values.items():
        table[kind] = int(value * u)
    return table


@dataclass(frozen=True)
class Player:
    """One participant as written in its TRF ``001`` record."""

    start_number: int
    name: str
    sex: str = ""
    title: str = ""
    rating: int | None = None
    federation: str = ""
    fide_id: str = ""
    birth_date: str = ""
    points: Fraction | None = None
    """Points as written in the file (columns 81-84); the engine recomputes them from the results."""
    rank: int | None = None
    """Rank as written in the file (columns 86-89)."""
    national_rating: int | None = None
    """The national rating (TRF-26 national rating record of record 172's federation), if any."""
    position: Position | None = field(default=None, compare=False)
    """Where the player's record is in the input file."""


ADJUSTABLE: dict[str, tuple[ResultKind, ...]] = {
    "W": (K.PLAYED_WIN,),
    "D": (K.PLAYED_DRAW,),
    "L": (K.PLAYED_LOSS,),
    "F": (K.FULL_BYE,),
    "H": (K.HALF_BYE,),
    "Z": (K.ZERO_BYE, K.ABSENT, K.WITHDRAWN),
    "+": (K.FORFEIT_WIN,),
    "-": (K.FORFEIT_LOSS, K.DOUBLE_FORFEIT),
}
"""The result types of TRF-26 record 299 and the kinds of round each one names."""


RATING_METHODS: dict[str, str] = {
    "FIDE": "the FIDE rating",
    "NRO": "the national rating",
    "FIDON": "the FIDE rating, else the national one",
    "NIDOF": "the national rating, else the FIDE one",
    "HBFN": "the higher of the FIDE and national ratings",
    "LBFN": "the lower of the FIDE and national ratings",
}
"""The ratings rating tie-breaks can use: the methods of TRF-26 record 172 (``OTHER`` is read as
``FIDE``, with a warning)."""


def rating_by(method: str, fide: int | None, national: int | None) -> int | None:
    """The rating a player counts with under a :data:`RATING_METHODS` method."""
    if method == "NRO":
        return national
    if method == "FIDON":
        return fide if fide is not None else national
    if method == "NIDOF":
        return national if national is not None else fide
    both = [r for r in (fide, national) if r is not None]
    if method == "HBFN":
        return max(both) if both else None
    if method == "LBFN":
        return min(both) if both else None
    return fide


@dataclass(frozen=True)
class PointAdjustment:
    """Points assigned outside the scoring system (TRF-26 record 299, "abnormal points assignment").

    With a result type, the rounds of that type (of the player, in the round, or everywhere when
    ``player`` or ``round`` is None) score ``points`` instead of the scoring system's value.  Without
    one (``result == ""``) it is a bonus (or, negative, a penalty) added to the player's score: in
    ``round``, or once for the event when ``round`` is None.
    """

    result: str
    """The result type (``W D L F H Z + -``), or ``""`` for a bonus or penalty."""
    points: Fraction
    player: int | None
    """The player's index, None for every player."""
    round: int | None
    """The round, 0-based; None for every round (a bonus or penalty: once, not tied to a round)."""
    position: Position | None = None
    """The record in the input file."""

    def applies_to(self, kind: ResultKind) -> bool:
        """Whether a typed adjustment names a round of this kind."""
        return kind in ADJUSTABLE.get(self.result, ())


def apply_adjustments(
    kind: npt.NDArray[np.int8], points: IntMatrix, adjustments: tuple[PointAdjustment, ...], unit: int
) -> tuple[IntMatrix, BoolMatrix]:
    """Apply point adjustments (record 299) to the points of the rounds ``kind`` holds, in file order
    (a later one wins): a typed one sets ``points`` (in place) in the cells of its type; a bonus or
    penalty goes to the returned (players x rounds) bonus matrix, in its round or, with none, in the
    last round.  Returns the bonuses and the mask of the cells an adjustment touched; ``unit`` is
    the points' unit (a multiple of every adjustment's denominator)."""
    n, rounds = kind.shape
    bonus = np.zeros((n, rounds), dtype=np.int64)
    marked = np.zeros((n, rounds), dtype=bool)
    for a in adjustments:
        rows = slice(None) if a.player is None else slice(a.player, a.player + 1)
        value = int(a.points * unit)
        r = (rounds - 1 if a.round is None and not a.result else a.round)
        if not rounds or (r is not None and r >= rounds):
            continue
        cols = slice(None) if r is None else slice(r, r + 1)
        if a.result:
            hit = np.isin(kind[rows, cols], [int(k) for k in ADJUSTABLE[a.result]])
            points[rows, cols][hit] = value
            marked[rows, cols] |= hit
        else:
            bonus[rows, cols] += value
            marked[rows, cols] = True
    return bonus, marked
