"""The Italian variant ("Bucholz variante italiana"), the FSI default when no other tie-break is
announced.

Unplayed games count as if they had been played: a forfeit (won or lost) against the scheduled
opponent, who counts with his actual score; a bye, or any round without a scheduled opponent,
against an opponent with zero points.  Opponents count with their actual scores; there is no
adjustment and no preference for unplayed rounds in cuts.  Its usual tie-break is Buchholz Cut 1.
"""

from __future__ import annotations

import numpy as np

from ..core.frame import Frame
from .base import Elements, OpponentView, RuleSet, Source, opponent_keys, plain_view

__all__ = ["Italian"]


class Italian(RuleSet):
    name = "italian"
    aliases = ("italiana", "variante-italiana", "variante", "fsi", "italy")
    title = "Italian variant (Buchholz variante italiana)"
    source = "FSI Regolamento Tecnico Federale; 'Spareggio Bucholz' of the Italian arbiters' sector"
    description = (
        "Forfeits count as games against the scheduled opponent with his actual score; byes count as "
        "games against an opponent with zero points; no adjustment of opponents' scores."
    )
    usual_tiebreaks = ("BH/C1",)

    def swiss_opponent_view(self, frame: Frame) -> OpponentView:
        return plain_view(frame)

    def swiss_elements(self, frame: Frame, view: OpponentView, *, forfeits_as_played: bool) -> Elements:
        has_opp = frame.has_opponent
        shape = frame.kind.shape
        key = np.where(has_opp, opponent_keys(frame, view.score), 0)
        source = np.where(
            frame.played, Source.OPPONENT, np.where(has_opp, Source.FORFEIT_AS_PLAYED, Source.ZERO_OPPONENT)
        )
        return Elements(
            key=key.astype(np.int64),
            factor=frame.points,
            present=np.ones(shape, dtype=bool),
            vur=np.zeros(shape, dtype=bool),
            source=source.astype(np.int8),
            own=frame.total,
            cap=np.full(shape, -1, dtype=np.int64),
        )
