"""The older FIDE convention, as the Vega manual reads Handbook C.06.11: for tie-break purposes every
unplayed game, whatever its result, is a draw against oneself.

Every participant gets a *tie-break score*: the points of the games played over the board plus a
draw for every unplayed round.  Opponents count with that score; each own unplayed round counts a
game against oneself, i.e. the player's own tie-break score, drawn (Sonneborn-Berger factor = a
draw).  Cuts take the lowest values with no preference for unplayed rounds.
"""

from __future__ import annotations

import numpy as np

from ..core.frame import Frame
from .base import Elements, OpponentView, RuleSet, Source, opponent_keys

__all__ = ["DrawVsSelf"]


class DrawVsSelf(RuleSet):
    name = "draw-vs-self"
    aliases = ("fide-legacy", "draw-against-oneself", "legacy", "vega-draw-vs-self", "patta-con-se-stessi")
    title = "Unplayed game = draw against oneself (old FIDE / Vega)"
    source = "FIDE Handbook C.06.11 (before 2009) as quoted in the Vega manual"
    description = (
        "Every unplayed round counts as a draw against oneself: opponents count with points from "
        "played games plus a draw per unplayed round, and own unplayed rounds add one's own such score."
    )

    def swiss_opponent_view(self, frame: Frame) -> OpponentView:
        unplayed = ~frame.played
        round_value = frame.with_bonus(np.where(unplayed, frame.draw, frame.points))
        return OpponentView(
            score=round_value.sum(axis=1),
            round_value=round_value,
            revalued=unplayed & (round_value != frame.scores),
        )

    def swiss_elements(self, frame: Frame, view: OpponentView, *, forfeits_as_played: bool) -> Elements:
        played = frame.played
        shape = frame.kind.shape
        own = np.broadcast_to(view.score[:, None], shape)
        key = np.where(played, opponent_keys(frame, view.score), own)
        return Elements(
            key=key.astype(np.int64),
            factor=np.where(played, frame.points, frame.draw),
            present=np.ones(shape, dtype=bool),
            vur=np.zeros(shape, dtype=bool),
            source=np.where(played, Source.OPPONENT, Source.SELF_DRAW).astype(np.int8),
            own=view.score,
            cap=np.full(shape, -1, dtype=np.int64),
        )
