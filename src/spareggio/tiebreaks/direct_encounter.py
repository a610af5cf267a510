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

from fractions import Fraction

import numpy as np

from ..core.model import FORFEIT, distinct
from .base import Context, DirectEncounterStep, TiebreakSpec

__all__ = ["DirectEncounterStep", "order_group"]


Encounter = tuple[int, int, Fraction, int]


def _mini_scores(
    ctx: Context, spec: TiebreakSpec, members: list[int]
) -> tuple[list[Fraction], list[int], list[Encounter]]:
    """Each member's mini-score (6.1: points against the other members, repeated meetings averaged),
    how many other members it did not meet, and the encounters the mini-scores add up.

    Work and memory grow with the members' games, not with the square of the group: the games are
    collected as (member, member) pairs and summed per pair.
    """
    frame = ctx.frame
    m = len(members)
    pos = _scratch_positions(ctx)
    rows = np.asarray(members, dtype=np.int64)
    pos[rows] = np.arange(m)
    try:
        opp = frame.opponent[rows]
        counts_as_game = frame.played[rows] | (
            FORFEIT[frame.kind[rows]] & (spec.forfeits_played or frame.is_round_robin)
        )
        k_idx, r_idx = np.nonzero(counts_as_game & (opp >= 0))
        l_idx = pos[opp[k_idx, r_idx]]
    finally:
        pos[rows] = -1
    inside = l_idx >= 0
    k_idx, r_idx, l_idx = k_idx[inside], r_idx[inside], l_idx[inside]
    pair, first = distinct(k_idx * m + l_idx)
    sums = np.zeros(pair.size, dtype=np.int64)
    np.add.at(sums, first, frame.points[rows[k_idx], r_idx])
    meets = np.bincount(first, minlength=pair.size)
    scores = [Fraction(0)] * m
    encounters: list[Encounter] = []
    for code, total, count in zip(pair.tolist(), sums.tolist(), meets.tolist(), strict=True):
        k, other = divmod(code, m)
        points = Fraction(total, count * frame.unit)
        scores[k] += points
        encounters.append((members[k], members[other], points, count))
    # members met, in either direction
    a, b = np.minimum(pair // m, pair % m), np.maximum(pair // m, pair % m)
    met_pairs, _ = distinct(a * m + b)
    met = np.bincount(met_pairs // m, minlength=m) + np.bincount(met_pairs % m, minlength=m)
    unmet = (m - 1 - met).tolist()
    return scores, unmet, encounters


def _scratch_positions(ctx: Context) -> np.ndarray:
    """A per-call array of -1 (one per player) for member positions, restored after every use."""
    return ctx.memo("DE-positions", lambda: np.full(ctx.frame.n_players, -1, dtype=np.int64))


def order_group(ctx: Context, spec: TiebreakSpec, members: list[int]) -> list[list[int]]:
    """Order a tied group by direct encounter; returns sub-groups, best first.

    The order depends on the frame alone (the games among the members), not on the rule set, so
    it is computed once per frame and group for every rule set that asks (``check --infer`` asks
    the same groups under each); the examinations are recorded in every context that asks."""
    ordered = sorted(members, key=lambda i: int(ctx.frame.ids[i]))

    def build() -> tuple[list[list[int]], list[DirectEncounterStep]]:
        found: list[DirectEncounterStep] = []
        return _order(ctx, spec, ordered, found), found

    groups, found = ctx.frame_memo(("DE-order", spec, tuple(ordered)), build)
    ctx.group_steps(spec).extend(found)
    return [list(g) for g in groups]


def _order(
    ctx: Context,
    spec: TiebreakSpec,
    members: list[int],
    steps: list[DirectEncounterStep],
    reapply: bool = True,
) -> list[list[int]]:
    """The tied group ``members`` ordered by direct encounter: sub-groups best first.  With
    ``reapply`` (6.2) a sub-group still tied is ordered again by its own encounters; without it
    the first split is returned (EDE's ``restart`` reading re-applies it itself)."""
    if len(members) < 2:
        return [members]
    scores, unmet, encounters = _mini_scores(ctx, spec, members)
    all_met = not any(unmet) or (
        ctx.frame.is_round_robin and ctx.rules.settings.get("de-unmet") == "order"
    )  # the reference program's reading of an unfinished round robin (rule-set option de-unmet)
    score_of = dict(zip(members, scores, strict=True))
    out: list[list[int]] = []
    if all_met:
        by_score: dict[Fraction, list[int]] = {}
        for p in members:
            by_score.setdefault(score_of[p], []).append(p)
        groups = [by_score[v] for v in sorted(by_score, reverse=True)]
        _record(steps, members, scores, unmet, True, groups, encounters)
        if len(groups) == 1:
            return [members]
        if not reapply:
            return groups
        for g in groups:
            out.extend(_order(ctx, spec, g, steps) if len(g) > 1 else [g])
        return out
    win = Fraction(ctx.frame.win, ctx.frame.unit)
    best = {p: score_of[p] + win * unmet[k] for k, p in enumerate(members)}
    ranked = sorted(members, key=lambda p: (-score_of[p], -best[p]))
    # catch[k]: the best score any member after position k could still reach
    catch: list[Fraction] = [Fraction(0)] * len(ranked)
    for k in range(len(ranked) - 2, -1, -1):
        after = best[ranked[k + 1]]
        catch[k] = after if k == len(ranked) - 2 else max(after, catch[k + 1])
    k = 0
    while len(ranked) - k > 1 and score_of[ranked[k]] > catch[k]:
        out.append([ranked[k]])
        k += 1
    rest = ranked[k:]
    rest.sort(key=lambda p: int(ctx.frame.ids[p]))
    _record(steps, members, scores, unmet, False, [*out, rest] if rest else out, encounters)
    if len(rest) == 1:
        out.append(rest)
    elif rest:
        out.extend(_order(ctx, spec, rest, steps) if reapply and len(rest) < len(members) else [rest])
    return out


def _record(
    steps: list[DirectEncounterStep],
    members: list[int],
    scores: list[Fraction],
    unmet: list[int],
    all_met: bool,
    groups: list[list[int]],
    encounters: list[Encounter],
) -> None:
    steps.append(
        DirectEncounterStep(
            tuple(members),
            tuple(scores),
            tuple(unmet),
            all_met,
            tuple(tuple(g) for g in groups),
            tuple(encounters),
        )
    )
