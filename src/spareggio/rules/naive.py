"""No adjustment at all, as many simple programs compute: only games played over the board count,
against the opponents' actual scores; unplayed rounds contribute nothing.  For comparison."""

from __future__ import annotations

import numpy as np

from ..core.frame import Frame
from .base import Elements, OpponentView, RuleSet, Source, opponent_keys, plain_view

__all__ = ["Naive"]


class Naive(RuleSet):
    name = "naive"
    aliases = ("none", "plain", "unadjusted")
    title = "No adjustment (games played only)"
    source = "common practice of simple programs"
    description = "Only games played over the board count, with the opponents' actual scores."
    round_robin_as_played = False

    def swiss_opponent_view(self, frame: Frame) -> OpponentView:
        return plain_view(frame)

    def swiss_elements(self, frame: Frame, view: OpponentView, *, forfeits_as_played: bool) -> Elements:
        played = frame.played
        shape = frame.kind.shape
        as_game = played | (frame.has_opponent & forfeits_as_played)
        return Elements(
            key=np.where(as_game, opponent_keys(frame, view.score), 0).astype(np.int64),
            factor=frame.points,
            present=as_game,
            vur=np.zeros(shape, dtype=bool),
            source=np.where(
                played, Source.OPPONENT, np.where(as_game, Source.FORFEIT_AS_PLAYED, Source.NONE)
            ).astype(np.int8),
            own=frame.total,
            cap=np.full(shape, -1, dtype=np.int64),
        )
