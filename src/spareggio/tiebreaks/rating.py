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

from dataclasses import replace
from typing import TypeAlias

import numpy as np
import numpy.typing as npt

from ..base.classes import dataclass
from ..core.model import PLAYED, IntMatrix, IntVector, ResultKind
from .base import Context, Direction, TiebreakResult, TiebreakSpec
from .fide_rating import (
    DP_TABLE,
    PD_TABLE,
    expected_score,
    perfect_values,
    performance_values,
    rating_difference,
)
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

# Rating-scale points (1 / ½ / 0) of every result kind, in half points; unplayed kinds score 0.
_HALF_POINTS = np.zeros(max(ResultKind) + 1, dtype=np.int64)
_HALF_POINTS[ResultKind.PLAYED_WIN] = 2
_HALF_POINTS[ResultKind.PLAYED_DRAW] = 1
_HALF_POINTS.setflags(write=False)

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
    return ctx.memo("rating:unrated", lambda: [int(x) for x in ctx.frame.ids[~ctx.frame.rated]])


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
    return ctx.memo(("rating:games", substitute), lambda: _rated_games(ctx, substitute))


def _rated_games(ctx: Context, substitute: int | None) -> RatedGames:
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
    return TiebreakResult.from_table(spec, table)


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

    def build() -> TiebreakResult:
        return TiebreakResult.from_table(
            TiebreakSpec("TPR"), _performance_table(ctx, g, Aggregate.PERFORMANCE)
        )

    return ctx.memo(("rating:tpr", g.unrated_rating), build)


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


def _ptp_result(ctx: Context, spec: TiebreakSpec, g: RatedGames) -> TiebreakResult:
    """PTP of every player (cached on the context: APPO reuses it)."""

    def build() -> TiebreakResult:
        return TiebreakResult.from_table(TiebreakSpec("PTP"), _performance_table(ctx, g, Aggregate.PERFECT))

    return ctx.memo(("rating:ptp", g.unrated_rating), build)


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
    return TiebreakResult.from_table(spec, table)


def average_perfect_performance_of_opponents(ctx: Context, spec: TiebreakSpec) -> TiebreakResult:
    """APPO (C.07 10.5): the average PTP of the opponents played over the board, undefined PTPs
    ignored, rounded to the nearest integer (.5 up)."""
    g = rated_games(ctx, spec)
    if g is None:
        return _dropped(ctx, spec)
    ptp, ptp_defined = _ptp_values(ctx, g)
    table = _opponents_table(ctx, g, ptp, ptp_defined, "opponent_ptp")
    return TiebreakResult.from_table(spec, table)


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
