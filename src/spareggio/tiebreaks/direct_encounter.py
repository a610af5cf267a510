"""Direct Encounter (C.07 Art. 6): a group tie-break, recomputed on every tied group it reaches.

* 6.1 Only the games between members of the group count; forfeits only with ``/P`` or in events
  with pre-determined pairings (Art. 15); repeated meetings between two members are averaged.
* 6.2 When every member met every other, the group is ordered by those mini-scores and every
  still-level subgroup is examined again on its own games.
* 6.3 When not all members met, a member is placed first only if no result of the missing games
  could catch it: its mini-score exceeds every other member's mini-score plus a win for each
  opponent in the group it did not meet.  Then the next place, and so on; the members left stay
  tied and are examined again as a smaller group.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from ..model import FORFEIT
from .base import Context, TiebreakSpec

__all__ = ["DirectEncounterStep", "order_group"]


@dataclass(frozen=True)
class DirectEncounterStep:
    """One examination of a group, kept for explanations."""

    members: tuple[int, ...]
    """Player indices of the group."""
    scores: tuple[Fraction, ...]
    """Mini-score of each member (points against the other members, meetings averaged)."""
    unmet: tuple[int, ...]
    """How many other members each member did not meet."""
    all_met: bool
    order: tuple[tuple[int, ...], ...]
    """The resulting sub-groups, best first (a sub-group of several players is still tied)."""


def _mini_scores(ctx: Context, spec: TiebreakSpec, members: list[int]) -> tuple[list[Fraction], np.ndarray]:
    frame = ctx.frame
    m = len(members)
    pos = np.full(frame.n_players, -1, dtype=np.int64)
    pos[members] = np.arange(m)
    rows = np.asarray(members)
    opp = frame.opponent[rows]
    counts_as_game = frame.played[rows] | (
        FORFEIT[frame.kind[rows]] & (spec.forfeits_played or frame.is_round_robin)
    )
    inside = counts_as_game & (opp >= 0)
    inside &= pos[np.maximum(opp, 0)] >= 0
    k_idx, r_idx = np.nonzero(inside)
    l_idx = pos[opp[k_idx, r_idx]]
    sums = np.zeros((m, m), dtype=np.int64)
    meets = np.zeros((m, m), dtype=np.int64)
    np.add.at(sums, (k_idx, l_idx), frame.points[rows][k_idx, r_idx])
    np.add.at(meets, (k_idx, l_idx), 1)
    scores = []
    for k in range(m):
        total = Fraction(0)
        for j in range(m):
            if meets[k, j]:
                total += Fraction(int(sums[k, j]), int(meets[k, j]) * frame.unit)
        scores.append(total)
    met = (meets > 0) | (meets.T > 0)
    np.fill_diagonal(met, True)
    return scores, met


def order_group(ctx: Context, spec: TiebreakSpec, members: list[int]) -> list[list[int]]:
    """Order a tied group by direct encounter; returns sub-groups, best first."""
    steps: list[DirectEncounterStep] = ctx.cache.setdefault(("DE-steps", spec), [])  # type: ignore[assignment]
    return _order(ctx, spec, sorted(members, key=lambda i: ctx.tournament.players[i].start_number), steps)


def _order(ctx: Context, spec: TiebreakSpec, members: list[int], steps: list[DirectEncounterStep]) -> list[list[int]]:
    if len(members) < 2:
        return [members]
    scores, met = _mini_scores(ctx, spec, members)
    unmet = [int((~met[k]).sum()) for k in range(len(members))]
    all_met = not any(unmet)
    score_of = dict(zip(members, scores, strict=True))
    out: list[list[int]] = []
    if all_met:
        distinct = sorted(set(scores), reverse=True)
        groups = [[p for p in members if score_of[p] == v] for v in distinct]
        _record(steps, members, scores, unmet, True, groups)
        if len(groups) == 1:
            return [members]
        for g in groups:
            out.extend(_order(ctx, spec, g, steps) if len(g) > 1 else [g])
        return out
    win = Fraction(ctx.frame.win, ctx.frame.unit)
    best = {p: score_of[p] + win * unmet[k] for k, p in enumerate(members)}
    rest = sorted(members, key=lambda p: (-score_of[p], -best[p]))
    while len(rest) > 1 and score_of[rest[0]] > max(best[q] for q in rest[1:]):
        out.append([rest[0]])
        rest = rest[1:]
    rest.sort(key=lambda p: ctx.tournament.players[p].start_number)
    _record(steps, members, scores, unmet, False, [*out, rest] if rest else out)
    if len(rest) == 1:
        out.append(rest)
    elif rest:
        out.extend(_order(ctx, spec, rest, steps) if len(rest) < len(members) else [rest])
    return out


def _record(
    steps: list[DirectEncounterStep],
    members: list[int],
    scores: list[Fraction],
    unmet: list[int],
    all_met: bool,
    groups: list[list[int]],
) -> None:
    steps.append(
        DirectEncounterStep(tuple(members), tuple(scores), tuple(unmet), all_met, tuple(tuple(g) for g in groups))
    )

