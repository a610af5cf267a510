"""US Chess Official Rules (7th edition), rule 34E.

Opponents count with adjusted scores: every unplayed game of an opponent (byes of any value,
forfeits won or lost, rounds after withdrawal) counts as a draw.  The player's own unplayed games
count as opponents with zero points.  Its tie-breaks (modified median, Solkoff, cumulative, ...) use
these elements.
"""

from __future__ import annotations

import numpy as np

from ..core.frame import Frame
from .base import Elements, OpponentView, RuleSet, Source, opponent_keys

__all__ = ["USChess"]


class USChess(RuleSet):
    name = "us-chess"
    aliases = ("uschess", "uscf", "us")
    title = "US Chess rule 34E"
    source = "US Chess Federation's Official Rules of Chess, 7th edition, rule 34E"
    description = (
        "Opponents' unplayed games count as draws; one's own unplayed games count as opponents with "
        "zero points."
    )
    round_robin_as_played = False
    revaluation_note = "fn.reason.us_chess"
    footnotes_heading = "footnotes.us_chess"
    usual_tiebreaks = ("MM", "SOLKOFF", "CUM", "OPPCUM")
    """The rulebook's order as quoted by US Chess affiliates; other orders are given with --tiebreaks."""

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
        return Elements(
            key=np.where(played, opponent_keys(frame, view.score), 0).astype(np.int64),
            factor=frame.points,
            present=np.ones(shape, dtype=bool),
            vur=np.zeros(shape, dtype=bool),
            source=np.where(played, Source.OPPONENT, Source.UNPLAYED_ZERO).astype(np.int8),
            own=frame.total,
            cap=np.full(shape, -1, dtype=np.int64),
        )
