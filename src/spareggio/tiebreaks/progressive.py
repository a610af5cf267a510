"""Progressive Score (C.07 7.5)."""

from __future__ import annotations

import numpy as np

from .base import Context, TiebreakResult, TiebreakSpec
from .records import Aggregate, RecordTable, Why

__all__ = ["progressive_score"]


def progressive_score(ctx: Context, spec: TiebreakSpec) -> TiebreakResult:
    """PS (C.07 7.5): the sum of the participant's cumulative scores after every round of the frame.

    Unplayed rounds are included: their points (if any) count in the round they were given, and the
    cumulative score simply carries over.  ``/Cn`` drops the cumulative scores after rounds 1 to n
    (Cut-1 per 14.1.1c; Cut-n as Cut-1 applied n times, 14.2); cutting every round leaves 0."""
    frame = ctx.frame
    cumulative = np.cumsum(frame.scores, axis=1)  # a bonus or penalty (TRF-26 299) from its round on
    kept = np.arange(frame.rounds) >= spec.cut_low
    why = np.broadcast_to(np.where(kept, Why.COUNTED, Why.CUT_LOW), cumulative.shape).astype(np.int8)
    table = RecordTable(
        frame,
        Aggregate.SUM,
        "cumulative_score",
        cumulative,
        frame.unit,
        cumulative,
        frame.unit,
        why,
        rules=ctx.rules,
    )
    return TiebreakResult.from_table(spec, table)
