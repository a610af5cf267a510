"""The rating-based tie-breaks of C.07 Article 10: ARO, TPR, PTP, APRO, APPO and RTNG.

Rules common to all of them (C.07 Art. 10 preamble; 15.2 in the 2026 text):

* only games played over the board count; forfeits never do, in round robins too;
* scores are taken on the 1 / ½ / 0 scale whatever the event's scoring system;
* when a participant has no rating, the tie-breaks are dropped (undefined for everyone) unless
  the regulations give unrated players a rating (``/Un`` on the specifier, or the context's
  ``unrated_rating``); with such a rating, unrated players count at it.

Everything is integer arithmetic: scores in half points, expected scores in hundredths (the
precision of FIDE table B.02 8.1(b)), averages rounded half up with floor division.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final, TypeAlias, cast

import numpy as np
import numpy.typing as npt

from ..model import PLAYED, IntMatrix, IntVector, ResultKind
from .base import Context, Direction, TiebreakResult, TiebreakSpec
from .records import Aggregate, RecordTable, Why

__all__ = [
    "DP_TABLE",
    "PD_TABLE",
    "RatedGames",
    "average_perfect_performance_of_opponents",
    "average_performance_rating_of_opponents",
    "average_rating_of_opponents",
    "expected_score",
    "perfect_tournament_performance",
    "perfect_values",
    "performance_values",
    "rated_games",
    "rating",
    "rating_difference",
    "tournament_performance_rating",
]

BoolMatrix: TypeAlias = npt.NDArray[np.bool_]
BoolVector: TypeAlias = npt.NDArray[np.bool_]

# ---------------------------------------------------------------------------------------------
# FIDE Rating Regulations B.02, tables 8.1(a) and 8.1(b)
# ---------------------------------------------------------------------------------------------

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

# Rating-scale points (1 / ½ / 0) of every result kind, in half points; unplayed kinds score 0.
_HALF_POINTS = np.zeros(max(ResultKind) + 1, dtype=np.int64)
_HALF_POINTS[ResultKind.PLAYED_WIN] = 2
_HALF_POINTS[ResultKind.PLAYED_DRAW] = 1
_HALF_POINTS.setflags(write=False)

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


# ---------------------------------------------------------------------------------------------
# The games that count
# ---------------------------------------------------------------------------------------------


@dataclass(frozen=True, eq=False)
class RatedGames:
    """Every player's over-the-board games, with the ratings that count (C.07 Art. 10)."""

    rating: IntVector
    """Each player's rating; unrated players at the rating the regulations give them."""
    played: BoolMatrix
    """(players × rounds): a game played over the board."""
    opponent_rating: IntMatrix
    """(players × rounds): the opponent's rating in a played game, 0 elsewhere."""
    half_points: IntMatrix
    """(players × rounds): rating-scale points (1 / ½ / 0) of each played game, in half points."""
    score: IntVector
    """Rating-scale score (1 / ½ / 0) in the played games, in half points."""
    games: IntVector
    """Number of games played over the board."""
    unrated_rating: int | None
    """The rating unrated players count at (None when every participant is rated)."""
    unrated: BoolVector
    """Participants without a rating (counted at ``unrated_rating``)."""

    def unrated_opponent(self, frame_opponent: IntMatrix) -> BoolMatrix:
        """(players × rounds): a game played over the board against an unrated opponent."""
        opponent_unrated: BoolMatrix = self.played & self.unrated[np.maximum(frame_opponent, 0)]
        return opponent_unrated

    @property
    def n_players(self) -> int:
        return int(self.rating.shape[0])


def _unrated_rating(ctx: Context, spec: TiebreakSpec) -> int | None:
    """The rating given to unrated players: ``/Un`` first, then the context's option."""
    return spec.unrated if spec.unrated is not None else ctx.unrated_rating


def _unrated_players(ctx: Context) -> list[int]:
    """Start numbers of the participants without a rating (looked up once per standings call)."""
    key = "rating:unrated"
    cached = ctx.cache.get(key)
    if cached is None:
        cached = [int(x) for x in ctx.frame.ids[~ctx.frame.rated]]
        ctx.cache[key] = cached
    return cast(list[int], cached)


def _drop_reason(ctx: Context, spec: TiebreakSpec) -> str | None:
    """Why the tie-break is dropped for everyone (C.07 Art. 10 preamble), or None."""
    if _unrated_rating(ctx, spec) is not None:
        return None
    unrated = _unrated_players(ctx)
    if not unrated:
        return None
    shown = ", ".join(str(s) for s in unrated[:10]) + (", ..." if len(unrated) > 10 else "")
    who = (
        f"start number {shown} has"
        if len(unrated) == 1
        else f"{len(unrated)} participants (start numbers {shown}) have"
    )
    return (
        f"{spec}: undefined for every participant: {who} no rating and no rating for unrated players "
        "was given (use /U<rating>); C.07 Art. 10 drops rating tie-breaks in that case"
    )


def rated_games(ctx: Context, spec: TiebreakSpec) -> RatedGames | None:
    """The played games of the evaluation frame, or None when the tie-break is dropped because of
    unrated participants (C.07 Art. 10 preamble)."""
    if _drop_reason(ctx, spec) is not None:
        return None
    substitute = _unrated_rating(ctx, spec)
    key = ("rating:games", substitute)
    cached = ctx.cache.get(key)
    if isinstance(cached, RatedGames):
        return cached
    frame = ctx.frame
    rating = np.where(frame.rated, frame.rating, substitute or 0).astype(np.int64)
    kind = frame.kind.astype(np.intp)
    played = PLAYED[kind] & (frame.opponent >= 0)
    opponent_rating = np.where(played, rating[np.maximum(frame.opponent, 0)], 0)
    half_points = np.where(played, _HALF_POINTS[kind], 0)
    games = RatedGames(
        rating=rating,
        played=played,
        opponent_rating=opponent_rating,
        half_points=half_points,
        score=half_points.sum(axis=1),
        games=played.sum(axis=1).astype(np.int64),
        unrated_rating=substitute,
        unrated=~frame.rated,
    )
    ctx.cache[key] = games
    return games


def _dropped(ctx: Context, spec: TiebreakSpec) -> TiebreakResult:
    """The result of a dropped tie-break: undefined for everyone, with the reason as a warning."""
    n = ctx.frame.n_players
    reason = _drop_reason(ctx, spec) or f"{spec}: undefined for every participant"
    return TiebreakResult(
        spec,
        str(spec),
        np.zeros(n, dtype=np.int64),
        1,
        Direction.HIGHER,
        defined=np.zeros(n, dtype=bool),
        warnings=(reason,),
    )


# ---------------------------------------------------------------------------------------------
# ARO and TPR
# ---------------------------------------------------------------------------------------------


def _cut_games(g: RatedGames, low: int, high: int) -> npt.NDArray[np.int8]:
    """The record code of every round for a rating average after ``low`` lowest and ``high`` highest
    opponent ratings are removed (C.07 14.1-14.4): cuts act on played games only.  Among equal
    ratings the earliest round is cut first on the low side and the latest on the high side."""
    why = np.where(g.played, Why.COUNTED, Why.NOT_PART).astype(np.int8)
    if not low and not high:
        return why
    big = np.iinfo(np.int64).max
    order = np.argsort(np.where(g.played, g.opponent_rating, big), axis=1, kind="stable")
    position = np.empty_like(order)
    np.put_along_axis(position, order, np.arange(order.shape[1])[None, :], axis=1)
    why = np.where(g.played & (position < low), Why.CUT_LOW, why)
    why = np.where(g.played & (position >= low) & (position >= (g.games - high)[:, None]), Why.CUT_HIGH, why)
    return why.astype(np.int8)


def _average(ctx: Context) -> Aggregate:
    """ARO's, APRO's and APPO's aggregate: undefined without games (C.07 10), or 0 under a rule set
    that computes as a program printing 0 there (``no-games=zero``)."""
    zero = ctx.rules.settings.get("no-games") == "zero"
    return Aggregate.ROUNDED_AVERAGE_OR_ZERO if zero else Aggregate.ROUNDED_AVERAGE


def _aro_table(ctx: Context, g: RatedGames, low: int = 0, high: int = 0) -> RecordTable:
    """ARO's records: each game's opponent rating, the cut ones marked."""
    return RecordTable(
        ctx.frame,
        _average(ctx),
        "opponent_rating",
        g.opponent_rating,
        1,
        g.opponent_rating,
        1,
        _cut_games(g, low, high),
        rules=ctx.rules,
        detail=g.unrated_opponent(ctx.frame.opponent),
        detail_code="unrated",
    )


def average_rating_of_opponents(ctx: Context, spec: TiebreakSpec) -> TiebreakResult:
    """ARO (C.07 10.1): the average rating of the opponents played over the board, rounded to the
    nearest integer (.5 up).  ``/Cn`` removes the n lowest ratings, ``/Mn`` also the n highest
    (14.1-14.4); undefined when no game is left."""
    g = rated_games(ctx, spec)
    if g is None:
        return _dropped(ctx, spec)
    table = _aro_table(ctx, g, spec.cut_low, spec.cut_high)
    details: dict[str, object] = {"rating": g.rating, "played": g.played, "counted": table.counted}
    return TiebreakResult.from_table(spec, table, details=details)


def _score_percent(g: RatedGames) -> IntVector:
    """The fractional score p in whole percent, rounded half up (C.07 10.2); 0 without games."""
    safe = np.maximum(g.games, 1)
    return np.where(g.games > 0, (100 * g.score + safe) // (2 * safe), 0)


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


def _performance_table(ctx: Context, g: RatedGames, aggregate: Aggregate) -> RecordTable:
    """TPR's and PTP's records: each game's opponent rating and rating-scale points."""
    return RecordTable(
        ctx.frame,
        aggregate,
        "opponent_rating",
        g.opponent_rating,
        1,
        g.half_points,
        2,
        np.where(g.played, Why.COUNTED, Why.NOT_PART).astype(np.int8),
        rules=ctx.rules,
        detail=g.unrated_opponent(ctx.frame.opponent),
        detail_code="unrated",
    )


def _tpr_result(ctx: Context, spec: TiebreakSpec, g: RatedGames) -> TiebreakResult:
    """TPR of every player (cached on the context: APRO reuses it)."""
    key = ("rating:tpr", g.unrated_rating)
    cached = ctx.cache.get(key)
    if isinstance(cached, TiebreakResult):
        return cached
    table = _performance_table(ctx, g, Aggregate.PERFORMANCE)
    details: dict[str, object] = {"rating": g.rating, "played": g.played, "percent": _score_percent(g)}
    result = TiebreakResult.from_table(TiebreakSpec("TPR"), table, details=details)
    ctx.cache[key] = result
    return result


def _as_spec(base: TiebreakResult, spec: TiebreakSpec) -> TiebreakResult:
    """The shared TPR/PTP result (cached on the context) under the specifier the list names."""
    return TiebreakResult(
        spec, str(spec), base.numerator, 1, Direction.HIGHER, defined=base.defined, details=base.details,
        table=base.table,
    )  # fmt: skip


def _tpr_values(ctx: Context, g: RatedGames) -> tuple[IntVector, BoolVector]:
    result = _tpr_result(ctx, TiebreakSpec("TPR"), g)
    assert result.defined is not None
    return result.numerator, result.defined


def tournament_performance_rating(ctx: Context, spec: TiebreakSpec) -> TiebreakResult:
    """TPR (C.07 10.2): ARO (rounded, no cuts) plus ``dp(p)`` of table B.02 8.1(a), where p is the
    rating-scale score divided by the number of games, rounded half up to a whole percent.
    Undefined without games."""
    g = rated_games(ctx, spec)
    if g is None:
        return _dropped(ctx, spec)
    return _as_spec(_tpr_result(ctx, spec, g), spec)


# ---------------------------------------------------------------------------------------------
# PTP
# ---------------------------------------------------------------------------------------------


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


def _ptp_result(ctx: Context, spec: TiebreakSpec, g: RatedGames) -> TiebreakResult:
    """PTP of every player (cached on the context: APPO reuses it)."""
    key = ("rating:ptp", g.unrated_rating)
    cached = ctx.cache.get(key)
    if isinstance(cached, TiebreakResult):
        return cached
    table = _performance_table(ctx, g, Aggregate.PERFECT)
    details: dict[str, object] = {"rating": g.rating, "played": g.played, "score_half_points": g.score}
    result = TiebreakResult.from_table(TiebreakSpec("PTP"), table, details=details)
    ctx.cache[key] = result
    return result


def _ptp_values(ctx: Context, g: RatedGames) -> tuple[IntVector, BoolVector]:
    result = _ptp_result(ctx, TiebreakSpec("PTP"), g)
    assert result.defined is not None
    return result.numerator, result.defined


def perfect_tournament_performance(ctx: Context, spec: TiebreakSpec) -> TiebreakResult:
    """PTP (C.07 10.3): the lowest integer rating R for which the sum of the expected scores
    PD(R - R_opponent) of table B.02 8.1(b) (full table, no 400-point cap) reaches the rating-scale
    score.  A zero score gives the lowest opponent rating minus 800; a full score gives the highest
    opponent rating plus 736, the first rating at which every expectation is 1.00.  Undefined
    without games."""
    g = rated_games(ctx, spec)
    if g is None:
        return _dropped(ctx, spec)
    return _as_spec(_ptp_result(ctx, spec, g), spec)


# ---------------------------------------------------------------------------------------------
# APRO and APPO
# ---------------------------------------------------------------------------------------------


def _opponents_table(
    ctx: Context, g: RatedGames, values: IntVector, defined: BoolVector, code: str
) -> RecordTable:
    """APRO's and APPO's records: each game's opponent value; an opponent whose value is undefined
    is not counted."""
    opponent = np.maximum(ctx.frame.opponent, 0)
    opponent_value = np.where(g.played, values[opponent], 0)
    why = np.where(g.played, np.where(defined[opponent], Why.COUNTED, Why.UNDEFINED), Why.NOT_PART)
    return RecordTable(
        ctx.frame, _average(ctx), code, opponent_value, 1, opponent_value, 1, why.astype(np.int8),
        rules=ctx.rules,
    )  # fmt: skip


def average_performance_rating_of_opponents(ctx: Context, spec: TiebreakSpec) -> TiebreakResult:
    """APRO (C.07 10.4): the average TPR of the opponents played over the board, undefined TPRs
    ignored, rounded to the nearest integer (.5 up)."""
    g = rated_games(ctx, spec)
    if g is None:
        return _dropped(ctx, spec)
    tpr, tpr_defined = _tpr_values(ctx, g)
    table = _opponents_table(ctx, g, tpr, tpr_defined, "opponent_tpr")
    return TiebreakResult.from_table(spec, table, details={"opponent_value": tpr, "counted": table.counted})


def average_perfect_performance_of_opponents(ctx: Context, spec: TiebreakSpec) -> TiebreakResult:
    """APPO (C.07 10.5): the average PTP of the opponents played over the board, undefined PTPs
    ignored, rounded to the nearest integer (.5 up)."""
    g = rated_games(ctx, spec)
    if g is None:
        return _dropped(ctx, spec)
    ptp, ptp_defined = _ptp_values(ctx, g)
    table = _opponents_table(ctx, g, ptp, ptp_defined, "opponent_ptp")
    return TiebreakResult.from_table(spec, table, details={"opponent_value": ptp, "counted": table.counted})


# ---------------------------------------------------------------------------------------------
# RTNG
# ---------------------------------------------------------------------------------------------


def rating(ctx: Context, spec: TiebreakSpec) -> TiebreakResult:
    """RTNG (C.07 10.6, 2026): the participant's own rating, higher is better (``/R`` reverses).
    Unrated participants count at the rating given for them, or the tie-break is dropped."""
    g = rated_games(ctx, spec)
    if g is None:
        return _dropped(ctx, spec)
    table = RecordTable.own_value(ctx.frame, "rating", g.rating, ctx.rules)
    table = replace(table, detail=g.unrated[:, None], detail_code="unrated")
    return TiebreakResult.from_table(spec, table)
