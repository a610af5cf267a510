"""The team-only criteria of C.07 (Articles 12 and 13), computed on a team frame like any other
tie-break: the frame's points are the score the criterion names, ``frame.secondary`` the other score
of every round and ``frame.boards`` the points on every board.

Extended Direct Encounter and the board criteria that order a tied group (TBR, BBE and the 13.3.2
chains) are group orders: they are applied while ranking (:mod:`spareggio.teams`).
"""

from __future__ import annotations

import numpy as np

from ..cuts import apply_cuts
from ..model import VUR
from .base import _WHY_OF_CUT, Context, Direction, TiebreakResult, TiebreakSpec
from .records import Aggregate, RecordTable, Why

__all__ = ["board_count", "extended_sonneborn_berger", "secondary_score", "sssc", "sssc_factor"]


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
    frame = ctx.frame
    own_side = "MP" if spec.code[2] == "M" else "GP"
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
    maximum secondary score of one match), at least 1."""
    if spec.limit is not None:
        return max(int(spec.limit), 1)
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
    return TiebreakResult.from_table(spec, table, Direction.HIGHER, details={"fn": fn})


def board_count(ctx: Context, spec: TiebreakSpec) -> TiebreakResult:
    """BC (12.1): the sum over the team's boards of board number x game points on that board, over
    the event (a PAB and an FPB count a win on every board, an HPB a draw); lower is better."""
    frame = ctx.frame
    boards = frame.boards
    if boards is None:
        raise ValueError("BC needs a team frame (with the board layer)")
    weights = np.arange(1, boards.shape[2] + 1, dtype=np.int64)
    per_round = (boards * weights).sum(axis=2)
    table = RecordTable(
        frame, Aggregate.SUM, "board_weighted_points", per_round, frame.unit, per_round, frame.unit,
        np.zeros(per_round.shape, dtype=np.int8), rules=ctx.rules,
    )  # fmt: skip
    return TiebreakResult.from_table(spec, table, Direction.LOWER)
