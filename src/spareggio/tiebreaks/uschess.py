"""US Chess tie-breaks (Official Rules of Chess, 7th edition, rule 34E).

Every opponent-score tie-break here uses the US adjusted scores: an opponent's unplayed games (byes
of any value, forfeits won or lost, rounds after a withdrawal) count as draws, and the player's own
unplayed games count as opponents with zero points.  These definitions belong to the tie-breaks, not
to the rule set chosen for the event: when the context uses another rule set, the US Chess rule set
is applied anyway, so that ``MM`` always means rule 34E1.

The cut tie-breaks (modified median, median, Solkoff) and the US Sonneborn-Berger are
:class:`~spareggio.tiebreaks.base.Contributions` tables, so the dropped opponents are recorded with
their :class:`~spareggio.tiebreaks.cuts.CutMark` like the FIDE cuts.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from ..core.frame import Frame
from ..core.model import IntMatrix, IntVector, ResultKind, distinct
from ..rules import find_ruleset
from ..rules.base import Elements, OpponentView
from .base import Context, Contributions, Direction, TiebreakResult, TiebreakSpec
from .cuts import apply_cuts
from .records import Aggregate, RecordTable, Why

__all__ = [
    "kashdan",
    "median",
    "modified_median",
    "opposition_cumulative",
    "solkoff",
    "us_cumulative",
    "us_sonneborn_berger",
]

US_CHESS = "us-chess"
"""The rule set whose adjusted scores every tie-break of this module uses."""

LARGE_EVENT_ROUNDS = 9
"""34E1: from this many rounds on, two opponents are dropped at each end concerned."""

_UNPLAYED_WIN = np.zeros(max(ResultKind) + 1, dtype=bool)
_UNPLAYED_WIN[[ResultKind.PAB, ResultKind.FULL_BYE, ResultKind.FORFEIT_WIN]] = True

_KASHDAN = np.zeros(max(ResultKind) + 1, dtype=np.int64)
_KASHDAN[[ResultKind.PLAYED_WIN, ResultKind.PLAYED_DRAW, ResultKind.PLAYED_LOSS]] = (4, 2, 1)


# -- shared building blocks ------------------------------------------------------------------------


def us_basis(ctx: Context) -> tuple[OpponentView, Elements]:
    """The US Chess adjusted scores and elements of the context's frame (34E), whatever its rule set."""
    if ctx.rules.name == US_CHESS:
        return ctx.view(False), ctx.elements(False, False)

    def build() -> tuple[OpponentView, Elements]:
        rules = find_ruleset(US_CHESS)
        view = rules.opponent_view(ctx.frame)
        return view, rules.elements(ctx.frame, view, forfeits_as_played=False)

    return ctx.memo(("uschess", "basis"), build)


def drop_count(frame: Frame) -> int:
    """Opponents dropped at each end concerned (34E1): two in events of 9 or more rounds, else one.

    The rounds are those of the frame, so standings after round R treat the event as R rounds long.
    """
    return 2 if frame.rounds >= LARGE_EVENT_ROUNDS else 1


def score_class(frame: Frame) -> npt.NDArray[np.int8]:
    """+1 for a plus score (more than half the maximum), 0 for an even score, -1 for a minus score.

    The maximum is a win in every round of the frame; the player's own (unadjusted) score counts.
    """
    return np.sign(2 * frame.total - frame.rounds * frame.win).astype(np.int8)


def _cut_per_class(
    elements: Elements, value: IntMatrix, low: IntVector, high: IntVector
) -> npt.NDArray[np.int8]:
    """Cut marks when players drop different numbers of values: one :func:`apply_cuts` per class."""
    cut = np.zeros(value.shape, dtype=np.int8)
    if value.shape[0] == 0:
        return cut
    width = int(high.max(initial=0)) + 1
    for code in distinct(low * width + high)[0].tolist():
        lo, hi = divmod(code, width)
        rows = (low == lo) & (high == hi)
        cut[rows] = apply_cuts(
            elements.key[rows],
            value[rows],
            elements.present[rows],
            elements.vur[rows],
            low=int(lo),
            high=int(hi),
            vur_priority=False,
        )
    return cut


def _opponent_sum(ctx: Context, low: IntVector, high: IntVector) -> Contributions:
    """The US opponent-score table with ``low[i]`` lowest and ``high[i]`` highest values dropped."""
    frame = ctx.frame
    view, elements = us_basis(ctx)
    value = np.where(elements.present, elements.key, 0)
    cut = _cut_per_class(elements, value, low, high)
    return Contributions(
        frame, view, elements, value, frame.unit, frame.unit, cut, False, rules=find_ruleset(US_CHESS)
    )


def _result(spec: TiebreakSpec, c: Contributions) -> TiebreakResult:
    return TiebreakResult(spec, str(spec), c.totals(), c.value_den, Direction.HIGHER, contributions=c)


# -- the tie-breaks --------------------------------------------------------------------------------


def modified_median(ctx: Context, spec: TiebreakSpec) -> TiebreakResult:
    """MM (US Chess 34E1): the opponents' adjusted scores (own unplayed games count 0), dropping the
    lowest for a plus score, the highest and the lowest for an even score, the highest for a minus
    score; two at each end concerned in events of 9 or more rounds."""
    n = drop_count(ctx.frame)
    cls = score_class(ctx.frame)
    low = np.where(cls >= 0, n, 0).astype(np.int64)
    high = np.where(cls <= 0, n, 0).astype(np.int64)
    return _result(spec, _opponent_sum(ctx, low, high))


def median(ctx: Context, spec: TiebreakSpec) -> TiebreakResult:
    """MEDIAN (Harkness, US Chess 34E1 variation): the opponents' adjusted scores without the highest
    and the lowest (two of each in events of 9 or more rounds), whatever the player's score."""
    n = np.full(ctx.frame.n_players, drop_count(ctx.frame), dtype=np.int64)
    return _result(spec, _opponent_sum(ctx, n, n))


def solkoff(ctx: Context, spec: TiebreakSpec) -> TiebreakResult:
    """SOLKOFF (US Chess 34E2): the sum of the opponents' adjusted scores, own unplayed games 0."""
    none = np.zeros(ctx.frame.n_players, dtype=np.int64)
    return _result(spec, _opponent_sum(ctx, none, none))


def us_sonneborn_berger(ctx: Context, spec: TiebreakSpec) -> TiebreakResult:
    """USSB (US Chess 34E): the adjusted scores of the opponents beaten plus half those of the
    opponents drawn, over games played; unplayed games contribute 0.

    Each round contributes (opponent's adjusted score) x (points scored), which is that sum with
    1 / ½ / 0 scoring.
    """
    frame = ctx.frame
    view, elements = us_basis(ctx)
    value = np.where(elements.present, elements.key * elements.factor, 0)
    cut = np.zeros(value.shape, dtype=np.int8)
    c = Contributions(
        frame,
        view,
        elements,
        value,
        frame.unit * frame.unit,
        frame.unit,
        cut,
        True,
        rules=find_ruleset(US_CHESS),
    )
    return _result(spec, c)


def running_scores(frame: Frame) -> IntMatrix:
    """The player's score after each round, in units (the terms of 34E3)."""
    return np.cumsum(frame.scores, axis=1)


def unplayed_wins(frame: Frame) -> npt.NDArray[np.bool_]:
    """Rounds that reduce the cumulative score: pairing-allocated and full-point byes and forfeit
    wins, when they give a win's points (a half-point bye never does)."""
    unplayed: npt.NDArray[np.bool_] = _UNPLAYED_WIN[frame.kind] & (frame.points == frame.win)
    return unplayed


def cumulative_units(frame: Frame) -> IntVector:
    """The US cumulative score of every player, in units (34E3)."""
    cumulative: IntVector = running_scores(frame).sum(axis=1) - frame.win * unplayed_wins(frame).sum(axis=1)
    return cumulative


def us_cumulative(ctx: Context, spec: TiebreakSpec) -> TiebreakResult:
    """CUM (US Chess 34E3): the sum of the running scores after each round, minus one win's points for
    each one-point bye or forfeit win (pairing-allocated bye, full-point bye, forfeit win).

    Reading: half-point byes, zero-point byes and forfeit losses do not reduce the total (the rule
    names only unplayed games that give a full point).  Example: bye, W, L, D, W gives
    1 + 2 + 2 + 2.5 + 3.5 - 1 = 10.
    """
    frame = ctx.frame
    running = running_scores(frame)
    won_unplayed = unplayed_wins(frame)
    # each round: the running score, less a win's points in a round won without playing
    value = running - frame.win * won_unplayed
    table = RecordTable(
        frame, Aggregate.SUM, "running_score", running, frame.unit, value, frame.unit,
        np.zeros(running.shape, dtype=np.int8), rules=find_ruleset(US_CHESS),
        detail=won_unplayed, detail_code="less_a_win",
    )  # fmt: skip
    return TiebreakResult.from_table(spec, table)


def opposition_cumulative(ctx: Context, spec: TiebreakSpec) -> TiebreakResult:
    """OPPCUM (US Chess 34E, cumulative of opposition): the sum of the cumulative scores (34E3) of the
    opponents met over the board; forfeits and byes contribute nothing."""
    frame = ctx.frame
    cum = cumulative_units(frame)
    per_round = np.where(frame.played, cum[np.maximum(frame.opponent, 0)], 0)
    why = np.where(frame.played, Why.COUNTED, Why.NOT_PART).astype(np.int8)
    table = RecordTable(
        frame, Aggregate.SUM, "opponent_cumulative", per_round, frame.unit, per_round, frame.unit, why,
        rules=find_ruleset(US_CHESS),
    )  # fmt: skip
    return TiebreakResult.from_table(spec, table)


def kashdan(ctx: Context, spec: TiebreakSpec) -> TiebreakResult:
    """KASHDAN (US Chess 34E7): 4 points per win, 2 per draw and 1 per loss over the board; unplayed
    games (forfeits and byes of any kind) give 0."""
    frame = ctx.frame
    per_round = _KASHDAN[frame.kind]
    why = np.where(frame.played, Why.COUNTED, Why.NOT_COUNTED).astype(np.int8)
    table = RecordTable(
        frame, Aggregate.SUM, "points", frame.points, frame.unit, per_round.astype(np.int64), 1, why,
        rules=find_ruleset(US_CHESS),
    )  # fmt: skip
    return TiebreakResult.from_table(spec, table)
