"""Tie-breaks on the participant's own results and data (C.07 Art. 7, Type B), except PS.

WIN (7.1), WON (7.2), BPG (7.3), BWG (7.4), REP (7.6), STD (7.7) and TPN (7.8).  Every count is a
players × rounds mask summed over the rounds of the frame.

Unplayed rounds in events with pre-determined pairings (round robins) follow C.07 15.2: forfeits are
treated as regular games against the scheduled opponent.  The 2026 text keeps forfeit *losses* as
unplayed rounds for these Type B tie-breaks (forfeit wins stay regular games, so in a round robin a
forfeit win counts as a game won, and with Black as a game played and won with Black); the 2024 text
has no such exception.  Rule sets that do not apply Article 15 treat every forfeit as unplayed.
"""

from __future__ import annotations

import datetime as _dt

import numpy as np

from ..core.model import VUR, BoolMatrix, Color, IntMatrix, ResultKind
from ..rules.base import RuleSet
from .base import Context, Direction, TiebreakResult, TiebreakSpec
from .records import Aggregate, RecordTable, Why

__all__ = [
    "black_games",
    "black_wins",
    "games_won",
    "pairing_number",
    "regular_forfeits",
    "rounds_elected",
    "standard_points",
    "wins",
]

_CARVE_OUT_FROM = _dt.date(2026, 3, 1)
"""The C.07 15.2 exception for Type B tie-breaks is in the text in force from this date."""


def _keeps_forfeit_losses_unplayed(rules: RuleSet) -> bool:
    """Whether the rule set follows the 2026 wording of C.07 15.2 (forfeit losses stay unplayed rounds
    for Type B tie-breaks): every rule set except those whose text ended before 1 March 2026."""
    return rules.effective_to is None or rules.effective_to >= _CARVE_OUT_FROM


def regular_forfeits(ctx: Context) -> tuple[BoolMatrix, BoolMatrix]:
    """The forfeit wins and the forfeit losses (double forfeits included) that count as regular games
    in the Type B tie-breaks of Art. 7 (C.07 15.2); all False in Swiss events."""
    frame = ctx.frame
    kind = frame.kind
    none = np.zeros(kind.shape, dtype=bool)
    if not (frame.is_round_robin and ctx.rules.round_robin_as_played):
        return none, none
    forfeit_wins = kind == ResultKind.FORFEIT_WIN
    if _keeps_forfeit_losses_unplayed(ctx.rules):
        return forfeit_wins, none
    forfeit_losses = (kind == ResultKind.FORFEIT_LOSS) | (kind == ResultKind.DOUBLE_FORFEIT)
    return forfeit_wins, forfeit_losses


def _games(ctx: Context) -> BoolMatrix:
    """Rounds that count as games: played over the board, or a regular forfeit (15.2)."""
    forfeit_wins, forfeit_losses = regular_forfeits(ctx)
    return ctx.frame.played | forfeit_wins | forfeit_losses


def _games_won(ctx: Context) -> BoolMatrix:
    forfeit_wins, _ = regular_forfeits(ctx)
    won: BoolMatrix = ctx.frame.kind == ResultKind.PLAYED_WIN
    return won | forfeit_wins


def _black(ctx: Context) -> BoolMatrix:
    black: BoolMatrix = ctx.frame.color == Color.BLACK
    return black


def _count(ctx: Context, spec: TiebreakSpec, counted: BoolMatrix) -> TiebreakResult:
    """A count: one record per round, the round's points as input, 1 where the round counts."""
    frame = ctx.frame
    table = RecordTable(
        frame,
        Aggregate.SUM,
        "points",
        frame.points,
        frame.unit,
        counted.astype(np.int64),
        1,
        np.where(counted, Why.COUNTED, Why.NOT_COUNTED).astype(np.int8),
        vur=VUR[frame.kind],
        rules=ctx.rules,
    )
    return TiebreakResult.from_table(spec, table)


def wins(ctx: Context, spec: TiebreakSpec) -> TiebreakResult:
    """WIN (C.07 7.1): the rounds in which the participant obtained, with or without playing, as many
    points as awarded for a win — games won, forfeit wins, full-point byes and pairing-allocated byes
    when these give a win's points."""
    frame = ctx.frame
    return _count(ctx, spec, frame.points == frame.win)


def games_won(ctx: Context, spec: TiebreakSpec) -> TiebreakResult:
    """WON (C.07 7.2): the games won over the board; in a round robin also the forfeit wins (15.2)."""
    return _count(ctx, spec, _games_won(ctx))


def black_games(ctx: Context, spec: TiebreakSpec) -> TiebreakResult:
    """BPG (C.07 7.3): the games played over the board with Black; in a round robin also forfeits with
    Black that 15.2 treats as regular games."""
    return _count(ctx, spec, _games(ctx) & _black(ctx))


def black_wins(ctx: Context, spec: TiebreakSpec) -> TiebreakResult:
    """BWG (C.07 7.4): the games won over the board with Black; in a round robin also forfeit wins
    with Black (15.2)."""
    return _count(ctx, spec, _games_won(ctx) & _black(ctx))


def rounds_elected(ctx: Context, spec: TiebreakSpec) -> TiebreakResult:
    """REP (C.07 7.6, GE until 2024): the rounds minus the voluntary unplayed rounds — half-point and
    zero-point byes, absences, rounds after a withdrawal and forfeit losses (a double forfeit is a
    forfeit loss for both).  Games, forfeit wins, pairing-allocated and full-point byes count; so does
    a forfeit loss that 15.2 treats as a regular game."""
    _, forfeit_losses = regular_forfeits(ctx)
    return _count(ctx, spec, ~VUR[ctx.frame.kind] | forfeit_losses)


def standard_points(ctx: Context, spec: TiebreakSpec) -> TiebreakResult:
    """STD (C.07 7.7, 2026): 1 for every round in which the participant scored more points than the
    scheduled opponent, or obtained without playing more than a draw's points; ½ for every round with
    the same points as the scheduled opponent, or exactly a draw's points without playing.

    The comparison with the scheduled opponent follows the text, forfeits included: a double forfeit
    gives ½ to both players (the same points as the opponent).  This differs from the FIDE reference
    program, which compares every round's points with a draw's points (0 for a double forfeit).  When
    both clauses apply to an unplayed round with a scheduled opponent, the better one counts."""
    frame = ctx.frame
    points = frame.points
    has_opp = frame.has_opponent
    opp_points = np.where(has_opp, points[np.maximum(frame.opponent, 0), np.arange(frame.rounds)], 0)
    halves: IntMatrix = np.where(has_opp, 1 + np.sign(points - opp_points), 0).astype(np.int64)
    unplayed = ~frame.played
    by_draw = 1 + np.sign(points - frame.draw)
    halves = np.where(unplayed, np.maximum(halves, by_draw), halves)
    compared = np.where(has_opp, opp_points, frame.draw)
    table = RecordTable(
        frame,
        Aggregate.SUM,
        "compared_points",
        compared,
        frame.unit,
        halves.astype(np.int64),
        2,
        np.zeros(halves.shape, dtype=np.int8),
        vur=VUR[frame.kind],
        rules=ctx.rules,
    )
    return TiebreakResult.from_table(spec, table)


def pairing_number(ctx: Context, spec: TiebreakSpec) -> TiebreakResult:
    """TPN (C.07 7.8, 2026): the tournament pairing (start) number, lower is better; ``/R`` sorts in
    descending order."""
    table = RecordTable.own_value(ctx.frame, "pairing_number", ctx.frame.ids, ctx.rules)
    return TiebreakResult.from_table(spec, table, Direction.LOWER)
