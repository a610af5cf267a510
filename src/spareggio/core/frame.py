"""The evaluation frame: the participants of a tournament as they stood after round R, as integer
arrays.

Every tie-break is computed on a :class:`Frame` and reads nothing else: who the participants are
(their numbers, ratings, how many took part), what happened in every round (opponent, kind of
result, colour) and the score that ranks them, in integer units.  A participant is a player, or a
team of a team event: then the frame also holds the other score of every round (game points beside
match points, or the reverse) and the board layer (the points on every board), and
:meth:`Frame.on` gives the frame of the other score.  ``--after-round N`` is a frame of the first N
rounds, and Fore Buchholz is computed on the frame returned by :meth:`Frame.with_fore`.
"""

from __future__ import annotations

import math
from dataclasses import replace
from functools import cached_property
from typing import TYPE_CHECKING, Protocol, TypedDict

import numpy as np
import numpy.typing as npt

from ..base.classes import dataclass
from ..base.errors import ArgumentError
from ..base.i18n import Field, msg
from .games import (
    HAS_OPPONENT,
    PLAYED,
    BoolMatrix,
    IntMatrix,
    IntVector,
    PointAdjustment,
    ResultKind,
    ScoreName,
    Scoring,
    apply_adjustments,
    trailing_unpaired,
)

__all__ = ["Frame", "RoundPoints", "Rounds", "Score", "round_points"]

if TYPE_CHECKING:  # a type of annotations only: as a class, its annotations would be compiled at every start

    class Participants(TypedDict):
        """The participant fields of a frame (:meth:`Frame.participants_of`)."""

        ids: IntVector
        color: npt.NDArray[np.int8]
        rating: IntVector
        rated: npt.NDArray[np.bool_]
        entrants: int
        announced_rounds: int | None


class Rounds(Protocol):
    """What a frame is built from: the participants x rounds arrays of an event with its scoring
    and adjustments (a :class:`spareggio.core.model.Tournament`, or the teams of a team event as one)."""

    @property
    def opponent(self) -> IntMatrix: ...
    @property
    def kind(self) -> npt.NDArray[np.int8]: ...
    @property
    def color(self) -> npt.NDArray[np.int8]: ...
    @property
    def scoring(self) -> Scoring: ...
    @property
    def adjustments(self) -> tuple[PointAdjustment, ...]: ...
    @property
    def rounds(self) -> int: ...
    @property
    def pending_round(self) -> int | None: ...
    @property
    def complete_rounds(self) -> int: ...
    @property
    def is_round_robin(self) -> bool: ...
    @property
    def n_players(self) -> int: ...
    @property
    def announced_rounds(self) -> int | None: ...
    def tiebreak_ratings(self) -> list[int | None]: ...
    def start_numbers(self) -> IntVector: ...


@dataclass(frozen=True, eq=False)
class RoundPoints:
    """The points of every (player, round) of some rounds of a tournament, in units of ``1/unit``."""

    points: IntMatrix
    """What each round scored: the scoring system's value, or a record 299's for its result type."""
    adjust: IntMatrix | None
    """Bonuses and penalties (record 299 without a result type) by (player, round); one with no
    round sits in the last round.  None when the file has none."""
    marked: BoolMatrix | None
    """The cells a record 299 set or adjusted; None when the file has none."""
    unit: int

    @property
    def totals(self) -> IntVector:
        total: IntVector = self.points.sum(axis=1)
        return total + self.adjust.sum(axis=1) if self.adjust is not None else total


def round_points(t: Rounds, kind: npt.NDArray[np.int8]) -> RoundPoints:
    """The points of ``kind`` (the first rounds of ``t``, or a hypothesis on them) under the
    tournament's scoring system and its point adjustments (TRF-26 record 299), applied in file
    order (a later record wins)."""
    unit = t.scoring.unit
    for a in t.adjustments:
        unit = math.lcm(unit, a.points.denominator)
    table = t.scoring.points_table() * (unit // t.scoring.unit)
    points = table[kind.astype(np.intp)]
    if not t.adjustments:
        return RoundPoints(points, None, None, unit)
    adjust, marked = apply_adjustments(kind, points, t.adjustments, unit)
    return RoundPoints(points, adjust, marked, unit)


@dataclass(frozen=True, eq=False)
class Score:
    """One score of every (participant, round), in units of ``1/unit``, with what a win, a draw and
    a loss are worth in it (a team's match points, or its game points: D(GP) is a board draw times
    the boards)."""

    name: ScoreName
    """``PTS`` for players; ``MP`` or ``GP`` for teams."""
    points: IntMatrix
    win: int
    draw: int
    loss: int


@dataclass(frozen=True, eq=False)
class Frame:
    """The arrays of the first ``rounds`` rounds of a tournament.

    Points are integers in units of ``1/unit`` (``unit`` = 2 for the usual 1 / ½ / 0 scoring).
    """

    tournament: Rounds
    """The event the arrays come from (the Fore Buchholz frame re-scores its next round)."""
    rounds: int
    opponent: IntMatrix
    kind: npt.NDArray[np.int8]
    points: IntMatrix
    """Points of every (player, round), in units."""
    unit: int
    win: int
    draw: int
    loss: int
    is_round_robin: bool
    ids: IntVector
    """The number of every participant: a player's start number, a team's pairing number."""
    color: npt.NDArray[np.int8]
    """The colour of every (participant, round) (a team's: none)."""
    rating: IntVector
    """Every participant's rating, 0 where ``rated`` is False."""
    rated: npt.NDArray[np.bool_]
    entrants: int
    """Participants paired in at least one round of the event (Koya, C.07 7.6)."""
    announced_rounds: int | None = None
    participant: str = "player"
    """``player`` or ``team``."""
    score: ScoreName = ScoreName.PTS
    """The name of the score ``points`` holds: ``PTS`` for players, ``MP`` or ``GP`` for teams."""
    secondary: Score | None = None
    """A team event's other score (GP beside MP, MP beside GP)."""
    boards: npt.NDArray[np.int64] | None = None
    """A team event's board layer: the points of every (team, round, board), in units, board 1
    first, in the order the boards were played."""
    board_forfeits: npt.NDArray[np.bool_] | None = None
    """A team event's (team, round) where a board was won or lost by forfeit, or left empty: the
    explanation of the board criteria says how such a board counted (C.07 12 intro)."""
    fore: bool = False
    """True for the Fore Buchholz hypothesis: the final round's paired games taken as draws."""
    notes: tuple[str, ...] = ()
    """What the user must know about the rounds taken (a round paired but not yet played)."""
    adjust: IntMatrix | None = None
    """Bonuses and penalties of every (player, round) in units (TRF-26 record 299 without a result
    type), part of the score but not of any round's result; None when there are none."""
    marked: BoolMatrix | None = None
    """The cells whose points a record 299 set or adjusted; None when there are none."""

    @classmethod
    def build(cls, t: Rounds, after_round: int | None = None) -> Frame:
        complete = t.complete_rounds
        pending = t.pending_round
        rounds = complete if after_round is None else after_round
        if after_round is not None and pending is not None and after_round == pending:
            raise ArgumentError(
                msg(
                    "{field} {after_round}: round {pending} is paired but its results are not in the "
                    "file yet; standings can be computed after round {complete} at the latest",
                    field=Field.AFTER_ROUND, after_round=after_round, pending=pending, complete=complete,
                )
            )  # fmt: skip
        if after_round is not None and not 1 <= after_round <= complete:
            raise ArgumentError(
                msg(
                    "{field} {after_round} is out of range: the file holds rounds 1 to {complete}",
                    field=Field.AFTER_ROUND, after_round=after_round, complete=complete,
                )
                if complete
                else msg(
                    "{field} {after_round} is out of range: the file holds no played round",
                    field=Field.AFTER_ROUND, after_round=after_round,
                )
            )  # fmt: skip
        notes: tuple[str, ...] = ()
        if pending is not None and after_round is None:
            missing = int((t.kind[:, pending - 1] == ResultKind.PENDING).sum()) // 2
            notes = (  # a Fore Buchholz of the list adds how it reads that round (spareggio.standings)
                msg(
                    "round {pending} is paired but {missing} of its games have no result yet: the standings "
                    "stand after round {complete}",
                    pending=pending,
                    missing=missing,
                    complete=complete,
                ),
            )
        kind = np.ascontiguousarray(t.kind[:, :rounds])
        if rounds < t.rounds:
            # a withdrawal is only known once no later round holds an entry for the player
            kind = kind.copy()
            withdrawn = kind == ResultKind.WITHDRAWN
            if withdrawn.any():
                kind[withdrawn] = ResultKind.ABSENT
                later_entry = (t.kind[:, rounds:] != ResultKind.WITHDRAWN).any(axis=1)
                kind[trailing_unpaired(kind) & ~later_entry[:, None]] = ResultKind.WITHDRAWN
        scoring = t.scoring
        scored = round_points(t, kind)
        unit = scored.unit
        return cls(
            tournament=t,
            rounds=rounds,
            opponent=np.ascontiguousarray(t.opponent[:, :rounds]),
            kind=kind,
            points=scored.points,
            adjust=scored.adjust,
            marked=scored.marked,
            unit=unit,
            win=int(scoring.win * unit),
            draw=int(scoring.draw * unit),
            loss=int(scoring.loss * unit),
            is_round_robin=t.is_round_robin,
            notes=notes,
            **cls.participants_of(t, rounds),
        )

    @staticmethod
    def participants_of(t: Rounds, rounds: int) -> Participants:
        """The participant fields of a frame of the first ``rounds`` rounds of ``t``: numbers,
        colours, ratings (as rating tie-breaks use them), entrants."""
        ratings = t.tiebreak_ratings()
        return {
            "ids": t.start_numbers(),
            "color": np.ascontiguousarray(t.color[:, :rounds]),
            "rating": np.fromiter((r or 0 for r in ratings), dtype=np.int64, count=t.n_players),
            "rated": np.fromiter((r is not None for r in ratings), dtype=bool, count=t.n_players),
            "entrants": int(HAS_OPPONENT[t.kind].any(axis=1).sum()),
            "announced_rounds": t.announced_rounds,
        }

    @property
    def n_players(self) -> int:
        return int(self.kind.shape[0])

    def on(self, score: ScoreName | str) -> Frame:
        """The frame whose points are ``score`` (``MP`` or ``GP``) of a team event: this frame, or
        the same rounds with the two scores exchanged."""
        if score in (self.score, "PTS"):
            return self
        other = self.secondary
        if other is None or other.name != score:
            raise ValueError(f"{score}: this frame holds no such score")
        mine = Score(self.score, self.points, self.win, self.draw, self.loss)
        return replace(
            self, score=other.name, points=other.points, win=other.win, draw=other.draw, loss=other.loss,
            secondary=mine,
        )  # fmt: skip

    @cached_property
    def total(self) -> IntVector:
        """Each player's score after the frame's last round, in units."""
        total: IntVector = self.points.sum(axis=1)
        return total + self.adjust.sum(axis=1) if self.adjust is not None else total

    def with_bonus(self, values: IntMatrix) -> IntMatrix:
        """Round values with the bonuses and penalties of the rounds (record 299) added."""
        return values + self.adjust if self.adjust is not None else values

    @property
    def scores(self) -> IntMatrix:
        """What every round added to the score: its points plus any bonus or penalty in it."""
        return self.points + self.adjust if self.adjust is not None else self.points

    @cached_property
    def has_opponent(self) -> npt.NDArray[np.bool_]:
        return HAS_OPPONENT[self.kind]

    @cached_property
    def played(self) -> npt.NDArray[np.bool_]:
        return PLAYED[self.kind]

    def with_fore(self) -> Frame:
        """The Fore Buchholz frame (C.07 8.3): every game paired in the final round counts as a
        played draw, forfeits included; byes in the final round keep their points.

        When the file's next round is paired but not yet played (a live export) and this frame
        stands after the last complete round, the final round is that next round: its pairings are
        the ones Fore Buchholz is meant for."""
        if self.fore:
            return self
        t = self.tournament
        if t.pending_round is not None and self.rounds == t.pending_round - 1:
            last = t.pending_round - 1
            kind = t.kind.copy()
            paired = HAS_OPPONENT[kind[:, last]]
            kind[paired, last] = ResultKind.PLAYED_DRAW
            scored = round_points(t, kind)
            return replace(
                self,
                rounds=t.rounds,
                opponent=np.ascontiguousarray(t.opponent),
                kind=kind,
                points=scored.points,
                adjust=scored.adjust,
                marked=scored.marked,
                color=np.ascontiguousarray(t.color),
                fore=True,
            )
        kind = self.kind.copy()
        points = self.points.copy()
        secondary = self.secondary
        if self.rounds:
            last = self.rounds - 1
            paired = HAS_OPPONENT[kind[:, last]]
            kind[paired, last] = ResultKind.PLAYED_DRAW
            points[paired, last] = self.draw
            if secondary is not None:
                other = secondary.points.copy()
                other[paired, last] = secondary.draw
                secondary = replace(secondary, points=other)
        return replace(self, kind=kind, points=points, secondary=secondary, fore=True)
