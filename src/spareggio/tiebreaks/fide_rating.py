"""FIDE Rating Regulations B.02, tables 8.1(a) and 8.1(b), and the performance arithmetic built on
them (TPR of C.07 10.2, PTP of 10.3) over whole arrays of players.

Integer arithmetic only: scores in half points, expected scores in hundredths.  The rating-based
tie-breaks (:mod:`.rating`) and the records that explain them (:mod:`.records`) both use this module.
"""

from __future__ import annotations

from typing import Final, TypeAlias

import numpy as np
import numpy.typing as npt

from ..core.model import IntMatrix, IntVector

__all__ = [
    "DP_TABLE",
    "PD_TABLE",
    "expected_score",
    "perfect_values",
    "performance_values",
    "rating_difference",
]

BoolMatrix: TypeAlias = npt.NDArray[np.bool_]

_DP_FROM_50: Final[tuple[int, ...]] = (
    0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117,     # p = .50 ... .66
    125, 133, 141, 149, 158, 166, 175, 184, 193, 202, 211, 220, 230, 240,    # p = .67 ... .80
    251, 262, 273, 284, 296, 309, 322, 336, 351, 366, 383, 401, 422, 444,    # p = .81 ... .94
    470, 501, 538, 589, 677, 800,                                            # p = .95 ... 1.00
)  # fmt: skip

DP_TABLE: Final[IntVector] = np.array(
    [-_DP_FROM_50[50 - p] for p in range(50)] + list(_DP_FROM_50), dtype=np.int64
)
"""B.02 table 8.1(a): the rating difference ``dp`` for a fractional score ``p``, indexed by ``p`` in
whole percent (0 … 100).  For ``p`` below 50 % it is the negative of ``dp(1 - p)``; p = 0 gives
-800 and p = 1 gives +800."""
DP_TABLE.setflags(write=False)

_PD_UPPER_BOUNDS: Final[tuple[int, ...]] = (
    3, 10, 17, 25, 32, 39, 46, 53, 61, 68,             # PD .50 ... .59
    76, 83, 91, 98, 106, 113, 121, 129, 137, 145,      # PD .60 ... .69
    153, 162, 170, 179, 188, 197, 206, 215, 225, 235,  # PD .70 ... .79
    245, 256, 267, 278, 290, 302, 315, 328, 344, 357,  # PD .80 ... .89
    374, 391, 411, 432, 456, 484, 517, 559, 619, 735,  # PD .90 ... .99
)  # fmt: skip
"""The largest rating difference of each row of table 8.1(b); above 735 the expectation is 1.00."""

_PD_SATURATION: Final = _PD_UPPER_BOUNDS[-1] + 1
"""736: the smallest rating difference whose expected score is 1.00."""

PD_TABLE: Final[IntVector] = 50 + np.searchsorted(_PD_UPPER_BOUNDS, np.arange(_PD_SATURATION + 1)).astype(
    np.int64
)
"""B.02 table 8.1(b), in full (no 400-point cap): the expected score of the higher-rated player,
in hundredths, indexed by the rating difference 0 … 736 (736 stands for every larger difference).
The lower-rated player's expectation is ``100 - PD``."""
PD_TABLE.setflags(write=False)

_ZERO_SCORE_OFFSET: Final = 800
"""PTP of a zero score: the lowest opponent rating minus 800 (C.07 10.3)."""


def rating_difference(percent: npt.ArrayLike) -> IntVector:
    """``dp`` of table 8.1(a) for scores given in whole percent (B.02 8.1(a))."""
    return DP_TABLE[np.asarray(percent, dtype=np.intp)]


def expected_score(difference: npt.ArrayLike) -> IntVector:
    """Expected score, in hundredths, of a player rated ``difference`` points above the opponent
    (negative: below), from the full table B.02 8.1(b)."""
    d = np.asarray(difference, dtype=np.int64)
    pd = PD_TABLE[np.minimum(np.abs(d), _PD_SATURATION)]
    return np.where(d >= 0, pd, 100 - pd)


def performance_values(
    opponent_rating: IntMatrix, counted: BoolMatrix, half_points: IntVector, games: IntVector
) -> IntVector:
    """TPR from its records' arrays: the rounded average of the counted opponents' ratings plus
    ``dp(p)``, p = the half points over the games, rounded half up to a whole percent (C.07 10.2)."""
    safe = np.maximum(games, 1)
    total = np.where(counted, opponent_rating, 0).sum(axis=1)
    aro = np.where(games > 0, (2 * total + safe) // (2 * safe), 0)
    percent = np.where(games > 0, (100 * half_points + safe) // (2 * safe), 0)
    value: IntVector = aro + rating_difference(percent)
    return value


_SIGNED_PD: Final[IntVector] = np.concatenate((100 - PD_TABLE[:0:-1], PD_TABLE))
"""Table 8.1(b) by signed difference: the expected score of a player rated ``d`` points above the
opponent (below, for negative ``d``) is ``_SIGNED_PD[d + 736]`` for ``-736 <= d <= 736``."""
_SIGNED_PD.setflags(write=False)
_FAR = 10**7
"""An opponent rating no player comes near: the expectation against it is 0.00."""


def _expected_total(opponent_rating: IntMatrix, own: IntVector) -> IntVector:
    """Σ over each player's games of the expected score at rating ``own``, in hundredths; rounds
    without a game hold the rating :data:`_FAR` and add nothing.  Same values as
    :func:`expected_score`, with one table look-up per game."""
    d = own[:, None] - opponent_rating
    np.clip(d, -_PD_SATURATION, _PD_SATURATION, out=d)
    d += _PD_SATURATION
    total: IntVector = _SIGNED_PD[d].sum(axis=1)
    return total


def perfect_values(
    opponent_rating: IntMatrix, counted: BoolMatrix, half_points: IntVector, games: IntVector
) -> IntVector:
    """PTP from its records' arrays, by a bisection run on all players at once.

    For a positive score the answer lies in ``(lowest - 736, highest + 736]``: at the lower end every
    expectation is 0.00 (the sum is below any positive score), at the upper end every one is 1.00
    (the sum reaches any score, a full score included).  The sum is non-decreasing in the rating,
    so the bisection keeps ``lo`` failing and ``hi`` passing until they are adjacent.  A zero score
    gives the lowest opponent rating minus 800; no game gives 0 (undefined).
    """
    defined = games > 0
    big = np.iinfo(np.int64).max // 4
    lowest = np.where(counted, opponent_rating, big).min(axis=1, initial=big)
    highest = np.where(counted, opponent_rating, -big).max(axis=1, initial=-big)
    lowest = np.where(defined, lowest, 0)
    highest = np.where(defined, highest, 0)
    target = 50 * half_points  # the score in hundredths
    searching = defined & (half_points > 0)
    lo = np.where(searching, lowest - _PD_SATURATION, 0)
    hi = np.where(searching, highest + _PD_SATURATION, 1)
    opponents = np.where(counted, opponent_rating, _FAR)
    while True:
        open_ = hi - lo > 1
        if not open_.any():
            break
        mid = (lo + hi) // 2
        passes = _expected_total(opponents, mid) >= target
        hi = np.where(open_ & passes, mid, hi)
        lo = np.where(open_ & ~passes, mid, lo)
    value: IntVector = np.where(searching, hi, np.where(defined, lowest - _ZERO_SCORE_OFFSET, 0))
    return value
