"""Direct Encounter values recomputed from the group records alone (C.07 6.1-6.3).

A DE record is one examination of a tied group: its members, who met whom (``encounters``), the
points among them, and the sub-groups it produced, best first.  A player's DE value is his place
inside the first group he was examined in: the sub-groups before his, each of its size, plus one.
A sub-group of several players may be examined again (6.2: every still-level sub-group; 6.3: the
players left tied), and the later record of exactly those members refines it.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import Any

__all__ = ["de_place", "points_from_encounters"]


def _final_order(groups: Sequence[dict[str, Any]], k: int, sub: list[int]) -> list[list[int]]:
    if len(sub) < 2:
        return [sub]
    for later in range(k + 1, len(groups)):
        if sorted(groups[later]["members"]) == sorted(sub):
            out: list[list[int]] = []
            for g in groups[later]["order"]:
                out.extend([g] if sorted(g) == sorted(sub) else _final_order(groups, later, list(g)))
            return out
    return [sub]


def de_place(groups: Sequence[dict[str, Any]], player: int) -> int | None:
    """The place of ``player`` (a start number) in the first group he was examined in, from the
    records in the order they were made; None when he was never examined."""
    first = next((k for k, g in enumerate(groups) if player in g["members"]), None)
    if first is None:
        return None
    order: list[list[int]] = []
    for g in groups[first]["order"]:
        g = list(g)
        order.extend([g] if sorted(g) == sorted(groups[first]["members"]) else _final_order(groups, first, g))
    place = 1
    for g in order:
        if player in g:
            return place
        place += len(g)
    raise AssertionError(f"{player} is in no sub-group of {groups[first]}")


def points_from_encounters(group: dict[str, Any]) -> dict[int, Fraction]:
    """Each member's points among the group: the sum of his encounters' points (6.1)."""
    points = {m: Fraction(0) for m in group["members"]}
    for e in group["encounters"]:
        points[e["player"]] += Fraction(e["points"]).limit_denominator(10**6)
    return points
