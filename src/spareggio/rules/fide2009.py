"""FIDE 2009 (80th FIDE Congress, Kallithea, Swiss Pairing Programs Committee, item 7).

(a) For the player's own unplayed round R the Buchholz counts a *virtual opponent* who starts the
    round with the player's score before it (SPR), gets the opposite of the player's result by
    default, and draws every later round:  ``Svon = SPR + (1 - SfPR) + 0.5 x (n - R)``.
(b) For the opponents, each result by default of the player counts as a draw.

Sonneborn-Berger uses the same virtual opponent times the points scored, so a forfeit loss yields
nothing.  Round robins count unplayed games as played.  Step (b) is applied to every round without a
game over the board (forfeits, byes and absences), the reading the seed's example supports; see
``docs/rules.md``.
"""

from __future__ import annotations

import datetime as _dt

import numpy as np

from ..core.frame import Frame
from ..core.model import FORFEIT, RESULT_CLASS, VUR
from .base import Elements, OpponentView, RuleOption, RuleSet, Source, opponent_keys

__all__ = ["Fide2009"]


class Fide2009(RuleSet):
    name = "fide-2009"
    aliases = ("fide2009", "kallithea", "vega-2009", "vega-kallithea")
    title = "FIDE 2009 virtual opponent (Kallithea)"
    source = "Minutes of the Swiss Pairing Programs Committee, 80th FIDE Congress, Kallithea 2009, item 7"
    effective_from = _dt.date(2009, 10, 1)
    effective_to = _dt.date(2023, 8, 31)
    description = (
        "Own unplayed rounds count a virtual opponent (score before the round + opposite result + a "
        "draw in every later round); for the opponents every unplayed round counts as a draw."
    )

    options = (
        RuleOption(
            "draws",
            ("unplayed", "defaults"),
            "unplayed",
            "Step (b): which rounds count as draws for the opponents: every round without a game over the "
            "board, or only results by default (forfeits won or lost, absences and zero-point byes), "
            "pairing-allocated and requested full/half-point byes keeping their points.",
        ),
    )

    def swiss_opponent_view(self, frame: Frame) -> OpponentView:
        unplayed = ~frame.played
        if self.settings.get("draws") == "defaults":
            unplayed = FORFEIT[frame.kind] | (VUR[frame.kind] & ~frame.has_opponent)
        round_value = frame.with_bonus(np.where(unplayed, frame.draw, frame.points))
        return OpponentView(
            score=round_value.sum(axis=1),
            round_value=round_value,
            revalued=unplayed & (round_value != frame.scores),
        )

    def swiss_elements(self, frame: Frame, view: OpponentView, *, forfeits_as_played: bool) -> Elements:
        played = frame.played
        before = np.cumsum(frame.scores, axis=1) - frame.scores  # score before each round
        cls = RESULT_CLASS[frame.kind]
        opposite = np.where(cls > 0, frame.loss, np.where(cls < 0, frame.win, frame.draw))
        remaining = frame.rounds - 1 - np.arange(frame.rounds)
        virtual = before + opposite + frame.draw * remaining[None, :]
        key = np.where(played, opponent_keys(frame, view.score), virtual)
        source = np.where(played, Source.OPPONENT, Source.VIRTUAL)
        shape = frame.kind.shape
        return Elements(
            key=key.astype(np.int64),
            factor=frame.points,
            present=np.ones(shape, dtype=bool),
            vur=np.zeros(shape, dtype=bool),
            source=source.astype(np.int8),
            own=frame.total,
            cap=np.full(shape, -1, dtype=np.int64),
        )
