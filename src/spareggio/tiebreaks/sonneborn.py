"""Sonneborn-Berger (C.07 Art. 9.1)."""

from __future__ import annotations

from .base import Context, Contributions, Direction, TiebreakResult, TiebreakSpec

__all__ = ["sonneborn_berger"]


def sonneborn_berger(ctx: Context, spec: TiebreakSpec) -> TiebreakResult:
    """SB (9.1): the sum over the rounds of (opponent's or dummy's score) x (points scored); cuts
    remove the contribution of the lowest-scored opponent, the lowest contribution among equals
    (14.1.1 d), with the 16.5 comparison against voluntary unplayed rounds."""
    c = Contributions.build(ctx, spec, sonneborn=True, fore=spec.fore)
    return TiebreakResult(spec, str(spec), c.totals(), c.value_den, Direction.HIGHER, contributions=c)
