"""The Buchholz family (C.07 Art. 8) and the adjusted-score diagnostics ABH and AFB (16.3)."""

from __future__ import annotations

import numpy as np

from .base import Context, Contributions, Direction, OpponentScores, TiebreakResult, TiebreakSpec
from .records import Aggregate, RecordTable, Why

__all__ = [
    "adjusted_score",
    "average_of_opponents_buchholz",
    "buchholz",
    "fore_adjusted_score",
    "fore_buchholz",
]


def buchholz(ctx: Context, spec: TiebreakSpec) -> TiebreakResult:
    """BH (8.1): the sum of the opponents' adjusted scores, dummies for own unplayed rounds (16.4),
    with ``/Cn`` and ``/Mn`` cuts (Art. 14, 16.5).  ``BH/F`` is Fore Buchholz."""
    if spec.fore:
        return fore_buchholz(ctx, spec)
    return _buchholz(ctx, spec, fore=False)


def fore_buchholz(ctx: Context, spec: TiebreakSpec) -> TiebreakResult:
    """FB (8.3): Buchholz computed as if every game paired in the final round had been drawn."""
    return _buchholz(ctx, spec, fore=True)


def _buchholz(ctx: Context, spec: TiebreakSpec, *, fore: bool) -> TiebreakResult:
    """The Buchholz table of ``spec``, built once per context (AOB reuses the plain BH and FB)."""

    def build() -> TiebreakResult:
        c = Contributions.build(ctx, spec, sonneborn=False, fore=fore)
        return TiebreakResult(spec, str(spec), c.totals(), c.value_den, Direction.HIGHER, contributions=c)

    return ctx.memo(("buchholz", spec, fore), build)


def adjusted_score(ctx: Context, spec: TiebreakSpec) -> TiebreakResult:
    """ABH: each participant's score as its opponents see it under the rule set (16.3)."""
    view = ctx.view(False)
    return TiebreakResult(
        spec, str(spec), view.score, ctx.frame.unit, Direction.HIGHER, details=OpponentScores(view)
    )


def fore_adjusted_score(ctx: Context, spec: TiebreakSpec) -> TiebreakResult:
    """AFB: the adjusted score under the Fore Buchholz hypothesis."""
    view = ctx.view(True)
    return TiebreakResult(
        spec, str(spec), view.score, ctx.frame.unit, Direction.HIGHER, details=OpponentScores(view)
    )


def average_of_opponents_buchholz(ctx: Context, spec: TiebreakSpec) -> TiebreakResult:
    """AOB (8.2): the average of the Buchholz of the opponents met over the board; ``/F`` averages
    their Fore Buchholz.  Forfeits and byes are neither summed nor counted.  The value is exact (no
    rounding: C.07 states none); undefined without games played."""
    base = TiebreakSpec("FB" if spec.fore else "BH")
    bh = fore_buchholz(ctx, base) if spec.fore else buchholz(ctx, base)
    frame = ctx.frame
    played = frame.played
    opp = np.maximum(frame.opponent, 0)
    bh_den = bh.denominator
    assert isinstance(bh_den, int)
    opponent_bh = np.where(played, bh.numerator[opp], 0)
    why = np.where(played, Why.COUNTED, Why.NOT_PART).astype(np.int8)
    c = bh.contributions
    table = RecordTable(
        frame, Aggregate.AVERAGE, "opponent_buchholz", opponent_bh, bh_den, opponent_bh, bh_den, why,
        rules=ctx.rules, view=c.view if c is not None else None,
    )  # fmt: skip
    return TiebreakResult.from_table(spec, table)
