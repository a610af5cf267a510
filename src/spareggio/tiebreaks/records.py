"""Per-round records behind every tie-break value: one table per tie-break, one definition.

A :class:`RecordTable` holds, for every player and round of the frame, the input the rule uses (an
opponent's adjusted score, a rating, an opponent's Buchholz, the player's own cumulative score, the
points of the round...), the contribution to the total, whether it counts and, where it does not,
why (a stable code).  It also names the rule set and, for opponent-score tie-breaks, the opponent
view it was built from, so that an explanation cites the rule actually applied (the US Chess
tie-breaks use the US Chess view under any rule set).  Every tie-break has one record type,
:class:`Record`; the opponent-score tie-breaks (BH, FB, SB, the US Chess medians and Solkoff) fill
its extra fields (the Sonneborn-Berger factor, where the input came from, the 16.4 cap).  How the counted contributions make the total is the table's
:class:`Aggregate` (a sum, an exact average, an average rounded half up, ARO plus the B.02 rating
difference, the perfect performance, or the player's own datum).

The tie-breaks compute their totals from the table's arrays (:meth:`RecordTable.totals`), for all
players at once; :meth:`RecordTable.records` materialises one player's rows as :class:`Record`
objects for explanations, and :func:`aggregate` recomputes a total from those rows alone, in plain
Python, so that tests can check that the two agree for every tie-break and rule set.
"""

from __future__ import annotations

import enum
from fractions import Fraction
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from ..base.classes import dataclass
from ..core.model import Color, IntMatrix, IntVector, ResultKind
from ..rules.base import Source
from .cuts import CutMark
from .fide_rating import DP_TABLE, PD_TABLE, perfect_values, performance_values

if TYPE_CHECKING:
    from ..core.frame import Frame
    from ..rules.base import OpponentView, RuleSet

__all__ = [
    "Aggregate",
    "Record",
    "RecordTable",
    "Why",
    "aggregate",
    "expected_total",
    "perfect_rating",
    "round_half_up",
]


class Aggregate(enum.Enum):
    """How a table's counted contributions make the total."""

    SUM = "sum"
    """The sum of the counted contributions (Buchholz, SB, PS, KS, counts, ...)."""
    AVERAGE = "average"
    """Their exact average (AOB: C.07 states no rounding); undefined without any."""
    ROUNDED_AVERAGE = "rounded_average"
    """Their average rounded to the nearest integer, .5 up (ARO, APRO, APPO: C.07 Art. 10)."""
    ROUNDED_AVERAGE_OR_ZERO = "rounded_average_or_zero"
    """As :attr:`ROUNDED_AVERAGE`, but 0 instead of undefined when nothing counts: a program's
    departure from C.07 Art. 10 (the rule-set option ``no-games=zero``)."""
    PERFORMANCE = "performance"
    """TPR (C.07 10.2): the rounded average of the counted inputs (opponents' ratings) plus dp(p)
    of table B.02 8.1(a), p = the sum of the contributions (rating-scale points) over the games,
    rounded half up to a whole percent."""
    PERFECT = "perfect"
    """PTP (C.07 10.3): the lowest rating R whose expected scores against the counted inputs sum to
    the contributions' total; a zero score gives the lowest input minus 800."""
    OWN = "own"
    """The player's own datum (rating, pairing number): one element, no rounds."""


class Why(enum.IntEnum):
    """Why a round counts or not: stable codes for JSON, with words in the explanations."""

    COUNTED = 0
    NOT_PART = 1
    """The round is not an element of this tie-break at all (e.g. an unplayed round for ARO)."""
    CUT_LOW = 2
    """Removed as the least significant value (C.07 14.1)."""
    CUT_LOW_VUR = 3
    """A voluntary unplayed round removed first (C.07 16.5)."""
    CUT_LOW_OVER_VUR = 4
    """The least significant value removed because it exceeds the smallest VUR contribution (16.5)."""
    CUT_HIGH = 5
    """Removed as the most significant value (median, C.07 14.3)."""
    NOT_COUNTED = 6
    """An element that the rule does not count (not a win, not with Black, a voluntary unplayed round...)."""
    BELOW_LINE = 7
    """An opponent below the Koya line (C.07 9.2)."""
    UNDEFINED = 8
    """The opponent's value is undefined (an opponent without games for APRO/APPO)."""

    @property
    def code(self) -> str:
        return self.name.lower()

    @property
    def cut(self) -> CutMark:
        """The :class:`~spareggio.tiebreaks.cuts.CutMark` this code stands for (KEPT when it is not a cut)."""
        return _CUT_OF_WHY.get(self, CutMark.KEPT)


_CUT_OF_WHY = {
    Why.CUT_LOW: CutMark.LOW,
    Why.CUT_LOW_VUR: CutMark.LOW_VUR,
    Why.CUT_LOW_OVER_VUR: CutMark.LOW_OVER_VUR,
    Why.CUT_HIGH: CutMark.HIGH,
}


@dataclass(frozen=True)
class Record:
    """One element of one player's tie-break."""

    round: int | None
    """Round number, None for an element that is not a round (a rating, a pairing number)."""
    opponent: int | None
    """Start number of the (scheduled) opponent, None for none."""
    kind: ResultKind | None
    color: Color | None
    points: Fraction | None
    """Points the player received in the round."""
    input: Fraction | None
    """What the rule uses: see ``input_code``."""
    input_code: str
    contribution: Fraction | None
    """The contribution to the total (None where the round is not an element)."""
    why: Why
    vur: bool = False
    factor: Fraction | None = None
    """Sonneborn-Berger: the points counted as scored, which multiply the input."""
    source: Source | None = None
    """Opponent-score tie-breaks: where the input comes from (the opponent, a dummy, ...)."""
    cap: Fraction | None = None
    """The 16.4 cap that bounded a dummy's score, if one did."""
    own: Fraction | None = None
    """Opponent-score tie-breaks: the player's own score (what a dummy starts from)."""
    rules: str = ""
    """The rule set (its label) whose treatment of unplayed rounds built the record."""
    detail: str = ""
    """A stable code for what the record's input or contribution rests on when it is not plain:
    ``less_a_win`` (CUM: a round won without playing, 34E3), ``unrated`` (a rating that is the one
    given to unrated players, C.07 Art. 10)."""

    @property
    def counted(self) -> bool:
        return self.why is Why.COUNTED

    @property
    def present(self) -> bool:
        """Whether the round is an element of the tie-break at all."""
        return self.why is not Why.NOT_PART

    @property
    def cut(self) -> CutMark:
        """The cut mark of the record (KEPT unless a cut or median removed it)."""
        return self.why.cut

    @property
    def key(self) -> Fraction:
        """The input as a number (0 where the round is not an element)."""
        return self.input if self.input is not None else Fraction(0)

    @property
    def value(self) -> Fraction:
        """The contribution as a number (0 where the round is not an element)."""
        return self.contribution if self.contribution is not None else Fraction(0)


def round_half_up(value: Fraction) -> int:
    """The nearest integer, .5 up (C.07 Art. 10 averages)."""
    return int((value + Fraction(1, 2)).__floor__())


def aggregate(records: tuple[Record, ...] | list[Record], how: Aggregate) -> Fraction | None:
    """A total recomputed from one player's records alone (None: undefined).

    This is the reference the array path is checked against; it uses nothing but the records.
    """
    counted = [r for r in records if r.counted]
    if how is Aggregate.SUM:
        return sum((r.contribution or Fraction(0) for r in counted), Fraction(0))
    if how is Aggregate.OWN:
        return counted[0].input if counted else None
    if not counted:
        return Fraction(0) if how is Aggregate.ROUNDED_AVERAGE_OR_ZERO else None
    if how is Aggregate.AVERAGE:
        return sum((r.contribution or Fraction(0) for r in counted), Fraction(0)) / len(counted)
    if how in (Aggregate.ROUNDED_AVERAGE, Aggregate.ROUNDED_AVERAGE_OR_ZERO):
        return Fraction(
            round_half_up(sum((r.contribution or Fraction(0) for r in counted), Fraction(0)) / len(counted))
        )
    ratings = [int(r.input or 0) for r in counted]
    score = sum((r.contribution or Fraction(0) for r in counted), Fraction(0))
    if how is Aggregate.PERFORMANCE:
        aro = round_half_up(Fraction(sum(ratings), len(ratings)))
        percent = round_half_up(100 * score / len(ratings))
        return Fraction(aro + int(DP_TABLE[percent]))
    return Fraction(perfect_rating(ratings, score))


def expected_total(ratings: list[int], rating: int) -> int:
    """The sum, in hundredths, of the expected scores at ``rating`` against ``ratings`` (FIDE B.02
    8.1(b), the full table: no 400-point cap)."""

    def expected(difference: int) -> int:
        pd = int(PD_TABLE[min(abs(difference), len(PD_TABLE) - 1)])
        return pd if difference >= 0 else 100 - pd

    return sum(expected(rating - x) for x in ratings)


def perfect_rating(ratings: list[int], score: Fraction) -> int:
    """PTP (C.07 10.3) from a player's counted records: the lowest rating whose expected scores
    against ``ratings`` reach ``score``; a zero score gives the lowest rating minus 800."""
    if score == 0:
        return min(ratings) - 800
    target = int(score * 100)
    low = min(ratings) - len(PD_TABLE)
    high = max(ratings) + len(PD_TABLE)
    while high - low > 1:
        mid = (low + high) // 2
        if expected_total(ratings, mid) >= target:
            high = mid
        else:
            low = mid
    return high


@dataclass(frozen=True, eq=False)
class RecordTable:
    """The records of one tie-break for every player: players x rounds arrays.

    ``input`` and ``value`` are integers in units of ``1/input_den`` and ``1/value_den``; ``why`` is
    a :class:`Why` code per element (``Why.COUNTED`` where the element counts).  ``own`` is the
    single element of an ``OWN`` tie-break.  ``rules`` and ``view`` are the rule set and the
    opponent view the records were built from.  The opponent-score tables also give ``factor`` (in
    units of the frame), ``source`` (a :class:`~spareggio.rules.base.Source` per element), ``cap``
    (-1 where no cap applied) and ``own_score`` (per player, in units of the frame); ``detail``
    holds a stable code per element where the contribution is not simply the input.
    """

    frame: Frame
    aggregate: Aggregate
    input_code: str
    input: IntMatrix
    input_den: int
    value: IntMatrix
    value_den: int
    why: npt.NDArray[np.int8]
    vur: npt.NDArray[np.bool_] | None = None
    own: IntVector | None = None
    rules: RuleSet | None = None
    view: OpponentView | None = None
    factor: IntMatrix | None = None
    source: npt.NDArray[np.int8] | None = None
    cap: IntMatrix | None = None
    own_score: IntVector | None = None
    detail: npt.NDArray[np.bool_] | None = None
    detail_code: str = ""

    @property
    def counted(self) -> npt.NDArray[np.bool_]:
        counted: npt.NDArray[np.bool_] = self.why == Why.COUNTED
        return counted

    @classmethod
    def own_value(
        cls, frame: Frame, input_code: str, own: IntVector, rules: RuleSet | None = None
    ) -> RecordTable:
        empty = np.zeros((frame.n_players, 0), dtype=np.int64)
        return cls(
            frame,
            Aggregate.OWN,
            input_code,
            empty,
            1,
            empty,
            1,
            empty.astype(np.int8),
            own=own.astype(np.int64),
            rules=rules,
        )

    def totals(self) -> tuple[IntVector, int | IntVector, npt.NDArray[np.bool_]]:
        """(numerator, denominator, defined) of every player's total, from the arrays."""
        n = self.frame.n_players
        counted = self.counted
        if self.aggregate is Aggregate.OWN:
            assert self.own is not None
            return self.own.copy(), 1, np.ones(n, dtype=bool)
        total: IntVector = np.where(counted, self.value, 0).sum(axis=1).astype(np.int64)
        count: IntVector = counted.sum(axis=1).astype(np.int64)
        if self.aggregate is Aggregate.SUM:
            return total, self.value_den, np.ones(n, dtype=bool)
        if self.aggregate is Aggregate.AVERAGE:
            return total, np.maximum(count, 1) * self.value_den, count > 0
        if self.aggregate in (Aggregate.ROUNDED_AVERAGE, Aggregate.ROUNDED_AVERAGE_OR_ZERO):
            assert self.value_den == 1
            safe = np.maximum(count, 1)
            defined = count > 0 if self.aggregate is Aggregate.ROUNDED_AVERAGE else np.ones(n, dtype=bool)
            return np.where(count > 0, (2 * total + safe) // (2 * safe), 0), 1, defined
        if self.aggregate is Aggregate.PERFORMANCE:
            return performance_values(self.input, counted, total, count), 1, count > 0
        return perfect_values(self.input, counted, total, count), 1, count > 0

    def records(self, i: int) -> tuple[Record, ...]:
        """The rows of player index ``i``."""
        f = self.frame
        rules = self.rules.label if self.rules is not None else ""
        if self.aggregate is Aggregate.OWN:
            assert self.own is not None
            detail = self.detail_code if self.detail is not None and bool(self.detail[i].any()) else ""
            return (
                Record(None, None, None, None, None, Fraction(int(self.own[i])), self.input_code,
                       Fraction(int(self.own[i])), Why.COUNTED, rules=rules, detail=detail),
            )  # fmt: skip
        own = Fraction(int(self.own_score[i]), f.unit) if self.own_score is not None else None
        out = []
        for r in range(self.input.shape[1]):
            j = int(f.opponent[i, r])
            why = Why(int(self.why[i, r]))
            part = why is not Why.NOT_PART
            cap = int(self.cap[i, r]) if self.cap is not None else -1
            out.append(
                Record(
                    round=r + 1,
                    opponent=int(f.ids[j]) if j >= 0 else None,
                    kind=ResultKind(int(f.kind[i, r])),
                    color=Color(int(f.color[i, r])),
                    points=Fraction(int(f.points[i, r]), f.unit),
                    input=Fraction(int(self.input[i, r]), self.input_den) if part else None,
                    input_code=self.input_code,
                    contribution=Fraction(int(self.value[i, r]), self.value_den) if part else None,
                    why=why,
                    vur=bool(self.vur[i, r]) if self.vur is not None else False,
                    factor=Fraction(int(self.factor[i, r]), f.unit)
                    if self.factor is not None and part
                    else None,
                    source=Source(int(self.source[i, r])) if self.source is not None else None,
                    cap=Fraction(cap, f.unit) if cap >= 0 else None,
                    own=own,
                    rules=rules,
                    detail=self.detail_code if self.detail is not None and bool(self.detail[i, r]) else "",
                )
            )
        return tuple(out)
