"""The primary score (PTS)."""

from __future__ import annotations

from .base import Context, Direction, TiebreakResult, TiebreakSpec

__all__ = ["points"]


def points(ctx: Context, spec: TiebreakSpec) -> TiebreakResult:
    """PTS: the points of every round, unplayed rounds included, in the event's scoring system."""
    return TiebreakResult(spec, str(spec), ctx.frame.total, ctx.frame.unit, Direction.HIGHER)
