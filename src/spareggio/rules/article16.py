"""C.07 Article 16 (Swiss events), shared by the FIDE 2024 and FIDE 2026 rule sets.

* 16.2/16.3 -- the adjusted score: every round counts the points it gave, except requested byes and
  absences (no scheduled opponent) that are followed only by voluntary unplayed rounds, or fall in
  the last round (category 16.2.5): those count as a draw.
* 16.4 -- each own unplayed round is a game against a dummy opponent with the player's own score;
  from 1 March 2026 capped at the scheduled opponent's adjusted score for forfeits (16.4.1) and at
  rounds × draw for every other unplayed round (16.4.2).
* 16.5 -- when a cut removes a least significant value and the player has voluntary unplayed
  rounds, the VUR with the smallest contribution is removed instead unless it is lower than the
  least significant value ("cut the higher of the two"); applied in :mod:`spareggio.tiebreaks.cuts`.
"""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from ..core.frame import Frame
from ..core.model import FORFEIT, REQUESTED_BYE, VUR, ResultKind
from .base import Elements, OpponentView, RuleOption, RuleSet, Source, VurSelection, opponent_keys

__all__ = ["Article16", "last_non_vur_round", "trailing_requested_byes"]


def last_non_vur_round(frame: Frame, *, forfeits_end: bool = False) -> np.ndarray:
    """Per player, the index of the last round that is not a VUR (-1 if none); with
    ``forfeits_end`` a forfeit loss counts as such a round (Vega's reading of 16.2.5)."""
    non_vur = ~VUR[frame.kind]
    if forfeits_end:
        non_vur = non_vur | FORFEIT[frame.kind]
    idx = np.arange(frame.rounds)
    last: np.ndarray = np.where(non_vur, idx, -1).max(axis=1, initial=-1)
    return last


def trailing_requested_byes(frame: Frame, *, forfeits_end: bool = False) -> np.ndarray:
    """Category 16.2.5: requested byes / absences followed only by VURs (or in the last round); with
    ``forfeits_end`` followed only by requested byes and absences (a forfeit loss ends the trail)."""
    lna = last_non_vur_round(frame, forfeits_end=forfeits_end)
    idx = np.arange(frame.rounds)
    return (idx[None, :] > lna[:, None]) & REQUESTED_BYE[frame.kind]


class Article16(RuleSet):
    """FIDE C.07 Article 16, with or without the 2026 caps of 16.4."""

    caps: bool = True
    revaluation_note = "fn.reason.trailing"
    options = (
        RuleOption(
            "vur",
            ("contribution", "score"),
            "contribution",
            "16.5.1: the VUR compared with the least significant value is the one with the smallest "
            "contribution (the text, seed 002 example 5), or the one with the lowest dummy score and then "
            "contribution (the FIDE reference program).",
        ),
        RuleOption(
            "cap-rounds",
            ("evaluated", "announced"),
            "evaluated",
            "16.4.2: 'rounds' in the cap rounds x draw are the rounds evaluated so far (final standings: all "
            "of them) or the rounds announced for the event (record 142).",
        ),
        RuleOption(
            "ede",
            ("alternate", "restart"),
            "alternate",
            "13.3.1 in team events: a sub-group still tied is ordered again on the score that split it, "
            "the other score tried when it splits nobody (the FIDE reference program, TEC exercise 45), "
            "or starts again from the primary score (the other reading of 6.2).",
        ),
        RuleOption(
            "full-bye",
            ("not-vur", "vur"),
            "not-vur",
            "16.2.1: a full-point bye is not a voluntary unplayed round (the text), or is cut first as one "
            "(Swiss-Manager, for a late entry given the point of a round it did not play).",
        ),
        RuleOption(
            "rr-forfeit",
            ("opponent", "dummy"),
            "opponent",
            "15.2: in a round robin a forfeit counts as a game against the scheduled opponent (the text), "
            "or against a dummy opponent on the player's own score as in a Swiss (Swiss-Manager).",
        ),
        RuleOption(
            "no-games",
            ("undefined", "zero"),
            "undefined",
            "Art. 10: ARO, APRO and APPO of a player without games over the board are undefined (the text), "
            "or 0 (Swiss-Manager, Sharly Chess).",
        ),
        RuleOption(
            "chain-bc",
            ("lower", "higher"),
            "lower",
            "13.3.2 in team events: the board count inside the EDE chains ranks the lower sum first, as "
            "12.1 says, or the higher first (the FIDE reference program).",
        ),
        RuleOption(
            "bye-then-forfeit",
            ("draw", "zero"),
            "draw",
            "16.2.5: a zero-point bye or absence followed only by voluntary unplayed rounds counts as a draw "
            "for the opponents, forfeit losses among them (the text), or at its points (0) when a forfeit loss "
            "follows it (Vega with the 2024 text).",
        ),
        RuleOption(
            "full-bye-sb",
            ("dummy", "zero"),
            "dummy",
            "16.4 for 16.2.1: a full-point bye meets a dummy opponent in Sonneborn-Berger as in Buchholz (the "
            "text), or adds nothing to Sonneborn-Berger while Buchholz counts the dummy (Vega, events of "
            "January to May 2026).",
        ),
        RuleOption(
            "de-unmet",
            ("wait", "order"),
            "wait",
            "6.2, 6.3 in a round robin not yet finished: a tied group whose members have not all met is "
            "separated only where the missing games could change nothing (the text), or ordered by the "
            "games played as if all had met (the FIDE reference program).",
        ),
    )

    def _apply_settings(self) -> None:
        self.vur_selection = VurSelection(self.settings["vur"])

    def _cap_rounds(self, frame: Frame) -> int:
        if self.settings.get("cap-rounds") == "announced":
            return max(frame.announced_rounds or frame.rounds, frame.rounds)
        return frame.rounds

    def vur_priority(self, frame: Frame) -> bool:
        return not frame.is_round_robin

    def _vur(self, kind: np.ndarray) -> np.ndarray:
        """The voluntary unplayed rounds that 16.5 cuts first: C.07 16.1.2, and full-point byes under
        ``full-bye=vur``."""
        vur: np.ndarray = VUR[kind]
        if self.settings.get("full-bye") == "vur":
            vur = vur | (kind == ResultKind.FULL_BYE)
        return vur

    def elements(self, frame: Frame, view: OpponentView, *, forfeits_as_played: bool = False) -> Elements:
        found = super().elements(frame, view, forfeits_as_played=forfeits_as_played)
        if not (frame.is_round_robin and self.round_robin_as_played) or self.settings.get("rr-forfeit") != "dummy":
            return found
        # rr-forfeit=dummy: a forfeit in a round robin meets a dummy on the player's own score (16.4)
        forfeit = FORFEIT[frame.kind.astype(np.intp)]
        own = np.broadcast_to(frame.total[:, None], forfeit.shape)
        dummy, source = own, np.full(forfeit.shape, np.int8(Source.DUMMY_OWN))
        cap = np.full(forfeit.shape, -1, dtype=np.int64)
        if self.caps:  # 16.4.1: capped at the scheduled opponent's adjusted score
            capped = own > found.key
            dummy = np.where(capped, found.key, own)
            source = np.where(capped, np.int8(Source.DUMMY_CAP_OPPONENT), source)
            cap = np.where(forfeit, found.key, -1)
        return replace(
            found,
            key=np.where(forfeit, dummy, found.key).astype(np.int64, copy=False),
            source=np.where(forfeit, source, found.source).astype(np.int8, copy=False),
            cap=np.where(forfeit, cap, found.cap).astype(np.int64, copy=False),
        )

    def swiss_opponent_view(self, frame: Frame) -> OpponentView:
        revalued = trailing_requested_byes(frame, forfeits_end=self.settings.get("bye-then-forfeit") == "zero")
        round_value = frame.with_bonus(np.where(revalued, frame.draw, frame.points))
        return OpponentView(
            score=round_value.sum(axis=1),
            round_value=round_value,
            revalued=revalued & (round_value != frame.scores),
        )

    def swiss_elements(self, frame: Frame, view: OpponentView, *, forfeits_as_played: bool) -> Elements:
        kind = frame.kind.astype(np.intp)
        played = frame.played
        forfeit = FORFEIT[kind]
        as_game = played | forfeit if forfeits_as_played else played
        opp_score = opponent_keys(frame, view.score)
        own = frame.total
        own_m = own[:, None]
        # Source values as int8 scalars: the arrays below stay one byte per cell
        s_own, s_cap_opp, s_cap_rounds = (
            np.int8(x) for x in (Source.DUMMY_OWN, Source.DUMMY_CAP_OPPONENT, Source.DUMMY_CAP_ROUNDS)
        )
        if self.caps:
            cap = np.where(forfeit, opp_score, frame.draw * self._cap_rounds(frame))
            capped = own_m > cap
            dummy = np.where(capped, cap, own_m)
            dummy_source = np.where(capped, np.where(forfeit, s_cap_opp, s_cap_rounds), s_own)
            cap[as_game] = -1
        else:
            dummy = np.broadcast_to(own_m, kind.shape)
            dummy_source = np.full(kind.shape, s_own)
            cap = np.full(kind.shape, -1, dtype=np.int64)
        key = np.where(as_game, opp_score, dummy)
        game_source = np.where(played, np.int8(Source.OPPONENT), np.int8(Source.FORFEIT_AS_PLAYED))
        source = np.where(as_game, game_source, dummy_source)
        factor = frame.points
        if self.settings.get("full-bye-sb") == "zero":  # Vega 2026: SB gets nothing for a full-point bye
            factor = np.where((kind == ResultKind.FULL_BYE) | (kind == ResultKind.PAB), 0, factor)
        return Elements(
            key=key.astype(np.int64, copy=False),
            factor=factor,
            present=np.ones(kind.shape, dtype=bool),
            vur=self._vur(kind) & ~as_game,
            source=source.astype(np.int8, copy=False),
            own=own,
            cap=cap.astype(np.int64, copy=False),
        )
