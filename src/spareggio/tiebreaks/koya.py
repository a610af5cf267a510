"""Koya System (C.07 9.2) with the limit modifier (14.5)."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import numpy.typing as npt

from ..base.classes import dataclass
from ..core.model import BoolMatrix
from .base import Context, Details, TiebreakResult, TiebreakSpec
from .records import Aggregate, RecordTable, Why

__all__ = ["koya", "koya_games", "koya_threshold"]

_DEFAULT_PERCENT = Fraction(50)


@dataclass(frozen=True)
class KoyaDetails(Details):
    """KS: the Koya threshold and what it selects (C.07 9.2)."""

    threshold: Fraction
    """The score an opponent needs, in points."""
    maximum: Fraction
    """The most points a participant could score (the threshold's base)."""
    qualified: npt.NDArray[np.bool_]
    """Which participants reach the threshold."""
    counted: BoolMatrix
    """Which rounds count, per participant and round."""


def koya_games(ctx: Context) -> int:
    """The number of games a participant can play in the frame, for the Koya maximum.

    Swiss: one game per round.  Round robin with an odd number of participants: every cycle of that
    many rounds holds one free round per participant, so a full cycle gives one game fewer than its
    rounds (a partial cycle is counted at its best, one game per round).  Participants never paired in
    the whole event (withdrawn before the start) are not counted as participants."""
    frame = ctx.frame
    if not frame.is_round_robin:
        return frame.rounds
    participants = frame.entrants
    if participants % 2 == 0:
        return frame.rounds
    return frame.rounds - frame.rounds // participants


def koya_threshold(ctx: Context, spec: TiebreakSpec) -> Fraction:
    """The final score (in units) an opponent needs to count for KS: 50 % of the maximum possible
    score (a win's points times :func:`koya_games`); ``/Ln`` takes n percent instead, ``/L+n`` and
    ``/L-n`` move the 50 % line by n half-points (14.5)."""
    maximum = ctx.frame.win * koya_games(ctx)
    if spec.limit is not None and spec.limit_percent:
        return maximum * spec.limit / 100
    shift = spec.limit if spec.limit is not None else Fraction(0)
    return maximum * _DEFAULT_PERCENT / 100 + shift * ctx.frame.unit


def koya(ctx: Context, spec: TiebreakSpec) -> TiebreakResult:
    """KS (C.07 9.2): the points scored against the opponents whose final score is at least the
    Koya threshold (:func:`koya_threshold`).  The opponents' raw scores in the frame count (no 16.3
    adjustment), and every round with a scheduled opponent counts, forfeits included."""
    frame = ctx.frame
    threshold = koya_threshold(ctx, spec)
    # total >= num/den, in integers
    qualified = frame.total * threshold.denominator >= threshold.numerator
    opponent = frame.opponent
    counted = frame.has_opponent & qualified[np.maximum(opponent, 0)]
    why = np.where(~frame.has_opponent, Why.NOT_PART, np.where(counted, Why.COUNTED, Why.BELOW_LINE)).astype(
        np.int8
    )
    opponent_score = np.where(frame.has_opponent, frame.total[np.maximum(opponent, 0)], 0)
    table = RecordTable(
        frame,
        Aggregate.SUM,
        "opponent_final_score",
        opponent_score,
        frame.unit,
        frame.points,
        frame.unit,
        why,
        rules=ctx.rules,
    )
    return TiebreakResult.from_table(
        spec,
        table,
        details=KoyaDetails(
            threshold=threshold / frame.unit,
            maximum=Fraction(frame.win * koya_games(ctx), frame.unit),
            qualified=qualified,
            counted=counted,
        ),
    )
