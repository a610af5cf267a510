"""The primary score (PTS)."""

from __future__ import annotations

import numpy as np

from ..model import VUR
from .base import Context, TiebreakResult, TiebreakSpec
from .records import Aggregate, RecordTable

__all__ = ["points"]


def points(ctx: Context, spec: TiebreakSpec) -> TiebreakResult:
    """PTS: the points of every round, unplayed rounds included, in the event's scoring system."""
    frame = ctx.frame
    why = np.zeros(frame.points.shape, dtype=np.int8)
    table = RecordTable(
        frame,
        Aggregate.SUM,
        "points",
        frame.points,
        frame.unit,
        frame.points,
        frame.unit,
        why,
        vur=VUR[frame.kind],
        rules=ctx.rules,
    )
    return TiebreakResult.from_table(spec, table)
