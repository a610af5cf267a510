"""The primary score (PTS)."""

from __future__ import annotations

import numpy as np

from ..core.model import VUR
from .base import Context, TiebreakResult, TiebreakSpec
from .records import Aggregate, RecordTable

__all__ = ["points"]


def points(ctx: Context, spec: TiebreakSpec) -> TiebreakResult:
    """PTS: the points of every round, unplayed rounds included, in the event's scoring system; a
    round whose points a TRF-26 record 299 set, or that holds a bonus or penalty, says so (detail
    ``record_299``: the input is the round's points, the contribution with the bonus)."""
    frame = ctx.frame
    why = np.zeros(frame.points.shape, dtype=np.int8)
    table = RecordTable(
        frame,
        Aggregate.SUM,
        "points",
        frame.points,
        frame.unit,
        frame.scores,
        frame.unit,
        why,
        vur=VUR[frame.kind],
        rules=ctx.rules,
        detail=frame.marked,
        detail_code="record_299" if frame.marked is not None else "",
    )
    return TiebreakResult.from_table(spec, table)
