"""The team-only criteria of C.07 (Articles 12 and 13), computed on a team frame like any other
tie-break: the frame's points are the primary score, ``frame.secondary`` the other score of every
round and ``frame.boards`` the points on every board; :meth:`Context.on` gives the context of the
other score.

Extended Direct Encounter with its 13.3.2 chains, Top Board Result and Bottom Board Elimination
order a tied group, like DE: they are group orders applied by the ranking, the same for players
and teams.
"""

from __future__ import annotations

import numpy as np

from ..base.classes import dataclass
from ..core.model import FORFEIT, VUR, IntMatrix, ScoreName
from .base import _WHY_OF_CUT, Context, Details, Direction, TiebreakResult, TiebreakSpec
from .cuts import apply_cuts
from .direct_encounter import _order
from .points import points
from .records import Aggregate, RecordTable, Why

__all__ = [
    "EDE_CHAINS",
    "board_count",
    "board_order",
    "board_totals",
    "extended_direct_encounter",
    "extended_sonneborn_berger",
    "game_points",
    "match_points",
    "secondary_score",
    "sssc",
    "sssc_factor",
]

EDE_CHAINS = {"EDE": "", "EDEBT": "BT", "EDEBB": "BE", "EDET": "T", "EDEB": "E", "EDEC": "B"}
"""EDE and its 13.3.2 chains: the board criteria applied, in order, when exactly two teams remain
tied (B board count, T top board result, E bottom board elimination), over their encounter only."""


def match_points(ctx: Context, spec: TiebreakSpec) -> TiebreakResult:
    """MPTS (11.1.1): the match points of every round, whatever the primary score."""
    return points(ctx.on(ScoreName.MP), spec)


def game_points(ctx: Context, spec: TiebreakSpec) -> TiebreakResult:
    """GPTS (11.1.2): the game points of every round, whatever the primary score."""
    return points(ctx.on(ScoreName.GP), spec)


def _secondary(ctx: Context) -> np.ndarray:
    other = ctx.frame.secondary
    if other is None:
        raise ValueError("a team criterion needs a team frame (with the secondary score)")
    return other.points


def secondary_score(ctx: Context, spec: TiebreakSpec) -> TiebreakResult:
    """MPvGP (13.1): the secondary score of every round (game points when match points rank the
    teams, match points otherwise), unplayed rounds included."""
    frame = ctx.frame
    points = _secondary(ctx)
    table = RecordTable(
        frame, Aggregate.SUM, "secondary_points", points, frame.unit, points, frame.unit,
        np.zeros(points.shape, dtype=np.int8), vur=VUR[frame.kind], rules=ctx.rules,
    )  # fmt: skip
    return TiebreakResult.from_table(spec, table)


def extended_sonneborn_berger(ctx: Context, spec: TiebreakSpec) -> TiebreakResult:
    """ESB (13.2), on the frame of the opponent-side score (the first letter after E: ``EMGSB`` on
    the MP frame): the opponent's adjusted total (a dummy for own unplayed rounds, Article 16) times
    what the team scored in that round in the own-side score (the second letter); Cut-1 drops the
    opponent with the lowest opponent-side score, the lowest contribution among equals (14.1.2),
    16.5 applied."""
    if spec.code == "ESB":  # the reference program's name: opponent's primary x own secondary score
        other = ctx.frame.secondary
        if other is None:
            raise ValueError("ESB needs a team frame (with the secondary score)")
        key_side, own_side = ctx.frame.score, other.name
    else:
        side = {"M": ScoreName.MP, "G": ScoreName.GP}
        key_side, own_side = side[spec.code[1]], side[spec.code[2]]
    ctx = ctx.on(key_side)
    frame = ctx.frame
    elements = ctx.elements(False, spec.forfeits_played)
    own = frame.on(own_side).points
    value = np.where(elements.present, elements.key * own, 0)
    cut = apply_cuts(
        elements.key, value, elements.present, elements.vur, low=spec.cut_low, high=0,
        vur_priority=ctx.rules.vur_priority(frame), vur_selection=ctx.rules.vur_selection,
    )  # fmt: skip
    why = np.where(elements.present, _WHY_OF_CUT[cut.astype(np.intp)], Why.NOT_PART).astype(np.int8)
    unit = frame.unit
    table = RecordTable(
        frame, Aggregate.SUM, "opponent_score", elements.key, unit, value, unit * unit, why, vur=elements.vur,
        rules=ctx.rules, view=ctx.view(False), factor=np.where(elements.present, own, 0),
    )  # fmt: skip
    return TiebreakResult.from_table(spec, table, Direction.HIGHER)


def sssc_factor(ctx: Context, spec: TiebreakSpec) -> int:
    """FN of 13.4.2: ``/Kx`` when given, else floor(the maximum primary score of the event / the
    maximum secondary score of one match: a won match's MP, or a win on every board), at least 1."""
    if spec.factor is not None:
        return spec.factor
    frame = ctx.frame
    other = ctx.frame.secondary
    assert other is not None
    return max(frame.win * frame.rounds // other.win, 1)


def sssc(ctx: Context, spec: TiebreakSpec) -> TiebreakResult:
    """SSSC (13.4), on the primary frame: the secondary score plus the Buchholz on the primary
    score (Article 16, /F Fore Buchholz, /P forfeits as played) divided by FN (13.4.2).  Exact:
    C.07 states no rounding (the FIDE reference program rounds to two decimals)."""
    fn = sssc_factor(ctx, spec)
    fore = bool(spec.fore)
    elements = ctx.elements(fore, spec.forfeits_played)
    frame = ctx.frame_for(fore)
    key = np.where(elements.present, elements.key, 0)
    value = _secondary(ctx) * fn + key
    table = RecordTable(
        frame, Aggregate.SUM, "opponent_score", key, frame.unit, value, frame.unit * fn,
        np.zeros(value.shape, dtype=np.int8), vur=elements.vur, rules=ctx.rules, view=ctx.view(fore),
    )  # fmt: skip
    return TiebreakResult.from_table(spec, table, Direction.HIGHER, details=SsscFactor(fn))


def board_count(ctx: Context, spec: TiebreakSpec) -> TiebreakResult:
    """BC (12.1): the sum over the team's boards of board number x game points on that board, over
    the event (a PAB and an FPB count a win on every board, an HPB a draw, a board won or lost by
    forfeit a standard win or loss, an empty board nothing); lower is better."""
    frame = ctx.frame
    boards = frame.boards
    if boards is None:
        raise ValueError("BC needs a team frame (with the board layer)")
    weights = np.arange(1, boards.shape[2] + 1, dtype=np.int64)
    per_round = (boards * weights).sum(axis=2)
    table = RecordTable(
        frame, Aggregate.SUM, "board_weighted_points", per_round, frame.unit, per_round, frame.unit,
        np.zeros(per_round.shape, dtype=np.int8), rules=ctx.rules,
        detail=frame.board_forfeits, detail_code="forfeited_board",
    )  # fmt: skip
    return TiebreakResult.from_table(spec, table, Direction.LOWER)


def extended_direct_encounter(ctx: Context, spec: TiebreakSpec, members: list[int]) -> list[list[int]]:
    """EDE (13.3.1) on a tied group: direct encounter with the primary score, then the secondary, on
    each sub-group still tied, alternating while either score separates teams (at most 30 passes;
    digest 9.1-9.2); then, for a chain (13.3.2), the board criteria on two teams still tied."""
    steps = ctx.group_steps(spec)
    de = TiebreakSpec("DE", forfeits_played=spec.forfeits_played)
    other = ctx.frame.secondary
    scores = [ctx] if other is None else [ctx, ctx.on(other.name)]
    ids = ctx.frame.ids
    chain = EDE_CHAINS[spec.code]
    if ctx.rules.settings.get("ede") == "restart":
        # digest 8.4 reading B: every sub-group still tied starts 13.3.1 again from the primary score
        def restart(group: list[int]) -> list[list[int]]:
            for c in scores:
                subs = _order(c, de, sorted(group, key=lambda i: int(ids[i])), steps, reapply=False)
                if len(subs) > 1:
                    return [part for sub in subs for part in (restart(sub) if len(sub) > 1 else [sub])]
            return [group]

        return [part for g in restart(list(members)) for part in _chain(ctx, spec, chain, g)]
    groups = [sorted(members, key=lambda i: int(ids[i]))]
    for _ in range(30):
        changed = False
        for c in scores:
            nxt: list[list[int]] = []
            for g in groups:
                if len(g) == 1:
                    nxt.append(g)
                    continue
                subs = _order(c, de, sorted(g, key=lambda i: int(ids[i])), steps)
                changed |= len(subs) > 1
                nxt.extend(subs)
            groups = nxt
        if not changed:
            break
    return [part for g in groups for part in _chain(ctx, spec, chain, g)]


def _chain(ctx: Context, spec: TiebreakSpec, steps: str, group: list[int]) -> list[list[int]]:
    """13.3.2: two teams still tied after EDE are separated by board criteria applied to their
    encounter only (their matches against each other that EDE counted: played, or forfeited in a
    round robin or with /P; boards summed over repeated meetings):
    B board count (12.1, lower is better; the rule-set option ``chain-bc=higher`` ranks the higher
    sum first, as the FIDE reference program does), T top board result (12.2), E bottom board
    elimination (12.3).  Groups of any other size, and teams that never met, are left as they are."""
    boards, opponent = ctx.frame.boards, ctx.frame.opponent
    if not steps or len(group) != 2 or boards is None:
        return [group]
    a, b = group
    frame = ctx.frame
    counted = frame.played[a] | (FORFEIT[frame.kind[a]] & (spec.forfeits_played or frame.is_round_robin))
    met = np.flatnonzero((opponent[a] == b) & counted)
    if met.size == 0:
        return [group]
    ga, gb = boards[a, met, :].sum(axis=0), boards[b, met, :].sum(axis=0)
    n = ga.size
    for step in steps:
        if step == "B":
            weights = np.arange(1, n + 1)
            ka, kb = -int((ga * weights).sum()), -int((gb * weights).sum())  # lower is better (12.1)
            if ctx.rules.settings.get("chain-bc") == "higher":  # the FIDE reference program's reading
                ka, kb = -ka, -kb
            if ka != kb:
                return [[a], [b]] if ka > kb else [[b], [a]]
            continue
        if step == "T":
            pairs = list(zip(ga.tolist(), gb.tolist(), strict=True))
        else:  # E: all boards but the bottom one, then one fewer, ...
            pairs = [(int(ga[:k].sum()), int(gb[:k].sum())) for k in range(n - 1, 0, -1)]
        for x, y in pairs:
            if x != y:
                return [[a], [b]] if x > y else [[b], [a]]
    return [group]


@dataclass(frozen=True)
class BoardTotals(Details):
    """TBR, BBE: what they compare, the game points of every team on every board over the event."""

    totals: IntMatrix
    """Per team and board, in units of ``unit``."""
    unit: int


@dataclass(frozen=True)
class SsscFactor(Details):
    """SSSC: the factor FN that divides the Buchholz (13.4.2)."""

    fn: int


def board_totals(ctx: Context, spec: TiebreakSpec) -> BoardTotals:
    """The game points of every team on every board over the event (what TBR and BBE compare)."""
    boards = ctx.frame.boards
    if boards is None:
        raise ValueError(f"{spec.code} needs a team frame (with the board layer)")
    return BoardTotals(boards.sum(axis=1), ctx.frame.unit)


def board_order(ctx: Context, spec: TiebreakSpec, members: list[int]) -> list[list[int]]:
    """TBR (12.2): game points on board 1 over the event, then board 2, ...; BBE (12.3): game points
    on all boards but the bottom one, then without the next bottom one, ...; higher is better.  The
    board totals are kept for the explanation."""
    totals = board_totals(ctx, spec).totals
    n = totals.shape[1]
    if spec.code == "TBR":
        keys = {i: tuple(int(x) for x in totals[i]) for i in members}
    else:
        keys = {i: tuple(int(totals[i, :b].sum()) for b in range(n - 1, 0, -1)) for i in members}
    ids = ctx.frame.ids
    ranked = sorted(members, key=lambda i: (tuple(-x for x in keys[i]), int(ids[i])))
    subs: list[list[int]] = [[ranked[0]]]
    for i in ranked[1:]:
        if keys[i] == keys[subs[-1][0]]:
            subs[-1].append(i)
        else:
            subs.append([i])
    return subs
